package search

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/claimtext"
)

// subtraction is the rule file of the subtraction game S(moves) on n
// piles: take any one amount of moves from one pile.
func subtraction(t *testing.T, n int, moves ...int) grundy.Ruleset {
	t.Helper()
	var b strings.Builder
	b.WriteString("ruleset s\n")
	b.WriteString("piles " + string(rune('0'+n)) + "\n")
	for _, m := range moves {
		b.WriteString("move take " + string(rune('0'+m)) + " from one pile\n")
	}
	f, err := lang.Parse("s.rules", b.String())
	if err != nil {
		t.Fatal(err)
	}
	r, err := f.Bind(nil)
	if err != nil {
		t.Fatal(err)
	}
	return lang.Compile(r, "s.rules")
}

// mexTwo is G of two piles of a subtraction game by the mex over every
// move of the pair: no Sprague–Grundy theorem assumed.
func mexTwo(moves []int, top int) [][]int {
	g := make([][]int, top+1)
	for x := range g {
		g[x] = make([]int, top+1)
	}
	for s := 0; s <= 2*top; s++ {
		for x := max(0, s-top); x <= min(s, top); x++ {
			y := s - x
			seen := map[int]bool{}
			for _, m := range moves {
				if m <= x {
					seen[g[x-m][y]] = true
				}
				if m <= y {
					seen[g[x][y-m]] = true
				}
			}
			v := 0
			for seen[v] {
				v++
			}
			g[x][y] = v
		}
	}
	return g
}

// TestNimSum: S(2,5) on two piles is the nim-sum of its one-pile
// sequence, period 7 (issue 35: P iff G(x1 mod 7) = G(x2 mod 7)), and the
// claim discover writes agrees with the two-pile mex on the box; S(2,5,7)
// on one pile has period 22, found when the box shows it twice and
// honestly not otherwise; Wythoff's values are no nim-sum.
func TestNimSum(t *testing.T) {
	r := subtraction(t, 2, 2, 5)
	res, err := Discover(context.Background(), r, Options{What: grundy.QP, Piles: 2, Max: 20, ValidateMax: 30})
	if err != nil {
		t.Fatal(err)
	}
	s := res.Sum
	if s == nil || !s.Holds || len(s.Periods) != 1 || s.Periods[0] == nil || s.Periods[0].Period != 7 || s.Periods[0].Preperiod != 0 {
		t.Fatalf("Discover(S(2,5), 2 piles).Sum = %+v, want a nim-sum of a sequence of period 7", s)
	}
	one := mexSubtraction([]int{2, 5}, 31)
	for x, v := range one {
		if s.Sequences[0][x] != v {
			t.Errorf("S(2,5): g(%d) = %d, want %d", x, s.Sequences[0][x], v)
		}
	}
	head, body, ok := strings.Cut(s.Claim, " iff ")
	if !ok || !strings.HasPrefix(head, "P[s.rules, 2 piles") {
		t.Fatalf("claim %q: want P[s.rules, 2 piles …] iff …", s.Claim)
	}
	e, err := claimtext.ParseExpr(body)
	if err != nil {
		t.Fatalf("claim %q: %v", s.Claim, err)
	}
	fm, err := claimtext.Lower(e, 2)
	if err != nil {
		t.Fatalf("claim %q: %v", s.Claim, err)
	}
	g := mexTwo([]int{2, 5}, 30)
	for x := 0; x <= 30; x++ {
		for y := x; y <= 30; y++ {
			if got, want := fm.Compile().Bool([]int{x, y}), g[x][y] == 0; got != want {
				t.Fatalf("claim %s at (%d, %d) = %v, the mex says P = %v", s.Claim, x, y, got, want)
			}
		}
	}

	for _, tt := range []struct {
		max, validate int
		period        int // 0: none fits
	}{
		{40, 60, 22}, // 61 values: two periods and more than half the data
		{20, 30, 0},  // 31 values show no period of 22 twice
	} {
		res, err := Discover(context.Background(), subtraction(t, 1, 2, 5, 7), Options{What: theory.QG, Piles: 1, Max: tt.max, ValidateMax: tt.validate})
		if err != nil {
			t.Fatal(err)
		}
		s := res.Sum
		if s == nil || !s.Holds || len(s.Periods) != 1 {
			t.Fatalf("S(2,5,7), piles ≤ %d: Sum = %+v", tt.validate, s)
		}
		switch per := s.Periods[0]; {
		case tt.period == 0 && per != nil:
			t.Errorf("S(2,5,7), piles ≤ %d: period %+v, want none", tt.validate, per)
		case tt.period == 0 && !strings.Contains(s.Note, "no period ≤ 15 of g fits on the box"):
			t.Errorf("S(2,5,7), piles ≤ %d: note %q, want the honest negative", tt.validate, s.Note)
		case tt.period != 0 && (per == nil || per.Period != tt.period || per.Preperiod != 0):
			t.Errorf("S(2,5,7), piles ≤ %d: period %+v, want %d", tt.validate, per, tt.period)
		case tt.period != 0 && s.Claim == "":
			t.Errorf("S(2,5,7), piles ≤ %d: no claim", tt.validate)
		}
	}

	w, _ := games.Parse("wythoff")
	res, err = Discover(context.Background(), w, Options{What: theory.QG, Piles: 2, Max: 10, Invent: -1, MaxAtoms: 2})
	if err != nil {
		t.Fatal(err)
	}
	// G(1, 1) of Wythoff is mex{G(0, 1), G(0, 0)} = mex{1, 0} = 2, while
	// G(1, 0) ⊕ G(0, 1) = 0: the first position, in the box's order, where
	// the values are no nim-sum.
	if s := res.Sum; s == nil || s.Holds || !strings.HasPrefix(s.Mismatch, "(1,1): G = 2") {
		t.Errorf("Discover(wythoff).Sum = %+v, want no nim-sum", res.Sum)
	}
}

// TestNimSumProved: with no formula of atoms, S(2,5,7)'s period-22
// P-set is proved for every position by SMT (it is Presburger).
func TestNimSumProved(t *testing.T) {
	ps := solvers(t)
	r := subtraction(t, 1, 2, 5, 7)
	res, err := Discover(context.Background(), r, Options{What: grundy.QP, Piles: 1, Max: 40, ValidateMax: 60, MaxAtoms: 2, Invent: -1,
		Prove: true, Solvers: ps, ProveTimeout: time.Minute, Budget: 2 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	s := res.Sum
	if s == nil || s.Status != StatusProved || !strings.HasSuffix(s.Claim, "iff x1 % 22 in {0, 1, 4, 10, 13, 14}") {
		t.Fatalf("Discover(S(2,5,7), prove).Sum = %+v, want the period-22 set proved", s)
	}
	// The residues by the mex: g(x) = 0 exactly at x mod 22 in {0, 1, 4,
	// 10, 13, 14}.
	g := mexSubtraction([]int{2, 5, 7}, 22)
	var zeros []int
	for x, v := range g {
		if v == 0 {
			zeros = append(zeros, x)
		}
	}
	if !slices.Equal(zeros, []int{0, 1, 4, 10, 13, 14}) {
		t.Errorf("S(2,5,7): zeros of g below 22 are %v", zeros)
	}
}
