package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy/grundy"
)

// TestTheoremMovesAgreeWithSearch: an answer by theorem lists the moves a
// search lists, each judged alike (issue 24: it printed "0 moves" from
// every P-position). Where a theorem gives G or R of a move, it is the
// search's.
func TestTheoremMovesAgreeWithSearch(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		game, pos string
		misere    bool
	}{
		{"nim", "5,5", false},
		{"nim", "5,6", false},
		{"nim", "5,5", true},
		{"nim", "1,1,1", true},
		{"wythoff", "4,7", false},
		{"wythoff", "4,8", false},
		{"slow-exact:k=2", "10,10,11", false},
		{"slow-exact:k=2", "10,10,11", true},
		{"slow-exact:k=2", "3,4,6", false},
	} {
		r, p := mustParse(t, c.game, c.pos)
		byTheorem, err := ListMoves(ctx, r, p, c.misere, Options{Method: grundy.MethodTheorem})
		if err != nil {
			t.Fatalf("ListMoves(%s, %s, theorem): %v", c.game, c.pos, err)
		}
		bySearch, err := ListMoves(ctx, r, p, c.misere, Options{Method: grundy.MethodSearch})
		if err != nil {
			t.Fatal(err)
		}
		if byTheorem.Note != "" || len(byTheorem.Moves) != len(bySearch.Moves) {
			t.Errorf("ListMoves(%s, %s, misère %v, theorem) lists %d moves (%q), search %d",
				c.game, c.pos, c.misere, len(byTheorem.Moves), byTheorem.Note, len(bySearch.Moves))
			continue
		}
		searched := map[string]Move{}
		for _, m := range bySearch.Moves {
			searched[m.To] = m
		}
		for _, m := range byTheorem.Moves {
			s, ok := searched[m.To]
			switch {
			case !ok:
				t.Errorf("%s %s: the theorem's move to %s is not a move", c.game, c.pos, m.To)
			case m.Winning != s.Winning:
				t.Errorf("%s %s misère %v: move to %s winning = %v by theorem, %v by search", c.game, c.pos, c.misere, m.To, m.Winning, s.Winning)
			case m.Source == nil:
				t.Errorf("%s %s: move to %s has no source", c.game, c.pos, m.To)
			}
			for _, q := range []struct {
				name       string
				thm, found interface{ String() string }
			}{{"G", m.G, s.G}, {"Gm", m.Gm, s.Gm}, {"R", m.R, s.R}, {"Rm", m.Rm, s.Rm}} {
				if m.Quantities.G != nil && q.name == "G" && m.G.Cmp(s.G) != 0 ||
					m.Quantities.Gm != nil && q.name == "Gm" && m.Gm.Cmp(s.Gm) != 0 ||
					m.Quantities.R != nil && q.name == "R" && m.R.Cmp(s.R) != 0 ||
					m.Quantities.Rm != nil && q.name == "Rm" && m.Rm.Cmp(s.Rm) != 0 {
					t.Errorf("%s %s: move to %s: %s = %s by theorem, %s by search", c.game, c.pos, m.To, q.name, q.thm, q.found)
				}
			}
			if m.Optimal != nil && *m.Optimal != *s.Optimal {
				t.Errorf("%s %s: move to %s optimal = %v by theorem, %v by search", c.game, c.pos, m.To, *m.Optimal, *s.Optimal)
			}
		}
	}
}

// TestTheoremMovesNotListed: where the moves cannot be listed, the answer
// says why and from which theorem, rather than "0 moves".
func TestTheoremMovesNotListed(t *testing.T) {
	for _, c := range []struct {
		game, pos string
		moves     int
		note      []string
	}{
		{"nim", "100000000000,100000000000", 0, []string{"P-position", "every move leads to an N-position", "000/bouton", "more than 1000"}},
		{"nim", "1000000000000000000000,1000000000000000000000", 0, []string{"P-position", "000/bouton", "beyond 64 bits"}},
		{"nim", "1000000000000000000000,1000000000000000000001", 1, []string{"only the winning move", "beyond 64 bits"}},
		{"nim", "0,0", 0, nil}, // terminal: no move at all
		// 201 piles of one token: Nim-sum 1, N; taking any pile wins.
		{"nim", strings.Repeat("1,", 200) + "1", 1, []string{"only the winning move", "more than 200 piles"}},
	} {
		r, p := mustParse(t, c.game, c.pos)
		m, err := ListMoves(context.Background(), r, p, false, Options{Method: grundy.MethodTheorem})
		if err != nil {
			t.Fatalf("ListMoves(%s, %s): %v", c.game, c.pos, err)
		}
		if len(m.Moves) != c.moves {
			t.Errorf("ListMoves(%s, %s) lists %d moves, want %d", c.game, c.pos, len(m.Moves), c.moves)
		}
		for _, want := range c.note {
			if !strings.Contains(m.Note, want) {
				t.Errorf("ListMoves(%s, %s).Note = %q, want it to say %q", c.game, c.pos, m.Note, want)
			}
		}
		if c.note == nil && m.Note != "" {
			t.Errorf("ListMoves(%s, %s).Note = %q, want none", c.game, c.pos, m.Note)
		}
	}
}
