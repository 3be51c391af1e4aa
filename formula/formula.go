package formula

import (
	"fmt"
	"math/big"
	"strings"
)

// Op is the kind of an expression node.
type Op int

const (
	OpVar   Op = iota // pile Var (0-based)
	OpConst           // integer Const
	OpAdd             // sum of Args
	OpSub             // Args[0] − Args[1]
	OpMul             // Const · Args[0]
	OpDiv             // div(Args[0], Const), Const > 0
	OpMod             // mod(Args[0], Const), Const > 0
	OpMin             // least of Args
	OpMax             // largest of Args
	OpIte             // if Args[0] then Args[1] else Args[2]
	OpEq              // Args[0] = Args[1]
	OpLt              // Args[0] < Args[1]
	OpLe              // Args[0] ≤ Args[1]
	OpAnd             // all of Args (true when empty)
	OpOr              // any of Args (false when empty)
	OpNot             // not Args[0]
	OpXor             // Args[0] ⊕ Args[1]: the nim-sum, bitwise exclusive or (two's complement on negatives)
)

// An Expr is a node of an expression tree. Build them with the functions
// below, which check arity; a tree is immutable once built.
type Expr struct {
	Op    Op
	Args  []*Expr
	Var   int
	Const *big.Int
}

// IsBool reports whether e is a formula (true or false) rather than a term.
func (e *Expr) IsBool() bool {
	switch e.Op {
	case OpEq, OpLt, OpLe, OpAnd, OpOr, OpNot:
		return true
	case OpIte:
		return e.Args[1].IsBool() // Ite checks both branches agree
	}
	return false
}

// X is pile i (0-based).
func X(i int) *Expr { return &Expr{Op: OpVar, Var: i} }

// C is the constant n.
func C(n int64) *Expr { return &Expr{Op: OpConst, Const: big.NewInt(n)} }

// Big is the constant n.
func Big(n *big.Int) *Expr { return &Expr{Op: OpConst, Const: new(big.Int).Set(n)} }

func terms(op Op, args []*Expr) *Expr {
	for _, a := range args {
		if a.IsBool() {
			panic(fmt.Sprintf("formula: %v given a formula where a term belongs", op))
		}
	}
	return &Expr{Op: op, Args: args}
}

func formulas(op Op, args []*Expr) *Expr {
	for _, a := range args {
		if !a.IsBool() {
			panic(fmt.Sprintf("formula: %v given a term where a formula belongs", op))
		}
	}
	return &Expr{Op: op, Args: args}
}

func Add(a ...*Expr) *Expr     { return terms(OpAdd, a) }
func Sub(a, b *Expr) *Expr     { return terms(OpSub, []*Expr{a, b}) }
func Min(a ...*Expr) *Expr     { return terms(OpMin, a) }
func Max(a ...*Expr) *Expr     { return terms(OpMax, a) }
func Eq(a, b *Expr) *Expr      { return terms2(OpEq, a, b) }
func Lt(a, b *Expr) *Expr      { return terms2(OpLt, a, b) }
func Le(a, b *Expr) *Expr      { return terms2(OpLe, a, b) }
func Gt(a, b *Expr) *Expr      { return Lt(b, a) }
func Ge(a, b *Expr) *Expr      { return Le(b, a) }
func Ne(a, b *Expr) *Expr      { return Not(Eq(a, b)) }
func And(a ...*Expr) *Expr     { return formulas(OpAnd, a) }
func Or(a ...*Expr) *Expr      { return formulas(OpOr, a) }
func Not(a *Expr) *Expr        { return formulas(OpNot, []*Expr{a}) }
func Even(a *Expr) *Expr       { return Eq(Mod(a, 2), C(0)) }
func Odd(a *Expr) *Expr        { return Eq(Mod(a, 2), C(1)) }
func Implies(a, b *Expr) *Expr { return Or(Not(a), b) }

// Xor is the nim-sum a ⊕ b: bitwise exclusive or, of the binary
// expansions for non-negative a and b (Bouton's sum), and as math/big
// (infinite two's complement) for negative ones. It is outside Presburger
// arithmetic: SMT-LIB's integers have no such function, while an
// automaton reading base 2 decides it (package automatic).
func Xor(a, b *Expr) *Expr { return terms2(OpXor, a, b) }

func terms2(op Op, a, b *Expr) *Expr { return terms(op, []*Expr{a, b}) }

// Mul is k·a for a constant k.
func Mul(k int64, a *Expr) *Expr {
	e := terms(OpMul, []*Expr{a})
	e.Const = big.NewInt(k)
	return e
}

// Div is div(a, k) for a constant k > 0.
func Div(a *Expr, k int64) *Expr { return byConst(OpDiv, a, k) }

// Mod is mod(a, k) for a constant k > 0.
func Mod(a *Expr, k int64) *Expr { return byConst(OpMod, a, k) }

func byConst(op Op, a *Expr, k int64) *Expr {
	if k <= 0 {
		panic("formula: div or mod by a non-positive constant")
	}
	e := terms(op, []*Expr{a})
	e.Const = big.NewInt(k)
	return e
}

