package hypernim

import (
	"fmt"
	"math/bits"
	"slices"
)

// permutations lists every permutation of 0..n−1.
func permutations(n int) [][]int {
	var out [][]int
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	var rec func(k int)
	rec = func(k int) {
		if k == n {
			out = append(out, slices.Clone(p))
			return
		}
		for i := k; i < n; i++ {
			p[k], p[i] = p[i], p[k]
			rec(k + 1)
			p[k], p[i] = p[i], p[k]
		}
	}
	rec(0)
	return out
}

func permuteSet(e uint32, p []int) uint32 {
	var out uint32
	for ; e != 0; e &= e - 1 {
		out |= 1 << p[bits.TrailingZeros32(e)]
	}
	return out
}

// family is a set of edges as a bit set over the 2^n − 1 nonempty subsets
// (bit e−1 for edge e).
type family uint64

func (f family) permute(p []int, n int) family {
	var out family
	for ; f != 0; f &= f - 1 {
		e := uint32(bits.TrailingZeros64(uint64(f))) + 1
		out |= 1 << (permuteSet(e, p) - 1)
	}
	return out
}

func (f family) hypergraph(n int) Hypergraph {
	h := Hypergraph{N: n}
	for ; f != 0; f &= f - 1 {
		h.Edges = append(h.Edges, uint32(bits.TrailingZeros64(uint64(f)))+1)
	}
	h.sort()
	return h
}

func familyOf(h Hypergraph) family {
	var f family
	for _, e := range h.Edges {
		f |= 1 << (e - 1)
	}
	return f
}

// Canonical is the isomorphic copy of h whose edge family, read as a
// number, is least.
func Canonical(h Hypergraph) Hypergraph {
	f := familyOf(h)
	best := f
	for _, p := range permutations(h.N) {
		best = min(best, f.permute(p, h.N))
	}
	return best.hypergraph(h.N)
}

// MaxEnumerate bounds the labelled families Enumerate walks (2^(2^n − 1)
// for every hypergraph on n vertices): 4 vertices are 32768, 5 vertices
// 2^31, refused.
const MaxEnumerate = 1 << 20

// EnumerateCount is how many labelled families Enumerate(n, only) walks,
// for the estimate before it runs.
func EnumerateCount(n int, only func(e uint32) bool) uint64 {
	k := 0
	for e := uint32(1); e < 1<<n; e++ {
		if only == nil || only(e) {
			k++
		}
	}
	if k >= 64 {
		return 1 << 63
	}
	return 1 << k
}

// Enumerate lists every hypergraph on n vertices up to isomorphism whose
// edges cover the vertices, one per class (its Canonical form), its
// edges drawn from the sets only allows (nil: every nonempty set).
// It refuses a walk over more than MaxEnumerate labelled families.
func Enumerate(n int, only func(e uint32) bool) ([]Hypergraph, error) {
	if n < 1 || n > MaxVertices {
		return nil, fmt.Errorf("%d vertices: a hypergraph here has 1 to %d", n, MaxVertices)
	}
	if c := EnumerateCount(n, only); c > MaxEnumerate {
		return nil, fmt.Errorf("hypergraphs on %d vertices: %d labelled edge families to walk, over the limit of %d", n, c, MaxEnumerate)
	}
	var sets []uint32
	for e := uint32(1); e < 1<<n; e++ {
		if only == nil || only(e) {
			sets = append(sets, e)
		}
	}
	perms := permutations(n)
	all := uint32(1)<<n - 1
	var out []Hypergraph
	for sub := uint64(1); sub < 1<<len(sets); sub++ {
		var f family
		var cover uint32
		for s := sub; s != 0; s &= s - 1 {
			e := sets[bits.TrailingZeros64(s)]
			f |= 1 << (e - 1)
			cover |= e
		}
		if cover != all {
			continue
		}
		least := true
		for _, p := range perms {
			if f.permute(p, n) < f {
				least = false
				break
			}
		}
		if least {
			out = append(out, f.hypergraph(n))
		}
	}
	return out, nil
}

// A Family is which hypergraphs Hypergraphs lists.
type Family int

const (
	All       Family = iota // every cover of the vertices
	Graphs                  // every edge of two vertices (no isolated vertex)
	Uniform                 // every edge of one size, for each size
	Symmetric               // every set whose size is in K, for each K
)

var familyNames = []string{"all", "graphs", "uniform", "symmetric"}

func (f Family) String() string { return familyNames[f] }

// ParseFamily reads a family's name.
func ParseFamily(s string) (Family, error) {
	for i, n := range familyNames {
		if n == s {
			return Family(i), nil
		}
	}
	return 0, fmt.Errorf("family %q: give all, graphs, uniform or symmetric", s)
}

// Hypergraphs lists the family's hypergraphs on n vertices up to
// isomorphism.
func Hypergraphs(n int, f Family) ([]Hypergraph, error) {
	size := func(k int) func(uint32) bool {
		return func(e uint32) bool { return bits.OnesCount32(e) == k }
	}
	switch f {
	case Graphs:
		return Enumerate(n, size(2))
	case Uniform:
		var out []Hypergraph
		for k := 1; k <= n; k++ {
			hs, err := Enumerate(n, size(k))
			if err != nil {
				return nil, err
			}
			out = append(out, hs...)
		}
		return out, nil
	case Symmetric:
		if n < 1 || n > MaxVertices {
			return nil, fmt.Errorf("%d vertices: a hypergraph here has 1 to %d", n, MaxVertices)
		}
		return SymmetricAll(n), nil
	}
	return Enumerate(n, nil)
}

// Work is the steps of solving every hypergraph of hs on [0, max]^n:
// positions × the piles of every edge, twice (the followers' read and
// the below-sets' update).
func Work(hs []Hypergraph, max int) float64 {
	w := 0.0
	for _, h := range hs {
		pos, _ := Estimate(h, max)
		piles := 0
		for _, e := range h.Edges {
			piles += bits.OnesCount32(e)
		}
		w += 2 * pos * float64(piles+len(h.Edges))
	}
	return w
}
