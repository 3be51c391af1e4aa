package smt

import (
	"fmt"

	"github.com/grundy/grundy/theory"
)

// NewRecord makes the ledger record of a proved result.
func NewRecord(c *theory.Claim, in Instance, res Result, date string) (theory.Record, error) {
	if res.Status != Proved {
		return theory.Record{}, fmt.Errorf("%s on %s: only proved results are recorded, got %s", c.ID, res.Game, res.Status)
	}
	text, _ := theory.Statement(c, in.Ruleset, in.Piles)
	// The digest of the encoding the proof was sent.
	moves := res.Moves
	if moves == "" {
		return theory.Record{}, fmt.Errorf("%s on %s: the result names no move encoding", c.ID, res.Game)
	}
	return theory.Record{ID: c.LedgerKey(), Game: in.Ruleset.Name(), Piles: in.Piles, Formula: text,
		Moves: moves, Solver: res.Solver, Date: date, Seconds: res.Seconds, Via: res.Via}, nil
}
