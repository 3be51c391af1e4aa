package formula

import (
	"math"
	"math/big"
	"testing"
)

// FuzzCompiled checks the machine-integer evaluator against the math/big
// one on a fixed family of expressions, including values near overflow.
func FuzzCompiled(f *testing.F) {
	f.Add(int64(3), int64(5), int64(7))
	f.Add(int64(0), int64(-1), int64(math.MaxInt64))
	f.Add(int64(math.MaxInt64), int64(math.MaxInt64), int64(2))
	x, y, z := X(0), X(1), X(2)
	terms := []*Expr{
		Add(x, y, z), Sub(x, y), Mul(3, Sub(y, x)), Div(Sub(x, y), 4), Mod(Sub(y, x), 5),
		Min(x, y, z), Max(Mul(2, x), y), Ite(Lt(x, y), Add(x, C(1)), Mod(z, 3)),
		Mul(1<<40, Add(x, y)), Add(Big(new(big.Int).Lsh(big.NewInt(1), 70)), x),
		Xor(x, y), Xor(Sub(x, y), Add(z, C(1))), Xor(Big(new(big.Int).Lsh(big.NewInt(1), 70)), x),
	}
	forms := []*Expr{
		And(Even(Add(x, y)), Le(x, z)), Or(Eq(Mod(x, 3), Mod(y, 3)), Not(Lt(z, x))),
		Ite(Odd(x), Eq(y, z), Lt(Sub(y, z), C(2))), Eq(Mul(1<<62, x), y),
		Eq(Xor(Xor(x, y), z), C(0)),
	}
	f.Fuzz(func(t *testing.T, a, b, c int64) {
		env := []int{int(a), int(b), int(c)}
		benv := bigEnv(env)
		for _, e := range terms {
			if got, want := e.Compile().Int(env), e.Int(benv); got.Cmp(want) != 0 {
				t.Errorf("Compile(%v).Int(%v) = %v, want %v", e, env, got, want)
			}
		}
		for _, e := range forms {
			if got, want := e.Compile().Bool(env), e.Bool(benv); got != want {
				t.Errorf("Compile(%v).Bool(%v) = %v, want %v", e, env, got, want)
			}
		}
	})
}
