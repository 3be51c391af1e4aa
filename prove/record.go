package prove

import (
	"fmt"

	"github.com/grundy/grundy/theory"
)

// EncodingVersion is the version of this package's symbolic move
// encodings; bump theory.EncodingVersion whenever an encoding changes, so
// that recorded proofs under an older one stop counting.
const EncodingVersion = theory.EncodingVersion

// NewRecord makes the ledger record of a proved result.
func NewRecord(c *theory.Claim, in Instance, res Result, date string) (theory.Record, error) {
	if res.Status != Proved {
		return theory.Record{}, fmt.Errorf("%s on %s: only proved results are recorded, got %s", c.ID, res.Game, res.Status)
	}
	text, _ := theory.Statement(c, in.Ruleset, in.Piles)
	return theory.Record{ID: c.LedgerKey(), Game: in.Ruleset.Name(), Piles: in.Piles, Formula: text,
		Encoding: EncodingVersion, Solver: res.Solver, Date: date, Seconds: res.Seconds, Via: res.Via}, nil
}
