package lang_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/games/octal"
)

// splitVariants exercise every take-and-break clause.
var splitVariants = []string{
	"ruleset kayles-words\npiles any\nmove take 1..2 from one pile, leaving 0..2 piles\n",
	"ruleset dawson\npiles any\nmove take 2 from one pile, leaving at most 2 piles\n",
	"ruleset lasker\npiles any\nmove take any from one pile\nmove split one pile into 2 piles\n",
	"ruleset grundy-words\npiles any\nmove split one pile into 2 unequal piles\n",
	"ruleset code\npiles any\nmove octal 0.137\n",
	"ruleset hexa\npiles any\nmove hexadecimal 0.F6\n",
	"ruleset split-first\npiles any\nmove octal 4.07\n",
	"ruleset three\npiles any\nmove split one pile into 2..3 piles\nmove take 1 from one pile, leaving 1 pile\n",
	"ruleset odd-break\npiles any\nmove take odd from one pile, leaving 1..2 unequal piles\nmove take 3 from one pile, leaving 0 piles\n",
	"ruleset zero-amounts\npiles any\nmove take 0..2 from one pile, leaving exactly 2 piles\n",
}

// multisets calls f with every multiset of 1..n piles each ≤ max, as a
// sorted position.
func multisets(n, max int, f func(grundy.Position)) {
	var rec func(p grundy.Position, from int)
	rec = func(p grundy.Position, from int) {
		if len(p) > 0 {
			f(slices.Clone(p))
		}
		if len(p) == n {
			return
		}
		for v := from; v <= max; v++ {
			rec(append(p, v), v)
		}
	}
	rec(nil, 1)
}

func followers(list func(grundy.Position, func(grundy.Position) bool), p grundy.Position) []string {
	var out []string
	list(p, func(q grundy.Position) bool {
		q = slices.Clone(q)
		slices.Sort(q)
		out = append(out, q.String())
		return true
	})
	slices.Sort(out)
	return slices.Compact(out)
}

// TestSplitMatchesNaive: the compiled generator and the naive
// interpreter give the same followers (as sets of multisets), zeros in
// the position included.
func TestSplitMatchesNaive(t *testing.T) {
	for _, text := range splitVariants {
		r := bind(t, "split", text)
		c := lang.Compile(r, "split")
		if !grundy.PileCountChanges(c) {
			t.Errorf("%s: compiled ruleset does not say its pile count changes", r.File.Name)
		}
		bad := 0
		check := func(p grundy.Position) {
			got, want := followers(c.Options, p), followers(r.Naive, p)
			if !slices.Equal(got, want) && bad < 3 {
				bad++
				t.Errorf("%s at %v: compiled %v, naive %v", r.File.Name, p, got, want)
			}
		}
		multisets(3, 9, check)
		check(grundy.Position{0, 4, 0})
	}
}

// TestSplitByHand lists followers worked out from the rules' words.
func TestSplitByHand(t *testing.T) {
	for _, tt := range []struct {
		rule int
		pos  grundy.Position
		want []string
	}{
		// Kayles at 3: take 1 leaving 2 or 1+1, take 2 leaving 1.
		{0, grundy.Position{3}, []string{"1", "1,1", "2"}},
		// Kayles at 1,2: the 1 taken, or the 2 taken whole or to 1.
		{0, grundy.Position{1, 2}, []string{"1", "1,1", "2"}},
		// Dawson's Kayles at 4: take 2 leaving 2 or 1+1.
		{1, grundy.Position{4}, []string{"1,1", "2"}},
		// Lasker's Nim at 3: to 0, 1, 2, or split 1+2.
		{2, grundy.Position{3}, []string{"", "1", "1,2", "2"}},
		// Grundy's game at 6: 1+5 and 2+4, not 3+3.
		{3, grundy.Position{6}, []string{"1,5", "2,4"}},
		{3, grundy.Position{2}, nil},
		// 0.137 at 4: take 1 leaving none (no: the pile has 4), take 2
		// leaving 2 (digit 3: 0 or 1 pile), take 3 leaving 1 (digit 7).
		{4, grundy.Position{4}, []string{"1", "2"}},
		{4, grundy.Position{3}, []string{"", "1"}},
		// 0.F6 at 5: take 1 leaving 4 as 1, 2, 3 piles (F: 0..3);
		// take 2 leaving 3 as 1 or 2 piles (6).
		{5, grundy.Position{5}, []string{"1,1,2", "1,2", "1,3", "2,2", "3", "4"}},
		// 4.07 at 4: split 1+3, 2+2; take 2 leaving 2 or 1+1.
		{6, grundy.Position{4}, []string{"1,1", "1,3", "2", "2,2"}},
	} {
		r := bind(t, "split", splitVariants[tt.rule])
		c := lang.Compile(r, "split")
		got := followers(c.Options, tt.pos)
		if !slices.Equal(got, tt.want) {
			t.Errorf("followers(%s, %v) = %q, want %q", r.File.Name, tt.pos, got, tt.want)
		}
	}
}

