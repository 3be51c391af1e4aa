package instruments

import (
	"context"
	"fmt"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

// BenchmarkClassify measures classify on a ladder of boxes against its
// baseline, solving the same box for G and G⁻ (which classify needs
// first): the difference is the scan, dominated by the miserability check
// that looks at every follower of every position.
func BenchmarkClassify(b *testing.B) {
	r, _ := games.Parse("slow-exact:k=2")
	ctx := context.Background()
	for _, max := range []int{8, 12, 16} {
		spec := solve.BoxSpec{Piles: 5, Max: max, Kinds: grundy.KindG | grundy.KindGm}
		b.Run(fmt.Sprintf("max=%d/solve", max), func(b *testing.B) {
			for b.Loop() {
				if _, err := solve.SolveBox(ctx, r, spec); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("max=%d/solve+classify", max), func(b *testing.B) {
			for b.Loop() {
				t, err := solve.SolveBox(ctx, r, spec)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := Classify(ctx, t, ClassifyOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkExceptions measures the exceptions instrument (boxes of 2..n
// piles for R and R⁻, then the scan) against solving the n-pile box alone.
func BenchmarkExceptions(b *testing.B) {
	ctx := context.Background()
	for _, c := range []struct{ piles, max int }{{4, 20}, {5, 16}} {
		r := games.Slow{K: c.piles - 1, Exact: true}
		b.Run(fmt.Sprintf("n=%d/max=%d/solve", c.piles, c.max), func(b *testing.B) {
			for b.Loop() {
				if _, err := solve.SolveBox(ctx, r, solve.BoxSpec{Piles: c.piles, Max: c.max, Kinds: grundy.KindR | grundy.KindRm}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("n=%d/max=%d/exceptions", c.piles, c.max), func(b *testing.B) {
			for b.Loop() {
				if _, err := Exceptions(ctx, c.piles, c.max, nil, ExceptionsOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
