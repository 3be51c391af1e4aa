package theory

import (
	"math/big"

	"github.com/grundy/grundy"
)

// A Fact is what one proved claim says of one position.
type Fact struct {
	Claim    *Claim
	Quantity Quantity
	Value    *big.Int
}

// Answer lists what the proved claims say of canonical position p of r.
// Claims reported only from computation, and printed tables, are left out:
// they are not theorems.
func Answer(r grundy.Ruleset, p grundy.BigPosition) []Fact {
	var out []Fact
	for _, c := range All() {
		if c.Status != Proved || c.Refuted != "" || !c.Applies(r, len(p)) {
			continue
		}
		if v, ok := c.Eval(r, p); ok {
			out = append(out, Fact{Claim: c, Quantity: c.Quantity, Value: v})
		}
	}
	return out
}

// WinningMove finds, through a proved claim with a move finder, a move from
// p to a P-position of the chosen play. It returns the claim used.
func WinningMove(r grundy.Ruleset, p grundy.BigPosition, misere bool) (grundy.BigPosition, *Claim, bool) {
	// A claim on G (G⁻) finds moves to G = 0 (G⁻ = 0): the P-positions of
	// normal (misère) play, like a claim on P (P⁻) membership.
	want, wantG := QP, QG
	if misere {
		want, wantG = QPm, QGm
	}
	for _, c := range All() {
		if c.Status != Proved || c.Refuted != "" || c.Move == nil || c.Quantity != want && c.Quantity != wantG || !c.Applies(r, len(p)) {
			continue
		}
		if q, ok := c.Move(r, p); ok {
			return q, c, true
		}
	}
	return nil, nil, false
}
