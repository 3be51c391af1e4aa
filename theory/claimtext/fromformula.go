package claimtext

import (
	"math/big"

	"github.com/grundy/grundy/formula"
)

// FromFormula writes a formula.Expr, such as a paper claim's Go
// registration, as claim text, so that the text of a registered claim is
// generated from its one definition rather than kept beside it. Lower of
// the result is the same function of the piles as f (the same tree up to
// spelling: a − b for a + (−1)·b, even(a) for a mod 2 = 0, a ≥ b for
// ¬(a < b), …); TestPaperClaimsAsText checks that on every position of
// the papers' boxes.
func FromFormula(f *formula.Expr) *Expr {
	switch f.Op {
	case formula.OpVar:
		return &Expr{Kind: KVar, Var: f.Var}
	case formula.OpConst:
		return num(f.Const)
	case formula.OpAdd:
		if len(f.Args) == 0 {
			return num(big.NewInt(0))
		}
		// Start with a positive term where there is one: x2 - x1, not
		// -x1 + x2.
		args := f.Args
		for i, a := range args {
			if _, neg := negated(a); !neg {
				args = append(append([]*formula.Expr{a}, args[:i]...), args[i+1:]...)
				break
			}
		}
		acc := FromFormula(args[0])
		for _, a := range args[1:] {
			if neg, ok := negated(a); ok {
				acc = bin("-", acc, neg)
				continue
			}
			acc = bin("+", acc, FromFormula(a))
		}
		return acc
	case formula.OpSub:
		return bin("-", FromFormula(f.Args[0]), FromFormula(f.Args[1]))
	case formula.OpXor:
		return bin("^", FromFormula(f.Args[0]), FromFormula(f.Args[1]))
	case formula.OpMul:
		a := FromFormula(f.Args[0])
		if f.Const.Cmp(big.NewInt(-1)) == 0 {
			return &Expr{Kind: KUnary, Op: "-", Args: []*Expr{a}}
		}
		return bin("*", num(f.Const), a)
	case formula.OpDiv:
		return bin("/", FromFormula(f.Args[0]), num(f.Const))
	case formula.OpMod:
		return bin("%", FromFormula(f.Args[0]), num(f.Const))
	case formula.OpMin, formula.OpMax:
		e := &Expr{Kind: KCall, Op: map[formula.Op]string{formula.OpMin: "min", formula.OpMax: "max"}[f.Op]}
		for _, a := range f.Args {
			e.Args = append(e.Args, FromFormula(a))
		}
		return e
	case formula.OpIte:
		c, a, b := f.Args[0], f.Args[1], f.Args[2]
		switch {
		case isConstBool(c, true):
			return FromFormula(a)
		case isConstBool(c, false):
			return FromFormula(b)
		}
		// if c then true else false is c (discover's parity splits).
		if isConstBool(a, true) && isConstBool(b, false) {
			return FromFormula(c)
		}
		if isConstBool(a, false) && isConstBool(b, true) {
			return FromFormula(formula.Not(c))
		}
		return &Expr{Kind: KIf, Args: []*Expr{FromFormula(c), FromFormula(a), FromFormula(b)}}
	case formula.OpEq:
		a, b := f.Args[0], f.Args[1]
		if a.Op == formula.OpMod && a.Const.Cmp(big.NewInt(2)) == 0 && b.Op == formula.OpConst && b.Const.IsInt64() {
			switch b.Const.Int64() {
			case 0:
				return &Expr{Kind: KCall, Op: "even", Args: []*Expr{FromFormula(a.Args[0])}}
			case 1:
				return &Expr{Kind: KCall, Op: "odd", Args: []*Expr{FromFormula(a.Args[0])}}
			}
		}
		return bin("==", FromFormula(a), FromFormula(b))
	case formula.OpLt:
		return bin("<", FromFormula(f.Args[0]), FromFormula(f.Args[1]))
	case formula.OpLe:
		return bin("<=", FromFormula(f.Args[0]), FromFormula(f.Args[1]))
	case formula.OpAnd, formula.OpOr:
		op := map[formula.Op]string{formula.OpAnd: "&&", formula.OpOr: "||"}[f.Op]
		if len(f.Args) == 0 {
			return &Expr{Kind: KBool, Bool: f.Op == formula.OpAnd}
		}
		acc := FromFormula(f.Args[0])
		for _, a := range f.Args[1:] {
			acc = bin(op, acc, FromFormula(a))
		}
		return acc
	case formula.OpNot:
		a := f.Args[0]
		switch a.Op {
		case formula.OpEq:
			if e := FromFormula(a); e.Kind == KBinary {
				e.Op = "!="
				return e
			}
		case formula.OpLt:
			return bin(">=", FromFormula(a.Args[0]), FromFormula(a.Args[1]))
		case formula.OpLe:
			return bin(">", FromFormula(a.Args[0]), FromFormula(a.Args[1]))
		}
		return &Expr{Kind: KUnary, Op: "!", Args: []*Expr{FromFormula(a)}}
	}
	panic("claimtext: unknown formula op")
}

// negated reports a term of the form (−k)·a or a negative constant, as
// the a (or k) that subtraction writes.
func negated(f *formula.Expr) (*Expr, bool) {
	switch f.Op {
	case formula.OpConst:
		if f.Const.Sign() < 0 {
			return num(new(big.Int).Neg(f.Const)), true
		}
	case formula.OpMul:
		if f.Const.Sign() < 0 {
			k := new(big.Int).Neg(f.Const)
			if k.Cmp(big.NewInt(1)) == 0 {
				return FromFormula(f.Args[0]), true
			}
			return bin("*", num(k), FromFormula(f.Args[0])), true
		}
	}
	return nil, false
}

func num(k *big.Int) *Expr {
	if k.Sign() < 0 {
		return &Expr{Kind: KUnary, Op: "-", Args: []*Expr{{Kind: KNum, Num: new(big.Int).Neg(k)}}}
	}
	return &Expr{Kind: KNum, Num: new(big.Int).Set(k)}
}

func bin(op string, a, b *Expr) *Expr { return &Expr{Kind: KBinary, Op: op, Args: []*Expr{a, b}} }

// isConstBool reports whether f is the constant formula v (an empty and
// or or).
func isConstBool(f *formula.Expr, v bool) bool {
	return len(f.Args) == 0 && (v && f.Op == formula.OpAnd || !v && f.Op == formula.OpOr)
}
