package solve

import (
	"context"
	"fmt"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// optionsOnly hides a ruleset's UnitDecrements, so that the box solver
// takes its generic path (followers from Options, sorted and ranked): the
// simple baseline of BenchmarkSolveBox.
type optionsOnly struct{ grundy.Ruleset }

func (o optionsOnly) SymmetricFrom(n int) int { return grundy.SymmetricFrom(o.Ruleset, n) }

// BenchmarkSolveBox is the yardstick: slow-exact k=2, 6 piles,
// each ≤ B, G and G⁻ (9,366,819 positions at B = 40). path=unit is the
// solver as used; path=options the generic path on the same box;
// tiered streams the tiers (SolveTiers) instead of keeping the table.
func BenchmarkSolveBox(b *testing.B) {
	r, _ := games.Parse("slow-exact:k=2")
	for _, max := range []int{20, 30, 40} {
		for _, workers := range []int{1, 2} {
			spec := BoxSpec{Piles: 6, Max: max, Kinds: grundy.KindG | grundy.KindGm, Workers: workers}
			b.Run(fmt.Sprintf("max=%d/path=unit/workers=%d", max, workers), func(b *testing.B) {
				for b.Loop() {
					if _, err := SolveBox(context.Background(), r, spec); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.N)*float64(BoxSize(6, 0, max).Int64())/b.Elapsed().Seconds(), "positions/s")
			})
			b.Run(fmt.Sprintf("max=%d/path=options/workers=%d", max, workers), func(b *testing.B) {
				for b.Loop() {
					if _, err := SolveBox(context.Background(), optionsOnly{r}, spec); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.N)*float64(BoxSize(6, 0, max).Int64())/b.Elapsed().Seconds(), "positions/s")
			})
			b.Run(fmt.Sprintf("max=%d/path=tiered/workers=%d", max, workers), func(b *testing.B) {
				for b.Loop() {
					var st Stats
					if err := SolveTiers(context.Background(), r, TierSpec{BoxSpec: spec}, st.Add); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.N)*float64(BoxSize(6, 0, max).Int64())/b.Elapsed().Seconds(), "positions/s")
			})
		}
	}
}
