package theory

import (
	"context"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
)

// Paper 000's closed forms against the exhaustive computations they
// replace, on the same inputs (figures in BENCHMARKS.md).

func BenchmarkTetris000(b *testing.B) {
	x := []int{2, 3, 3, 4, 4, 4}
	p := bigs000(2, 3, 3, 4, 4, 4)
	b.Run("closed-form", func(b *testing.B) {
		for b.Loop() {
			tetris000(p, 3)
		}
	})
	b.Run("packing-baseline", func(b *testing.B) {
		for b.Loop() {
			packings000(x, 3)
		}
	})
}

func BenchmarkThm5_000(b *testing.B) {
	r := mustGame000(b, "exact:k=2")
	pos := grundy.Position{3, 5, 6, 8}
	b.Run("theorem", func(b *testing.B) {
		for b.Loop() {
			Answer(r, pos.Big())
		}
	})
	b.Run("search-baseline", func(b *testing.B) {
		for b.Loop() {
			if _, err := (solve.Search{Ruleset: r}).Solve(context.Background(), pos); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkProp14_000(b *testing.B) {
	r := mustGame000(b, "slow-exact:k=2")
	pos := grundy.Position{40, 57, 90}
	b.Run("theorem", func(b *testing.B) {
		for b.Loop() {
			Answer(r, pos.Big())
		}
	})
	b.Run("search-baseline", func(b *testing.B) {
		for b.Loop() {
			if _, err := (solve.Search{Ruleset: r}).Solve(context.Background(), pos); err != nil {
				b.Fatal(err)
			}
		}
	})
}
