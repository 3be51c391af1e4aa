package prove

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"

	"github.com/grundy/grundy"
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

// MovesDigest is the lower-case hex SHA-256 of the symbolic move encoding
// of r on n piles that the solvers are sent (Encode: the canonical domain
// and every branch's guard and target, printed), and false when there is
// none. A proof recorded with it counts only while the encoding gives the
// same digest: any change to an encoding voids the proofs that used it,
// with no version to bump by hand. Digests are kept per ruleset and pile
// count (answers by theorem look them up often).
func MovesDigest(r grundy.Ruleset, n int) (string, bool) {
	key := fmt.Sprintf("%s|%d", r.Name(), n)
	if d, ok := digests.Load(key); ok {
		return d.(string), d.(string) != ""
	}
	d := ""
	if m, err := Encode(r, n); err == nil {
		d = m.digest()
	}
	digests.Store(key, d)
	return d, d != ""
}

var digests sync.Map

func (m *Moves) digest() string {
	sum := sha256.Sum256([]byte(m.text()))
	return hex.EncodeToString(sum[:])
}

// text prints the encoding whole, in a form that changes whenever it does.
func (m *Moves) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "grundy moves v1\npiles %d\ndomain %s\n", m.N, m.Domain)
	for _, br := range m.Branches {
		fmt.Fprintf(&b, "branch %q aux %d guard %s to", br.Desc, br.Aux, br.Guard)
		for _, t := range br.To {
			fmt.Fprintf(&b, " %s", t)
		}
		b.WriteString("\n")
	}
	return b.String()
}
