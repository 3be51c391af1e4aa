package smt

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// TestPureGoWithoutSolvers proves and refutes with z3 and cvc5 absent
// from PATH: the pure-Go procedure alone. Each case is one of
// TestProveAndRefute's (the expected verdicts are argued there), one per
// kind of move encoding and quantity, chosen to take well under a second.
func TestPureGoWithoutSolvers(t *testing.T) {
	t.Setenv("PATH", "")
	for _, name := range Solvers {
		if _, err := FindSolver(context.Background(), name); !errors.Is(err, ErrNoSolver) {
			t.Fatalf("FindSolver(%s) with an empty PATH: %v, want ErrNoSolver", name, err)
		}
	}
	s, err := FindSolver(context.Background(), PureGo)
	if err != nil {
		t.Fatal(err)
	}
	prop11, _ := claimOf("000/prop-11.1")
	allEven := prop11.Formula
	tests := []struct {
		claim  *theory.Claim
		game   string
		piles  int
		status Status
		ce     string
	}{
		{prop11, "slow-moore:k=3", 3, Proved, ""},
		{testClaim("test/all-even-k+1", "slow-moore", grundy.QP, allEven), "slow-moore:k=2", 3, Refuted, "1,1,1"},
		{testClaim("002/thm-11", "wythoff-oo", grundy.QP, fixed(func(x []*formula.Expr) *formula.Expr {
			return formula.And(eq(x[0], zero), formula.Even(x[1]))
		}).f), "wythoff-oo:s=2,t=3", 2, Proved, ""},
		{testClaim("test/oo-wrong", "wythoff-oo", grundy.QP, fixed(func(x []*formula.Expr) *formula.Expr {
			return formula.Or(formula.And(eq(x[0], zero), formula.Even(x[1])), formula.And(eq(x[0], one), eq(x[1], one)))
		}).f), "wythoff-oo:s=1,t=1", 2, Refuted, "1,1"},
		{testClaim("test/nim-equal", "nim", grundy.QP, fixed(func(x []*formula.Expr) *formula.Expr { return eq(x[0], x[1]) }).f),
			"nim", 2, Proved, ""},
		{testClaim("test/exact-wrong", "exact", grundy.QP, fixed(func(x []*formula.Expr) *formula.Expr {
			return eq(x[0], zero)
		}).f), "exact:k=2", 3, Refuted, "0,1,1"},
		{testClaim("test/greedy", "greedy-nim", grundy.QP, fixed(greedyP(true)).f), "greedy-nim", 3, Proved, ""},
		{testClaim("test/bounded-g-wrong", "bounded-nim", grundy.QG, fixed(func(x []*formula.Expr) *formula.Expr { return formula.Mod(x[0], 5) }).f),
			"bounded-nim:k=3", 1, Refuted, "4"},
		{testClaim("test/nim-gm", "nim", grundy.QGm, fixed(func(x []*formula.Expr) *formula.Expr {
			return formula.Ite(eq(x[0], zero), one, formula.Ite(eq(x[0], one), zero, x[0]))
		}).f), "nim", 1, Proved, ""},
		{testClaim("test/nim-rm-wrong", "nim", grundy.QRm, fixed(func(x []*formula.Expr) *formula.Expr { return formula.Min(formula.Add(x[0], one), formula.C(4)) }).f),
			"nim", 1, Refuted, "3"},
		{testClaim("002/thm-12", "wythoff-oo", grundy.QPm, fixed(func(x []*formula.Expr) *formula.Expr {
			return formula.And(eq(x[0], zero), formula.Odd(x[1]))
		}).f), "wythoff-oo:s=2,t=1", 2, Proved, ""},
	}
	for _, tc := range tests {
		r, err := games.Parse(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Prove(context.Background(), tc.claim, Instance{Ruleset: r, Piles: tc.piles}, Options{Solvers: Portfolio{s}, Timeout: 30 * time.Second})
		if err != nil {
			t.Errorf("Prove(%s, %s): %v", tc.claim.ID, tc.game, err)
			continue
		}
		t.Logf("%s on %s, %d piles: %s in %.2fs", tc.claim.ID, tc.game, tc.piles, res.Status, res.Seconds)
		if res.Status != tc.status {
			t.Errorf("Prove(%s, %s) = %s (%s), want %s", tc.claim.ID, tc.game, res.Status, res.Reason, tc.status)
			continue
		}
		if tc.status == Refuted {
			if ce := res.Counterexample; tc.ce != "" && ce.Pos != tc.ce {
				t.Errorf("Prove(%s, %s) counterexample %+v, want at (%s)", tc.claim.ID, tc.game, ce, tc.ce)
			}
			checkCounterexample(t, tc.claim, r, res.Counterexample.Pos)
		}
	}
}
