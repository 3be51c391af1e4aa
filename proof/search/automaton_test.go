package search

import (
	"context"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

// TestLearnedAutomatonTenfold: the automata learned for Wythoff's game
// (P from piles ≤ 40, P⁻ from piles ≤ 100, the smallest boxes that
// suffice) agree with exhaustive search on a box ten times larger.
func TestLearnedAutomatonTenfold(t *testing.T) {
	r, _ := games.Parse("wythoff")
	tab, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: 2, Max: 1000, Kinds: grundy.KindG | grundy.KindGm})
	if err != nil {
		t.Fatal(err)
	}
	for what, max := range map[grundy.Quantity]int{grundy.QP: 40, grundy.QPm: 100} {
		res, err := Discover(context.Background(), r, Options{What: what, Piles: 2, Max: max})
		if err != nil {
			t.Fatal(err)
		}
		a := res.Automaton
		if a == nil || a.Status != StatusChecked {
			t.Fatalf("%s: no automaton learned: %+v", what, a)
		}
		tab.Each(func(p grundy.Position, v grundy.Values) bool {
			if p[1] > 10*max {
				return true
			}
			in, _ := a.Accepts(p.Big())
			want := v.G == 0
			if what == grundy.QPm {
				want = v.Gm == 0
			}
			if in != want {
				t.Errorf("%s: automaton learned on piles ≤ %d says %v at (%s), exhaustive search %v", what, max, in, p, want)
				return false
			}
			return true
		})
	}
}
