package slowknim

import (
	"context"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
)

// Paper 's closed forms against the exhaustive computations they
// replace, on the same inputs (figures in BENCHMARKS.md).

func BenchmarkTetris(b *testing.B) {
	x := []int{2, 3, 3, 4, 4, 4}
	p := bigs(2, 3, 3, 4, 4, 4)
	b.Run("closed-form", func(b *testing.B) {
		for b.Loop() {
			tetris(p, 3)
		}
	})
	b.Run("packing-baseline", func(b *testing.B) {
		for b.Loop() {
			packings(x, 3)
		}
	})
}

func BenchmarkThm5(b *testing.B) {
	r := mustGame(b, "exact:k=2")
	pos := grundy.Position{3, 5, 6, 8}
	b.Run("theorem", func(b *testing.B) {
		for b.Loop() {
			reg().Answer(r, pos.Big())
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

func BenchmarkProp14(b *testing.B) {
	r := mustGame(b, "slow-exact:k=2")
	pos := grundy.Position{40, 57, 90}
	b.Run("theorem", func(b *testing.B) {
		for b.Loop() {
			reg().Answer(r, pos.Big())
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
