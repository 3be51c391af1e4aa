package claimtext

import (
	"fmt"
	"math/big"
	"regexp"

	"github.com/grundy/grundy/formula"
)

// Lower translates e into a formula.Expr over piles x1..x{piles}, the one
// definition check evaluates and prove translates for SMT. It reports,
// with the place of the fault: a pile beyond the claim's (x7 on a 3-pile
// claim), an unknown name, a formula where a term belongs or the reverse,
// a product of two non-constants (outside Presburger arithmetic, which is
// all prove can encode), and / or % by zero, by a negative constant or by
// a non-constant.
func Lower(e *Expr, piles int) (*formula.Expr, error) {
	l := lowerer{piles: piles}
	f, err := l.lower(e, nil)
	if err != nil {
		return nil, err
	}
	// let shares a value wherever its name is used; evaluation and the
	// printed formula walk the tree unshared, which nested lets could
	// make exponentially large.
	if treeSize(f, map[*formula.Expr]int{}) > MaxTreeSize {
		return nil, errorf(e.Pos, "the expression has more than %d nodes once its let-bindings are expanded", MaxTreeSize)
	}
	return f, nil
}

// MaxTreeSize bounds a lowered expression, counted as a tree.
const MaxTreeSize = 100_000

func treeSize(f *formula.Expr, memo map[*formula.Expr]int) int {
	if n, ok := memo[f]; ok {
		return n
	}
	n := 1
	for _, a := range f.Args {
		n = min(n+treeSize(a, memo), MaxTreeSize+1)
	}
	memo[f] = n
	return n
}

// maxConstBits bounds folded constants (let a = 10^9 in let b = a * a …).
const maxConstBits = 1024

type binding struct {
	name string
	val  *formula.Expr
	next *binding
}

type lowerer struct{ piles int }

// pileLike is a name that looks like a pile but is none (x0, x01).
var pileLike = regexp.MustCompile(`^x[0-9]+$`)

func (l *lowerer) piles1() string {
	if l.piles == 1 {
		return "x1"
	}
	return fmt.Sprintf("x1..x%d", l.piles)
}

func kindName(f *formula.Expr) string {
	if f.IsBool() {
		return "a formula (true or false)"
	}
	return "a term (a number)"
}

func (l *lowerer) term(e *Expr, env *binding, what string) (*formula.Expr, error) {
	f, err := l.lower(e, env)
	if err != nil {
		return nil, err
	}
	if f.IsBool() {
		return nil, errorf(e.Pos, "%s needs a term (a number), found the formula %s", what, e)
	}
	return f, nil
}

func (l *lowerer) form(e *Expr, env *binding, what string) (*formula.Expr, error) {
	f, err := l.lower(e, env)
	if err != nil {
		return nil, err
	}
	if !f.IsBool() {
		return nil, errorf(e.Pos, "%s needs a formula (true or false), found the term %s", what, e)
	}
	return f, nil
}

// constant gives the value of a term without piles, such as 3 or (0 - 3).
func constant(f *formula.Expr) (*big.Int, bool) {
	if f.IsBool() || f.Vars() > 0 {
		return nil, false
	}
	return f.Int(nil), true
}

func (l *lowerer) lower(e *Expr, env *binding) (*formula.Expr, error) {
	switch e.Kind {
	case KNum:
		return formula.Big(e.Num), nil
	case KVar:
		if e.Var >= l.piles {
			return nil, errorf(e.Pos, "x%d on a %d-pile claim: the piles are %s", e.Var+1, l.piles, l.piles1())
		}
		return formula.X(e.Var), nil
	case KName:
		for b := env; b != nil; b = b.next {
			if b.name == e.Name {
				return b.val, nil
			}
		}
		if pileLike.MatchString(e.Name) {
			return nil, errorf(e.Pos, "%s: the piles are %s", e.Name, l.piles1())
		}
		return nil, errorf(e.Pos, "unknown variable %q (the piles are %s; let NAME = … in … binds a name)", e.Name, l.piles1())
	case KBool:
		if e.Bool {
			return formula.True(), nil
		}
		return formula.False(), nil
	case KUnary:
		if e.Op == "!" {
			a, err := l.lower(e.Args[0], env)
			if err != nil {
				return nil, err
			}
			if !a.IsBool() {
				// !x1 == x2 reads as (!x1) == x2: say how to write the
				// negation a rule's "not" would give.
				return nil, errorf(e.Pos, "! needs a formula (true or false), found the term %s: ! binds to its atom; write !(… == …) or not … == …", e.Args[0])
			}
			return formula.Not(a), nil
		}
		a, err := l.term(e.Args[0], env, "unary -")
		if err != nil {
			return nil, err
		}
		if k, ok := constant(a); ok {
			return formula.Big(new(big.Int).Neg(k)), nil
		}
		return formula.Mul(-1, a), nil
	case KBinary:
		return l.binary(e, env)
	case KCall:
		switch e.Op {
		case "even", "odd":
			a, err := l.term(e.Args[0], env, e.Op)
			if err != nil {
				return nil, err
			}
			if e.Op == "even" {
				return formula.Even(a), nil
			}
			return formula.Odd(a), nil
		}
		var args []*formula.Expr
		for _, a := range e.Args {
			f, err := l.term(a, env, e.Op)
			if err != nil {
				return nil, err
			}
			args = append(args, f)
		}
		if e.Op == "min" {
			return formula.Min(args...), nil
		}
		return formula.Max(args...), nil
	case KIf:
		c, err := l.form(e.Args[0], env, "the condition of if")
		if err != nil {
			return nil, err
		}
		a, err := l.lower(e.Args[1], env)
		if err != nil {
			return nil, err
		}
		b, err := l.lower(e.Args[2], env)
		if err != nil {
			return nil, err
		}
		if a.IsBool() != b.IsBool() {
			return nil, errorf(e.Pos, "if: then gives %s but else gives %s", kindName(a), kindName(b))
		}
		return formula.Ite(c, a, b), nil
	case KLet:
		v, err := l.lower(e.Args[0], env)
		if err != nil {
			return nil, err
		}
		return l.lower(e.Args[1], &binding{name: e.Name, val: v, next: env})
	case KTuple:
		return nil, errorf(e.Pos, `a tuple (…, …) stands only left of "in {…}"`)
	case KIn:
		var elems []*formula.Expr
		left := e.Args[0]
		parts := []*Expr{left}
		if left.Kind == KTuple {
			parts = left.Args
		}
		for _, a := range parts {
			f, err := l.term(a, env, "in")
			if err != nil {
				return nil, err
			}
			elems = append(elems, f)
		}
		var any []*formula.Expr
		for _, t := range e.Set {
			var all []*formula.Expr
			for i, x := range t {
				all = append(all, formula.Eq(elems[i], formula.Big(x)))
			}
			if len(all) == 1 {
				any = append(any, all[0])
			} else {
				any = append(any, formula.And(all...))
			}
		}
		if len(any) == 1 {
			return any[0], nil
		}
		return formula.Or(any...), nil
	}
	return nil, errorf(e.Pos, "unknown expression")
}

