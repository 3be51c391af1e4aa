package prove

import (
	"reflect"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/theory"
)

// claimDomain gives the part of the positions a claim speaks of, as a
// formula: (nil, true) for every position, (nil, false) when the claim
// says nothing of n piles of r.
//
// theory.Claim gains an optional Domain field of type
// func(grundy.Ruleset, int) *formula.Expr on the theory branches (papers
// 001–004); it is read by name so that this package builds both before
// and after they land, and a claim with a Domain is never proved as if it
// spoke of every position.
func claimDomain(c *theory.Claim, r grundy.Ruleset, n int) (*formula.Expr, bool) {
	v := reflect.ValueOf(c).Elem().FieldByName("Domain")
	if !v.IsValid() || v.IsNil() {
		return nil, true
	}
	f, ok := v.Interface().(func(grundy.Ruleset, int) *formula.Expr)
	if !ok {
		// An unknown shape: refuse rather than ignore a restriction.
		return nil, false
	}
	d := f(r, n)
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