// Ite is "if c then a else b"; a and b are both terms or both formulas.
func Ite(c, a, b *Expr) *Expr {
	if !c.IsBool() || a.IsBool() != b.IsBool() {
		panic("formula: ill-typed if-then-else")
	}
	return &Expr{Op: OpIte, Args: []*Expr{c, a, b}}
}

// True and False are the constant formulas.
func True() *Expr  { return And() }
func False() *Expr { return Or() }

// Int evaluates a term with pile values env.
func (e *Expr) Int(env []*big.Int) *big.Int {
	switch e.Op {
	case OpVar:
		return new(big.Int).Set(env[e.Var])
	case OpConst:
		return new(big.Int).Set(e.Const)
	case OpAdd:
		s := new(big.Int)
		for _, a := range e.Args {
			s.Add(s, a.Int(env))
		}
		return s
	case OpSub:
		return new(big.Int).Sub(e.Args[0].Int(env), e.Args[1].Int(env))
	case OpMul:
		return new(big.Int).Mul(e.Const, e.Args[0].Int(env))
	case OpDiv:
		return new(big.Int).Div(e.Args[0].Int(env), e.Const)
	case OpMod:
		return new(big.Int).Mod(e.Args[0].Int(env), e.Const)
	case OpXor:
		return new(big.Int).Xor(e.Args[0].Int(env), e.Args[1].Int(env))
	case OpMin, OpMax:
		best := e.Args[0].Int(env)
		for _, a := range e.Args[1:] {
			v := a.Int(env)
			if c := v.Cmp(best); (e.Op == OpMin && c < 0) || (e.Op == OpMax && c > 0) {
				best = v
			}
		}
		return best
	case OpIte:
		if e.Args[0].Bool(env) {
			return e.Args[1].Int(env)
		}
		return e.Args[2].Int(env)
	}
	panic(fmt.Sprintf("formula: Int of a formula (%v)", e))
}

// Bool evaluates a formula with pile values env.
func (e *Expr) Bool(env []*big.Int) bool {
	switch e.Op {
	case OpEq:
		return e.Args[0].Int(env).Cmp(e.Args[1].Int(env)) == 0
	case OpLt:
		return e.Args[0].Int(env).Cmp(e.Args[1].Int(env)) < 0
	case OpLe:
		return e.Args[0].Int(env).Cmp(e.Args[1].Int(env)) <= 0
	case OpAnd:
		for _, a := range e.Args {
			if !a.Bool(env) {
				return false
			}
		}
		return true
	case OpOr:
		for _, a := range e.Args {
			if a.Bool(env) {
				return true
			}
		}
		return false
	case OpNot:
		return !e.Args[0].Bool(env)
	case OpIte:
		if e.Args[0].Bool(env) {
			return e.Args[1].Bool(env)
		}
		return e.Args[2].Bool(env)
	}
	panic(fmt.Sprintf("formula: Bool of a term (%v)", e))
}

// Vars is one more than the largest pile index e uses.
func (e *Expr) Vars() int {
	n := 0
	if e.Op == OpVar {
		n = e.Var + 1
	}
	for _, a := range e.Args {
		n = max(n, a.Vars())
	}
	return n
}

// String prints e in a readable infix form with piles x1, x2, ... (1-based,
// as the papers write them).
func (e *Expr) String() string {
	var b strings.Builder
	e.write(&b)
	return b.String()
}

func (e *Expr) write(b *strings.Builder) {
	list := func(sep string) {
		b.WriteByte('(')
		for i, a := range e.Args {
			if i > 0 {
				b.WriteString(sep)
			}
			a.write(b)
		}
		b.WriteByte(')')
	}
	switch e.Op {
	case OpVar:
		fmt.Fprintf(b, "x%d", e.Var+1)
	case OpConst:
		b.WriteString(e.Const.String())
	case OpAdd:
		list(" + ")
	case OpSub:
		list(" - ")
	case OpXor:
		list(" xor ")
	case OpMul:
		fmt.Fprintf(b, "%s*", e.Const)
		e.Args[0].write(b)
	case OpDiv, OpMod:
		name := map[Op]string{OpDiv: "div", OpMod: "mod"}[e.Op]
		fmt.Fprintf(b, "%s(", name)
		e.Args[0].write(b)
		fmt.Fprintf(b, ", %s)", e.Const)
	case OpMin, OpMax:
		b.WriteString(map[Op]string{OpMin: "min", OpMax: "max"}[e.Op])
		list(", ")
	case OpIte:
		b.WriteString("ite")
		list(", ")
	case OpEq:
		list(" = ")
	case OpLt:
		list(" < ")
	case OpLe:
		list(" <= ")
	case OpAnd:
		if len(e.Args) == 0 {
			b.WriteString("true")
			return
		}
		list(" and ")
	case OpOr:
		if len(e.Args) == 0 {
			b.WriteString("false")
			return
		}
		list(" or ")
	case OpNot:
		b.WriteString("not")
		list("")
	}
}
