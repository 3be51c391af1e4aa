package engine

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

// bruteMisere is G⁻ and R⁻ of a multiset by a recursion written apart
// from the engine's, over the rule's naive interpreter: terminal G⁻ 1,
// R⁻ 1 (grundy.TerminalValues).
func bruteMisere(r *lang.Rule, p grundy.Position, memo map[string][2]int) [2]int {
	p = slices.Clone(p)
	slices.Sort(p)
	key := p.String()
	if v, ok := memo[key]; ok {
		return v
	}
	var gs []int
	win, longest, fastest := false, 0, -1
	r.Naive(p, func(q grundy.Position) bool {
		v := bruteMisere(r, q, memo)
		gs = append(gs, v[0])
		if v[1]%2 == 0 {
			win = true
			if fastest < 0 || v[1] < fastest {
				fastest = v[1]
			}
		}
		longest = max(longest, v[1])
		return true
	})
	v := [2]int{1, 1}
	if len(gs) > 0 {
		v[0] = grundy.Mex(gs)
		if win {
			v[1] = fastest + 1
		} else {
			v[1] = longest + 1
		}
	}
	memo[key] = v
	return v
}

// TestTakeBreakValue: G of a take-and-break family by the nim-sum of its
// published sequence (OEIS A002186, Kayles: 0 1 2 3 1 4 3 2 1 4 2 6;
// Winning Ways' Lasker's Nim: 1 2 4 3 5 6 8 7), G⁻ and R⁻ by a brute force
// written apart.
func TestTakeBreakValue(t *testing.T) {
	for _, tt := range []struct {
		game string
		pos  grundy.Position
		g    int64
	}{
		{"kayles", grundy.Position{3, 5, 7}, nimSum(3, 4, 2)},
		{"kayles", grundy.Position{1, 2, 3}, nimSum(1, 2, 3)},
		{"kayles", grundy.Position{11, 4}, nimSum(6, 1)},
		{"kayles", grundy.Position{0, 9, 0}, 4},
		{"laskers-nim", grundy.Position{3, 4, 6}, nimSum(4, 3, 6)},
		{"laskers-nim", grundy.Position{7, 8}, nimSum(8, 7)},
		{"grundys-game", grundy.Position{3, 4, 5}, nimSum(1, 0, 2)},   // A002188: 0 0 0 1 0 2 1 0 2
		{"dawsons-kayles", grundy.Position{2, 3, 8}, nimSum(1, 1, 1)}, // 0.07: 0 0 1 1 2 0 3 1 1
	} {
		r, err := games.Parse(tt.game)
		if err != nil {
			t.Fatal(err)
		}
		v, err := Evaluate(context.Background(), r, tt.pos.Big(), Options{})
		if err != nil {
			t.Fatalf("%s %v: %v", tt.game, tt.pos, err)
		}
		if v.G.Int64() != tt.g || v.Method != MethodNimSum {
			t.Errorf("G(%s, %v) = %v by %s, want %d by nim-sum", tt.game, tt.pos, v.G, v.Method, tt.g)
		}
		rule, _ := games.RuleOf(r)
		want := bruteMisere(rule, tt.pos, map[string][2]int{})
		if v.Gm == nil || v.Gm.Int64() != int64(want[0]) || v.Rm.Int64() != int64(want[1]) {
			t.Errorf("G⁻, R⁻ (%s, %v) = %v, %v, want %v", tt.game, tt.pos, v.Gm, v.Rm, want)
		}
	}
}

