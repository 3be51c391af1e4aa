package prove

import (
	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/theory"
)

// claimDomain gives the part of the positions a claim speaks of, as a
// formula: (nil, true) for every position, (nil, false) when the claim
// says nothing of n piles of r. A claim with a Domain is never proved as if
// it spoke of every position.
func claimDomain(c *theory.Claim, r grundy.Ruleset, n int) (*formula.Expr, bool) {
	if c.Domain == nil {
		return nil, true
	}
	d := c.Domain(r, n)
	return d, d != nil
}

// statement is the text a ledger record stores: the formula, and the
// domain when the claim has one, so that a change to either voids it.
func statement(c *theory.Claim, r grundy.Ruleset, n int) (string, bool) {
	if c.Formula == nil {
		return "", false
	}
	f := c.Formula(r, n)
	d, ok := claimDomain(c, r, n)
	if f == nil || !ok {
		return "", false
	}
	if d != nil {
		return f.String() + " where " + d.String(), true
	}
	return f.String(), true
}
