package lang_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/families"
	"github.com/grundy/grundy/games/lang"
)

// variants are rules no family uses, exercising every kind of clause.
var variants = []string{
	// 000 §2 prose: one token from each of 1..k piles, or any amount from
	// a largest pile.
	"ruleset slow-or-greedy\nparam k = 2 in 1..\npiles at least 1\nmove take 1 from each of 1..k piles\nmove take any from one largest pile\n",
	// The same amount from each of two piles (classic Wythoff's diagonal).
	"ruleset same-two\npiles at least 2\nmove take any as a from each of 2 piles\nmove take any from one pile\n",
	// A Presburger predicate on the amount, and on the pile.
	"ruleset not-three\npiles 1..3\nmove take any as a from one pile p, where a mod 3 != 0 and 2*a <= p + 1\n",
	// Residues, ranges with a lower bound, roles and largest sets.
	"ruleset mixed\nparam K = 3 in 1..5\npiles at least 3\nrole x = pile 1\nrole y = pile 2\n" +
		"move take 2 mod K from x and 2..4 from each of at most 1 largest other piles\n" +
		"move take even from y, where y > x\n",
	"ruleset two-largest\npiles at least 2\nmove take 1..2 from each of exactly 2 largest piles\n",
	"ruleset pair-sum\npiles 3\nmove take any as a from one pile and any as b from the other pile, where a + b <= 3 or a = b\n",
	"ruleset vec\npiles 3\nmove subtract (1,0,0), (0,2,-1)\nmove take multiple of 2 from pile 3\n",
	"ruleset arr\npiles 3\nmove subtract any arrangement of (2,1,0)\n",
	"ruleset odd-cone\nparam s = 2 in 1..\npiles 2..3\nmove take odd as k from one pile and odd as l from the other pile, where k <= l and l - k < (s-1)*k + 3\n",
	"ruleset bounded-cone\npiles 2\nmove take 2..7 as k from one pile and 2..7 as l from the other pile, where l < 2*k + 1 and k <= l\nmove take any from one pile\n",
	"ruleset vec-then-pile\npiles 3\nmove subtract (2,0,0), (0,1,0)\nmove take any from pile 1\n",
	"ruleset total\npiles at least 1\nmove take 0.. from each of 1..piles piles, where total = 2 or total = piles\n",
	"ruleset minmax\npiles 2..4\nmove take any as a from one pile and 0..1 as b from one other pile q, where a <= min(q, 2) + max(b, 1)\n",
}

