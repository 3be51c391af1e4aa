package smt

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/theory"
)

// ProveFrom proves claim c from claims already proved for all positions of
// the same game and pile count (refs, each proved directly — by
// Obligations, not by ProveFrom — so that no proof rests on itself): on
// c's domain, the refs' domains must cover every position ("coverage") and
// c's formula must agree with each ref's on their common part ("agree
// REF"). This proves claims whose domain moves can leave, such as 004
// Prop. 1's P-shifts (x + y is P iff x is, read through Theorems 1–2),
// where the recursion alone cannot. A disagreement where a ref is proved
// is a counterexample to c; it is still confirmed by exhaustive search.
func ProveFrom(ctx context.Context, c *theory.Claim, in Instance, refs []*theory.Claim, opt Options) (Result, error) {
	r, n := in.Ruleset, in.Piles
	res := Result{ID: c.ID, Game: r.Name(), Piles: n, Params: Params(r), Solver: opt.Solvers.String(),
		Obligations: []ObligationResult{}}
	if c.Formula == nil || c.Formula(r, n) == nil {
		return res, fmt.Errorf("%s: %w", c.ID, ErrNotExpressible)
	}
	f := c.Formula(r, n)
	if err := Presburger(c, in); err != nil {
		return res, err
	}
	dom, ok := claimDomain(c, r, n)
	if !ok {
		return res, fmt.Errorf("%s says nothing of %d piles of %s", c.ID, n, r.Name())
	}
	if dom == nil {
		dom = formula.True()
	}
	m, err := Encode(r, n)
	if err != nil {
		return res, err
	}
	res.Moves = m.Digest()
	b := builder{m: m}
	var covers []*formula.Expr
	var agree []Obligation
	for _, ref := range refs {
		if ref == c || ref.Quantity != c.Quantity || ref.Formula == nil || !ref.Applies(r, n) {
			return res, fmt.Errorf("%s cannot rest on %s for %d piles of %s", c.ID, ref.ID, n, r.Name())
		}
		if err := Presburger(ref, in); err != nil {
			return res, err
		}
		g := ref.Formula(r, n)
		d, ok := claimDomain(ref, r, n)
		if g == nil || !ok {
			return res, fmt.Errorf("%s says nothing of %d piles of %s", ref.ID, n, r.Name())
		}
		if d == nil {
			d = formula.True()
		}
		covers = append(covers, d)
		agree = append(agree, b.ob("agree "+ref.ID, "the claim agrees with "+ref.ID+" where both speak",
			[]*formula.Expr{dom, d, differ(f, g)}))
		res.Via = append(res.Via, ref.ID)
	}
	if len(refs) == 0 {
		return res, fmt.Errorf("%s: no proved claim to rest on for %d piles of %s", c.ID, n, r.Name())
	}
	cover := b.ob("coverage", "the claims it rests on speak of every position of its domain",
		[]*formula.Expr{dom, formula.Not(formula.Or(covers...))})
	cover.precondition = true
	res, err = run(ctx, c, in, append([]Obligation{cover}, agree...), opt, res)
	if err != nil {
		return res, err
	}
	return res, confirmByBox(ctx, c, in, &res)
}

// differ says two formulas, or two terms, differ.
func differ(f, g *formula.Expr) *formula.Expr {
	if f.IsBool() {
		return formula.Or(formula.And(f, formula.Not(g)), formula.And(formula.Not(f), g))
	}
	return formula.Ne(f, g)
}
