package remoteness

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

// TestRegionAgreesWithNaive: the region solver, which clamps every pile
// > x1 + x2 to x1 + x2 + 1, against the plain recursion on the unclamped
// positions (piles up to x1 + x2 + 3): R⁻, the exception status and
// minimality agree at every sorted position of 2 to 6 piles with x1 ≤ 5,
// x2 ≤ 8; and every minimal exception of 4 or more piles has
// x(n−1) ≤ x1 + x2 (lemma (b) of region.go).
func TestRegionAgreesWithNaive(t *testing.T) {
	nv := naive{}
	const a, w = 5, 8
	for n := 2; n <= 6; n++ {
		g, err := newRegion(context.Background(), n, a, w, nil)
		if err != nil {
			t.Fatal(err)
		}
		if g.size != regionSize(n, a, w) {
			t.Errorf("region of %d piles has %d positions, regionSize says %d", n, g.size, regionSize(n, a, w))
		}
		seen := 0
		eachSorted(n, a, w, 3, func(x []int) {
			seen++
			got, ok := g.R(grundy.Position(x))
			if want := nv.rm(x); !ok || got != want {
				t.Fatalf("region R⁻(%v) = %d, %v; naive %d", x, got, ok, want)
			}
			y := slices.Clone(x)
			clamp(y)
			r := g.rank(y)
			if e, want := g.exc.has(r), nv.exception(x); e != want {
				t.Fatalf("region exception(%v) = %v, naive %v", x, e, want)
			}
			min := g.minimal(r)
			if want := nv.minimalException(x); min != want {
				t.Fatalf("region minimal exception(%v) = %v, naive %v", x, min, want)
			}
			if min && n >= 4 && x[n-2] > x[0]+x[1] {
				t.Fatalf("%v is a minimal exception with x(n−1) > x1 + x2", x)
			}
		})
		if seen == 0 {
			t.Fatalf("no position of %d piles", n)
		}
	}
}

// TestRegionRanks: ranks are a bijection of each region onto [0, size).
func TestRegionRanks(t *testing.T) {
	for n := 2; n <= 5; n++ {
		g, err := newRegion(context.Background(), n, 4, 7, nil)
		if err != nil {
			t.Fatal(err)
		}
		seen := make([]bool, g.size)
		for x1 := 0; x1 <= g.a; x1++ {
			for x2 := x1; x2 <= g.w; x2++ {
				g.block(x1, x2, func(x []int, r uint64) {
					if !g.contains(x) || g.rank(x) != r || seen[r] {
						t.Fatalf("%d piles: (%v) at rank %d (rank %d, in %v, seen %v)", n, x, r, g.rank(x), g.contains(x), seen[r])
					}
					seen[r] = true
				})
			}
		}
		if i := slices.Index(seen, false); i >= 0 {
			t.Errorf("%d piles: rank %d of %d has no position", n, i, g.size)
		}
	}
}

// TestCatalogueSweepIndependently: with a cover of the printed rows alone
// (no family), the catalogue's sweep fails at exactly the minimal
// exceptions the plain recursion finds, and no row lists, among the positions of 3 to 5 piles with x1 ≤ 7,
// x2 ≤ 7 and every larger pile written x1 + x2 + 1 (lemma (a); the
// other piles up to x1 + x2 + 1), visits every such position once, and
// its detail names each of them.
func TestCatalogueSweepIndependently(t *testing.T) {
	nv := naive{}
	const a, w = 7, 7
	for n := 3; n <= 5; n++ {
		want := map[string]bool{}
		total := 0
		eachSorted(n, a, w, 1, func(x []int) {
			total++
			if nv.minimalException(x) && !(cover{}).covered(x) {
				want[grundy.Position(x).String()] = true
			}
		})
		got := map[string]bool{}
		visited := 0
		in := theory.Instance{Game: game(n), Piles: n, Max: w}
		detail, err := sweepCatalogue(context.Background(), cover{}, in, theory.SweepLimits{}, func(p grundy.Position, v theory.Verdict) {
			visited++
			if !v.Holds {
				got[p.String()] = true
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if visited != total {
			t.Errorf("%d piles: the sweep visits %d positions, want %d", n, visited, total)
		}
		if len(want) == 0 {
			t.Errorf("%d piles: no minimal exception in the window", n)
		}
		for p := range want {
			if !got[p] {
				t.Errorf("%d piles: minimal exception (%s) not reported", n, p)
			}
		}
		if head := fmt.Sprintf("%d piles, %d positions (clamped)", n, len(want)); !strings.HasPrefix(detail, head) {
			t.Errorf("detail %q, want it to start %q", detail, head)
		}
		for p := range got {
			if !want[p] {
				t.Errorf("%d piles: (%s) reported, no minimal exception", n, p)
			}
		}
	}
}

// TestCatalogueRefusesBeyondLimits: a window whose regions do not fit the
// limits is refused with the estimate, before anything is allocated.
func TestCatalogueRefusesBeyondLimits(t *testing.T) {
	in := theory.Instance{Game: game(8), Piles: 8, Max: catalogueX2}
	_, err := sweepCatalogue(context.Background(), cover{}, in, theory.SweepLimits{MemoryLimit: 1 << 20},
		func(grundy.Position, theory.Verdict) {})
	var tb *solve.TooBigError
	if !errors.As(err, &tb) {
		t.Fatalf("sweep in 1 MiB: %v, want a *solve.TooBigError", err)
	}
}

// TestNameUnlisted: rows by their first n − 1 piles, "+" when every xn
// from the least to x1 + x2 + 1 (which stands for all larger) is in, the
// explicit xn otherwise, and rows moved by (0, 2, 2) joined as a column.
func TestNameUnlisted(t *testing.T) {
	ps := []grundy.Position{{1, 1, 2}, {1, 1, 3}, {1, 3, 4}, {1, 3, 5}, {3, 3, 4}, {3, 3, 6}, {3, 5, 9}}
	got := nameUnlisted(ps, 4)
	want := "3 piles, 7 positions (clamped) in 4 rows: x1 = 1, n = 3 (§2.5): (1,1,2+) i = 0…1 (to the window); " +
		"odd x1 = 3, n = 3 (§2.10): (3,3, xn ∈ {4, 6}), (3,5,9+)"
	if got != want {
		t.Errorf("nameUnlisted = %q,\nwant %q", got, want)
	}
}

// eachSorted calls f with every sorted position of n piles with x1 ≤ a,
// x2 ≤ w and the other piles at most x1 + x2 + extra (x is reused).
func eachSorted(n, a, w, extra int, f func(x []int)) {
	x := make([]int, n)
	var walk func(i int)
	walk = func(i int) {
		if i == n {
			f(x)
			return
		}
		lo, hi := 0, a
		switch {
		case i == 1:
			lo, hi = x[0], w
		case i > 1:
			lo, hi = x[i-1], x[0]+x[1]+extra
		}
		for v := lo; v <= hi; v++ {
			x[i] = v
			walk(i + 1)
		}
	}
	walk(0)
}
