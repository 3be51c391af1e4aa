package smt

import (
	"fmt"
	"strings"

	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games/symbolic"
)

// A Namer gives the SMT-LIB symbol of variable v of an expression.
type Namer func(v int) string

// SMT writes e as an SMT-LIB 2 term (an Int term or a Bool formula) over
// the integer variables named by name. Div and mod by positive constants
// translate to SMT-LIB's div and mod, which are Euclidean like formula's;
// min, max and their n-ary forms become if-then-else. Subterms shared in
// the tree (the same *formula.Expr reached twice, as the followers of a
// move encoding are) are bound once with let, named prefix1, prefix2, …,
// so the output stays linear in the size of the DAG. Every term is total,
// so hoisting the lets to the top is sound.
func SMT(e *formula.Expr, name Namer, prefix string) string {
	return smtOf(lower(e, map[*formula.Expr]*formula.Expr{}), name, prefix)
}

// lower rewrites min and max into binary if-then-else, keeping sharing.
func lower(e *formula.Expr, memo map[*formula.Expr]*formula.Expr) *formula.Expr {
	if l, ok := memo[e]; ok {
		return l
	}
	args := make([]*formula.Expr, len(e.Args))
	changed := false
	for i, a := range e.Args {
		args[i] = lower(a, memo)
		changed = changed || args[i] != a
	}
	out := e
	switch e.Op {
	case formula.OpMin, formula.OpMax:
		acc := args[0]
		for _, b := range args[1:] {
			if e.Op == formula.OpMin {
				acc = formula.Ite(formula.Le(acc, b), acc, b)
			} else {
				acc = formula.Ite(formula.Le(acc, b), b, acc)
			}
		}
		out = acc
	default:
		if changed {
			c := *e
			c.Args = args
			out = &c
		}
	}
	memo[e] = out
	return out
}

func smtOf(e *formula.Expr, name Namer, prefix string) string {
	// Count parents per node over the DAG.
	refs := map[*formula.Expr]int{}
	var order []*formula.Expr // post-order: children first
	seen := map[*formula.Expr]bool{}
	var walk func(*formula.Expr)
	walk = func(n *formula.Expr) {
		if seen[n] {
			return
		}
		seen[n] = true
		for _, a := range n.Args {
			refs[a]++
			walk(a)
		}
		order = append(order, n)
	}
	walk(e)
	bound := map[*formula.Expr]string{}
	var lets []string
	for _, n := range order {
		if n == e || refs[n] < 2 || n.Op == formula.OpVar || n.Op == formula.OpConst {
			continue
		}
		sym := fmt.Sprintf("%s%d", prefix, len(lets)+1)
		lets = append(lets, fmt.Sprintf("(let ((%s %s)) ", sym, render(n, name, bound)))
		bound[n] = sym
	}
	var b strings.Builder
	for _, l := range lets {
		b.WriteString(l)
	}
	b.WriteString(render(e, name, bound))
	b.WriteString(strings.Repeat(")", len(lets)))
	return b.String()
}

// render writes one node, using the let symbols of bound subterms.
func render(e *formula.Expr, name Namer, bound map[*formula.Expr]string) string {
	sub := func(a *formula.Expr) string {
		if s, ok := bound[a]; ok {
			return s
		}
		return render(a, name, bound)
	}
	nary := func(op, empty string) string {
		switch len(e.Args) {
		case 0:
			return empty
		case 1:
			return sub(e.Args[0])
		}
		parts := make([]string, len(e.Args))
		for i, a := range e.Args {
			parts[i] = sub(a)
		}
		return "(" + op + " " + strings.Join(parts, " ") + ")"
	}
	switch e.Op {
	case formula.OpVar:
		return name(e.Var)
	case formula.OpConst:
		return intLit(e.Const.String())
	case formula.OpAdd:
		return nary("+", "0")
	case formula.OpSub:
		return "(- " + sub(e.Args[0]) + " " + sub(e.Args[1]) + ")"
	case formula.OpMul:
		return "(* " + intLit(e.Const.String()) + " " + sub(e.Args[0]) + ")"
	case formula.OpDiv:
		return "(div " + sub(e.Args[0]) + " " + e.Const.String() + ")"
	case formula.OpMod:
		return "(mod " + sub(e.Args[0]) + " " + e.Const.String() + ")"
	case formula.OpIte:
		return "(ite " + sub(e.Args[0]) + " " + sub(e.Args[1]) + " " + sub(e.Args[2]) + ")"
	case formula.OpEq:
		return "(= " + sub(e.Args[0]) + " " + sub(e.Args[1]) + ")"
	case formula.OpLt:
		return "(< " + sub(e.Args[0]) + " " + sub(e.Args[1]) + ")"
	case formula.OpLe:
		return "(<= " + sub(e.Args[0]) + " " + sub(e.Args[1]) + ")"
	case formula.OpAnd:
		return nary("and", "true")
	case formula.OpOr:
		return nary("or", "false")
	case formula.OpNot:
		return "(not " + sub(e.Args[0]) + ")"
	}
	// OpMin and OpMax are lowered before rendering.
	panic(fmt.Sprintf("prove: cannot render op %d", e.Op))
}

// intLit writes an integer literal; SMT-LIB has no negative numerals.
func intLit(s string) string {
	if strings.HasPrefix(s, "-") {
		return "(- " + s[1:] + ")"
	}
	return s
}

// Subst replaces every variable i of e by ts[i] (symbolic.Subst).
func Subst(e *formula.Expr, ts []*formula.Expr) *formula.Expr { return symbolic.Subst(e, ts) }
