package solve

import (
	"context"
	"fmt"
	"testing"

	"github.com/grundy/grundy/games"
)

// BenchmarkSolveBox is the yardstick: slow-exact k=2, 6 piles,
// each ≤ B, G and G⁻ (9,366,819 positions at B = 40).
func BenchmarkSolveBox(b *testing.B) {
	r, _ := games.Parse("slow-exact:k=2")
	for _, max := range []int{20, 30, 40} {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("max=%d/workers=%d", max, workers), func(b *testing.B) {
				for b.Loop() {
					if _, err := SolveBox(context.Background(), r, BoxSpec{Piles: 6, Max: max, Kinds: KindG | KindGm, Workers: workers}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
