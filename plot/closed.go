package plot

import (
	"fmt"
	"slices"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/games"
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