func (l *lowerer) binary(e *Expr, env *binding) (*formula.Expr, error) {
	switch e.Op {
	case "&&", "||":
		a, err := l.form(e.Args[0], env, e.Op)
		if err != nil {
			return nil, err
		}
		b, err := l.form(e.Args[1], env, e.Op)
		if err != nil {
			return nil, err
		}
		if e.Op == "&&" {
			return formula.And(a, b), nil
		}
		return formula.Or(a, b), nil
	}
	a, err := l.lower(e.Args[0], env)
	if err != nil {
		return nil, err
	}
	b, err := l.lower(e.Args[1], env)
	if err != nil {
		return nil, err
	}
	if (e.Op == "==" || e.Op == "!=") && a.IsBool() && b.IsBool() {
		// Formulas compared: "if and only if", and its negation.
		same := formula.Or(formula.And(a, b), formula.And(formula.Not(a), formula.Not(b)))
		if e.Op == "==" {
			return same, nil
		}
		return formula.Not(same), nil
	}
	for i, f := range []*formula.Expr{a, b} {
		if f.IsBool() {
			return nil, errorf(e.Args[i].Pos, "%s needs terms (numbers) on both sides, found the formula %s", e.Op, e.Args[i])
		}
	}
	switch e.Op {
	case "==":
		return formula.Eq(a, b), nil
	case "!=":
		return formula.Ne(a, b), nil
	case "<":
		return formula.Lt(a, b), nil
	case "<=":
		return formula.Le(a, b), nil
	case ">":
		return formula.Gt(a, b), nil
	case ">=":
		return formula.Ge(a, b), nil
	case "^":
		return formula.Xor(a, b), nil
	case "+":
		return formula.Add(a, b), nil
	case "-":
		return formula.Sub(a, b), nil
	case "*":
		ka, aok := constant(a)
		kb, bok := constant(b)
		switch {
		case aok && bok:
			k := new(big.Int).Mul(ka, kb)
			if k.BitLen() > maxConstBits {
				return nil, errorf(e.Pos, "%s: a constant of more than %d bits", e, maxConstBits)
			}
			return formula.Big(k), nil
		case aok:
			return mul(e, ka, b)
		case bok:
			return mul(e, kb, a)
		}
		return nil, errorf(e.Pos, "%s: a product of two non-constants is outside Presburger arithmetic, which prove encodes; one factor must be a constant", e)
	case "/", "%":
		k, ok := constant(b)
		switch {
		case !ok:
			return nil, errorf(e.Args[1].Pos, "%s by %s: / and %% take a positive constant on the right", e.Op, e.Args[1])
		case k.Sign() == 0:
			return nil, errorf(e.Args[1].Pos, "division by zero")
		case k.Sign() < 0:
			return nil, errorf(e.Args[1].Pos, "%s by the negative %s: / and %% take a positive constant (they are Euclidean)", e.Op, k)
		case !k.IsInt64():
			return nil, errorf(e.Args[1].Pos, "%s by %s: too large", e.Op, k)
		}
		if e.Op == "/" {
			return formula.Div(a, k.Int64()), nil
		}
		return formula.Mod(a, k.Int64()), nil
	}
	return nil, errorf(e.Pos, "unknown operator %s", e.Op)
}

func mul(e *Expr, k *big.Int, a *formula.Expr) (*formula.Expr, error) {
	if !k.IsInt64() {
		return nil, errorf(e.Pos, "factor %s is too large", k)
	}
	return formula.Mul(k.Int64(), a), nil
}
