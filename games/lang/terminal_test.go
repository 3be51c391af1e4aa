package lang_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
)

// terminalTexts are rules with "terminal where" lines: Wythoff's game on
// the terminal set x + y ≤ k (Komaki, Miyadera, Murakami), a terminal set
// by the number of piles, and two lines (their union).
var terminalTexts = []string{
	"ruleset wt\nparam k = 2 in 0..\npiles 2\nrole x = pile 1\nrole y = pile 2\nmove take any from one pile\nmove take any as a from each of 2 piles\nterminal where x + y <= k\n",
	"ruleset tp\npiles 1..4\nmove take 1..2 from each of 1..2 piles\nterminal where piles >= 3 and piles != 4\n",
	"ruleset two\npiles 2\nrole x = pile 1\nrole y = pile 2\nmove take any from one pile\nterminal where x = y\nterminal where x mod 3 = 1 and y > 4\n",
}

// TestTerminalCompiledMatchesNaive: the compiled ruleset and the naive
// interpreter give the same followers on boxes of every terminal rule.
func TestTerminalCompiledMatchesNaive(t *testing.T) {
	for _, text := range terminalTexts {
		r := bind(t, "terminal", text)
		c := lang.Compile(r, "terminal")
		for n := 1; n <= 4; n++ {
			if r.Validate(make(grundy.Position, n)) == nil {
				compareNaive(t, text, r, c, n, []int{0, 12, 12, 5, 4}[n])
			}
		}
	}
}

// wythoffTerminalG computes G of Wythoff's game with the terminal set
// x + y ≤ k straight from the definition, by mex over the moves written
// out here, as a second solver independent of package lang.
func wythoffTerminalG(k, max int) [][]int {
	g := make([][]int, max+1)
	for x := range g {
		g[x] = make([]int, max+1)
	}
	for x := 0; x <= max; x++ {
		for y := 0; y <= max; y++ {
			if x+y <= k {
				continue // terminal: no options, G = 0
			}
			seen := map[int]bool{}
			for a := 1; a <= x; a++ {
				seen[g[x-a][y]] = true
			}
			for a := 1; a <= y; a++ {
				seen[g[x][y-a]] = true
			}
			for a := 1; a <= min(x, y); a++ {
				seen[g[x-a][y-a]] = true
			}
			for seen[g[x][y]] {
				g[x][y]++
			}
		}
	}
	return g
}

// TestTerminalWythoffByHand: the rule's values equal the direct mex, for
// k = 0 (Wythoff's game itself: G(1,2) = 0, G(3,5) = 0), 1 and 2.
func TestTerminalWythoffByHand(t *testing.T) {
	f, err := lang.Parse("wt", terminalTexts[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{0, 1, 2} {
		r, err := f.Bind(map[string]int{"k": k})
		if err != nil {
			t.Fatal(err)
		}
		c := lang.Compile(r, "wt")
		want := wythoffTerminalG(k, 9)
		memo := map[[2]int]int{}
		for x := 0; x <= 9; x++ {
			for y := 0; y <= 9; y++ {
				if got := gOf(c, grundy.Position{x, y}, memo); got != want[x][y] {
					t.Errorf("G(wythoff-terminal:k=%d, (%d,%d)) = %d, want %d", k, x, y, got, want[x][y])
				}
			}
		}
	}
	// By hand: (1,1) is terminal for k = 2, so it has no options and
	// G = 0; (0,3) moves only into the terminal set, G = 1.
	if w := wythoffTerminalG(2, 3); w[1][1] != 0 || w[0][3] != 1 || w[2][1] != 1 {
		t.Errorf("the reference solver: G(1,1) = %d, G(0,3) = %d, G(2,1) = %d; want 0, 1, 1", w[1][1], w[0][3], w[2][1])
	}
}

// gOf is G of a two-pile position by the ruleset's own options.
func gOf(r grundy.Ruleset, p grundy.Position, memo map[[2]int]int) int {
	key := [2]int{p[0], p[1]}
	if g, ok := memo[key]; ok {
		return g
	}
	var vals []int
	r.Options(p, func(q grundy.Position) bool {
		vals = append(vals, gOf(r, q, memo))
		return true
	})
	g := grundy.Mex(vals)
	memo[key] = g
	return g
}

// TestTerminalTakesAbilities: a terminal set takes away the shape's
// abilities (two-pile lines, unit decrements), which describe moves
// everywhere.
func TestTerminalTakesAbilities(t *testing.T) {
	r := bind(t, "unit", "ruleset u\npiles at least 1\nmove take 1 from each of 1..2 piles\nterminal where piles = 5\n")
	c := lang.Compile(r, "u")
	if _, ok := c.(grundy.UnitDecrements); ok {
		t.Error("a rule with a terminal set claims unit decrements")
	}
	w := bind(t, "w", terminalTexts[0])
	if _, ok := lang.Compile(w, "w").(grundy.TwoPile); ok {
		t.Error("a rule with a terminal set claims two-pile lines")
	}
}

func TestTerminalErrors(t *testing.T) {
	base := "ruleset e\npiles 2\nrole x = pile 1\nmove take any from one pile\n"
	for _, tt := range []struct{ text, want string }{
		{base + "terminal x <= 2\n", `"where"`},
		{base + "terminal where total <= 2\n", "unknown name total in the terminal condition"},
		{base + "terminal where y <= 2\n", "role y = pile 1"},
		{base + "terminal where x + 1\n", "a number where a condition belongs"},
		{base + "terminal where\n", "5:15: expected a number, a name or ("},
	} {
		_, err := lang.Parse("", tt.text)
		if err == nil {
			var f *lang.File
			f, _ = lang.Parse("", tt.text)
			err = f.Check()
		}
		var e *lang.Error
		if !errors.As(err, &e) {
			t.Errorf("%q: error %v, want a *rules.Error", tt.text, err)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %q, want it to say %q", tt.text, err, tt.want)
		}
	}
}

// FuzzTerminal: a rule with terminal lines parses, prints back to itself
// and, when it binds, its compiled moves equal the naive interpreter's.
func FuzzTerminal(f *testing.F) {
	for _, text := range terminalTexts {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := lang.Parse("", text)
		if err != nil {
			return
		}
		once := g.Format()
		h, err := lang.Parse("", once)
		if err != nil || h.Format() != once {
			t.Fatalf("printed form does not read back: %v\n%s", err, once)
		}
		r, err := g.Bind(nil)
		if err != nil {
			return
		}
		c := lang.Compile(r, "fuzz")
		for n := 1; n <= 3; n++ {
			if r.Validate(make(grundy.Position, n)) == nil {
				compareNaive(t, text, r, c, n, []int{0, 8, 5, 3}[n])
			}
		}
	})
}
