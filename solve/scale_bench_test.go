package solve

import (
	"context"
	"flag"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

var bigMax = flag.Int("bigmax", 0, "run BenchmarkSolveTiersBig on slow-exact:k=2 with 6 piles ≤ this")

// BenchmarkSolveTiersBig streams a large box through SolveTiers, counting
// P-positions, for the 6 piles ≤ 100 target (-bigmax 100; run by
// hand, not in CI).
func BenchmarkSolveTiersBig(b *testing.B) {
	if *bigMax == 0 {
		b.Skip("give -bigmax")
	}
	r, _ := games.Parse("slow-exact:k=2")
	spec := BoxSpec{Piles: 6, Max: *bigMax, Kinds: grundy.KindG | grundy.KindGm}
	for b.Loop() {
		var st Stats
		if err := SolveTiers(context.Background(), r, TierSpec{BoxSpec: spec}, st.Add); err != nil {
			b.Fatal(err)
		}
		b.Logf("positions %d P %d Pm %d", st.Positions, st.P, st.Pm)
	}
	b.ReportMetric(float64(b.N)*float64(BoxSize(6, 0, *bigMax).Int64())/b.Elapsed().Seconds(), "positions/s")
}
