package solve

import (
	"fmt"
	"math"
	"math/big"
	"slices"

	"github.com/grundy/grundy"
)

// An Index numbers the canonical positions of a box densely: n piles, each
// at most Max, where the piles from From on are interchangeable and kept
// sorted ascending. The ordered prefix p[:From] is numbered in mixed radix
// (Max+1); the sorted suffix by the combinatorial number system (colex
// rank of c_i = q_i + i, i.e. Σ C(q_i + i, i+1)), so that lowering one
// sorted pile by one token lowers the rank by a single binomial.
type Index struct {
	N, From, Max int
	sortedCount  uint64     // C(Max+m, m), m = N − From
	binom        [][]uint64 // binom[a][b] = C(a, b), a ≤ Max+m, b ≤ m
	size         uint64
}

// BoxSize is the number of canonical positions of the box, of any size.
func BoxSize(n, from, max int) *big.Int {
	m := n - from
	size := new(big.Int).Binomial(int64(max+m), int64(m))
	prefix := new(big.Int).Exp(big.NewInt(int64(max+1)), big.NewInt(int64(from)), nil)
	return size.Mul(size, prefix)
}

// NewIndex builds the index of a box; it fails when the box has 2^63 or
// more positions.
func NewIndex(n, from, max int) (*Index, error) {
	if n < 1 || max < 0 || from < 0 || from > n {
		return nil, fmt.Errorf("bad box: %d piles, max %d", n, max)
	}
	size := BoxSize(n, from, max)
	if !size.IsInt64() {
		return nil, fmt.Errorf("box of %d piles ≤ %d has %s positions, too many to index", n, max, size)
	}
	m := n - from
	ix := &Index{N: n, From: from, Max: max, size: size.Uint64()}
	ix.binom = make([][]uint64, max+m+1)
	for a := range ix.binom {
		row := make([]uint64, m+1)
		row[0] = 1
		for b := 1; b <= m && b <= a; b++ {
			up := ix.binom[a-1]
			row[b] = satAdd(up[b-1], up[b])
		}
		ix.binom[a] = row
	}
	ix.sortedCount = ix.binom[max+m][m]
	return ix, nil
}

func satAdd(a, b uint64) uint64 {
	if a > math.MaxUint64-b {
		return math.MaxUint64
	}
	return a + b
}

// Size is the number of positions in the box.
func (ix *Index) Size() uint64 { return ix.size }

// Contains reports whether the canonical position p lies in the box.
func (ix *Index) Contains(p grundy.Position) bool {
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
func (ix *Index) Rank(p grundy.Position) uint64 {
	var r uint64
	for _, x := range p[:ix.From] {
		r = r*uint64(ix.Max+1) + uint64(x)
	}
	r *= ix.sortedCount
	for i, x := range p[ix.From:] {
		r += ix.binom[x+i][i+1]
	}
	return r
}

// Unrank is the inverse of Rank.
func (ix *Index) Unrank(r uint64, p grundy.Position) {
	pre, suf := r/ix.sortedCount, r%ix.sortedCount
	for i := ix.From - 1; i >= 0; i-- {
		p[i] = int(pre % uint64(ix.Max+1))
		pre /= uint64(ix.Max + 1)
	}
	m := ix.N - ix.From
	c := ix.Max + m - 1
	for i := m - 1; i >= 0; i-- {
		for ix.binom[c][i+1] > suf {
			c--
		}
		suf -= ix.binom[c][i+1]
		p[ix.From+i] = c - i
		c--
	}
}

// canonicalRank sorts the interchangeable piles of p in place and ranks it.
func (ix *Index) canonicalRank(p grundy.Position) uint64 {
	suf := p[ix.From:]
	if len(suf) <= 8 {
		for i := 1; i < len(suf); i++ {
			for j := i; j > 0 && suf[j] < suf[j-1]; j-- {
				suf[j], suf[j-1] = suf[j-1], suf[j]
			}
		}
	} else {
		slices.Sort(suf)
	}
	return ix.Rank(p)
}
