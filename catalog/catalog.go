package catalog

import (
	"sync"

	"github.com/grundy/grundy/symbolic"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/exactslow"
	"github.com/grundy/grundy/theory/greedynim"
	"github.com/grundy/grundy/theory/remoteness"
	"github.com/grundy/grundy/theory/slowknim"
	"github.com/grundy/grundy/theory/stwythoff"
)

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
	).WithAuto(auto)
})
