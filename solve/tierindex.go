package solve

import (
	"fmt"
	"math"
	"sort"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/internal/plural"
)

// A TierIndex numbers the canonical positions of a box densely, tier by
// tier: every move of every ruleset removes at least one token, so the
// positions with token sum s (tier s) depend only on lower tiers, and a
// solver that keeps the tiers contiguous reads its followers from a few
// recent, cache-sized stretches of memory and can drop or stream tiers it
// no longer needs.
//
// A position has N piles, each at most Max; the piles from From on are
// interchangeable and kept sorted ascending. Rank(p) is the start of p's
// tier plus p's rank within it. Within a tier, positions are ordered by
// the ordered piles p[:From] lexicographically, then by the sorted piles
// compared from the largest down (lexicographic order of the suffix
// written in descending order). That order is part of the table checksum
// (see Checksum), so it must not change.
type TierIndex struct {
	N, From, Max int
	m            int // sorted piles
	// sorted[j][r*(Max+1)+c], j ≥ 3, is the number of sorted j-tuples of
	// values ≤ c with sum r ≤ j·Max; j < 3 have closed forms.
	sorted [][]uint64
	// cum[j][r], j ≤ From, is the number of ways to fill piles j..N−1
	// with at most r tokens in all.
	cum   [][]uint64
	start []uint64 // start[s]: rank of the first position of tier s; start[S+1] = size
}

// NewTierIndex builds the index of a box; it fails when the box has 2^63
// or more positions.
func NewTierIndex(n, from, max int) (*TierIndex, error) {
	if n < 1 || max < 0 || from < 0 || from > n {
		return nil, fmt.Errorf("bad box: %d piles, max %d", n, max)
	}
	if float64(n)*float64(max) > math.MaxInt32 {
		return nil, fmt.Errorf("box of %s ≤ %d has too many tiers to index", plural.Piles(n), max)
	}
	if _, err := indexableSize(n, from, max); err != nil {
		return nil, err
	}
	m := n - from
	ix := &TierIndex{N: n, From: from, Max: max, m: m}
	w := max + 1
	ix.sorted = make([][]uint64, m+1)
	for j := 3; j <= m; j++ {
		// N_j(r, c) = N_j(r, c−1) + N_{j−1}(r−c, c): the largest part is
		// below c, or equals c and the other j−1 parts are at most c.
		t := make([]uint64, (j*max+1)*w)
		for r := 0; r <= j*max; r++ {
			for c := 0; c <= max; c++ {
				var v uint64
				if c > 0 {
					v = t[r*w+c-1]
				} else if r == 0 {
					v = 1
				}
				if c > 0 && r >= c {
					v = satAdd(v, ix.sortedCount(j-1, r-c, c))
				}
				t[r*w+c] = v
			}
		}
		ix.sorted[j] = t
	}
	top := n * max
	ix.cum = make([][]uint64, from+1)
	fill := make([]uint64, top+1)
	for r := range fill {
		fill[r] = ix.sortedCount(m, r, max)
	}
	for j := from; ; j-- {
		c := make([]uint64, top+1)
		var acc uint64
		for r, f := range fill {
			acc = satAdd(acc, f)
			c[r] = acc
		}
		ix.cum[j] = c
		if j == 0 {
			break
		}
		// One more ordered pile in front: any value 0..Max.
		for r := range fill {
			fill[r] = ix.cumAt(j, r) - ix.cumAt(j, r-max-1)
		}
	}
	ix.start = make([]uint64, top+2)
	for s := 0; s <= top; s++ {
		ix.start[s+1] = ix.start[s] + ix.cumAt(0, s) - ix.cumAt(0, s-1)
	}
	return ix, nil
}

// sortedCount is the number of sorted j-tuples of values in [0, c] with
// sum r; c ≤ Max.
func (ix *TierIndex) sortedCount(j, r, c int) uint64 {
	if r < 0 || c < 0 || r > j*c {
		if r == 0 && j == 0 {
			return 1
		}
		return 0
	}
	switch j {
	case 0:
		if r == 0 {
			return 1
		}
		return 0
	case 1:
		return 1
	case 2:
		// b0 ≤ b1 ≤ c with b0 + b1 = r: b1 runs from ⌈r/2⌉ to min(r, c).
		return uint64(min(r, c) - (r+1)/2 + 1)
	}
	return ix.sorted[j][r*(ix.Max+1)+c]
}

func (ix *TierIndex) cumAt(j, r int) uint64 {
	if r < 0 {
		return 0
	}
	c := ix.cum[j]
	if r >= len(c) {
		return c[len(c)-1]
	}
	return c[r]
}

// Size is the number of positions in the box.
func (ix *TierIndex) Size() uint64 { return ix.start[len(ix.start)-1] }

// Tiers is the number of tiers, N·Max + 1.
func (ix *TierIndex) Tiers() int { return len(ix.start) - 1 }

// TierStart is the rank of the first position with token sum s.
func (ix *TierIndex) TierStart(s int) uint64 { return ix.start[s] }

// TierSize is the number of positions with token sum s.
func (ix *TierIndex) TierSize(s int) uint64 { return ix.start[s+1] - ix.start[s] }

