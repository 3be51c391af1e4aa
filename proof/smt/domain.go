package smt

import (
	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/theory"
)

// claimDomain is theory.ClaimDomain: the positions c speaks of.
func claimDomain(c *theory.Claim, r grundy.Ruleset, n int) (*formula.Expr, bool) {
	return theory.ClaimDomain(c, r, n)
}
