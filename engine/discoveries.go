package engine

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
	discoveries "github.com/grundy/grundy/theory/discovered"
)

// discovered are the facts the proved formulas of `grundy discover`'s
// committed ledger (theory/discovered/discoveries.json) give at canonical position
// p: formulas grundy found and proved itself, outside the literature's
// registry, trusted as smt-proved.
func discovered(r grundy.Ruleset, p grundy.BigPosition) []theory.Fact {
	var out []theory.Fact
	for _, f := range discoveries.Answer(r, p) {
		e := f.Entry
		c := &theory.Claim{ID: e.ID(), Statement: e.Math, Quantity: f.Quantity, Family: e.Game}
		scope := theory.ProofScope(r.Name(), e.Piles)
		out = append(out, theory.Fact{Claim: c, Quantity: f.Quantity, Value: f.Value, Trust: grundy.Trust{
			Kind: grundy.TrustSMTProved, Claims: []string{e.ID()}, Scope: scope,
			Detail: fmt.Sprintf("%s; found by grundy discover; %s, %s", scope, e.Solver, e.Date),
		}})
	}
	return out
}