// TestSplitCodes: a rule in words is the octal game its code says, read
// by octal.Parse.
func TestSplitCodes(t *testing.T) {
	for _, tt := range []struct {
		rule int
		code string
	}{
		{0, "0.77"}, {1, "0.07"}, {4, "0.137"}, {5, "0.F6"}, {6, "4.07"},
		{8, ""}, // odd amounts without end: no code says them
	} {
		r := bind(t, "split", splitVariants[tt.rule])
		g, ok := r.TakeBreak()
		if tt.code == "" {
			if ok {
				t.Errorf("%s: TakeBreak = %v, want none", r.File.Name, g)
			}
			continue
		}
		want, err := octal.Parse(tt.code)
		if err != nil {
			t.Fatal(err)
		}
		if !ok || !slices.Equal(g.Digits, want.Digits) || g.Tail != want.Tail || g.Unequal != want.Unequal {
			t.Errorf("%s: TakeBreak = %+v, %v, want the digits of %s %+v", r.File.Name, g, ok, tt.code, want)
		}
	}
	// Lasker's Nim and Grundy's game have no finite code: the named games.
	for rule, name := range map[int]string{2: "laskers-nim", 3: "grundys-game"} {
		r := bind(t, "split", splitVariants[rule])
		g, _ := r.TakeBreak()
		want, _ := octal.Parse(name)
		if !slices.Equal(g.Digits, want.Digits) || g.Tail != want.Tail || g.Unequal != want.Unequal {
			t.Errorf("%s: TakeBreak = %+v, want %s %+v", r.File.Name, g, name, want)
		}
	}
}

// mexSearch is G of a multiset by the naive interpreter, memoized: the
// brute force the nim-sum of the sequence is held to.
func mexSearch(r *lang.Rule, p grundy.Position, memo map[string]int) int {
	p = slices.Clone(p)
	slices.Sort(p)
	k := p.String()
	if v, ok := memo[k]; ok {
		return v
	}
	var vals []int
	r.Naive(p, func(q grundy.Position) bool {
		vals = append(vals, mexSearch(r, q, memo))
		return true
	})
	v := grundy.Mex(vals)
	memo[k] = v
	return v
}

// TestSplitNimSum: G of every multiset of up to three piles ≤ 9, searched
// over the naive interpreter's moves, is the nim-sum of the octal
// sequence of the rule (Sprague–Grundy), for every rule the octal model
// says.
func TestSplitNimSum(t *testing.T) {
	for _, text := range splitVariants {
		r := bind(t, "split", text)
		g, ok := r.TakeBreak()
		if !ok {
			continue
		}
		seq, err := octal.Solve(context.Background(), g, 7, octal.Options{})
		if err != nil {
			t.Fatal(err)
		}
		memo := map[string]int{}
		bad := 0
		multisets(3, 7, func(p grundy.Position) {
			want := mexSearch(r, p, memo)
			got, _ := octal.Value(seq.G, p)
			if int(got) != want && bad < 3 {
				bad++
				t.Errorf("%s: nim-sum G%v = %d, search %d", r.File.Name, p, got, want)
			}
		})
	}
}

func TestSplitFormatRoundTrips(t *testing.T) {
	for _, text := range splitVariants {
		f, err := lang.Parse("split", text)
		if err != nil {
			t.Fatal(err)
		}
		if once := f.Format(); once != text {
			t.Errorf("Format = %q, want the text %q", once, text)
		}
	}
	// Other spellings print canonically.
	f, err := lang.Parse("", "ruleset x\npiles any\nmove take 1 from one pile, leaving 1 piles, \n")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := f.Format(), "ruleset x\npiles any\nmove take 1 from one pile, leaving 1 pile\n"; got != want {
		t.Errorf("Format = %q, want %q", got, want)
	}
}

