package lang_test

import (
	"errors"
	"flag"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
)

// wholeVariants exercise the whole-position words (issue 35 item 3) and
// the bounds on total (item 4); allTexts adds them to the differential
// tests and the fuzz seeds.
var wholeVariants = []string{
	// Welter's game: no pile may become equal to another.
	"ruleset welter\npiles at least 1\nmove take any as a from one pile p, where for every other pile q, q != p - a\n",
	"ruleset some\npiles 1..4\nmove take any as a from one pile p, where for some other pile q, q >= p - a and q > 0\n",
	// Circular Nim CN(n, 2) and a line version.
	"ruleset cn\nparam k = 2 in 1..\npiles at least k\nmove take 0.. from each of k consecutive piles in a circle\n",
	"ruleset line\npiles at least 1\nmove take any from each of 1..2 consecutive piles\nmove take 1 from each of 0..1 consecutive piles in a circle and 2 from one pile\n",
	"ruleset squares\npiles at least 1\nmove take square from one pile\n",
	"ruleset powers\nparam e = 2 in 2..\npiles 1..3\nmove take power of e from each of 1..2 piles\nmove take power of 3 as a from each of 2 piles\n",
	// Euclid's game, on any number of piles.
	"ruleset euclid\npiles at least 2\nmove take multiple of q from one pile p and 0 from one other pile q, where q <= p\n",
	"ruleset sums\npiles 1..4\nmove take any as a from one pile p, where a <= sum of other piles + 1 and p - a >= smallest pile\n" +
		"move take 1..2 from each of 2 piles, where total < largest pile and sum of piles mod 2 = 0\n",
	"ruleset quant-sum\npiles 2..4\nmove take square as s from each of 2 consecutive piles in a circle, where sum of other piles >= s or (for every other pile q, q < s)\n",
	// Bounds on total: the where cliff.
	"ruleset cliff\npiles at least 1\nmove take any from each of 1..piles piles, where total <= 3\n",
	"ruleset cliff-eq\npiles at least 1\nmove take 1 from each of 1..piles piles, where total = 2\n",
	"ruleset cliff-mixed\npiles at least 2\nmove take any as a from each of 1..2 piles and 1.. from each of 0..piles piles, where 1 <= total < piles + 2 and a != 2\n",
	"ruleset cliff-whole\npiles 1..4\nrole x = pile 1\nmove take odd from each of 1..piles piles, where total <= largest pile - x and total mod 2 = 1\n",
	"ruleset cliff-low\npiles 1..5\nmove take 0..1 from each of 1..piles piles and any as b from one pile, where 2 < total and total >= b + 1 and piles <= total\n",
	"ruleset cliff-eq-many\npiles 2..5\nmove take 1 from each of 1..piles piles and 2 from each of 0..1 piles, where total = piles\n",
	// Zero amounts: skipped where leaving the pile out is the same move,
	// kept where the condition reads the other piles or the count needs
	// the pile.
	"ruleset zeros\npiles 1..5\nmove take 0..2 from each of 0..2 piles and 1 from one pile, where total <= 4\n",
	"ruleset zeros-count\npiles 1..5\nmove take 0..2 from each of 2..3 piles\n",
	"ruleset zeros-other\npiles 1..5\nmove take 0..1 from each of 1..piles piles, where sum of other piles <= total + 1\n",
}

