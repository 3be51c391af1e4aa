package search

import (
	"context"
	"fmt"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

// BenchmarkFit fits 004 Theorem 1 (slow-exact:k=2, 6 piles, even total)
// on the box of piles ≤ 24 (296,010 positions of that part): atoms scored
// on a sample of 60,000 positions and checked on the whole box, against
// the simple baseline that scores every atom on every position.
func BenchmarkFit(b *testing.B) {
	r, _ := games.Parse("slow-exact:k=2")
	const max = 24
	tab, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: 6, Max: max, Kinds: grundy.KindG | grundy.KindGm})
	if err != nil {
		b.Fatal(err)
	}
	target, _ := targetOf(grundy.QP)
	d := partData{r: r, n: 6, tab: tab, target: target, max: max, in: func(p []int) bool { return sum(p)%2 == 0 }}
	for _, sample := range []int{60_000, 1 << 30} {
		name := fmt.Sprintf("sample=%d", sample)
		if sample > 1e8 {
			name = "sample=all"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				desc, note, err := fit(context.Background(), &d, Options{What: grundy.QP, MaxAtoms: 8, MaxMod: 8, SampleSize: sample, Invent: 0})
				if err != nil || desc == nil {
					b.Fatalf("fit: %v %s", err, note)
				}
			}
		})
	}
}