// TestTakeBreakMisereIsNoNimSum: misère Kayles at 1,1 is N (the last to
// move loses: take one, leave one), though G(1) ⊕ G(1) = 0.
func TestTakeBreakMisereIsNoNimSum(t *testing.T) {
	r, _ := games.Parse("kayles")
	v, err := Evaluate(context.Background(), r, grundy.Position{1, 1}.Big(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v.G.Sign() != 0 || v.OutcomeMisere != "N" {
		t.Errorf("kayles 1,1: G %v, misère %s, want 0 and N", v.G, v.OutcomeMisere)
	}
}

// TestTakeBreakBeyondSearch: G stands on positions whose multisets are
// beyond the search; G⁻ and R are then not given.
func TestTakeBreakBeyondSearch(t *testing.T) {
	r, _ := games.Parse("kayles")
	v, err := Evaluate(context.Background(), r, grundy.Position{40, 50, 60}.Big(), Options{Budget: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if v.G == nil || v.Gm != nil || v.R != nil {
		t.Errorf("kayles 40,50,60 with budget 1000: G %v, G⁻ %v, R %v; want G only", v.G, v.Gm, v.R)
	}
	// What is not given is a gap that says why, not a source.
	if _, ok := v.Sources[theory.QGm]; ok {
		t.Errorf("kayles 40,50,60: a source for the G⁻ not given: %+v", v.Sources[theory.QGm])
	}
	if len(v.Gaps) != 1 || !v.Gaps[0].Misere || !strings.Contains(v.Gaps[0].Why, "no nim-sum") {
		t.Errorf("kayles 40,50,60: gaps %+v; want one misère gap saying why", v.Gaps)
	}
}

// TestTakeBreakSolversRefuse: the box and the fixed-width search refuse a
// ruleset whose moves change the number of piles, with a typed error.
func TestTakeBreakSolversRefuse(t *testing.T) {
	r, _ := games.Parse("kayles")
	var pe *grundy.PileCountError
	_, err := solve.Search{Ruleset: r}.Solve(context.Background(), grundy.Position{3, 4})
	if !errors.As(err, &pe) {
		t.Errorf("Search: %v, want a *grundy.PileCountError", err)
	}
	_, err = CountBox(context.Background(), r, 2, 5, Options{})
	if !errors.As(err, &pe) {
		t.Errorf("CountBox: %v, want a *grundy.PileCountError", err)
	}
}

// TestTakeBreakMoves: the moves of kayles 1,2 and their values.
func TestTakeBreakMoves(t *testing.T) {
	r, _ := games.Parse("kayles")
	m, err := ListMoves(context.Background(), r, grundy.Position{2, 1}.Big(), false, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, mv := range m.Moves {
		got = append(got, mv.To)
		if mv.Winning != (mv.G.Sign() == 0) {
			t.Errorf("move to %s: winning %v with G %v", mv.To, mv.Winning, mv.G)
		}
	}
	slices.Sort(got)
	// From 1,2: take the 1 (to 2), take the 2 (to 1), take 1 of the 2 (to 1,1).
	if want := []string{"1", "1,1", "2"}; !slices.Equal(got, want) {
		t.Errorf("moves of kayles 1,2: %v, want %v", got, want)
	}
}

// TestTakeBreakHugePile: a pile of 10⁹ is valued from Kayles' proved
// period 12 after n = 70 (Winning Ways ch. 4), with no 4 GB of values
// and no search: 10⁹ − 71 ≡ 5 (mod 12), so G(10⁹) = G(76) = 1 (A002186).
func TestTakeBreakHugePile(t *testing.T) {
	r, _ := games.Parse("kayles")
	v, err := Evaluate(context.Background(), r, grundy.Position{1_000_000_000}.Big(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v.G.Int64() != 1 || v.Gm != nil {
		t.Errorf("kayles 10⁹: G %v, G⁻ %v; want 1 and no G⁻", v.G, v.Gm)
	}
	// The pile's value is read off the period: the periodicity theorem,
	// a classical theorem, not a computation of the pile.
	if k := v.Sources[grundy.QG].Kind; k != grundy.TrustClassical || v.Trust.Kind != k {
		t.Errorf("kayles 10⁹: trust %q (answer %q), want classical", k, v.Trust.Kind)
	}
	small, err := Evaluate(context.Background(), r, grundy.Position{5, 9}.Big(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if k := small.Sources[grundy.QG].Kind; k != grundy.TrustComputed || small.Trust.Kind != k {
		t.Errorf("kayles 5,9: trust %q (answer %q), want computed", k, small.Trust.Kind)
	}
}

// nimSum is the hand computation's nim-sum of the piles' values.
func nimSum(v ...int64) int64 {
	var x int64
	for _, g := range v {
		x ^= g
	}
	return x
}