// Contains reports whether the canonical position p lies in the box.
func (ix *TierIndex) Contains(p grundy.Position) bool {
	if len(p) != ix.N {
		return false
	}
	for _, x := range p {
		if x < 0 || x > ix.Max {
			return false
		}
	}
	return true
}

// Rank numbers the canonical position p, which must lie in the box.
func (ix *TierIndex) Rank(p grundy.Position) uint64 {
	s := 0
	for _, x := range p {
		s += x
	}
	return ix.start[s] + ix.RankInTier(p, s)
}

// RankInTier numbers the canonical position p with token sum s among the
// positions of its tier.
func (ix *TierIndex) RankInTier(p grundy.Position, s int) uint64 {
	var r uint64
	rem := s
	for j, x := range p[:ix.From] {
		// Positions with a smaller pile j: Σ_{y<x} fill_{j+1}(rem − y).
		r += ix.cumAt(j+1, rem) - ix.cumAt(j+1, rem-x)
		rem -= x
	}
	suf := p[ix.From:]
	if len(suf) == 0 {
		return r
	}
	// Sorted pile i with rem_i tokens in piles 0..i: the tuples below it
	// are those whose pile i is smaller, N_{i+1}(rem_i, a_i − 1).
	below := suf[0]
	for i := 1; i < len(suf); i++ {
		below += suf[i]
		r += ix.sortedCount(i+1, below, suf[i]-1)
	}
	return r
}

// Unrank is the inverse of Rank.
func (ix *TierIndex) Unrank(r uint64, p grundy.Position) {
	s := sort.Search(len(ix.start)-1, func(s int) bool { return ix.start[s+1] > r })
	ix.UnrankInTier(s, r-ix.start[s], p)
}

// UnrankInTier is the inverse of RankInTier.
func (ix *TierIndex) UnrankInTier(s int, r uint64, p grundy.Position) {
	rem := s
	for j := range ix.From {
		// The least x with more than r positions whose pile j is ≤ x
		// (monotone in x, so a binary search).
		x := sort.Search(ix.Max, func(x int) bool { return ix.cumAt(j+1, rem)-ix.cumAt(j+1, rem-x-1) > r })
		r -= ix.cumAt(j+1, rem) - ix.cumAt(j+1, rem-x)
		p[j] = x
		rem -= x
	}
	suf := p[ix.From:]
	cap := ix.Max
	for i := len(suf) - 1; i >= 1; i-- {
		// The largest x with N_{i+1}(rem, x−1) ≤ r: the least x ≥ the
		// smallest possible top pile with N_{i+1}(rem, x) > r, or cap.
		lo := (rem + i) / (i + 1)
		x := lo + sort.Search(cap-lo, func(d int) bool { return ix.sortedCount(i+1, rem, lo+d) > r })
		r -= ix.sortedCount(i+1, rem, x-1)
		suf[i] = x
		rem -= x
		cap = x
	}
	if len(suf) > 0 {
		suf[0] = rem
	}
}

// firstInTier sets p to the first position of tier s.
func (ix *TierIndex) firstInTier(s int, p grundy.Position) {
	ix.fillMinimal(p, 0, s)
}

// fillMinimal sets p[j:] to the first arrangement of r tokens in the tier
// order: ordered piles as small as the piles after them allow, then the
// sorted piles as even as possible (the largest as small as possible).
func (ix *TierIndex) fillMinimal(p grundy.Position, j, r int) {
	for t := j; t < ix.From; t++ {
		after := (ix.N - t - 1) * ix.Max
		p[t] = max(0, r-after)
		r -= p[t]
	}
	if j < ix.From {
		j = ix.From
	}
	balance(p[j:], r)
}

// balance spreads r tokens over a as evenly as possible, sorted ascending.
func balance(a []int, r int) {
	if len(a) == 2 {
		// The commonest case in tier order (the two lowest piles after
		// pile 2 grew), without a division by a variable.
		a[1] = (r + 1) >> 1
		a[0] = r - a[1]
		return
	}
	for i := len(a) - 1; i >= 0; i-- {
		a[i] = (r + i) / (i + 1)
		r -= a[i]
	}
}

// nextInTier advances p to the next position of its tier and returns the
// highest index of the sorted suffix that changed (counted within the
// suffix; len(suffix) when an ordered pile changed), or −1 after the last
// position of the tier.
func (ix *TierIndex) nextInTier(p grundy.Position) int {
	suf := p[ix.From:]
	if len(suf) > 0 {
		below := suf[0]
		for i := 1; i < len(suf); i++ {
			cap := ix.Max
			if i+1 < len(suf) {
				cap = suf[i+1]
			}
			if below >= 1 && suf[i] < cap {
				suf[i]++
				balance(suf[:i], below-1)
				return i
			}
			below += suf[i]
		}
		// rest is the token count of the piles after j.
		rest := below
		for j := ix.From - 1; j >= 0; j-- {
			if p[j] < ix.Max && rest >= 1 {
				p[j]++
				ix.fillMinimal(p, j+1, rest-1)
				return len(suf)
			}
			rest += p[j]
		}
		return -1
	}
	rest := 0
	for j := ix.From - 1; j >= 0; j-- {
		if p[j] < ix.Max && rest >= 1 {
			p[j]++
			ix.fillMinimal(p, j+1, rest-1)
			return 0
		}
		rest += p[j]
	}
	return -1
}
