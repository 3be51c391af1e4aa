package lang_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
)

// splitRestTexts are rules that split the rest: Splythoff (Fokkink, Rust,
// arXiv 1904.08339) in both spellings, and rules that deal over three
// piles, over piles a role names, and after a part taking a range.
var splitRestTexts = []string{
	"ruleset splythoff\npiles 2\nmove take any from one pile\nmove take any as a from each of 2 piles\nmove take any as a from each of 2 piles, where a = smallest pile, splitting the rest\n",
	"ruleset bounce\npiles 2\nmove take any as a from each of 2 piles, splitting the rest, where a = smallest pile\n",
	"ruleset deal3\npiles 3\nmove take 1 from each of 2 piles, splitting the rest\n",
	"ruleset dealall\npiles at least 1\nmove take 1..2 from each of 1..2 piles, splitting the rest, where total <= 3\n",
	"ruleset roles\npiles 3\nrole x = pile 1\nmove take any from x and 1 from one other pile, splitting the rest\n",
	"ruleset ranged\npiles 2\nmove take 0.. from pile 1 and 1 from pile 2, splitting the rest\n",
}

// splythoffByHand lists the followers of (x, y) from the printed move
// (the Queen west, south, southwest, or bouncing once off a side),
// sorted as unordered pairs.
func splythoffByHand(x, y int) []string {
	var out []string
	add := func(u, v int) { out = append(out, fmt.Sprintf("%d,%d", min(u, v), max(u, v))) }
	for i := range x {
		add(i, y)
	}
	for j := range y {
		add(x, j)
	}
	for k := 1; k <= min(x, y); k++ {
		add(x-k, y-k)
	}
	if lo, hi := min(x, y), max(x, y); lo > 0 {
		for t := 0; t <= hi-lo; t++ {
			add(t, hi-lo-t)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestSplitRestSplythoff: the rule's followers, compiled and naive, are
// the printed move's on every position with piles ≤ 12, and by hand at
// (1, 10) the bounce reaches (4, 5), which no take move does.
func TestSplitRestSplythoff(t *testing.T) {
	r := bind(t, "splythoff", splitRestTexts[0])
	c := lang.Compile(r, "splythoff")
	if !grundy.PilesMayGrow(c) {
		t.Error("splythoff: PilesMayGrow = false, but (1,10) → (4,5) adds to a pile")
	}
	if _, ok := c.(grundy.TwoPile); ok {
		t.Error("splythoff: claims two-pile lines, but the bounce leaves every line")
	}
	for x := 0; x <= 12; x++ {
		for y := 0; y <= 12; y++ {
			want := splythoffByHand(x, y)
			for name, gen := range map[string]func(grundy.Position, func(grundy.Position) bool){"compiled": c.Options, "naive": r.Naive} {
				var got []string
				gen(grundy.Position{x, y}, func(q grundy.Position) bool {
					got = append(got, fmt.Sprintf("%d,%d", min(q[0], q[1]), max(q[0], q[1])))
					return true
				})
				slices.Sort(got)
				got = slices.Compact(got)
				if !slices.Equal(got, want) {
					t.Errorf("%s followers of (%d,%d) = %v, want %v", name, x, y, got, want)
				}
			}
		}
	}
	if !slices.Contains(splythoffByHand(1, 10), "4,5") {
		t.Error("by hand, (1,10) does not reach (4,5)")
	}
}

// TestSplitRestCompiledMatchesNaive: compiled == naive on small boxes for
// every rule that splits the rest.
func TestSplitRestCompiledMatchesNaive(t *testing.T) {
	for _, text := range splitRestTexts {
		r := bind(t, text, text)
		c := lang.Compile(r, "t")
		for n := max(r.MinPiles, 1); n <= 3; n++ {
			if r.Validate(make(grundy.Position, n)) == nil {
				compareNaive(t, text, r, c, n, []int{0, 9, 7, 5}[n])
			}
		}
	}
}

// TestSplitRestFormat: both spellings print as one, which reads back.
func TestSplitRestFormat(t *testing.T) {
	want := "move take any as a from each of 2 piles, splitting the rest, where a = smallest pile"
	for _, text := range splitRestTexts[:2] {
		g, err := lang.Parse("", text)
		if err != nil {
			t.Fatal(err)
		}
		out := g.Format()
		if !strings.Contains(out, want) {
			t.Errorf("Format(%q) =\n%s\nwant a line %q", text, out, want)
		}
		h, err := lang.Parse("", out)
		if err != nil || h.Format() != out {
			t.Errorf("printed form does not read back: %v\n%s", err, out)
		}
	}
}

// TestSplitRestErrors: the clause's errors name its place.
func TestSplitRestErrors(t *testing.T) {
	for _, tt := range []struct {
		text, want string
		col        int
	}{
		{"ruleset a\npiles any\nmove take 1 from one pile, splitting the rest\n", "needs a fixed number of piles", 28},
		{"ruleset a\npiles 2\nmove take 1 from one pile, leaving 1 pile, splitting the rest\n", "either leaves its rest as piles or splits it", 44},
		{"ruleset a\npiles 2\nmove take 1 from one pile, splitting the piles\n", `expected "rest"`, 42},
		{"ruleset a\npiles 2\nmove take 1 from one pile, splitting the rest, where total = 1, splitting the rest\n", "said once", 65},
		{"ruleset a\nparam splitting = 1\npiles 2\nmove take 1 from one pile\n", "", 7},
	} {
		g, err := lang.Parse("", tt.text)
		if err == nil {
			_, err = g.Bind(nil)
		}
		var e *lang.Error
		if !errors.As(err, &e) {
			t.Errorf("%q: error %v, want a *rules.Error", tt.text, err)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) || e.Col != tt.col {
			t.Errorf("%q: error %q at column %d, want %q at %d", tt.text, err, e.Col, tt.want, tt.col)
		}
	}
}

// FuzzSplitRest: rules that split the rest parse, print back, and compile
// to the naive moves.
func FuzzSplitRest(f *testing.F) {
	for _, text := range splitRestTexts {
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
		if err != nil || r.MinPiles > 3 {
			return
		}
		c := lang.Compile(r, "fuzz")
		for n := max(r.MinPiles, 1); n <= 3; n++ {
			if r.Validate(make(grundy.Position, n)) == nil {
				compareNaive(t, text, r, c, n, []int{0, 8, 5, 3}[n])
			}
		}
	})
}
