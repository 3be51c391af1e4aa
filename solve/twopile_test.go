package solve

import (
	"context"
	"flag"
	"fmt"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

var long = flag.Bool("long", false, "cross-check the two-pile solver on every box up to 200")

// twoPileGames covers every ruleset with a line description, each with
// several parameter sets: residues, bounds, t > 1 (lagged diagonals),
// K > 1 (diagonal classes) and s > 1 (the cone).
var twoPileGames = []string{
	"wythoff", "wythoff:s=1,t=2", "wythoff:s=1,t=5", "wythoff:s=2,t=1", "wythoff:s=2,t=3", "wythoff:s=3,t=2",
	"wythoff-mod:K=2", "wythoff-mod:K=3,s=1,t=4", "wythoff-mod:K=2,s=1,t=7", "wythoff-mod:K=3,s=2,t=4", "wythoff-mod:K=2,s=3,t=1",
	"wythoff-oa", "wythoff-oa:s=2,t=1", "wythoff-oa:s=1,t=3",
	"wythoff-oo", "wythoff-oo:s=1,t=2", "wythoff-oo:s=2,t=2",
	"wythoff-oe", "wythoff-oe:s=2,t=3", "wythoff-oe:s=1,t=3",
	"wythoff-eo", "wythoff-eo:s=1,t=2", "wythoff-eo:s=3,t=1",
	"wythoff-ee", "wythoff-ee:s=1,t=2", "wythoff-ee:s=2,t=2",
	"wythoff-mult:K=3", "wythoff-mult:K=2,s=2,t=2", "wythoff-mult:K=4,s=1,t=3",
	"wythoff-1mod:K=3", "wythoff-1mod:K=2,s=1,t=2", "wythoff-1mod:K=4,s=2,t=1",
	"wythoff-m1mod:K=3", "wythoff-m1mod:K=4,s=1,t=2", "wythoff-m1mod:K=2,s=2,t=3",
	"bounded-nim:k=1", "bounded-nim:k=3", "greedy-nim", "bounded-greedy:k=1", "bounded-greedy:k=4",
}

// TestTwoPileAgreesWithGeneric compares the line solver (SolveBox's path
// for two piles) with the generic box solver, which enumerates every
// option, on boxes of every size up to a bound: 24 by default (and 60),
// every size up to 200 with -long. (A box of 90 in the default run cost
// 70% of the test's CPU and covered no statement the rest does not.)
func TestTwoPileAgreesWithGeneric(t *testing.T) {
	sizes := []int{60}
	for b := 0; b <= 24; b++ {
		sizes = append(sizes, b)
	}
	if *long {
		sizes = sizes[:0]
		for b := 0; b <= 200; b++ {
			sizes = append(sizes, b)
		}
	}
	for _, game := range twoPileGames {
		r, err := games.Parse(game)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := twoPileMoves(r, 2); !ok {
			t.Fatalf("%s has no line description", game)
		}
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			for _, b := range sizes {
				if err := compareTwoPile(r, b); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func compareTwoPile(r grundy.Ruleset, b int) error {
	ctx := context.Background()
	fast, err := SolveBox(ctx, r, BoxSpec{Piles: 2, Max: b})
	if err != nil {
		return fmt.Errorf("line solver, %s ≤ %d: %w", r.Name(), b, err)
	}
	slow, err := SolveBox(ctx, r, BoxSpec{Piles: 2, Max: b, Generic: true, Workers: 1})
	if err != nil {
		return fmt.Errorf("generic solver, %s ≤ %d: %w", r.Name(), b, err)
	}
	// Without the remoteness the line sweep tells terminal positions
	// (G⁻ = 1) by its lines' extents instead.
	noRem, err := SolveBox(ctx, r, BoxSpec{Piles: 2, Max: b, Kinds: grundy.KindG | grundy.KindGm})
	if err != nil {
		return fmt.Errorf("line solver without remoteness, %s ≤ %d: %w", r.Name(), b, err)
	}
	for i := range slow.Index.Size() {
		got, want := fast.At(i), slow.At(i)
		g := noRem.At(i)
		if got == want && g.G == want.G && g.Gm == want.Gm && g.R < 0 && g.Rm < 0 {
			continue
		}
		p := make(grundy.Position, 2)
		slow.Index.Unrank(i, p)
		return fmt.Errorf("%s ≤ %d at %v: line solver %+v (%+v without remoteness), generic %+v", r.Name(), b, p, got, g, want)
	}
	return nil
}

// TestSolveTwoPileRectangle checks rectangles (the engine's [0,x]×[0,y])
// against the naive recursion, positions in both orders.
func TestSolveTwoPileRectangle(t *testing.T) {
	for _, game := range []string{"wythoff", "wythoff:s=2,t=3", "wythoff-oe:s=1,t=3", "wythoff-mod:K=3,s=2,t=4", "bounded-greedy:k=3", "wythoff-oa:s=1,t=2"} {
		r, _ := games.Parse(game)
		nv := newNaive(r)
		for _, rect := range [][2]int{{0, 0}, {0, 9}, {9, 0}, {3, 17}, {17, 3}, {12, 12}} {
			tv, err := SolveTwoPile(context.Background(), r, rect[0], rect[1], nil)
			if err != nil {
				t.Fatal(err)
			}
			for x := 0; x <= rect[0]; x++ {
				for y := 0; y <= rect[1]; y++ {
					for _, p := range []grundy.Position{{x, y}, {y, x}} {
						got, ok := tv.Values(p)
						if grundy.SymmetricFrom(r, 2) != 0 && (p[0] > rect[0] || p[1] > rect[1]) {
							if ok {
								t.Errorf("%s [0,%d]×[0,%d]: Values(%v) found outside", game, rect[0], rect[1], p)
							}
							continue
						}
						if want := nv.values(grundy.Canonical(r, p)); !ok || got != want {
							t.Errorf("SolveTwoPile(%s, [0,%d]×[0,%d]) at %v = %+v, %v, want %+v", game, rect[0], rect[1], p, got, ok, want)
						}
					}
				}
			}
		}
	}
}