// TestWholeByHand lists options worked out by hand.
func TestWholeByHand(t *testing.T) {
	for _, tt := range []struct {
		text string
		pos  grundy.Position
		want []string
	}{
		// Welter at (1,3): 1→0; 3→2 or 0, not 1 (the other pile).
		{wholeVariants[0], grundy.Position{1, 3}, []string{"0,1", "0,3", "1,2"}},
		// Welter at (1,2,4): 1→0; 2→0 (not 1); 4→3 or 0 (not 2, 1).
		{wholeVariants[0], grundy.Position{1, 2, 4}, []string{"0,1,2", "0,1,4", "0,2,4", "1,2,3"}},
		// CN(3,2) at (1,0,2): blocks {1,2},{2,3},{3,1}; 0 or 1 from pile 1,
		// 0..2 from pile 3, not nothing.
		{wholeVariants[2], grundy.Position{1, 0, 2}, []string{"0,0,0", "0,0,1", "0,0,2", "1,0,0", "1,0,1"}},
		// Squares from 10: 1, 4, 9.
		{wholeVariants[4], grundy.Position{10}, []string{"1", "6", "9"}},
		// Euclid at (3,7): 3 or 6 from 7; 7 > 3, so nothing from 3.
		{wholeVariants[6], grundy.Position{3, 7}, []string{"1,3", "3,4"}},
		// Euclid at (2,2,5): 2 from a 2 (q the other 2 or 5? 5 > 2: only
		// the other 2), 2 or 4 from the 5.
		{wholeVariants[6], grundy.Position{2, 2, 5}, []string{"0,2,5", "1,2,2", "2,2,3"}},
		// At most 3 tokens in all from any piles of (1,1,5): 1..3 from
		// the 5; a 1; both 1s; a 1 and 1..2 from the 5; all three.
		{wholeVariants[9], grundy.Position{1, 1, 5}, []string{"0,0,4", "0,0,5", "0,1,3", "0,1,4", "0,1,5", "1,1,2", "1,1,3", "1,1,4"}},
		// Exactly two piles lose a token: (1,1,5).
		{wholeVariants[10], grundy.Position{1, 1, 5}, []string{"0,0,5", "0,1,4"}},
	} {
		r := bind(t, "", tt.text)
		c := lang.Compile(r, "")
		var got []string
		c.Options(tt.pos, func(q grundy.Position) bool {
			got = append(got, grundy.Canonical(c, q).String())
			return true
		})
		slices.Sort(got)
		got = slices.Compact(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s\nat %v: options %v, want %v", tt.text, tt.pos, got, tt.want)
		}
	}
}

var long = flag.Bool("long", false, "larger boxes in the differential tests")

// TestWholeManyPiles compares the compiled generator with the naive
// interpreter on more pile counts than TestCompiledMatchesNaive.
func TestWholeManyPiles(t *testing.T) {
	for i, text := range wholeVariants {
		r := bind(t, "", text)
		c := lang.Compile(r, "")
		maxes := []int{0, 12, 7, 3, 2, 1, 1}
		if *long {
			maxes = []int{0, 30, 12, 6, 4, 3, 2}
		}
		for n := 1; n < len(maxes); n++ {
			if r.Validate(make(grundy.Position, n)) != nil {
				continue
			}
			compareNaive(t, strings.Fields(text)[1]+string(rune('0'+i)), r, c, n, maxes[n])
		}
	}
}

// TestWholeSymmetry: consecutive piles order the piles; the other words
// keep them interchangeable; no ability of the shape detectors is
// claimed for non-linear sets.
func TestWholeSymmetry(t *testing.T) {
	for _, tt := range []struct {
		text string
		want int
	}{
		{wholeVariants[0], 0},
		{wholeVariants[2], 4},
		{wholeVariants[3], 4},
		{wholeVariants[4], 0},
		{wholeVariants[6], 0},
	} {
		c := lang.Compile(bind(t, "", tt.text), "")
		if got := grundy.SymmetricFrom(c, 4); got != tt.want {
			t.Errorf("%s: SymmetricFrom(4) = %d, want %d", tt.text, got, tt.want)
		}
	}
	c := lang.Compile(bind(t, "", "ruleset s\npiles 2\nmove take square from one pile\n"), "")
	if _, ok := c.(grundy.TwoPile); ok {
		t.Error("subtract-a-square on two piles claims two-pile lines")
	}
	if _, ok := c.(grundy.OptionCounter); ok {
		t.Error("subtract-a-square claims an option count")
	}
}

