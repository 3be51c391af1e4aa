package play

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// TestPlayTakeBreak: a take-and-break game is played on multisets whose
// pile count changes; a move is written as the piles it leaves.
func TestPlayTakeBreak(t *testing.T) {
	for _, tc := range []struct {
		game string
		from grundy.Position
		in   string
		want string // the position after, or "" when illegal
		why  string
	}{
		{"kayles", grundy.Position{5}, "1,3", "1,3", ""}, // knock the second pin: 1 and 3 left
		{"kayles", grundy.Position{5}, "3,1", "1,3", ""}, // in any order
		{"kayles", grundy.Position{5}, "2,2", "2,2", ""}, // the middle pin
		{"kayles", grundy.Position{5}, "1-1", "4", ""},   // one pin from the end
		{"kayles", grundy.Position{5}, "1-3", "", "not a move of kayles"},
		{"kayles", grundy.Position{2, 3}, "1,1,2", "1,1,2", ""},
		{"grundys-game", grundy.Position{4}, "2,2", "", "not a move of grundys-game"},
		{"grundys-game", grundy.Position{4}, "1,3", "1,3", ""},
	} {
		r, err := games.Parse(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		g := &Game{Ruleset: r, Pos: tc.from}
		q, err := g.Parse(tc.in)
		if tc.want == "" {
			if err == nil || !strings.Contains(err.Error(), tc.why) {
				t.Errorf("%s at %v: Parse(%q) = %v, %v; want an error saying %q", tc.game, tc.from, tc.in, q, err, tc.why)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s at %v: Parse(%q): %v", tc.game, tc.from, tc.in, err)
			continue
		}
		if err := g.Play(q); err != nil || g.Pos.String() != tc.want {
			t.Errorf("%s at %v: Play(%q) → %v, %v; want %s", tc.game, tc.from, tc.in, g.Pos, err, tc.want)
		}
	}
	// The computer's best move from kayles 5 leaves a P-position: 1,3
	// (G(1) ⊕ G(3) = 1 ⊕ 3 ≠ 0) is not one, 2,2 is.
	r, _ := games.Parse("kayles")
	m, err := Best(context.Background(), r, grundy.Position{5}, false, 0)
	if err != nil {
		t.Fatal(err)
	}
	if m.G.Sign() != 0 {
		t.Errorf("best move of kayles 5: to %s with G %v, want a P-position", m.To, m.G)
	}
}
