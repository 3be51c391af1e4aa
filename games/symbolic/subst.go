package symbolic

import "github.com/grundy/grundy/formula"

// Subst replaces every variable i of e by ts[i], keeping sharing: a
// variable used twice yields the same *Expr twice.
func Subst(e *formula.Expr, ts []*formula.Expr) *formula.Expr {
	return subst(e, ts, map[*formula.Expr]*formula.Expr{})
}

func subst(e *formula.Expr, ts []*formula.Expr, memo map[*formula.Expr]*formula.Expr) *formula.Expr {
	if s, ok := memo[e]; ok {
		return s
	}
	var out *formula.Expr
	if e.Op == formula.OpVar {
		out = ts[e.Var]
	} else {
		c := *e
		c.Args = make([]*formula.Expr, len(e.Args))
		for i, a := range e.Args {
			c.Args[i] = subst(a, ts, memo)
		}
		out = &c
	}
	memo[e] = out
	return out
}
