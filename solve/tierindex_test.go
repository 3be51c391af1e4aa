package solve

import (
	"fmt"
	"slices"
	"testing"

	"github.com/grundy/grundy"
)

// bruteTiers lists every canonical position of a box by plain nested
// enumeration of [0, max]^n, keeping those whose piles from `from` on are
// sorted, grouped by token sum and ordered by the documented tier order:
// ordered piles lexicographically, then the sorted piles from the largest
// down.
func bruteTiers(n, from, max int) [][]grundy.Position {
	tiers := make([][]grundy.Position, n*max+1)
	p := make(grundy.Position, n)
	for {
		if slices.IsSorted(p[from:]) {
			tiers[p.Sum()] = append(tiers[p.Sum()], slices.Clone(p))
		}
		i := n - 1
		for i >= 0 && p[i] == max {
			p[i] = 0
			i--
		}
		if i < 0 {
			break
		}
		p[i]++
	}
	key := func(p grundy.Position) []int {
		k := slices.Clone(p[:from])
		suf := slices.Clone(p[from:])
		slices.Reverse(suf)
		return append(k, suf...)
	}
	for _, t := range tiers {
		slices.SortFunc(t, func(a, b grundy.Position) int { return slices.Compare(key(a), key(b)) })
	}
	return tiers
}

func TestTierIndexAgainstBruteForce(t *testing.T) {
	for _, c := range []struct{ n, from, max int }{
		{1, 0, 7}, {1, 1, 7}, {2, 0, 6}, {2, 2, 5}, {2, 1, 4}, {3, 0, 5}, {3, 1, 4},
		{4, 0, 5}, {4, 2, 3}, {5, 0, 4}, {6, 0, 3}, {6, 0, 0}, {3, 3, 3}, {4, 1, 0},
	} {
		t.Run(fmt.Sprintf("n=%d/from=%d/max=%d", c.n, c.from, c.max), func(t *testing.T) {
			ix, err := NewTierIndex(c.n, c.from, c.max)
			if err != nil {
				t.Fatal(err)
			}
			tiers := bruteTiers(c.n, c.from, c.max)
			if got, want := ix.Tiers(), len(tiers); got != want {
				t.Fatalf("Tiers() = %d, want %d", got, want)
			}
			var rank uint64
			q := make(grundy.Position, c.n)
			for s, tier := range tiers {
				if got := ix.TierSize(s); got != uint64(len(tier)) {
					t.Errorf("TierSize(%d) = %d, want %d", s, got, len(tier))
				}
				if got := ix.TierStart(s); got != rank {
					t.Errorf("TierStart(%d) = %d, want %d", s, got, rank)
				}
				walk := make(grundy.Position, c.n)
				ix.firstInTier(s, walk)
				for i, p := range tier {
					if got := ix.Rank(p); got != rank {
						t.Errorf("Rank(%v) = %d, want %d", p, got, rank)
					}
					ix.Unrank(rank, q)
					if !slices.Equal(q, p) {
						t.Errorf("Unrank(%d) = %v, want %v", rank, q, p)
					}
					if !slices.Equal(walk, p) {
						t.Errorf("tier %d walk step %d at %v, want %v", s, i, walk, p)
					}
					h := ix.nextInTier(walk)
					if last := i == len(tier)-1; last != (h < 0) {
						t.Errorf("nextInTier after %v returned %d, last = %v", p, h, last)
					} else if !last && h < c.n-c.from && (!slices.Equal(walk[:c.from], p[:c.from]) || !slices.Equal(walk[c.from+h+1:], p[c.from+h+1:])) {
						t.Errorf("nextInTier(%v) = %v changed above suffix index %d", p, walk, h)
					}
					rank++
				}
			}
			if got := ix.Size(); got != rank {
				t.Errorf("Size() = %d, want %d", got, rank)
			}
			if want := BoxSize(c.n, c.from, c.max); want.Uint64() != rank {
				t.Errorf("BoxSize = %s, brute force %d", want, rank)
			}
		})
	}
}

// TestN2 compares the branch-free N_2 of the exact path with a count of
// the pairs, also where the arguments are out of range.
func TestN2(t *testing.T) {
	for r := -4; r <= 14; r++ {
		for top := -3; top <= 7; top++ {
			var want uint64
			for b0 := 0; b0 <= top; b0++ {
				for b1 := b0; b1 <= top; b1++ {
					if b0+b1 == r {
						want++
					}
				}
			}
			if got := n2(r, top); got != want {
				t.Errorf("n2(%d, %d) = %d, want %d", r, top, got, want)
			}
		}
	}
}
