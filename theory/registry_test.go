package theory

import (
	"sync"

	"github.com/grundy/grundy"
)

type (
	grundyRuleset = grundy.Ruleset
	grundyBig     = grundy.BigPosition
)

// The paper tests of this package run against a registry of the claims
// registered here (package catalog, which builds grundy's registry,
// imports this one).
var testRegistry = sync.OnceValue(func() *Registry {
	l, err := CommittedLedger()
	if err != nil {
		panic(err)
	}
	return NewRegistry(l, LegacyClaims())
})

func All() []*Claim                   { return testRegistry().All() }
func Lookup(id string) (*Claim, bool) { return testRegistry().Lookup(id) }
func Match(p string) []*Claim         { return testRegistry().Match(p) }
func Answer(r grundyRuleset, p grundyBig) []Fact {
	return testRegistry().Answer(r, p)
}
func WinningMove(r grundyRuleset, p grundyBig, misere bool) (grundyBig, *Claim, bool) {
	return testRegistry().WinningMove(r, p, misere)
}
