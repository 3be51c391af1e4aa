package catalog

import (
	"sync"

	"github.com/grundy/grundy/games/symbolic"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/exactslow"
	"github.com/grundy/grundy/theory/greedynim"
	"github.com/grundy/grundy/theory/remoteness"
	"github.com/grundy/grundy/theory/slowknim"
	"github.com/grundy/grundy/theory/stwythoff"
)

// Literature gives the claims of the later papers (package literature,
// the literature/ folder), which sets it at init: literature reads claim
// files with theory/claimtext, whose tests import this package, so this
// package cannot import it. A program that links literature (engine
// does) has its claims in Registry; one that does not has the five
// papers'.
var Literature func() []*theory.Claim

func literature() []*theory.Claim {
	if Literature == nil {
		return nil
	}
	return Literature()
}

// Registry returns the frozen registry of every claim grundy knows.
var Registry = sync.OnceValue(func() *theory.Registry {
	ledger, err := theory.CommittedLedger()
	if err != nil {
		// The ledger is embedded at build time: a malformed one is a
		// broken build, which every test run reports.
		panic(err)
	}
	// A record counts while the move encoding it was proved with is the
	// prover's.
	ledger.MovesDigest = symbolic.Digest
	auto, err := theory.CommittedAutoLedger()
	if err != nil {
		panic(err)
	}
	return theory.NewRegistry(ledger,
		slowknim.Claims(),   // 000
		greedynim.Claims(),  // 001
		stwythoff.Claims(),  // 002
		remoteness.Claims(), // 003
		exactslow.Claims(),  // 004
		literature(),        // literature/: later papers, by folder
	).WithAuto(auto)
})
