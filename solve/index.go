package solve

import (
	"fmt"
	"math"
	"math/big"
	"slices"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/internal/plural"
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
// It takes time and memory that grow with the count's digits (minutes
// for a million piles); EstimateBox answers at once.
func BoxSize(n, from, max int) *big.Int {
	m := n - from
	N := new(big.Int).Add(big.NewInt(int64(max)), big.NewInt(int64(m)))
	k := min(m, max)
	size := big.NewInt(1)
	for i := range k {
		size.Mul(size, new(big.Int).Sub(N, big.NewInt(int64(i))))
		size.Quo(size, big.NewInt(int64(i)+1))
	}
	prefix := new(big.Int).Exp(new(big.Int).Add(big.NewInt(int64(max)), big.NewInt(1)), big.NewInt(int64(from)), nil)
	return size.Mul(size, prefix)
}

// indexableSize is the box's size when it is below 2^63, for the indexes.
func indexableSize(n, from, max int) (uint64, error) {
	size, huge := boxSizeCapped(n, from, max, big.NewInt(math.MaxInt64))
	if huge || !size.IsInt64() {
		return 0, fmt.Errorf("box of %s ≤ %d has more than 2^63 positions, too many to index", plural.Piles(n), max)
	}
	return size.Uint64(), nil
}

// NewIndex builds the index of a box; it fails when the box has 2^63 or
// more positions.
func NewIndex(n, from, max int) (*Index, error) {
	size, err := indexable(n, from, max)
	if err != nil {
		return nil, err
	}
	m := n - from
	ix := &Index{N: n, From: from, Max: max, size: size}
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

// indexable is the size of a box NewIndex can index, or why it cannot:
// what NewIndex checks before it builds anything, so that a caller may ask
// without the table's cost.
func indexable(n, from, max int) (uint64, error) {
	if n < 1 || max < 0 || from < 0 || from > n {
		return 0, fmt.Errorf("bad box: %d piles, max %d", n, max)
	}
	m := n - from
	// The binomial table takes (max+m+1)(m+1) words: a pile of 2^40
	// tokens makes the box indexable but not its table.
	if words := (float64(max) + float64(m) + 1) * float64(m+1); words > 1<<23 {
		return 0, fmt.Errorf("box of %s ≤ %d: its index would take %s", plural.Piles(n), max, formatFloatBytes(8*words))
	}
	return indexableSize(n, from, max)
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
		// The largest c with C(c, i+1) ≤ suf, by binary search: a linear
		// scan costs O(Max) a position, which for piles of millions
		// stalls a search (and its cancellation) for minutes.
		lo, hi := i, c // C(i, i+1) = 0 ≤ suf; the answer lies in [lo, hi]
		for lo < hi {
			mid := lo + (hi-lo+1)/2
			if ix.binom[mid][i+1] <= suf {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		c = lo
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
