package search

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory/discovered"
)

// TestCounterexampleRefit fits bounded-greedy:k=4 on piles ≤ 3, where
// "x1 = x2" fits (001 Theorem 2: P iff x2 − x1 ≡ 0 mod 5), with no larger
// validation box: the prover must refute it and the refit, with the
// counterexample as a data point, find and prove the theorem.
func TestCounterexampleRefit(t *testing.T) {
	ps := solvers(t)
	r, _ := games.Parse("bounded-greedy:k=4")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	res, err := Discover(ctx, r, Options{What: grundy.QP, Piles: 2, Max: 3, ValidateMax: 3, Prove: true, Solvers: ps})
	if err != nil {
		t.Fatal(err)
	}
	p := res.Parts[0]
	if p.Status != StatusProved || p.Refits == 0 {
		t.Fatalf("status %s after %d refits (%s), want proved after ≥ 1 refit", p.Status, p.Refits, p.Note)
	}
	f, _ := discovered.ParseSexpr(p.Formula)
	for x := 0; x <= 30; x++ {
		for y := x; y <= 30; y++ {
			got := discovered.EvalBig(f, []*big.Int{big.NewInt(int64(x)), big.NewInt(int64(y))}).Int64()
			if want := int64(b2i((y-x)%5 == 0)); got != want {
				t.Fatalf("refitted %s at (%d,%d) = %d, want %d", p.Math, x, y, got, want)
			}
		}
	}
}

// TestValidationDisagreement: a formula fitted on a box too small shows
// its first disagreement in the validation box.
func TestValidationDisagreement(t *testing.T) {
	r, _ := games.Parse("bounded-greedy:k=4")
	res, err := Discover(context.Background(), r, Options{What: grundy.QP, Piles: 2, Max: 3, ValidateMax: 8})
	if err != nil {
		t.Fatal(err)
	}
	p := res.Parts[0]
	// x1 = x2 is the smallest fit on piles ≤ 3; (0,5) has 5 tokens, the
	// fewest of any P-position with x1 ≠ x2.
	if p.Status != StatusRefuted || p.Disagreement == nil || p.Disagreement.Pos != "0,5" {
		t.Fatalf("status %s, disagreement %+v (formula %s), want refuted at 0,5", p.Status, p.Disagreement, p.Math)
	}
}

// TestWythoffHasNoSmallFormula: Wythoff's P-positions (⌊nφ⌋, ⌊nφ²⌋) are
// no Presburger set, and discover must say so rather than fit the box.
func TestWythoffHasNoSmallFormula(t *testing.T) {
	r, _ := games.Parse("wythoff")
	res, err := Discover(context.Background(), r, Options{What: grundy.QP, Piles: 2, Max: 60})
	if err != nil {
		t.Fatal(err)
	}
	if p := res.Parts[0]; p.Status == StatusChecked || p.Status == StatusProved {
		t.Fatalf("wythoff: status %s with %s, want none or refuted", p.Status, p.Math)
	} else {
		t.Logf("wythoff: %s: %s", p.Status, p.Note)
	}
}

func TestSexprRoundTrip(t *testing.T) {
	x := formula.X
	tests := []*formula.Expr{
		formula.Eq(formula.Mod(formula.Add(x(0), x(2)), 2), formula.C(0)),
		formula.Or(formula.And(formula.Gt(formula.Sub(x(1), x(0)), formula.C(-3)), formula.Not(formula.Eq(x(0), formula.C(0))))),
		formula.Ite(formula.Le(x(0), x(1)), formula.Mul(-2, formula.Div(x(1), 3)), formula.Min(x(0), formula.C(7))),
		formula.True(), formula.False(),
	}
	for _, f := range tests {
		s := discovered.Sexpr(f)
		g, err := discovered.ParseSexpr(s)
		if err != nil {
			t.Fatalf("discoveries.ParseSexpr(%q): %v", s, err)
		}
		if g.String() != f.String() {
			t.Errorf("discoveries.ParseSexpr(discoveries.Sexpr(%v)) = %v", f, g)
		}
	}
	for _, bad := range []string{"", "(", "(+ x1", "(mod x1 0)", "(foo x1)", "(and x1)", "(= x1 2) x2", "y1", "(* x1 x2)"} {
		if _, err := discovered.ParseSexpr(bad); err == nil {
			t.Errorf("discoveries.ParseSexpr(%q) succeeded, want an error", bad)
		}
	}
}

// TestMinimize checks the DNF against a truth table by hand: two atoms
// a0 (bit 0) and a1, false only where a0 ∧ ¬a1: the DNF is ¬a0 ∨ a1, two
// literals.
func TestMinimize(t *testing.T) {
	on := map[uint32]bool{0b00: true, 0b10: true, 0b11: true}
	off := map[uint32]bool{0b01: true}
	d := minimize(2, on, off)
	if got := cost(2, d); got != 2 {
		t.Fatalf("minimize = %v, cost %d, want 2", d, got)
	}
	for c := uint32(0); c < 4; c++ {
		in := false
		for _, m := range d {
			in = in || m.covers(c)
		}
		if in != on[c] {
			t.Errorf("cell %02b: covered %v, want %v", c, in, on[c])
		}
	}
}

// TestProofExprSameFunction: the formula proved (split on a parity) and
// the one shown are the same function, on every cell of the atoms.
func TestProofExprSameFunction(t *testing.T) {
	par := func(i int) *atom {
		c := make([]int, 3)
		c[i] = 1
		return &atom{coef: c, kind: kindMod, m: 2, r: 0}
	}
	eq := &atom{coef: []int{1, 0, 0}, kind: kindEq, r: 0}
	atoms := []*atom{par(0), par(1), eq, par(2)}
	for _, set := range []bool{true, false} {
		cells := map[uint32]int{}
		for c := uint32(0); c < 16; c++ {
			if c&4 != 0 && c&1 == 0 {
				continue // x1 = 0 forces x1 even: never seen
			}
			cells[c] = int(c*7+3) % 3
			if set {
				cells[c] %= 2
			}
		}
		d := describe(atoms, cells, set)
		f, g := d.expr(), d.proofExpr()
		for x := 0; x < 4; x++ {
			for y := 0; y < 3; y++ {
				for z := 0; z < 3; z++ {
					p := []*big.Int{big.NewInt(int64(x)), big.NewInt(int64(y)), big.NewInt(int64(z))}
					if a, b := discovered.EvalBig(f, p), discovered.EvalBig(g, p); a.Cmp(b) != 0 {
						t.Fatalf("set=%v at (%d,%d,%d): shown %v, proved %v", set, x, y, z, a, b)
					}
				}
			}
		}
	}
}

// FuzzParseSexpr: the parser of stored formulas never panics, and what it
// reads it writes back the same way.
func FuzzParseSexpr(f *testing.F) {
	for _, s := range []string{"(= (mod (+ x1 x2) 2) 0)", "(ite (< x1 3) (* -2 x2) (min x1 7))", "(and)", "(or (not (= x1 0)))", "((", "(mod x1 0)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := discovered.ParseSexpr(s)
		if err != nil {
			return
		}
		back, err := discovered.ParseSexpr(discovered.Sexpr(e))
		if err != nil || discovered.Sexpr(back) != discovered.Sexpr(e) {
			t.Fatalf("discoveries.ParseSexpr(discoveries.Sexpr(discoveries.ParseSexpr(%q))) = %v, %v", s, back, err)
		}
	})
}
