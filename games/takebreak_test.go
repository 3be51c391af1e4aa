package games_test

import (
	"context"
	"slices"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/games/octal"
)

// takeBreakOf is the octal game of a take-and-break family.
func takeBreakOf(t *testing.T, r grundy.Ruleset) octal.Game {
	t.Helper()
	tb, ok := r.(interface{ TakeBreak() (octal.Game, bool) })
	if !ok {
		t.Fatalf("%s is no take-and-break ruleset", r.Name())
	}
	g, ok := tb.TakeBreak()
	if !ok {
		t.Fatalf("%s: no octal game", r.Name())
	}
	return g
}

// bruteG is G of one pile by the rule's naive interpreter over
// multisets, memoized: a brute force that knows nothing of sequences or
// nim-sums.
func bruteG(r *lang.Rule, p grundy.Position, memo map[string]int) int {
	p = slices.Clone(p)
	slices.Sort(p)
	key := p.String()
	if v, ok := memo[key]; ok {
		return v
	}
	var vals []int
	r.Naive(p, func(q grundy.Position) bool {
		vals = append(vals, bruteG(r, q, memo))
		return true
	})
	v := grundy.Mex(vals)
	memo[key] = v
	return v
}

// TestTakeBreakFamiliesPublished: the four take-and-break families'
// sequences, from their rule files, are the published ones, typed from
// OEIS — A002186 (Kayles), A002187 shifted by one (Dawson's Kayles is
// Dawson's Chess one pin on: G(n) = A002187(n−1)), A002188 (Grundy's
// game) — and Winning Ways' closed form for Lasker's Nim; and a brute
// force over the naive interpreter's multisets agrees on small piles.
func TestTakeBreakFamiliesPublished(t *testing.T) {
	a002187 := []int{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3}
	lasker := []int{0}
	for n := 1; n < 40; n++ {
		// G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
		lasker = append(lasker, map[int]int{1: n, 2: n, 3: n + 1, 0: n - 1}[n%4])
	}
	for _, tt := range []struct {
		family string
		want   []int
	}{
		{"kayles", []int{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3}},
		{"dawsons-kayles", append([]int{0}, a002187[:39]...)},
		{"grundys-game", []int{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4}},
		{"laskers-nim", lasker},
	} {
		r, err := games.Parse(tt.family)
		if err != nil {
			t.Fatal(err)
		}
		seq, err := octal.Solve(context.Background(), takeBreakOf(t, r), len(tt.want)-1, octal.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for n, w := range tt.want {
			if int(seq.G[n]) != w {
				t.Errorf("%s: G(%d) = %d, published %d", tt.family, n, seq.G[n], w)
			}
		}
		rule, _ := games.RuleOf(r)
		memo := map[string]int{}
		for n := range 16 {
			if got := bruteG(rule, grundy.Position{n}, memo); got != int(seq.G[n]) {
				t.Errorf("%s: G(%d) = %d by the sequence, %d by brute force", tt.family, n, seq.G[n], got)
			}
		}
	}
}

// TestTakeBreakPeriodsInWords: ten octal games written in the rule
// language's words are the codes octal.Parse reads, and the periodicity
// theorem proves their published periods and last exceptional values
// (OEIS: A002186 Kayles, A002187 Dawson's Chess and its shifts 0.07,
// 0.4, A071453, A071435, A071452, A125829, A125912, A071074; Winning
// Ways ch. 4 for the first four).
func TestTakeBreakPeriodsInWords(t *testing.T) {
	for _, tt := range []struct {
		code          string
		moves         string
		period, lastX int
	}{
		{"0.77", "take 1..2 from one pile, leaving 0..2 piles", 12, 70},
		{"0.137", "take 1 from one pile, leaving 0 piles\nmove take 2 from one pile, leaving 0..1 piles\nmove take 3 from one pile, leaving at most 2 piles", 34, 51},
		{"0.07", "take 2 from one pile, leaving 0..2 piles", 34, 52},
		{"0.4", "take 1 from one pile, leaving 2 piles", 34, 53},
		{"0.117", "take 1..2 from one pile, leaving 0 piles\nmove take 3 from one pile, leaving 0..2 piles", 48, 46},
		{"0.177", "take 1 from one pile, leaving 0 piles\nmove take 2..3 from one pile, leaving 0..2 piles", 20, 496},
		{"0.11377", "take 1..2 from one pile, leaving 0 piles\nmove take 3 from one pile\nmove take 4..5 from one pile, leaving 0..2 piles", 32, 186},
		{"0.115", "take 1..3 from one pile, leaving 0 piles\nmove take 3 from one pile, leaving 2 piles", 14, 0},
		{"0.141", "take 1 from one pile, leaving 0 piles\nmove take 2 from one pile, leaving 2 piles\nmove octal 0.001", 11, 13},
		{"0.7777", "take 1..4 from one pile, leaving 0..2 piles", 24, 141},
	} {
		text := "ruleset words\npiles any\nmove " + tt.moves + "\n"
		f, err := lang.Parse(tt.code, text)
		if err != nil {
			t.Fatal(err)
		}
		r, err := f.Bind(nil)
		if err != nil {
			t.Fatal(err)
		}
		g, ok := r.TakeBreak()
		want, _ := octal.Parse(tt.code)
		if !ok || !slices.Equal(g.Digits, want.Digits) || g.Tail != 0 {
			t.Errorf("%s in words: %+v, want the digits %v", tt.code, g, want.Digits)
			continue
		}
		seq, err := octal.Solve(context.Background(), g, 3*tt.lastX+4*tt.period+len(g.Digits)+10, octal.Options{})
		if err != nil {
			t.Fatal(err)
		}
		p, ok := octal.Period(g, seq.G, 0)
		if !ok || p.Trust != octal.Proved || p.Period != tt.period || p.LastException != tt.lastX {
			t.Errorf("Period(%s in words) = %+v, want period %d after %d, proved", tt.code, p, tt.period, tt.lastX)
		}
	}
}

// TestTakeBreakPeriodsLong: an octal game whose period starts late,
// written in words, proves the published period and last exception
// (Gangolli & Plambeck 1989, A Note on Periodicity in Some Octal Games,
// via OEIS A071464: 0.127, period 4 after n = 46577). Behind -long: it
// needs G(0..93166) (6 s of CPU). 0.56 is not here: OEIS A071436 says
// period 144 after n = 326637, and grundy proves period 144 after
// n = 326639 (G(326639) = 26, G(326495) = 16; G(326600..326799) and 300
// values drawn at random re-checked by a direct mex) — a disagreement of
// two in the last exception, reported, not rewritten.
func TestTakeBreakPeriodsLong(t *testing.T) {
	if !*long {
		t.Skip("-long")
	}
	for _, tt := range []struct {
		code          string
		moves         string
		period, lastX int
	}{
		{"0.127", "take 1 from one pile, leaving 0 piles\nmove take 2 from one pile, leaving 1 pile\nmove take 3 from one pile, leaving 0..2 piles", 4, 46577},
	} {
		f, err := lang.Parse(tt.code, "ruleset words\npiles any\nmove "+tt.moves+"\n")
		if err != nil {
			t.Fatal(err)
		}
		r, err := f.Bind(nil)
		if err != nil {
			t.Fatal(err)
		}
		g, ok := r.TakeBreak()
		if want, _ := octal.Parse(tt.code); !ok || !slices.Equal(g.Digits, want.Digits) {
			t.Fatalf("%s in words: %+v, want the digits %v", tt.code, g, want.Digits)
		}
		max := 2*(tt.lastX+1) + 2*tt.period + g.MaxRemove() + 16
		seq, err := octal.Solve(context.Background(), g, max, octal.Options{})
		if err != nil {
			t.Fatal(err)
		}
		p, ok := octal.Period(g, seq.G, 2*tt.period)
		if !ok || p.Trust != octal.Proved || p.Period != tt.period || p.LastException != tt.lastX {
			t.Errorf("Period(%s in words) = %+v, want period %d after %d, proved", tt.code, p, tt.period, tt.lastX)
		}
	}
}
