package plot

import (
	"fmt"
	"slices"
	"sync"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/games"
)

// The closed forms below are the two simplest and most certain of the
// papers; they let plots be audited before the theorem registry (package
// theory) supplies the rest through [Predictor].

// Bouton predicts the normal-play P-positions of Nim: those whose piles
// have nim-sum 0 (000 §1.1, Bouton's theorem).
var Bouton = Overlay{ID: "bouton", Source: "000 §1.1 (Bouton)", Predictor: PredictorFunc(
	func(p grundy.Position) (bool, bool) {
		x := 0
		for _, n := range p {
			x ^= n
		}
		return x == 0, true
	})}

// WythoffPairs predicts the normal-play P-positions of (s,t)-Wythoff's
// game: the pairs (A_n, B_n) and (B_n, A_n) with A_n = mex{A_i, B_i : i < n}
// and B_n = s·A_n + t·n (002 eq. (2)).
func WythoffPairs(s, t int) Overlay {
	w := &wythoffPairs{s: s, t: t, partner: map[int]int{}}
	return Overlay{ID: fmt.Sprintf("wythoff-pairs:s=%d,t=%d", s, t), Source: "002 eq. (2)", Predictor: w}
}

type wythoffPairs struct {
	s, t    int
	mu      sync.Mutex
	n, a    int         // pairs generated so far; the next A is ≥ a
	partner map[int]int // A_n ↔ B_n, both ways
}

func (w *wythoffPairs) Predicts(p grundy.Position) (bool, bool) {
	if len(p) != 2 {
		return false, false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	// Every pile size up to A_n is some A_i or B_i once A_n exceeds it,
	// since A_n is the mex of all earlier ones.
	for w.a <= max(p[0], p[1]) {
		w.next()
	}
	b, ok := w.partner[p[0]]
	return ok && b == p[1], true
}

func (w *wythoffPairs) next() {
	for {
		if _, used := w.partner[w.a]; !used {
			break
		}
		w.a++
	}
	a, b := w.a, w.s*w.a+w.t*w.n
	w.partner[a], w.partner[b] = b, a
	w.n++
	w.a++
}

// Overlays returns the overlays that apply to r with n piles: the two
// built in above, then every claim of the theorem registry (package
// theory) that speaks of r's P-positions, by claim ID.
func Overlays(r grundy.Ruleset, n int) []Overlay {
	var out []Overlay
	switch g := r.(type) {
	case games.Nim:
		out = append(out, Bouton)
	case games.Wythoff:
		plain := games.Amounts{Kind: games.Any}
		if n == 2 && g.DiagonalK == 1 && g.Single == [2]games.Amounts{plain, plain} {
			out = append(out, WythoffPairs(g.S, g.T))
		}
	}
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
