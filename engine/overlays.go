package engine

import (
	"fmt"
	"slices"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
)

// shortNames gives two overlays of the claim registry the names plots
// have always drawn them by (--overlay bouton): Bouton's theorem for Nim
// (000/bouton) and the (s,t)-Wythoff pairs of 002 eq. (2) (002/eq-2). The
// closed forms are the registry's; nothing here re-codes them.
func shortNames(r grundy.Ruleset, n int) []Overlay {
	var id, name, source string
	switch g := r.(type) {
	case games.Nim:
		id, name, source = "000/bouton", "bouton", "000 §1.1 (Bouton)"
	case games.Wythoff:
		plain := games.Amounts{Kind: games.Any}
		if n != 2 || g.DiagonalK != 1 || g.Single != [2]games.Amounts{plain, plain} {
			return nil
		}
		id, name, source = "002/eq-2", fmt.Sprintf("wythoff-pairs:s=%d,t=%d", g.S, g.T), "002 eq. (2)"
	default:
		return nil
	}
	c, ok := catalog.Registry().Lookup(id)
	if !ok || !c.Applies(r, n) {
		return nil
	}
	o, ok := ClaimOverlay(c, r)
	if !ok {
		return nil
	}
	o.ID, o.Source = name, source
	return []Overlay{o}
}

// Overlays returns the overlays that apply to r with n piles: the two with
// short names above, then every claim of the theorem registry (package
// theory) that speaks of r's P-positions, by claim ID.
func Overlays(r grundy.Ruleset, n int) []Overlay {
	out := shortNames(r, n)
	for _, c := range catalog.Registry().All() {
		if !c.Applies(r, n) {
			continue
		}
		if o, ok := ClaimOverlay(c, r); ok {
			out = append(out, o)
		}
	}
	return out
}

// LookupOverlay finds the overlay named id among those that apply to r
// with n piles.
func LookupOverlay(r grundy.Ruleset, n int, id string) (Overlay, error) {
	all := Overlays(r, n)
	for _, o := range all {
		if o.ID == id {
			return o, nil
		}
	}
	ids := make([]string, len(all))
	for i, o := range all {
		ids[i] = o.ID
	}
	slices.Sort(ids)
	if len(ids) == 0 {
		return Overlay{}, fmt.Errorf("overlay %q: no overlay applies to %s with %d piles", id, r.Name(), n)
	}
	return Overlay{}, fmt.Errorf("overlay %q: unknown for %s with %d piles (have %v)", id, r.Name(), n, ids)
}

// ClaimOverlay turns a claim of the theorem registry into an overlay of
// the P-positions it implies: membership claims directly, Sprague–Grundy
// claims where they give 0, remoteness claims where they give an even
// number. Claims of any status, refuted ones included, can be drawn: the
// picture is an audit. ok is false for claims of no play's P-positions.
func ClaimOverlay(c *theory.Claim, r grundy.Ruleset) (Overlay, bool) {
	var misere bool
	var isP func(v int64) bool
	switch c.Quantity {
	case grundy.QP, grundy.QPm:
		isP = func(v int64) bool { return v == 1 }
	case grundy.QG, grundy.QGm:
		isP = func(v int64) bool { return v == 0 }
	case grundy.QR, grundy.QRm:
		isP = func(v int64) bool { return v%2 == 0 }
	default:
		return Overlay{}, false
	}
	misere = c.Quantity == grundy.QPm || c.Quantity == grundy.QGm || c.Quantity == grundy.QRm
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
