package play

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

// naiveR is Smith's remoteness by plain recursion, independent of the
// solvers: terminal 0 (normal) or 1 (misère); else 1 + the least even
// follower's if any, else 1 + the largest.
func naiveR(r grundy.Ruleset, p grundy.Position, misere bool, memo map[string]int) int {
	key := p.String()
	if v, ok := memo[key]; ok {
		return v
	}
	minEven, maxOdd, any := -1, -1, false
	r.Options(p, func(q grundy.Position) bool {
		any = true
		v := naiveR(r, append(grundy.Position(nil), q...), misere, memo)
		if v%2 == 0 && (minEven < 0 || v < minEven) {
			minEven = v
		}
		if v%2 == 1 && v > maxOdd {
			maxOdd = v
		}
		return true
	})
	v := 0
	switch {
	case !any && misere:
		v = 1
	case !any:
		v = 0
	case minEven >= 0:
		v = minEven + 1
	default:
		v = maxOdd + 1
	}
	memo[key] = v
	return v
}

func mustGame(t *testing.T, game string) grundy.Ruleset {
	t.Helper()
	r, err := games.Parse(game)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Best always moves to a follower of remoteness R(p) − 1: the fastest win
// or the longest resistance.
func TestBestIsRemotenessOptimal(t *testing.T) {
	for _, tc := range []struct {
		game string
		box  [][]int // every position with piles up to these
	}{
		{"nim", [][]int{{5, 6}, {2, 3, 4}}},
		{"wythoff", [][]int{{8, 8}}},
		{"slow-exact:k=2", [][]int{{3, 4, 5}}},
		{"bounded-greedy:k=2", [][]int{{4, 4, 5}}},
	} {
		r := mustGame(t, tc.game)
		for _, misere := range []bool{false, true} {
			memo := map[string]int{}
			for _, top := range tc.box {
				eachBelow(top, func(p grundy.Position) {
					if grundy.Terminal(r, p) {
						return
					}
					m, err := Best(context.Background(), r, p, misere, 0)
					if err != nil {
						t.Fatalf("Best(%s, %v): %v", tc.game, p, err)
					}
					to, _ := grundy.ParsePosition(m.To)
					q, _ := to.Small()
					want := naiveR(r, p, misere, memo) - 1
					if got := naiveR(r, q, misere, memo); got != want {
						t.Errorf("%s misère=%v: Best(%v) = %v with R %d, want R %d", tc.game, misere, p, q, got, want)
					}
				})
			}
		}
	}
}

// A game's limits bound its searches: nim on 1,000 piles of 1 has only
// 1,001 positions, within any budget, but each costs about (1 + 1,000
// followers) × 1,000 piles × log₂ 1,000 ≈ 0.998·10⁷ steps to expand, so a
// search limit of 10⁸ steps admits 10 positions and the computer must
// decline the game.
func TestGameLimits(t *testing.T) {
	piles := make(grundy.Position, 1000)
	for i := range piles {
		piles[i] = 1
	}
	g, err := New(mustGame(t, "nim"), piles, false)
	if err != nil {
		t.Fatal(err)
	}
	g.Limits = solve.Limits{Memory: 1 << 30, Work: 1e8, Search: 1e8}
	for name, call := range map[string]func() error{
		"Best":  func() error { _, err := g.Best(context.Background()); return err },
		"Moves": func() error { _, err := g.Moves(context.Background()); return err },
	} {
		var be *engine.BudgetError
		if err := call(); !errors.As(err, &be) || be.Budget > 10 {
			t.Errorf("%s: error %v, want a budget error with a budget of at most 10 positions", name, err)
		}
	}
}

func eachBelow(top []int, f func(grundy.Position)) {
	p := make(grundy.Position, len(top))
	var rec func(i int)
	rec = func(i int) {
		if i == len(top) {
			f(append(grundy.Position(nil), p...))
			return
		}
		for x := 0; x <= top[i]; x++ {
			p[i] = x
			rec(i + 1)
		}
	}
	rec(0)
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		game, from, in string
		want           string // resulting position, or "" when illegal
		why            string // part of the reason
	}{
		{"nim", "3,5", "3,2", "3,2", ""},
		{"nim", "3,5", "2,3", "2,3", ""}, // interchangeable piles: 5 → 2
		{"nim", "3,5", "2-3", "3,2", ""},
		{"nim", "3,5", "1-3", "0,5", ""},
		{"nim", "3,5", "1-4", "", "pile 1 has only 3 tokens"},
		{"nim", "3,5", "3-1", "", "pile 3 does not exist"},
		{"nim", "3,5", "1-0", "", "positive amount"},
		{"nim", "3,5", "3,5", "", "removes at least one token"},
		{"nim", "3,5", "3,6", "", "more tokens"},
		{"nim", "3,5", "1,1", "", "not a move of nim"},
		{"nim", "3,5", "1,2,3", "", "has 2 piles, you gave 3"},
		{"nim", "3,5", "a,b", "", "not a non-negative integer"},
		{"nim", "3,5", "", "", "empty move"},
		{"wythoff", "4,7", "2,5", "2,5", ""},
		{"wythoff", "4,7", "1-1 2-5", "", "not a move of wythoff"},
		{"wythoff-oa", "4,7", "3,7", "3,7", ""},
		{"wythoff-oa", "4,7", "2,7", "", "odd amount from the first pile"},
		{"wythoff-oa", "4,7", "7,4", "", "pile 1 would grow from 4 to 7"},
		{"slow-exact:k=2", "1,2,3", "1-1 3-1", "0,2,2", ""},
		{"slow-exact:k=2", "1,2,3", "3-1", "", "exactly k"},
	} {
		r := mustGame(t, tc.game)
		from, _ := grundy.ParsePosition(tc.from)
		p, _ := from.Small()
		g, err := New(r, p, false)
		if err != nil {
			t.Fatal(err)
		}
		q, err := g.Parse(tc.in)
		name := fmt.Sprintf("%s at %s: Parse(%q)", tc.game, tc.from, tc.in)
		if tc.want == "" {
			if err == nil || !strings.Contains(err.Error(), tc.why) {
				t.Errorf("%s = %v, %v; want an error containing %q", name, q, err, tc.why)
			}
			continue
		}
		if err != nil || q.String() != tc.want {
			t.Errorf("%s = %v, %v; want %s", name, q, err, tc.want)
		}
	}
}

