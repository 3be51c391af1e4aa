package claimtext

import (
	"math/big"
	"testing"
)

// TestRuleSpelling: the rule language's words and = read as the claims'
// operators, and print in the claim spelling; so does a chain, as the
// conjunction it means.
func TestRuleSpelling(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"x1 = x2", "x1 == x2"},
		{"x1 mod 3 = 0 and x2 div 2 >= 1 or not x3 = 1", "(x1 % 3 == 0 && x2 / 2 >= 1) || !(x3 == 1)"},
		{"not x1 < 2 and x2 = 1", "!(x1 < 2) && x2 == 1"},
		{"not not x1 = 1", "!(!(x1 == 1))"},
		{"x1 < x2 <= x3", "x1 < x2 && x2 <= x3"},
		{"0 < x1 = x2 != x3 + 1", "0 < x1 && x1 == x2 && x2 != x3 + 1"},
		{"x1 < x2 < x3 || x1 == 0", "(x1 < x2 && x2 < x3) || x1 == 0"},
		{"let s = x1 + x2 = x3 in s", "let s = x1 + x2 == x3 in s"},
		{"x1 ⊕ x2 ⊕ x3 = 0", "x1 ^ x2 ^ x3 == 0"},
		{"(x1 ^ x2) + 1", "(x1 ^ x2) + 1"},
		{"x1 + 1 ^ x2 * 2", "x1 + 1 ^ x2 * 2"},
		{"x1 ^ (x2 ^ x3)", "x1 ^ (x2 ^ x3)"},
	} {
		e, err := ParseExpr(tt.in)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", tt.in, err)
			continue
		}
		if got := e.String(); got != tt.want {
			t.Errorf("ParseExpr(%q) prints %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestXorValues: ^ is the nim-sum, and binds tighter than comparison and
// looser than arithmetic; values by hand (5 = 101, 3 = 011, 6 = 110).
func TestXorValues(t *testing.T) {
	for _, tt := range []struct {
		expr string
		pos  []int64
		want int64 // 1/0 for formulas
	}{
		{"x1 ^ x2", []int64{5, 3}, 6},
		{"x1 ^ x2 ^ x3", []int64{5, 3, 6}, 0},
		{"x1 ^ x2 == 0", []int64{5, 5}, 1}, // (x1 ^ x2) == 0; C's x1 ^ (x2 == 0) would not be a formula
		{"x1 ^ x2 ^ x3 == 0", []int64{1, 2, 3}, 1},
		{"x1 ^ x2 ^ x3 == 0", []int64{1, 2, 4}, 0},
		{"x1 + 1 ^ x2", []int64{4, 1}, 4},      // (4 + 1) ^ 1 = 101 ^ 001
		{"x1 ^ x2 * 2", []int64{4, 3}, 2},      // 4 ^ 6 = 100 ^ 110
		{"x1 ^ x2 < x1", []int64{6, 3}, 1},     // 6 ^ 3 = 5 < 6: a move of Nim exists
		{"1 < x1 ^ x2 <= 3", []int64{6, 4}, 1}, // 6 ^ 4 = 2
	} {
		e, err := ParseExpr(tt.expr)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", tt.expr, err)
			continue
		}
		f, err := Lower(e, len(tt.pos))
		if err != nil {
			t.Errorf("Lower(%q): %v", tt.expr, err)
			continue
		}
		env := make([]*big.Int, len(tt.pos))
		for i, x := range tt.pos {
			env[i] = big.NewInt(x)
		}
		var got int64
		if f.IsBool() {
			if f.Bool(env) {
				got = 1
			}
		} else {
			got = f.Int(env).Int64()
		}
		if got != tt.want {
			t.Errorf("%s at %v = %d, want %d", tt.expr, tt.pos, got, tt.want)
		}
	}
}

// TestChainMeansConjunction: on every small position a chain and the
// conjunction written out agree.
func TestChainMeansConjunction(t *testing.T) {
	for _, tt := range []struct{ chain, and string }{
		{"x1 < x2 <= x3", "x1 < x2 && x2 <= x3"},
		{"x1 == x2 != x3", "x1 == x2 && x2 != x3"},
		{"1 <= x1 + x2 < x3 >= 2", "1 <= x1 + x2 && x1 + x2 < x3 && x3 >= 2"},
	} {
		fc := lowerText(t, tt.chain)
		fa := lowerText(t, tt.and)
		for a := int64(0); a < 5; a++ {
			for b := int64(0); b < 5; b++ {
				for c := int64(0); c < 5; c++ {
					env := []*big.Int{big.NewInt(a), big.NewInt(b), big.NewInt(c)}
					if got, want := fc.Bool(env), fa.Bool(env); got != want {
						t.Errorf("%s at (%d, %d, %d) = %v, want %v (%s)", tt.chain, a, b, c, got, want, tt.and)
					}
				}
			}
		}
	}
}

func lowerText(t *testing.T, s string) interface{ Bool([]*big.Int) bool } {
	t.Helper()
	e, err := ParseExpr(s)
	if err != nil {
		t.Fatalf("ParseExpr(%q): %v", s, err)
	}
	f, err := Lower(e, 3)
	if err != nil {
		t.Fatalf("Lower(%q): %v", s, err)
	}
	return f
}
