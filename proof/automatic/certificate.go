package automatic

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/decide/numeration"
	"github.com/grundy/grundy/theory"
)

// Certificate rebuilds what a proof of claim c on r with n piles decides
// on: the claim's set over x0…x{n−1} (or its value relation over x0…, g),
// the move relation over x0…, y0…, and their numeration system — for
// `grundy certify`, which writes them for an outside referee.
func Certificate(c *theory.Claim, r grundy.Ruleset, n int) (set, move numeration.Rel, sys numeration.System, err error) {
	t, ok := TargetOf(c.ID)
	if !ok {
		return set, move, sys, fmt.Errorf("%s: %w", c.ID, ErrNoTarget)
	}
	sys = t.System(r)
	b := newBuilder(sys)
	b.claim = c
	set = t.Set(b, r, n)
	if b.err != nil {
		return set, move, sys, b.err
	}
	move, err = b.moveRel(r, n)
	return set, move, sys, err
}
