package smt

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/symbolic"
)

// TestCountedMovesMatchRuleText asks the solver whether the counting
// encoding of Moore's and Exact k-Nim (one branch, a count of reduced
// piles) and the one ruleBranches derives from the same rule written as
// text (one branch per subset of piles, sorted by a network) admit the
// same followers at every canonical position: "some move of one reaches
// y and no move of the other does" must be unsatisfiable both ways.
func TestCountedMovesMatchRuleText(t *testing.T) {
	t.Parallel() // reads no package state the sequential tests change
	s := needSolver(t)
	tests := []struct {
		game, text string
		piles      int
	}{
		{"moore:k=2", "ruleset moore-text\npiles at least 2\nmove take any from each of 1..2 piles\n", 3},
		{"exact:k=3", "ruleset exact-text\npiles at least 3\nmove take any from each of 3 piles\n", 4},
		{"exact:k=2", "ruleset exact-text\npiles at least 2\nmove take any from each of 2 piles\n", 3},
	}
	if *long {
		// 1.7 s of z3 where 3 piles take 0.2 s.
		tests = append(tests, struct {
			game, text string
			piles      int
		}{"moore:k=2", tests[0].text, 4})
	}
	for _, tc := range tests {
		r, err := games.Parse(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		text, err := games.RuleText(tc.text, "")
		if err != nil {
			t.Fatal(err)
		}
		counted, err := Encode(r, tc.piles)
		if err != nil {
			t.Fatal(err)
		}
		subsets, err := Encode(text, tc.piles)
		if err != nil {
			t.Fatal(err)
		}
		if len(counted.Branches) != 1 || len(subsets.Branches) < 2 {
			t.Fatalf("%s: %d and %d branches, want one counting branch against one per subset", tc.game, len(counted.Branches), len(subsets.Branches))
		}
		y := make([]*formula.Expr, tc.piles)
		for j := range y {
			y[j] = formula.X(extraVar + j)
		}
		reaches := func(to []*formula.Expr) *formula.Expr {
			var eqs []*formula.Expr
			for j, t := range to {
				eqs = append(eqs, formula.Eq(t, y[j]))
			}
			return formula.And(eqs...)
		}
		for _, way := range [][2]*Moves{{counted, subsets}, {subsets, counted}} {
			some, every := builder{m: way[0]}, builder{m: way[1]}
			ob := some.ob("same followers", "every follower of one encoding is one of the other's", nil,
				some.someMove(reaches), every.everyMoveNot(reaches))
			ob.consts = tc.piles
			file := filepath.Join(t.TempDir(), "same.smt2")
			ans, err := s.Solve(context.Background(), ob.Script(-1), file, tc.piles, 60*time.Second, nil)
			if err != nil || ans.Result != "unsat" {
				t.Errorf("%s (%d piles): %s %v, model %v, want unsat", tc.game, tc.piles, ans.Result, err, ans.Model)
			}
		}
	}
}

// TestLevel proves 000 Proposition 4 on Exact 3-Nim with 4 piles (G is the
// tetris function T_{4,3}, written for sorted piles) with the symmetric
// level Σ min(x_i, c) ≥ 3c > Σ min(x_i, c+1) − 3, and checks that a wrong
// level (k = 2 in it) leaves the claim unknown at the "level" obligation —
// the method does not apply — instead of refuting or proving it.
func TestLevel(t *testing.T) {
	s := needSolver(t)
	r, _ := games.Parse("exact:k=3")
	x := symbolic.Vars(4)
	tetris := formula.Min(formula.Div(formula.Add(x...), 3), formula.Div(formula.Add(x[:3]...), 2), formula.Add(x[:2]...))
	level := func(k int64) *formula.Expr {
		c := formula.X(4)
		fits := func(m *formula.Expr) *formula.Expr {
			var terms []*formula.Expr
			for _, xi := range x {
				terms = append(terms, formula.Min(xi, m))
			}
			return formula.Ge(formula.Add(terms...), formula.Mul(k, m))
		}
		return formula.And(formula.Ge(c, zero), fits(c), formula.Not(fits(formula.Add(c, one))))
	}
	tests := []struct {
		name  string
		level *formula.Expr
		want  Status
	}{
		{"right level", level(3), Proved},
		{"level of T_{4,2}", level(2), Unknown},
	}
	for _, tc := range tests {
		c := testClaim("000/prop-4", "exact", grundy.QG, func(grundy.Ruleset, int) *formula.Expr { return tetris })
		lv := tc.level
		c.Level = func(grundy.Ruleset, int) *formula.Expr { return lv }
		res, err := Prove(context.Background(), c, Instance{Ruleset: r, Piles: 4}, Options{Solvers: s, Timeout: 30 * time.Second})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if res.Status != tc.want || res.Obligations[0].Name != "level" || (res.Obligations[0].Status == Proved) != (tc.want == Proved) {
			t.Errorf("%s: %s with %+v, want %s", tc.name, res.Status, res.Obligations, tc.want)
		}
	}
	// A level that is not symmetric in the piles is refused.
	if _, err := LevelObligations(grundy.QG, tetris, formula.Eq(tetris, formula.X(4)), nil, mustEncode(t, r, 4)); err == nil {
		t.Errorf("LevelObligations accepted the sorted-pile formula as a level")
	}
}

func mustEncode(t *testing.T, r grundy.Ruleset, n int) *Moves {
	t.Helper()
	m, err := Encode(r, n)
	if err != nil {
		t.Fatal(fmt.Errorf("encode %s: %w", r.Name(), err))
	}
	return m
}