func TestUndo(t *testing.T) {
	g, _ := New(mustGame(t, "nim"), grundy.Position{2, 3}, false)
	if g.Undo() {
		t.Error("Undo at the start = true")
	}
	for _, to := range []grundy.Position{{2, 1}, {1, 1}} {
		if err := g.Play(to); err != nil {
			t.Fatal(err)
		}
	}
	g.Undo()
	if g.Pos.String() != "1,2" || len(g.History) != 1 {
		t.Errorf("after Undo: %v with %d earlier, want 1,2 with 1", g.Pos, len(g.History))
	}
}

// Scripted dialogues; each checks the lines that matter, in order.
func TestTerminal(t *testing.T) {
	for _, tc := range []struct {
		name, game, pos string
		misere, first   bool
		script          string
		want            []string
	}{
		{
			name: "player wins nim 1,2 with hint, errors and undo", game: "nim", pos: "1,2",
			script: "help\nhint\n5,5\n0,0\n2-1\n1-1\nundo\n1,1\n0,0\n",
			want: []string{
				"nim, normal play: whoever cannot move loses.",
				"Commands:",
				"1,1      0  1   2  3   win in 2 more moves (optimal)",
				"Illegal: 5,5 has more tokens than 1,2",
				"Illegal: 1,2 → 0,0 is not a move of nim",
				"You move to 1,1.", "I move to 0,1.", // 2-1: pile 2 from 2 to 1
				"Illegal: pile 1 has only 0 tokens left",
				"Undone; back at 1,2.",
				"You move to 1,1.", "I move to 0,1.",
				"You move to 0,0.",
				"No move from 0,0. You win.",
			},
		},
		{
			name: "computer first wins nim 1,2 fast", game: "nim", pos: "1,2", first: true,
			script: "1-1\n",
			want:   []string{"I move to 1,1. I win in at most 2 more moves.", "You move to 0,1.", "I move to 0,0.", "No move from 0,0. I win."},
		},
		{
			name: "misère nim 1,1: the player forces the computer to take the last token", game: "nim", pos: "1,1", misere: true,
			script: "2-1\n",
			want:   []string{"misère play: whoever cannot move wins", "You move to 0,1.", "I move to 0,0.", "No move from 0,0. You win."},
		},
		{
			name: "losing computer resists longest in wythoff", game: "wythoff", pos: "3,5", first: true,
			script: "quit\n",
			// From the P-position 3,5 every move loses; that the reply
			// resists longest is TestBestIsRemotenessOptimal's job.
			want: []string{"I move to", "You can win in", "Bye."},
		},
		{
			name: "input ends", game: "nim", pos: "4", script: "",
			want: []string{"Position 4. Your move>"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := mustGame(t, tc.game)
			from, _ := grundy.ParsePosition(tc.pos)
			p, _ := from.Small()
			g, err := New(r, p, tc.misere)
			if err != nil {
				t.Fatal(err)
			}
			var out strings.Builder
			term := Terminal{Game: g, In: strings.NewReader(tc.script), Out: &out, ComputerFirst: tc.first}
			if err := term.Run(context.Background()); err != nil {
				t.Fatalf("Run: %v", err)
			}
			rest := out.String()
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("transcript lacks %q after the earlier lines; transcript:\n%s", w, out.String())
				}
				rest = rest[i+len(w):]
			}
		})
	}
}

