package engine

import (
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
)

// Every proved, unrefuted claim of the registry drawn as an overlay agrees
// with the exhaustive values on small grids: the overlay reads each kind
// of claim (P-membership, G, R) the right way round.
func TestClaimOverlaysAgree(t *testing.T) {
	used := map[grundy.Quantity]int{}
	for _, tc := range []struct{ game, slice string }{
		{"wythoff", "x,y"}, {"wythoff:s=2,t=3", "x,y"}, {"wythoff-mod:K=2,s=1,t=1", "x,y"},
		{"wythoff-oa", "x,y"}, {"wythoff-oo", "x,y"}, {"wythoff-oe", "x,y"}, {"wythoff-eo", "x,y"},
		{"nim", "x,y"}, {"moore:k=2", "1,x,y"}, {"slow-exact:k=2", "2,x,y"}, {"slow-moore:k=2", "x,y"},
		{"bounded-nim:k=3", "x,y"}, {"greedy-nim", "x,y"}, {"bounded-greedy:k=2", "1,x,y"},
	} {
		r, err := games.Parse(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		sl, _ := ParseSlice(tc.slice)
		for _, o := range Overlays(r, len(sl.Piles)) {
			c, ok := catalog.Registry().Lookup(o.ID)
			if !ok || c.Support != theory.PaperProof || c.Refuted != "" {
				continue
			}
			g := compute(t, tc.game, HeatmapSpec{Max: 12, Slice: tc.slice, Misere: o.Misere})
			if err := g.WithOverlay(o); err != nil {
				t.Fatal(err)
			}
			used[c.Quantity]++
			if g.Overlay.Disagreements != 0 {
				t.Errorf("%s slice %s: claim %s (%s) disagrees at %d positions", tc.game, tc.slice, c.ID, c.Quantity, g.Overlay.Disagreements)
			}
		}
	}
	t.Logf("claims drawn, by quantity: %v", used)
	if len(used) == 0 {
		t.Error("no claim of the registry applies to any grid tested")
	}
}

// 000 Corollary 18(3) as printed (G = b + [i/2]) is refuted: at (2,3,4),
// a = 2, b = 3, i = 1, it gives G = 3 (an N-position), but G = (3 + ⌊3/2⌋)
// mod 2 = 0: its overlay must mark that cell as a disagreement.
func TestRefutedClaimOverlayDisagrees(t *testing.T) {
	r, _ := games.Parse("slow-exact:k=2")
	o, err := LookupOverlay(r, 3, "000/cor-18.3")
	if err != nil {
		t.Fatal(err)
	}
	g := compute(t, "slow-exact:k=2", HeatmapSpec{Max: 6, Slice: "2,x,y"})
	if err := g.WithOverlay(o); err != nil {
		t.Fatal(err)
	}
	if m := g.Overlay.Cells[4*g.Side()+3]; !m.Disagrees() {
		t.Errorf("000/cor-18.3 at 2,3,4: mark %d, want a disagreement", m)
	}
}