func bind(t testing.TB, name, text string) *lang.Rule {
	t.Helper()
	f, err := lang.Parse(name, text)
	if err != nil {
		t.Fatal(err)
	}
	r, err := f.Bind(nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func allTexts() map[string]string {
	out := map[string]string{}
	for _, n := range families.Names() {
		out[n], _ = families.Text(n)
	}
	for i, v := range variants {
		out["variant"+string(rune('a'+i))] = v
	}
	for i, v := range wholeVariants {
		out["whole"+string(rune('a'+i))] = v
	}
	return out
}

// TestCompiledMatchesNaive compares the compiled move generator with the
// naive interpreter, follower for follower (as sets), on every position
// of small boxes of every family file and every variant.
func TestCompiledMatchesNaive(t *testing.T) {
	for name, text := range allTexts() {
		r := bind(t, name, text)
		c := lang.Compile(r, name)
		for n := 1; n <= 4; n++ {
			if r.Validate(make(grundy.Position, n)) != nil {
				continue
			}
			max := []int{0, 12, 9, 5, 4}[n]
			compareNaive(t, name, r, c, n, max)
		}
	}
}

func compareNaive(t testing.TB, name string, r *lang.Rule, c grundy.Ruleset, n, max int) {
	t.Helper()
	bad := 0
	each(n, max, func(p grundy.Position) {
		var got, want []string
		c.Options(p, func(q grundy.Position) bool {
			got = append(got, grundy.Canonical(c, q).String())
			return true
		})
		r.Naive(p, func(q grundy.Position) bool {
			want = append(want, grundy.Canonical(c, q).String())
			return true
		})
		slices.Sort(got)
		slices.Sort(want)
		got, want = slices.Compact(got), slices.Compact(want)
		if !slices.Equal(got, want) && bad < 3 {
			bad++
			t.Errorf("%s at %v: compiled %v, naive %v", name, p, got, want)
		}
	})
}

func each(n, max int, f func(grundy.Position)) {
	p := make(grundy.Position, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			f(slices.Clone(p))
			return
		}
		for v := 0; v <= max; v++ {
			p[i] = v
			rec(i + 1)
		}
	}
	rec(0)
}

// TestVariantsByHand lists options worked out from the variants' prose.
func TestVariantsByHand(t *testing.T) {
	for _, tt := range []struct {
		text string
		pos  grundy.Position
		want []string
	}{
		// One token from each of 1..2 piles, or any amount from the 3.
		{variants[0], grundy.Position{1, 1, 3}, []string{"0,0,3", "0,1,1", "0,1,2", "0,1,3", "1,1,1", "1,1,2"}},
		// a from each of two piles, or any from one: (2,3).
		{variants[1], grundy.Position{2, 3}, []string{"0,1", "0,2", "0,3", "1,2", "1,3", "2,2"}},
		// a mod 3 ≠ 0 and 2a ≤ p+1: from 5, a ∈ {1, 2}.
		{variants[2], grundy.Position{5}, []string{"3", "4"}},
		// (2,2,1) minus an arrangement of (2,1,0): (0,1,1), (0,2,0),
		// (1,0,1), (2,0,0); the other two would empty a pile below 0.
		{variants[7], grundy.Position{2, 2, 1}, []string{"0,0,2", "0,1,1"}},
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

// TestFormatRoundTrips: every file prints to a text that parses back to
// the same print.
func TestFormatRoundTrips(t *testing.T) {
	for name, text := range allTexts() {
		f, err := lang.Parse(name, text)
		if err != nil {
			t.Fatal(err)
		}
		once := f.Format()
		g, err := lang.Parse(name, once)
		if err != nil {
			t.Fatalf("%s: the printed form does not parse: %v\n%s", name, err, once)
		}
		if twice := g.Format(); twice != once {
			t.Errorf("%s: printed twice differs:\n%s\n---\n%s", name, once, twice)
		}
	}
}

// TestErrors checks that bad rules are refused with the place and the
// reason.
// TestMovesFarOut: a count that needs many piles is no rule that never
// moves: at 1,001 piles a move takes from one of them.
func TestMovesFarOut(t *testing.T) {
	f, err := lang.Parse("r.rules", "ruleset x\npiles at least 1\nmove take 1 from each of piles-1000 piles\n")
	if err == nil {
		_, err = f.Bind(nil)
	}
	if err != nil {
		t.Errorf("a move on piles-1000 of at least 1 pile: %v, want it accepted", err)
	}
}

func TestErrors(t *testing.T) {
	head := "ruleset x\npiles at least 1\n"
	for _, tt := range []struct {
		text      string
		params    map[string]int
		kind      lang.ErrorKind
		line, col int
		want      string
	}{
		{"ruleset x\npiles 1..\nmove take any frm one pile\n", nil, lang.Syntax, 3, 15, `expected "from" (or "as NAME from") after the amount, found "frm"`},
		{head + "move take any from one piles\n", nil, lang.Syntax, 3, 24, `expected "pile", found "piles"`},
		{head + "move take lots from one pile\n", nil, lang.Check, 3, 11, "an amount may use parameters only, not lots"},
		{head + "move take from one pile\n", nil, lang.Syntax, 3, 11, "expected an amount"},
		{head + "move take any from one pile, where a < 2\n", nil, lang.Check, 3, 36, "unknown name a in the condition"},
		{head + "move take any as a from one pile, where a * a < 9\n", nil, lang.Check, 3, 43, "a product needs a side fixed by the parameters"},
		{head + "move take any as a from one pile, where a + 1\n", nil, lang.Check, 3, 43, "a number where a condition belongs"},
		{head + "move take any as k from one pile\nparam k = 1\n", nil, lang.Check, 3, 11, "k names a parameter"},
		{"ruleset x\nparam k = 0 in 1..\npiles 1..\nmove take k from one pile\n", nil, lang.Check, 2, 7, "default 0 is below its least value 1"},
		{"ruleset x\nparam k = 2 in 1..\npiles 1..\nmove take k from one pile\n", map[string]int{"k": 0}, lang.Param, 0, 0, "parameter k=0 is below its least value 1"},
		{"ruleset x\nparam k = 2 in 1..\npiles 1..\nmove take k from one pile\n", map[string]int{"j": 1}, lang.Param, 0, 0, "unknown parameter j (x takes k)"},
		{"ruleset x\npiles 2\nmove subtract (1,-1)\n", nil, lang.Ending, 3, 16, "removes 0 tokens in all"},
		{"ruleset x\npiles 3\nmove subtract (1,1)\n", nil, lang.Check, 3, 1, `vectors of 2 coordinates need "piles 2"`},
		{"ruleset x\npiles 2\nrole x0 = pile 3\nmove take any from x0\n", nil, lang.Check, 3, 6, "role x0 is pile 3, but a position may have 2 piles"},
		{head + "move take 3..1 from one pile\n", nil, lang.Check, 3, 11, "the amounts 3..1 are empty"},
		{head + "move take any from one pile\n  source \"x\"\n", nil, lang.Syntax, 4, 3, "continues the line above"},
		{"piles 1\nmove take any from one pile\n", nil, lang.Check, 1, 1, "no ruleset line"},
		{"ruleset x\nmove take any from one pile\n", nil, lang.Check, 1, 9, "no piles line"},
		{"ruleset x\npiles 1\n", nil, lang.Check, 1, 9, "no move line"},
		{head + "move take any from one pile @\n", nil, lang.Syntax, 3, 29, "expected a number, a name"},
		{head + "move take 99999999 from one pile\n", nil, lang.Limit, 3, 11, "beyond"},
		{head + "move take any from each of 1..k piles\n", nil, lang.Check, 3, 31, "may use the parameters and piles only, not k"},
		{"ruleset x\npiles 9\nmove subtract any arrangement of (1,2,3,4,5,6,7,8,9)\n", nil, lang.Limit, 3, 1, "more than 65536 arrangements"},
		{"ruleset x-\npiles 1\n", nil, lang.Syntax, 1, 10, "ends with a letter or digit"},
		// Rules that can never move: refused, naming the part (issue 32:
		// accepted, every position P).
		{"ruleset x\npiles 3\nmove take 1 from each of exactly -1 piles\n", nil, lang.Check, 3, 18, "each of exactly -1 piles selects no piles of a position of 3 piles: the move never applies"},
		{"ruleset x\npiles 2-5\nmove take 1 from one pile\n", nil, lang.Check, 2, 8, "the piles line counts 2 - 5 = -3 piles: a count is at least 0"},
		{"ruleset x\npiles at most -2\nmove take 1 from one pile\n", nil, lang.Check, 2, 15, "the piles line counts -2 piles"},
		{"ruleset x\npiles 3\nmove take 1 from each of 4 piles\n", nil, lang.Check, 3, 18, "each of 4 piles selects no piles of a position of 3 piles"},
		{"ruleset x\npiles 2..4\nmove take 1 from each of 5..6 piles\n", nil, lang.Check, 3, 18, "each of 5..6 piles selects no piles of a position of 2 to 4 piles"},
		{head + "move take 1 from each of 3..2 piles\n", nil, lang.Check, 3, 18, "each of 3..2 piles selects no piles of a position of 1 pile or more"},
		{"ruleset x\npiles 3\nmove take 1 from each of exactly 0 piles\n", nil, lang.Check, 3, 1, "the move takes from no pile of a position of 3 piles"},
		{"ruleset x\npiles 3\nmove take 1 from each of 2 piles and 1 from each of 2 piles\n", nil, lang.Check, 3, 1, "need more piles together than a position of 3 piles has"},
		{"ruleset x\nparam k = 3\npiles 2\nmove take any from one pile, where k < 2\n", nil, lang.Check, 4, 38, "the condition k < 2 is false whatever the move"},
		{"ruleset x\npiles 2..300\nmove take 1 from each of piles-1000 piles\n", nil, lang.Check, 3, 18, "each of piles - 1000 piles selects no piles of a position of 2 to 300 piles"},
		{head + "move take any from one pile, where " + strings.Repeat("(", 100) + "1" + strings.Repeat(")", 100) + " = 1\n", nil, lang.Limit, 3, 100, "nested more than 64 deep"},
	} {
		f, err := lang.Parse("r.rules", tt.text)
		if err == nil {
			_, err = f.Bind(tt.params)
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

// FuzzParse: no text makes the parser panic or hang, and what parses
// prints to a text that parses to the same print.
func FuzzParse(f *testing.F) {
	for _, text := range allTexts() {
		f.Add(text)
	}
	for _, text := range claimSpelled {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := lang.Parse("", text)
		if err != nil {
			var e *lang.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is not a *rules.Error", err)
			}
			return
		}
		once := g.Format()
		h, err := lang.Parse("", once)
		if err != nil {
			t.Fatalf("printed form does not parse: %v\n%s", err, once)
		}
		if twice := h.Format(); twice != once {
			t.Fatalf("printed twice differs:\n%s\n---\n%s", once, twice)
		}
		_, _ = g.Bind(nil) // must not panic
	})
}

// FuzzCompiled: for every rule text that binds, the compiled generator
// and the naive interpreter agree on a small box.
func FuzzCompiled(f *testing.F) {
	for _, text := range allTexts() {
		f.Add(text)
	}
	for _, text := range claimSpelled {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := lang.Parse("", text)
		if err != nil {
			return
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

// TestSymmetry: piles named by a role or a number are distinguished, the
// rest interchangeable; ordered vectors distinguish every pile.
func TestSymmetry(t *testing.T) {
	for _, tt := range []struct {
		text string
		want int // SymmetricFrom on 4 piles
	}{
		{"ruleset a\npiles 4\nmove take any from one pile\n", 0},
		{"ruleset a\npiles 4\nrole x0 = pile 1\nmove take any from x0\n", 1},
		{"ruleset a\npiles 4\nmove take odd from pile 3\nmove take any from one pile\n", 3},
		{"ruleset a\npiles 4\nmove subtract any arrangement of (1,1,0,0)\n", 0},
		{"ruleset a\npiles 4\nmove subtract (1,1,0,0)\nmove take any from pile 1\n", 4},
		{"ruleset a\npiles 4\nmove take any from pile 1\nmove subtract (1,1,0,0)\n", 4},
	} {
		c := lang.Compile(bind(t, "", tt.text), "")
		if got := grundy.SymmetricFrom(c, 4); got != tt.want {
			t.Errorf("%s: SymmetricFrom(4) = %d, want %d", tt.text, got, tt.want)
		}
	}
}

// TestTwoPileLines: where a rule is described by lines (grundy.TwoPile),
// the lines give exactly its options on every two-pile position.
func TestTwoPileLines(t *testing.T) {
	texts := allTexts()
	texts["odd-rows"] = "ruleset o\npiles 2\nmove take odd from pile 1\nmove take 1..5 from pile 2\n"
	texts["cone-mult"] = "ruleset c\nparam K = 3 in 1..\npiles 2\nmove take multiple of K as k from one pile and multiple of K as l from the other pile, where l - k < 2*k + 4 and k <= l\n"
	texts["greedy-bounded"] = "ruleset g\npiles 1..\nmove take 1..3 from one largest pile\n"
	lines := 0
	for name, text := range texts {
		r := bind(t, name, text)
		c := lang.Compile(r, name)
		tp, ok := c.(grundy.TwoPile)
		if r.Validate(grundy.Position{0, 0}) != nil {
			continue
		}
		if !ok {
			t.Logf("%s: no lines", name)
			continue
		}
		lines++
		mv := tp.TwoPileMoves()
		each(2, 14, func(p grundy.Position) {
			var want, got []string
			c.Options(p, func(q grundy.Position) bool {
				want = append(want, grundy.Canonical(c, q).String())
				return true
			})
			for i := range 2 {
				if mv.LargestOnly && p[i] < p[1-i] {
					continue
				}
				for a := 1; a <= p[i]; a++ {
					if mv.Single[i].Allows(a) {
						q := slices.Clone(p)
						q[i] -= a
						got = append(got, grundy.Canonical(c, q).String())
					}
				}
			}
			for k := 1; k <= p[0]; k++ {
				for l := 1; l <= p[1]; l++ {
					if mv.Diagonal.Allows(k, l) {
						got = append(got, grundy.Canonical(c, grundy.Position{p[0] - k, p[1] - l}).String())
					}
				}
			}
			slices.Sort(got)
			slices.Sort(want)
			got, want = slices.Compact(got), slices.Compact(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s at %v: lines %+v give %v, options %v", name, p, mv, got, want)
			}
		})
	}
	if lines < 17 {
		t.Errorf("only %d rules have line descriptions", lines)
	}
}

// TestConstructsFormatRoundTrip: the rules of each later construct
// (hypergraph edges, the ⋆-operator, terminal sets, the whole-position
// words) print back as written.
func TestConstructsFormatRoundTrip(t *testing.T) {
	for name, texts := range map[string][]string{
		"edges": hypergraphs, "pstar": pstarTexts, "terminal": terminalTexts, "whole": wholeVariants,
	} {
		for _, text := range texts {
			f, err := lang.Parse("", text)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if got := f.Format(); got != text {
				t.Errorf("%s: printed\n%s\nwant\n%s", name, got, text)
			}
		}
	}
}
