package games_test

import (
	"slices"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// TestWythoffSection5Families checks the 002 §5 generalizations against
// the games they generalize: K = 2 restricts single-pile moves to even
// amounts (Γ_EE) or to odd ones (Γ_OO, both ≡ 1 and ≡ K−1 mod 2), and K = 1
// lifts every restriction ((s,t)-Wythoff itself).
func TestWythoffSection5Families(t *testing.T) {
	for _, c := range []struct{ game, same string }{
		{"wythoff-mult:K=2,s=1,t=2", "wythoff-ee:s=1,t=2"},
		{"wythoff-mult:K=2,s=2,t=3", "wythoff-ee:s=2,t=3"},
		{"wythoff-1mod:K=2,s=2,t=1", "wythoff-oo:s=2,t=1"},
		{"wythoff-m1mod:K=2,s=1,t=3", "wythoff-oo:s=1,t=3"},
		{"wythoff-mult:K=1,s=2,t=2", "wythoff:s=2,t=2"},
		{"wythoff-1mod:K=1", "wythoff"},
		{"wythoff-m1mod:K=1", "wythoff"},
	} {
		a, b := solveBox(t, mustParse(t, c.game), 2, 16), solveBox(t, mustParse(t, c.same), 2, 16)
		a.Each(func(p grundy.Position, got grundy.Values) bool {
			if want, _ := b.Lookup(p); got != want {
				t.Errorf("%s at %v = %+v, %s gives %+v", c.game, p, got, c.same, want)
				return false
			}
			return true
		})
	}
}

// TestWythoffMultHand: in wythoff-mult:K=3 (s = t = 1) a position (0, y)
// has only single-pile moves of 3, 6, …, so it is a P-position iff y < 3;
// (1, y) with y ≥ 1 moves diagonally to (0, y−1): P iff no such follower is P.
func TestWythoffMultHand(t *testing.T) {
	tab := solveBox(t, mustParse(t, "wythoff-mult:K=3"), 2, 12)
	for y := 0; y <= 12; y++ {
		v, _ := tab.Lookup(grundy.Position{0, y})
		if got, want := v.G == 0, y < 3; got != want {
			t.Errorf("wythoff-mult:K=3 (0,%d) P = %v, want %v", y, got, want)
		}
	}
	// (1,1) → (0,0); (1,2) → (0,1); (1,3) → (0,2); (1,4): followers (1,1),
	// (0,3) [k=1,l=1], (0,4)? no: l−k < 1 forces l = k. So (1,4) → (0,3),(1,1):
	// both N, so (1,4) is P.
	for _, c := range []struct {
		y int
		p bool
	}{{1, false}, {2, false}, {3, false}, {4, true}} {
		v, _ := tab.Lookup(grundy.Position{1, c.y})
		if got := v.G == 0; got != c.p {
			t.Errorf("wythoff-mult:K=3 (1,%d) P = %v, want %v", c.y, got, c.p)
		}
	}
}

func TestSection5NamesRoundTrip(t *testing.T) {
	for _, spec := range []string{"wythoff-mult:K=3,s=2,t=4", "wythoff-1mod:K=4,s=1,t=1", "wythoff-m1mod:K=5,s=3,t=2", "wythoff-mod:K=3,s=2,t=4"} {
		if got := mustParse(t, spec).Name(); got != spec {
			t.Errorf("Parse(%q).Name() = %q", spec, got)
		}
	}
	if got := mustParse(t, "wythoff-mult").Name(); got != "wythoff-mult:K=2,s=1,t=1" {
		t.Errorf("defaults: %q", got)
	}
}

// TestWythoffZeroValue: the zero Wythoff (no family, S = T = 0, DiagonalK
// unset) is a game whose only moves take any amount from one pile —
// (s,t) = (0,0) admits no two-pile move (l − k < −k has no solution) —
// and listing them ends: an unset DiagonalK once made the two-pile loop
// step by zero.
func TestWythoffZeroValue(t *testing.T) {
	var w games.Wythoff
	var got []grundy.Position
	w.Options(grundy.Position{2, 1}, func(q grundy.Position) bool {
		got = append(got, slices.Clone(q))
		return true
	})
	want := []grundy.Position{{1, 1}, {0, 1}, {2, 0}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("zero Wythoff at (2,1): options %v, want %v", got, want)
	}
	if w.Diagonal(1, 1) {
		t.Error("zero Wythoff: Diagonal(1,1), want no two-pile move")
	}
}
