package engine

import (
	"context"
	"math/big"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
)

// TestTwoPileByBox checks that value and move on a two-pile position use
// the line solver (method box) and agree with the single-position search,
// in both orders of an ordered game's piles and for every option.
func TestTwoPileByBox(t *testing.T) {
	for _, c := range []struct{ game, pos string }{
		{"wythoff", "4,7"}, {"wythoff-oe:s=2,t=3", "9,50"}, {"wythoff-oe:s=2,t=3", "50,9"},
		{"wythoff-mod:K=3,s=2,t=4", "17,29"}, {"bounded-greedy:k=3", "13,8"}, {"wythoff-ee:s=1,t=3", "0,1"},
	} {
		r, p := mustParse(t, c.game, c.pos)
		small, _ := p.Small()
		s, err := solve.Search{Ruleset: r}.Solve(context.Background(), small)
		if err != nil {
			t.Fatal(err)
		}
		v, err := Evaluate(context.Background(), r, p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		want, _ := s.Values(small)
		if v.Method != grundy.MethodBox || !eq(v.G, want.G) || !eq(v.Gm, want.Gm) || !eq(v.R, want.R) || !eq(v.Rm, want.Rm) {
			t.Errorf("Evaluate(%s, %s) = %s G=%v G⁻=%v R=%v R⁻=%v, want box %+v", c.game, c.pos, v.Method, v.G, v.Gm, v.R, v.Rm, want)
		}
		m, err := ListMoves(context.Background(), r, p, false, Options{})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		r.Options(small, func(grundy.Position) bool { n++; return true })
		if n > 0 && len(m.Moves) == 0 {
			t.Errorf("ListMoves(%s, %s) lists no move", c.game, c.pos)
		}
		for _, mv := range m.Moves {
			q, _ := grundy.ParsePosition(mv.To)
			qs, _ := q.Small()
			w, ok := s.Values(qs)
			if !ok || !eq(mv.G, w.G) || !eq(mv.Gm, w.Gm) || !eq(mv.R, w.R) || !eq(mv.Rm, w.Rm) {
				t.Errorf("ListMoves(%s, %s) to %s: G=%v G⁻=%v R=%v R⁻=%v, search %+v", c.game, c.pos, mv.To, mv.G, mv.Gm, mv.R, mv.Rm, w)
			}
		}
	}
}

func eq(b *big.Int, x int) bool { return b != nil && b.IsInt64() && b.Int64() == int64(x) }
