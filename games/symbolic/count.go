package symbolic

import (
	"fmt"
	"slices"

	"github.com/grundy/grundy/formula"
)

// countedReductions is the move of Moore's NIM_{n,≤k} (lo = 1, hi = k)
// and Exact NIM_{n,=k} (lo = hi = k) of 000 §1.2 and §1.4 — reduce between
// lo and hi of the piles, each by a positive amount — as one branch that
// counts instead of one branch per subset of piles: a move variable
// a_i ∈ [0, x_i] per pile, and the number of positive ones, Σ ite(a_i ≥ 1,
// 1, 0), between lo and hi. The subsets are then choices the solver makes
// inside one disjunct (under one quantifier, in "every move" problems)
// rather than C(n, k) disjuncts each with its own copy of the claim's
// formula: on Exact 4-Nim with 7 piles, 35 branches became one. The
// moves are the same, pile for pile: a_i = 0 leaves pile i as it is, and
// a_i ≥ 1 is the per-pile amount the subset encoding had.
//
// The follower is x − a sorted by a network (To), and also given unsorted
// (Raw): obligations whose formula is symmetric in the piles evaluate it on
// Raw and skip the sorting network (see Symmetric).
func countedReductions(x []*formula.Expr, lo, hi int) []Branch {
	n := len(x)
	var guard, count []*formula.Expr
	raw := make([]*formula.Expr, n)
	for i := range n {
		a := formula.X(n + i)
		guard = append(guard, formula.Ge(a, formula.C(0)), formula.Le(a, x[i]))
		count = append(count, formula.Ite(formula.Ge(a, formula.C(1)), formula.C(1), formula.C(0)))
		raw[i] = formula.Sub(x[i], a)
	}
	reduced := formula.Add(count...)
	if lo == hi {
		guard = append(guard, formula.Eq(reduced, formula.C(int64(lo))))
	} else {
		guard = append(guard, formula.Ge(reduced, formula.C(int64(lo))), formula.Le(reduced, formula.C(int64(hi))))
	}
	to := slices.Clone(raw)
	sortNetwork(to)
	desc := fmt.Sprintf("reduce %d to %d of the piles", lo, hi)
	if lo == hi {
		desc = fmt.Sprintf("reduce exactly %d of the piles", lo)
	}
	return []Branch{{Desc: desc, Aux: n, Guard: formula.And(guard...), To: to, Raw: raw}}
}

// Symmetric reports whether e is, by its form, invariant under every
// permutation of the variables from … n−1: whether, for each
// transposition of two neighbours among them, e with the two swapped
// normalizes to e's own normal form (arguments of +, and, or, min, max
// and = in a fixed order). It is sound — a true answer is a proof, since
// the normal form means the same as the expression and adjacent
// transpositions generate every permutation — and incomplete: a
// symmetric formula written asymmetrically (000's tetris function, a sum
// of the smallest piles of a sorted position) is reported false, and its
// obligations keep the sorted followers.
func Symmetric(e *formula.Expr, from, n int) bool {
	want := normal(e)
	for i := from; i+1 < n; i++ {
		ts := Vars(max(n, e.Vars()))
		ts[i], ts[i+1] = ts[i+1], ts[i]
		if normal(Subst(e, ts)) != want {
			return false
		}
	}
	return true
}

// normal prints e with the arguments of its commutative operators sorted.
func normal(e *formula.Expr) string {
	memo := map[*formula.Expr]string{}
	var rec func(e *formula.Expr) string
	rec = func(e *formula.Expr) string {
		if s, ok := memo[e]; ok {
			return s
		}
		args := make([]string, len(e.Args))
		for i, a := range e.Args {
			args[i] = rec(a)
		}
		switch e.Op {
		case formula.OpAdd, formula.OpAnd, formula.OpOr, formula.OpMin, formula.OpMax, formula.OpEq:
			slices.Sort(args)
		}
		s := fmt.Sprintf("(%d", e.Op)
		switch e.Op {
		case formula.OpVar:
			s += fmt.Sprintf(" x%d", e.Var)
		case formula.OpConst, formula.OpMul, formula.OpDiv, formula.OpMod:
			s += " " + e.Const.String()
		}
		for _, a := range args {
			s += " " + a
		}
		s += ")"
		memo[e] = s
		return s
	}
	return rec(e)
}
