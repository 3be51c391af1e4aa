package plot

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// ClaimOverlay turns a claim of the theorem registry into an overlay of
// the P-positions it implies: membership claims directly, Sprague–Grundy
// claims where they give 0, remoteness claims where they give an even
// number. Claims of any status, refuted ones included, can be drawn: the
// picture is an audit. ok is false for claims of no play's P-positions.
func ClaimOverlay(c *theory.Claim, r grundy.Ruleset) (Overlay, bool) {
	var misere bool
	var isP func(v int64) bool
	switch c.Quantity {
	case theory.QP, theory.QPm:
		isP = func(v int64) bool { return v == 1 }
	case theory.QG, theory.QGm:
		isP = func(v int64) bool { return v == 0 }
	case theory.QR, theory.QRm:
		isP = func(v int64) bool { return v%2 == 0 }
	default:
		return Overlay{}, false
	}
	misere = c.Quantity == theory.QPm || c.Quantity == theory.QGm || c.Quantity == theory.QRm
	source := fmt.Sprintf("%s %s, %s", c.Paper, c.Ref, c.Support)
	if c.Refuted != "" {
		source += ", refuted at " + c.Refuted
	}
	return Overlay{ID: c.ID, Source: source, Misere: misere, Predictor: PredictorFunc(
		func(p grundy.Position) (bool, bool) {
			v, ok := c.Eval(r, grundy.Canonical(r, p).Big())
			if !ok || !v.IsInt64() {
				return false, false
			}
			return isP(v.Int64()), true
		})}, true
}
