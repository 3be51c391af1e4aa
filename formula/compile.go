package formula

import (
	"math"
	"math/big"
	"math/bits"
)

// A Compiled expression evaluates on machine integers, for the millions of
// positions of a box: the tree is walked once, into closures. Where an
// intermediate value would overflow 64 bits it falls back to the exact
// math/big evaluation of the original tree, so results never differ from
// Int and Bool.
type Compiled struct {
	e    *Expr
	term func(env []int) (int64, bool) // false: overflow
	form func(env []int) (bool, bool)
}

// Compile prepares e for repeated evaluation.
func (e *Expr) Compile() *Compiled {
	c := &Compiled{e: e}
	if e.IsBool() {
		c.form = compileForm(e)
	} else {
		c.term = compileTerm(e)
	}
	return c
}

// Int evaluates a compiled term at pile values env.
func (c *Compiled) Int(env []int) *big.Int {
	if v, ok := c.term(env); ok {
		return big.NewInt(v)
	}
	return c.e.Int(bigEnv(env))
}

// Bool evaluates a compiled formula at pile values env.
func (c *Compiled) Bool(env []int) bool {
	if v, ok := c.form(env); ok {
		return v
	}
	return c.e.Bool(bigEnv(env))
}

func bigEnv(env []int) []*big.Int {
	out := make([]*big.Int, len(env))
	for i, x := range env {
		out[i] = big.NewInt(int64(x))
	}
	return out
}

func add64(a, b int64) (int64, bool) {
	s := a + b
	return s, (s > a) == (b > 0) || b == 0
}

func mul64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	hi, lo := bits.Mul64(uint64(abs64(a)), uint64(abs64(b)))
	if hi != 0 || lo > math.MaxInt64 || a == math.MinInt64 || b == math.MinInt64 {
		return 0, false
	}
	if (a < 0) != (b < 0) {
		return -int64(lo), true
	}
	return int64(lo), true
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

func compileTerm(e *Expr) func(env []int) (int64, bool) {
	switch e.Op {
	case OpVar:
		i := e.Var
		return func(env []int) (int64, bool) { return int64(env[i]), true }
	case OpConst:
		if !e.Const.IsInt64() {
			return func([]int) (int64, bool) { return 0, false }
		}
		k := e.Const.Int64()
		return func([]int) (int64, bool) { return k, true }
	case OpAdd:
		args := compileTerms(e.Args)
		return func(env []int) (int64, bool) {
			var s int64
			for _, a := range args {
				v, ok := a(env)
				if !ok {
					return 0, false
				}
				if s, ok = add64(s, v); !ok {
					return 0, false
				}
			}
			return s, true
		}
	case OpSub:
		a, b := compileTerm(e.Args[0]), compileTerm(e.Args[1])
		return func(env []int) (int64, bool) {
			x, ok1 := a(env)
			y, ok2 := b(env)
			if !ok1 || !ok2 || y == math.MinInt64 {
				return 0, false
			}
			return add64(x, -y)
		}
	case OpMul, OpDiv, OpMod:
		if !e.Const.IsInt64() {
			return func([]int) (int64, bool) { return 0, false }
		}
		k, a, op := e.Const.Int64(), compileTerm(e.Args[0]), e.Op
		return func(env []int) (int64, bool) {
			x, ok := a(env)
			if !ok {
				return 0, false
			}
			switch op {
			case OpMul:
				return mul64(k, x)
			case OpDiv: // floor division, as big.Int.Div for k > 0
				q := x / k
				if x%k != 0 && (x < 0) != (k < 0) {
					q--
				}
				return q, true
			}
			m := x % k // Euclidean modulus, as big.Int.Mod
			if m < 0 {
				m += abs64(k)
			}
			return m, true
		}
	case OpXor:
		a, b := compileTerm(e.Args[0]), compileTerm(e.Args[1])
		return func(env []int) (int64, bool) {
			x, ok1 := a(env)
			y, ok2 := b(env)
			// int64's ^ is two's complement, as big.Int.Xor.
			return x ^ y, ok1 && ok2
		}
	case OpMin, OpMax:
		args, isMin := compileTerms(e.Args), e.Op == OpMin
		return func(env []int) (int64, bool) {
			best, ok := args[0](env)
			if !ok {
				return 0, false
			}
			for _, a := range args[1:] {
				v, ok := a(env)
				if !ok {
					return 0, false
				}
				if isMin && v < best || !isMin && v > best {
					best = v
				}
			}
			return best, true
		}
	case OpIte:
		c, a, b := compileForm(e.Args[0]), compileTerm(e.Args[1]), compileTerm(e.Args[2])
		return func(env []int) (int64, bool) {
			v, ok := c(env)
			if !ok {
				return 0, false
			}
			if v {
				return a(env)
			}
			return b(env)
		}
	}
	panic("formula: Compile of a formula as a term")
}

func compileTerms(es []*Expr) []func([]int) (int64, bool) {
	out := make([]func([]int) (int64, bool), len(es))
	for i, a := range es {
		out[i] = compileTerm(a)
	}
	return out
}

func compileForm(e *Expr) func(env []int) (bool, bool) {
	switch e.Op {
	case OpEq, OpLt, OpLe:
		a, b, op := compileTerm(e.Args[0]), compileTerm(e.Args[1]), e.Op
		return func(env []int) (bool, bool) {
			x, ok1 := a(env)
			y, ok2 := b(env)
			if !ok1 || !ok2 {
				return false, false
			}
			switch op {
			case OpEq:
				return x == y, true
			case OpLt:
				return x < y, true
			}
			return x <= y, true
		}
	case OpAnd, OpOr:
		args := make([]func([]int) (bool, bool), len(e.Args))
		for i, a := range e.Args {
			args[i] = compileForm(a)
		}
		isAnd := e.Op == OpAnd
		return func(env []int) (bool, bool) {
			for _, a := range args {
				v, ok := a(env)
				if !ok {
					return false, false
				}
				if v != isAnd {
					return v, true
				}
			}
			return isAnd, true
		}
	case OpNot:
		a := compileForm(e.Args[0])
		return func(env []int) (bool, bool) {
			v, ok := a(env)
			return !v, ok
		}
	case OpIte:
		c, a, b := compileForm(e.Args[0]), compileForm(e.Args[1]), compileForm(e.Args[2])
		return func(env []int) (bool, bool) {
			v, ok := c(env)
			if !ok {
				return false, false
			}
			if v {
				return a(env)
			}
			return b(env)
		}
	}
	panic("formula: Compile of a term as a formula")
}