func TestTerminalCancelled(t *testing.T) {
	g, _ := New(mustGame(t, "nim"), grundy.Position{3}, false)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	term := Terminal{Game: g, In: strings.NewReader("1-1\n"), Out: &strings.Builder{}}
	if err := term.Run(ctx); err != context.Canceled {
		t.Errorf("Run with a cancelled context = %v, want context.Canceled", err)
	}
}

// Ctrl-C while the dialogue waits for a line must end it.
func TestTerminalCancelledWhileReading(t *testing.T) {
	g, _ := New(mustGame(t, "nim"), grundy.Position{3}, false)
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	term := Terminal{Game: g, In: pr, Out: io.Discard}
	go func() { done <- term.Run(ctx) }()
	cancel()
	if err := <-done; err != context.Canceled {
		t.Errorf("Run cancelled while reading = %v, want context.Canceled", err)
	}
}

// Whatever is typed, Parse never panics and accepts only real moves.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"1,2", "2-3", "1-1 2-1", "3,5", "-1", "1--2", "9999999999999999999999,1", " , ", "hint"} {
		f.Add(s)
	}
	r, _ := games.Parse("slow-exact:k=2")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := New(r, grundy.Position{1, 2, 3}, false)
		if err != nil {
			t.Fatal(err)
		}
		q, err := g.Parse(s)
		if err != nil {
			return
		}
		legal := false
		r.Options(g.Pos, func(o grundy.Position) bool {
			legal = legal || grundy.Canonical(r, o).String() == grundy.Canonical(r, q).String()
			return !legal
		})
		if !legal {
			t.Errorf("Parse(%q) = %v, not a move from %v", s, q, g.Pos)
		}
	})
}

// TestGrowingRule: a user rule whose moves add tokens to a pile (a
// difference vector with a negative coordinate) is played both ways: the
// player's move that adds tokens is legal, and the computer's own such
// move is played, not refused (issue 32: refused, and the game aborted).
func TestGrowingRule(t *testing.T) {
	file := filepath.Join(t.TempDir(), "grow.rules")
	// From (x, y): to (x−2, y+1) or (x+1, y−2), never below 0.
	text := "ruleset grow\npiles 2\nmove subtract any arrangement of (2,-1)\n"
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	r := mustGame(t, file)
	// By hand: (0,3) has one move, to (1,1), which has none (each pile
	// would go below 0); the player at (0,3) wins by moving there.
	g, err := New(r, grundy.Position{0, 3}, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, why string }{
		{"0,1", "not a move of"},
		{"0,3", "a move changes the position"},
	} {
		if _, err := g.Parse(tc.in); err == nil || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("Parse(%q) at 0,3 = %v, want an error containing %q", tc.in, err, tc.why)
		}
	}
	q, err := g.Parse("1,1")
	if err != nil {
		t.Fatalf("Parse(1,1) at 0,3: %v, want the move that adds a token to pile 1", err)
	}
	if err := g.Play(q); err != nil {
		t.Fatalf("Play(1,1) at 0,3: %v", err)
	}
	if !g.Over() {
		t.Errorf("at %s the game goes on, want over (no move from 1,1)", g.Pos)
	}
	// The computer at (0,3) makes the same move itself.
	var out strings.Builder
	c, _ := New(r, grundy.Position{0, 3}, false)
	term := Terminal{Game: c, In: strings.NewReader(""), Out: &out, ComputerFirst: true}
	if err := term.Run(context.Background()); err != nil {
		t.Fatalf("the computer's move at 0,3: %v\n%s", err, out.String())
	}
	if c.Pos.String() != "1,1" {
		t.Errorf("the computer at 0,3 moved to %s, want 1,1\n%s", c.Pos, out.String())
	}
}