func TestWholeErrors(t *testing.T) {
	head := "ruleset x\npiles at least 1\n"
	for _, tt := range []struct {
		text      string
		kind      lang.ErrorKind
		line, col int
		want      string
	}{
		{head + "move take any from one pile, where for all other pile q, q > 1\n", lang.Syntax, 3, 40, `expected "every" or "some" after "for"`},
		{head + "move take any from one pile, where for every pile q, q > 1\n", lang.Syntax, 3, 46, `expected "other"`},
		{head + "move take any from one pile, where for every other pile q q > 1\n", lang.Syntax, 3, 59, `expected ","`},
		{head + "move take any from one pile, where sum of pile > 1\n", lang.Syntax, 3, 43, `expected "piles"`},
		{head + "move take any from one pile, where smallest piles > 1\n", lang.Syntax, 3, 45, `expected "pile"`},
		{head + "move take any from one pile, where 1 + for every other pile q, q > 1\n", lang.Syntax, 3, 40, "put a condition with for every/some in parentheses"},
		{head + "move take any from each of 2 consecutive piles in circle\n", lang.Syntax, 3, 51, `expected "a"`},
		{head + "move take power of 1 from one pile\n", lang.Check, 3, 20, "power of 1: the base must be at least 2"},
		{head + "move take power of q from one pile\n", lang.Check, 3, 20, "a power's base may use parameters only, not q"},
		{head + "move take multiple of q from one pile p\n", lang.Check, 3, 23, "multiple of q: q is neither a parameter nor a pile this move names"},
		{head + "move take sum of piles from one pile\n", lang.Syntax, 3, 11, "expected an amount"},
		{head + "move take any from each of smallest pile piles\n", lang.Check, 3, 28, "smallest pile may be used in a move's condition only"},
		{head + "move take any as a from one pile p, where for every other pile q, for some other pile r, r > q\n", lang.Check, 3, 67, "a quantifier inside another"},
		{head + "move take any as a from one pile p, where for every other pile p, p > a\n", lang.Check, 3, 64, "p is already a name of the move"},
		{"ruleset x\nparam k = 1\npiles at least 1\nmove take any as a from one pile p, where for every other pile k, k > a\n", lang.Check, 4, 64, "k names a parameter"},
		{head + "move take any from one pile, where largest pile + 1\n", lang.Check, 3, 49, "a number where a condition belongs"},
		{head + "move take any from one pile, where sum of other piles = for every other pile q, q > 1\n", lang.Syntax, 3, 57, "put a condition with for every/some in parentheses"},
		{head + "move take any from one pile, where (for every other pile q, q > 1) + 1 > 2\n", lang.Check, 3, 37, "a condition (for every other pile q, q > 1) where a number belongs"},
	} {
		f, err := lang.Parse("r.rules", tt.text)
		if err == nil {
			_, err = f.Bind(nil)
		}
		var e *lang.Error
		if !errors.As(err, &e) {
			t.Errorf("%q: error %v, want a *rules.Error containing %q", tt.text, err, tt.want)
			continue
		}
		if e.Kind != tt.kind || e.Line != tt.line || e.Col != tt.col || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q:\n error %q (%v at %d:%d),\n want %q (%v at %d:%d)", tt.text, err, e.Kind, e.Line, e.Col, tt.want, tt.kind, tt.line, tt.col)
		}
	}
}

// TestCliffWarnings: a condition on total the compiler cannot turn into
// a bound on the amounts is warned about; one it can is not.
func TestCliffWarnings(t *testing.T) {
	for _, tt := range []struct {
		text string
		warn bool
	}{
		{"ruleset x\npiles at least 1\nmove take any from each of 1..piles piles, where total <= 3\n", false},
		{"ruleset x\npiles at least 1\nmove take any from each of 1..piles piles, where total = piles\n", false},
		{"ruleset x\npiles at least 1\nmove take any from each of 1..piles piles, where total mod 3 = 0\n", true},
		{"ruleset x\npiles at least 1\nmove take any from each of 1..piles piles, where total <= 3 or piles > 4\n", true},
		{"ruleset x\npiles at least 1\nmove take 0..3 from each of 1..piles piles, where total mod 3 = 0\n", false},
		{"ruleset x\npiles at least 1\nmove take any as a from one pile, where total mod 3 = 0\n", false},
	} {
		r := bind(t, "w.rules", tt.text)
		if got := len(r.Warnings) > 0; got != tt.warn {
			t.Errorf("%s: warnings %v, want a warning: %v", tt.text, r.Warnings, tt.warn)
		}
		for _, w := range r.Warnings {
			if w.Line != 3 || !strings.Contains(w.Error(), "w.rules:3:") || !strings.Contains(w.Msg, "take 0..C") {
				t.Errorf("%s: warning %q does not name the line and the faster spelling", tt.text, w)
			}
		}
	}
}

