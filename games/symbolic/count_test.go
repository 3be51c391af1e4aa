package symbolic

import (
	"math/big"
	"testing"

	"github.com/grundy/grundy/formula"
)

// TestSymmetric checks the form-based symmetry test on formulas whose
// symmetry is known by hand, and, for each answer true, that the formula
// indeed takes one value on every permutation of small vectors (the
// test's soundness, by evaluation).
func TestSymmetric(t *testing.T) {
	x := Vars(4)
	sum := formula.Add(x...)
	tests := []struct {
		name    string
		e       *formula.Expr
		from, n int
		want    bool
	}{
		{"sum mod 3", formula.Eq(formula.Mod(sum, 3), formula.C(0)), 0, 4, true},
		{"000 Prop 7 swap set", formula.And(formula.Eq(formula.Mod(sum, 4), formula.C(1)),
			formula.Le(x[0], formula.C(1)), formula.Le(x[1], formula.C(1)), formula.Le(x[2], formula.C(1)), formula.Le(x[3], formula.C(1))), 0, 4, true},
		{"one pile bounded", formula.Le(x[0], formula.C(1)), 0, 4, false},
		{"sorted largest pile", formula.Eq(x[3], formula.C(0)), 0, 4, false},
		{"tetris T_{4,3}", formula.Min(formula.Div(sum, 3), formula.Div(formula.Add(x[0], x[1], x[2]), 2), formula.Add(x[0], x[1])), 0, 4, false},
		{"min of all", formula.Min(x[3], x[1], x[0], x[2]), 0, 4, true},
		{"equal neighbours", formula.Eq(x[0], x[1]), 0, 2, true},
		{"difference", formula.Sub(x[0], x[1]), 0, 2, false},
		{"x1 apart, rest symmetric", formula.Add(formula.Mul(2, x[0]), x[1], x[2], x[3]), 1, 4, true},
		{"x1 apart, not from 0", formula.Add(formula.Mul(2, x[0]), x[1], x[2], x[3]), 0, 4, false},
		{"constant", formula.C(1), 0, 4, true},
	}
	for _, tc := range tests {
		got := Symmetric(tc.e, tc.from, tc.n)
		if got != tc.want {
			t.Errorf("Symmetric(%v, %d, %d) = %v, want %v", tc.e, tc.from, tc.n, got, tc.want)
		}
		if got {
			checkSymmetric(t, tc.e, tc.from, tc.n)
		}
	}
}

// checkSymmetric evaluates e on every vector of 0…2 and its swaps of two
// piles among from … n−1.
func checkSymmetric(t *testing.T, e *formula.Expr, from, n int) {
	t.Helper()
	v := make([]int64, n)
	var rec func(i int)
	rec = func(i int) {
		if i < n {
			for c := int64(0); c <= 2; c++ {
				v[i] = c
				rec(i + 1)
			}
			return
		}
		want := eval(e, v)
		for a := from; a < n; a++ {
			for b := a + 1; b < n; b++ {
				w := append([]int64(nil), v...)
				w[a], w[b] = w[b], w[a]
				if got := eval(e, w); got != want {
					t.Errorf("%v at %v is %s, at %v %s: not symmetric", e, w, got, v, want)
				}
			}
		}
	}
	rec(0)
}

func eval(e *formula.Expr, v []int64) string {
	env := make([]*big.Int, len(v))
	for i, c := range v {
		env[i] = big.NewInt(c)
	}
	if e.IsBool() {
		if e.Bool(env) {
			return "true"
		}
		return "false"
	}
	return e.Int(env).String()
}
