package smt

import (
	"fmt"

	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/theory"
)

// A NotPresburgerError is the refusal of a claim whose formula uses a
// function outside Presburger arithmetic: the nim-sum ^, which SMT-LIB's
// integers lack (a bit-vector encoding would need a width, and so would
// prove nothing for every position). Finite automata in base 2 decide it
// (automatic.ProveFormula).
type NotPresburgerError struct {
	Claim     string
	Construct string // "^"
}

func (e *NotPresburgerError) Error() string {
	return fmt.Sprintf("%s: not Presburger: %s (the nim-sum; base-2 automata decide it)", e.Claim, e.Construct)
}

func (e *NotPresburgerError) Unwrap() error { return ErrNotExpressible }

// Presburger reports, as a *NotPresburgerError, a construct of c's
// formulas for in (statement, level and domain) that SMT cannot encode.
func Presburger(c *theory.Claim, in Instance) error {
	r, n := in.Ruleset, in.Piles
	var fs []*formula.Expr
	if c.Formula != nil {
		fs = append(fs, c.Formula(r, n))
	}
	if c.Level != nil {
		fs = append(fs, c.Level(r, n))
	}
	if c.Domain != nil {
		fs = append(fs, c.Domain(r, n))
	}
	for _, f := range fs {
		if f != nil && hasXor(f) {
			return &NotPresburgerError{Claim: c.ID, Construct: "^"}
		}
	}
	return nil
}

func hasXor(f *formula.Expr) bool {
	if f.Op == formula.OpXor {
		return true
	}
	for _, a := range f.Args {
		if hasXor(a) {
			return true
		}
	}
	return false
}