func TestSplitErrors(t *testing.T) {
	for _, tt := range []struct {
		text, want string
	}{
		{"ruleset x\npiles 2\nmove take 1 from one pile, leaving 2 piles\n", `3:36: leaving piles changes their number: the rule needs "piles any"`},
		{"ruleset x\npiles at least 1\nmove octal 0.77\n", `3:1: a move that splits piles changes their number: the rule needs "piles any"`},
		{"ruleset x\npiles any\nmove octal 0.8\n", "3:12: 0.8 has a digit above 7, which splits into three piles: write hexadecimal 0.8"},
		{"ruleset x\npiles any\nmove octal kayles\n", `3:12: "kayles" is not a game code such as 0.137 (write the digits, not a name)`},
		{"ruleset x\npiles any\nmove octal 0.7G\n", `3:12: game code "0.7G": digit 2 after the point "G": want 0–9 or A–F`},
		{"ruleset x\npiles any\nmove octal\n", "3:11: expected a game code such as 0.137 after octal, found end of line"},
		{"ruleset x\npiles any\nmove split one pile into 1 piles\n", "3:26: a split leaves at least 2 piles"},
		{"ruleset x\npiles any\nmove split one pile into 2..4 piles\n", "3:26: split one pile into 2..4: a move leaves at most 3 piles (hexadecimal games)"},
		{"ruleset x\npiles any\nmove take 1 from one pile, leaving 0..3 unequal piles\n", "3:36: unequal is said of a split into 2 piles"},
		{"ruleset x\npiles any\nmove take 1 from one pile, leaving 2..1 piles\n", "3:36: leaving 2..1: an empty range"},
		{"ruleset x\npiles any\nmove take 1 from each of 2 piles\n", "3:18: with piles any a move takes from one pile, not each of 2 piles"},
		{"ruleset x\npiles any\nmove take 1 from one pile and 1 from one other pile\n", "3:31: with piles any a move takes from one pile only"},
		{"ruleset x\npiles any\nmove take any as a from one pile, where a < 3\n", "3:43: a condition in a rule with piles any is not supported"},
		{"ruleset x\npiles any\nrole y = pile 1\nmove take 1 from y\n", "3:6: role y: with piles any a position is a multiset of piles"},
		{"ruleset x\npiles any\nmove split one pile into 2 unequal\n", `3:35: expected "piles", found end of line`},
		{"ruleset x\npiles any\nmove take 1 from one pile, leaving 1 unequal pile\n", "3:36: unequal is said of a split into 2 piles"},
		{"ruleset x\npiles any\nterminal where piles > 3\nmove octal 0.7\n", "3:1: a terminal condition with piles any is not supported"},
		{"ruleset x\npiles any\nmove octal 0.7\nmove subtract (1,1)\n", "4:1: vectors of 2 coordinates need \"piles 2\""},
	} {
		f, err := lang.Parse("", tt.text)
		if err == nil {
			_, err = f.Bind(nil)
		}
		var e *lang.Error
		if !errors.As(err, &e) {
			t.Errorf("%q: error %v, want a *rules.Error %q", tt.text, err, tt.want)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q:\n error %q,\n want %q", tt.text, err, tt.want)
		}
	}
}

// FuzzSplit: a rule text with take-and-break moves parses, prints back,
// and, when it binds, its compiled and naive followers agree on small
// multisets.
func FuzzSplit(f *testing.F) {
	for _, text := range splitVariants {
		f.Add(text)
	}
	f.Add("ruleset x\npiles any\nmove hexadecimal 8.0F\nmove take 2.. from one pile, leaving at most 1 pile\n")
	f.Fuzz(func(t *testing.T, text string) {
		g, err := lang.Parse("", text)
		if err != nil {
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
		r, err := g.Bind(nil)
		if err != nil || !r.Breaking {
			return
		}
		c := lang.Compile(r, "fuzz")
		multisets(2, 6, func(p grundy.Position) {
			if got, want := followers(c.Options, p), followers(r.Naive, p); !slices.Equal(got, want) {
				t.Fatalf("%s at %v: compiled %v, naive %v", text, p, got, want)
			}
		})
		if gm, ok := r.TakeBreak(); ok {
			seq, err := octal.Solve(context.Background(), gm, 8, octal.Options{})
			if err != nil {
				t.Fatal(err)
			}
			memo := map[string]int{}
			for n := 1; n <= 8; n++ {
				if want := mexSearch(r, grundy.Position{n}, memo); int(seq.G[n]) != want {
					t.Fatalf("%s: G(%d) = %d by the sequence, %d by search", text, n, seq.G[n], want)
				}
			}
		}
	})
}

// TestSplitNotPresburger: prove refuses a take-and-break rule by name.
func TestSplitNotPresburger(t *testing.T) {
	r := bind(t, "split", splitVariants[0])
	err := r.Presburger()
	if !errors.Is(err, lang.ErrNotPresburger) || !strings.Contains(err.Error(), "not Presburger: piles any") {
		t.Errorf("Presburger(kayles in words) = %v, want not Presburger: piles any", err)
	}
}