// TestCountsFromTotal: a move of exact amounts whose condition only
// bounds total is its pile count, and gets the unit-decrement ability.
func TestCountsFromTotal(t *testing.T) {
	for _, tt := range []struct {
		move   string
		unit   bool
		lo, hi int // UnitDecrementRange on 5 piles
	}{
		{"take 1 from each of 1..piles piles, where total = 2", true, 2, 2},
		{"take 1 from each of 1..piles piles, where 2 <= total < piles", true, 2, 4},
		{"take 1 from each of 1..3 piles, where total >= 2", true, 2, 3},
		{"take 1 from each of 1..piles piles, where total = 2 or total = 4", false, 0, 0},
		{"take 2 from each of 1..piles piles, where total <= 5", false, 0, 0},
	} {
		r := bind(t, "", "ruleset c\npiles at least 1\nmove "+tt.move+"\n")
		c := lang.Compile(r, "")
		u, ok := c.(grundy.UnitDecrements)
		if ok != tt.unit {
			t.Errorf("%s: unit decrements %v, want %v", tt.move, ok, tt.unit)
			continue
		}
		if ok {
			if lo, hi := u.UnitDecrementRange(5); lo != tt.lo || hi != tt.hi {
				t.Errorf("%s: on 5 piles %d..%d piles, want %d..%d", tt.move, lo, hi, tt.lo, tt.hi)
			}
		}
		compareNaive(t, tt.move, r, c, 5, 2)
	}
}

// TestWholeTerminal: a terminal set speaks of the whole position with
// sum of piles, smallest pile and largest pile; the other piles, which
// need a move, are refused.
func TestWholeTerminal(t *testing.T) {
	text := "ruleset wt\npiles 1..4\nmove take any from one pile\nmove take 1 from each of 2 piles\n" +
		"terminal where sum of piles <= 2 or smallest pile + 3 = largest pile\n"
	r := bind(t, "", text)
	c := lang.Compile(r, "")
	for n := 1; n <= 4; n++ {
		compareNaive(t, "terminal", r, c, n, []int{0, 9, 7, 4, 3}[n])
	}
	// By hand: (1,1) sums to 2, (0,3) has 3 = 0 + 3, so neither moves;
	// (1,2) moves to (0,2), (1,1), (1,0), (0,1).
	for _, tt := range []struct {
		pos  grundy.Position
		want []string
	}{
		{grundy.Position{1, 1}, nil},
		{grundy.Position{0, 3}, nil},
		{grundy.Position{1, 2}, []string{"0,1", "0,2", "1,1"}},
	} {
		var got []string
		c.Options(tt.pos, func(q grundy.Position) bool {
			got = append(got, grundy.Canonical(c, q).String())
			return true
		})
		slices.Sort(got)
		if got = slices.Compact(got); !slices.Equal(got, tt.want) {
			t.Errorf("at %v: options %v, want %v", tt.pos, got, tt.want)
		}
	}
	for _, bad := range []struct{ text, want string }{
		{"terminal where sum of other piles = 0\n", "4:16: sum of other piles in a terminal condition"},
		{"terminal where for every other pile q, q = 0\n", "4:16: for every other pile q, q = 0 in a terminal condition"},
	} {
		f, err := lang.Parse("t.rules", "ruleset x\npiles 2\nmove take any from one pile\n"+bad.text)
		if err == nil {
			_, err = f.Bind(nil)
		}
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: error %v, want %q", bad.text, err, bad.want)
		}
	}
}

// TestWholePilesAny: non-linear amounts are refused in take-and-break
// rules, whose solvers read residue classes.
func TestWholePilesAny(t *testing.T) {
	for _, tt := range []struct{ move, want string }{
		{"take square from one pile, leaving 2 piles", "3:11: square with piles any"},
		{"take power of 2 from one pile", "3:11: power of 2 with piles any"},
	} {
		f, err := lang.Parse("t.rules", "ruleset x\npiles any\nmove "+tt.move+"\n")
		if err == nil {
			_, err = f.Bind(nil)
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.move, err, tt.want)
		}
	}
}
