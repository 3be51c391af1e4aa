package engine

import (
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/discover"
	"github.com/grundy/grundy/theory"
)

// A fact is what one proved theorem or discovery says of a position, and
// how grundy established it.
type fact struct {
	ID, Method string
	Quantity   theory.Quantity
	Value      *big.Int
}

// discoveries are the facts of the proved formulas of `grundy discover`'s
// committed ledger (discover/discoveries.json) at canonical position p.
func discoveries(r grundy.Ruleset, p grundy.BigPosition) []fact {
	var out []fact
	for _, f := range discover.Answer(r, p) {
		out = append(out, fact{f.Entry.ID(), "found by grundy discover, proved for all positions by " + f.Entry.Solver + ", " + f.Entry.Date,
			f.Quantity, f.Value})
	}
	return out
}
