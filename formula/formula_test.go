package formula

import (
	"math/big"
	"testing"
)

func env(xs ...int64) []*big.Int {
	out := make([]*big.Int, len(xs))
	for i, x := range xs {
		out[i] = big.NewInt(x)
	}
	return out
}

func TestIntAndBool(t *testing.T) {
	x, y := X(0), X(1)
	tests := []struct {
		name string
		e    *Expr
		env  []*big.Int
		want int64
	}{
		{"sum", Add(x, y, C(3)), env(4, 5), 12},
		{"sub", Sub(x, y), env(4, 5), -1},
		{"mul", Mul(3, x), env(7), 21},
		{"div floors", Div(C(-7), 2), nil, -4},
		{"mod is non-negative", Mod(C(-7), 3), nil, 2},
		{"min", Min(x, y, C(2)), env(4, 5), 2},
		{"max", Max(x, y), env(4, 5), 5},
		{"ite", Ite(Lt(x, y), C(10), C(20)), env(4, 5), 10},
		// Nim-sums by hand: 5 = 101, 3 = 011, 6 = 110.
		{"xor", Xor(x, y), env(5, 3), 6},
		{"xor self", Xor(x, x), env(12, 0), 0},
		{"xor of three", Xor(Xor(x, y), C(6)), env(5, 3), 0},
		{"xor negative, two's complement", Xor(C(-1), x), env(5), -6},
	}
	for _, tt := range tests {
		if got := tt.e.Int(tt.env); got.Int64() != tt.want {
			t.Errorf("%s: %v = %v, want %d", tt.name, tt.e, got, tt.want)
		}
	}
	bools := []struct {
		e    *Expr
		env  []*big.Int
		want bool
	}{
		{Even(x), env(4), true},
		{Odd(x), env(4), false},
		{And(Le(x, y), Ne(x, y)), env(4, 5), true},
		{Or(Gt(x, y), Ge(x, C(4))), env(4, 5), true},
		{Implies(Eq(x, y), False()), env(4, 4), false},
		{True(), nil, true},
	}
	for _, tt := range bools {
		if got := tt.e.Bool(tt.env); got != tt.want {
			t.Errorf("%v = %v, want %v", tt.e, got, tt.want)
		}
	}
}

func TestHugeValues(t *testing.T) {
	huge, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	e := Mod(Add(X(0), C(1)), 10)
	if got := e.Int([]*big.Int{huge}); got.Int64() != 1 {
		t.Errorf("%v = %v, want 1", e, got)
	}
}

func TestString(t *testing.T) {
	e := And(Even(X(0)), Le(X(1), Add(X(0), C(2))))
	if got, want := e.String(), "((mod(x1, 2) = 0) and (x2 <= (x1 + 2)))"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	if e.Vars() != 2 {
		t.Errorf("Vars = %d, want 2", e.Vars())
	}
}

// TestBooleanIte: an if-then-else of two formulas is a formula, so claims
// may write "if N is even then Theorem 1's set else Theorem 2's".
func TestBooleanIte(t *testing.T) {
	x := X(0)
	f := Ite(Even(x), Eq(x, C(2)), Lt(x, C(4)))
	if !f.IsBool() {
		t.Fatal("Ite(formula, formula, formula).IsBool() = false, want true")
	}
	if Ite(Even(x), x, C(1)).IsBool() {
		t.Error("Ite(formula, term, term).IsBool() = true, want false")
	}
	for _, tc := range []struct {
		x    int64
		want bool
	}{{2, true}, {4, false}, {3, true}, {5, false}} {
		if got := f.Bool(env(tc.x)); got != tc.want {
			t.Errorf("ite(even x, x = 2, x < 4) at x = %d = %v, want %v", tc.x, got, tc.want)
		}
	}
}
