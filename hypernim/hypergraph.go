package hypernim

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// MaxVertices bounds the vertices of a hypergraph (edges are bit sets).
const MaxVertices = 8

// A Hypergraph is a set of nonempty edges on the vertices 0..N−1, each
// edge a bit set (bit i: vertex i+1 as printed). Edges are sorted by
// size, then by value, so equal hypergraphs compare equal.
type Hypergraph struct {
	N     int
	Edges []uint32
}

// New returns the hypergraph of the given edges (vertices numbered from
// 1), sorted; it reports an edge that is empty, names a vertex outside
// 1..n, or repeats another.
func New(n int, edges [][]int) (Hypergraph, error) {
	if n < 1 || n > MaxVertices {
		return Hypergraph{}, fmt.Errorf("%d vertices: a hypergraph here has 1 to %d", n, MaxVertices)
	}
	h := Hypergraph{N: n}
	for _, e := range edges {
		var m uint32
		for _, v := range e {
			if v < 1 || v > n {
				return Hypergraph{}, fmt.Errorf("edge {%s} names vertex %d, outside 1..%d", joinInts(e), v, n)
			}
			m |= 1 << (v - 1)
		}
		if m == 0 {
			return Hypergraph{}, fmt.Errorf("an empty edge")
		}
		if slices.Contains(h.Edges, m) {
			return Hypergraph{}, fmt.Errorf("edge {%s} given twice", joinInts(e))
		}
		h.Edges = append(h.Edges, m)
	}
	h.sort()
	return h, nil
}

func (h *Hypergraph) sort() {
	slices.SortFunc(h.Edges, func(a, b uint32) int {
		if c := bits.OnesCount32(a) - bits.OnesCount32(b); c != 0 {
			return c
		}
		return int(a) - int(b)
	})
}

// Parse reads "{1,2} {2,3}" as a hypergraph on n vertices.
func Parse(n int, s string) (Hypergraph, error) {
	var edges [][]int
	rest := strings.TrimSpace(s)
	for rest != "" {
		if rest[0] != '{' {
			return Hypergraph{}, fmt.Errorf("edges %q: expected { at %q", s, rest)
		}
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			return Hypergraph{}, fmt.Errorf("edges %q: an edge without its closing }", s)
		}
		var e []int
		for _, f := range strings.Split(rest[1:end], ",") {
			v, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				return Hypergraph{}, fmt.Errorf("edges %q: %q is not a vertex number", s, strings.TrimSpace(f))
			}
			e = append(e, v)
		}
		edges = append(edges, e)
		rest = strings.TrimSpace(rest[end+1:])
	}
	if len(edges) == 0 {
		return Hypergraph{}, fmt.Errorf("no edges: give them as {1,2} {2,3}")
	}
	return New(n, edges)
}

// String prints the edges as {1,2} {2,3}, vertices numbered from 1.
func (h Hypergraph) String() string {
	var parts []string
	for _, e := range h.Edges {
		var vs []string
		for i := range h.N {
			if e>>i&1 == 1 {
				vs = append(vs, strconv.Itoa(i+1))
			}
		}
		parts = append(parts, "{"+strings.Join(vs, ",")+"}")
	}
	return strings.Join(parts, " ")
}

// Rule is the hypergraph as a rule text of package lang.
func (h Hypergraph) Rule(name string) string {
	return fmt.Sprintf("ruleset %s\npiles %d\nedges %s\nmove take any from each pile of one edge\n", name, h.N, h)
}

// Covers reports whether every vertex lies in some edge.
func (h Hypergraph) Covers() bool {
	var u uint32
	for _, e := range h.Edges {
		u |= e
	}
	return u == 1<<h.N-1
}

func (h Hypergraph) has(e uint32) bool { return slices.Contains(h.Edges, e) }

// Sizes is the set of edge sizes, bit k for size k.
func (h Hypergraph) Sizes() uint32 {
	var s uint32
	for _, e := range h.Edges {
		s |= 1 << bits.OnesCount32(e)
	}
	return s
}

// Symmetric reports whether every permutation of the vertices maps H onto
// itself: H is every set whose size is in Sizes (arXiv 1804.01859).
func (h Hypergraph) Symmetric() bool {
	want := 0
	for k := 1; k <= h.N; k++ {
		if h.Sizes()>>k&1 == 1 {
			want += binomial(h.N, k)
		}
	}
	return len(h.Edges) == want
}

func binomial(n, k int) int {
	c := 1
	for i := range k {
		c = c * (n - i) / (i + 1)
	}
	return c
}

// Graph reports whether every edge has two vertices (a 2-uniform
// hypergraph, arXiv 1804.03692).
func (h Hypergraph) Graph() bool { return h.Sizes() == 1<<2 }

// Matroid reports whether the edges are the bases of a matroid: all of
// one size, and for bases A ≠ B and a ∈ A∖B some b ∈ B∖A makes
// A − a + b a basis (the exchange axiom).
func (h Hypergraph) Matroid() bool {
	if bits.OnesCount32(h.Sizes()) != 1 {
		return false
	}
	for _, a := range h.Edges {
		for _, b := range h.Edges {
			for d := a &^ b; d != 0; d &= d - 1 {
				x := d & -d
				ok := false
				for c := b &^ a; c != 0; c &= c - 1 {
					if h.has(a&^x | c&-c) {
						ok = true
						break
					}
				}
				if !ok {
					return false
				}
			}
		}
	}
	return true
}

// Dual is the hypergraph of the complements of the edges (the bases of
// the dual matroid when H is a matroid's bases); an edge equal to V has
// an empty complement, so the dual of a hypergraph with V as an edge is
// reported as not existing.
func (h Hypergraph) Dual() (Hypergraph, bool) {
	all := uint32(1)<<h.N - 1
	d := Hypergraph{N: h.N}
	for _, e := range h.Edges {
		if e == all {
			return Hypergraph{}, false
		}
		d.Edges = append(d.Edges, all&^e)
	}
	d.sort()
	return d, true
}

// SelfDualMatroid reports whether H is a matroid's bases isomorphic to
// its dual's.
func (h Hypergraph) SelfDualMatroid() bool {
	if !h.Matroid() {
		return false
	}
	d, ok := h.Dual()
	return ok && slices.Equal(Canonical(d).Edges, Canonical(h).Edges)
}

// IdenticallySelfDual reports whether H is a matroid's bases equal to its
// dual's: the complement of every basis is a basis.
func (h Hypergraph) IdenticallySelfDual() bool {
	if !h.Matroid() {
		return false
	}
	d, ok := h.Dual()
	return ok && slices.Equal(d.Edges, h.Edges)
}

// Moore is Moore's NIM_{n,k}: every nonempty set of at most k vertices
// (k = n−1: "proper NIM", solved by Jenkyns and Mayberry).
func Moore(n, k int) Hypergraph {
	h := Hypergraph{N: n}
	for e := uint32(1); e < 1<<n; e++ {
		if bits.OnesCount32(e) <= k {
			h.Edges = append(h.Edges, e)
		}
	}
	h.sort()
	return h
}

// Intersecting reports whether every two edges share a vertex.
func (h Hypergraph) Intersecting() bool {
	for _, a := range h.Edges {
		for _, b := range h.Edges {
			if a&b == 0 {
				return false
			}
		}
	}
	return true
}

// TransversalFree reports whether no edge meets every edge (no edge is a
// transversal of H; 1804.01859 lists "transversal-free hypergraph" among
// its key words).
func (h Hypergraph) TransversalFree() bool {
	for _, a := range h.Edges {
		all := true
		for _, b := range h.Edges {
			if a&b == 0 {
				all = false
				break
			}
		}
		if all {
			return false
		}
	}
	return true
}

// Names are the families the papers name that h belongs to, and whether
// it is intersecting.
func (h Hypergraph) Names() []string {
	var out []string
	sizes := h.Sizes()
	sym := h.Symmetric()
	top := bits.Len32(sizes) - 1 // the largest edge size
	if sym && sizes == uint32(1)<<(top+1)-2 {
		switch {
		case top == 1:
			out = append(out, "NIM")
		case top == h.N-1:
			out = append(out, fmt.Sprintf("proper NIM (Moore k=%d)", top))
		case top == h.N:
			out = append(out, "every nonempty set (selective compound)")
		default:
			out = append(out, fmt.Sprintf("Moore k=%d", top))
		}
	}
	if sym && bits.OnesCount32(sizes) == 1 && top > 1 {
		if top == h.N {
			out = append(out, "one edge V (conjunctive compound)")
		} else {
			out = append(out, fmt.Sprintf("exact k=%d", top))
		}
	}
	if sym {
		out = append(out, "symmetric")
	}
	if h.Graph() {
		out = append(out, "graph")
	}
	if h.Matroid() {
		out = append(out, "matroid")
	}
	if h.SelfDualMatroid() {
		out = append(out, "self-dual matroid")
	}
	if h.IdenticallySelfDual() {
		out = append(out, "identically self-dual")
	}
	if h.Intersecting() {
		out = append(out, "intersecting")
	}
	if h.TransversalFree() {
		out = append(out, "transversal-free")
	}
	return out
}

// SymmetricAll lists the symmetric hypergraphs on n vertices: for each
// nonempty set K of sizes, every set whose size is in K.
func SymmetricAll(n int) []Hypergraph {
	var out []Hypergraph
	for k := uint32(1); k < 1<<n; k++ {
		h := Hypergraph{N: n}
		for e := uint32(1); e < 1<<n; e++ {
			if k>>(bits.OnesCount32(e)-1)&1 == 1 {
				h.Edges = append(h.Edges, e)
			}
		}
		h.sort()
		out = append(out, h)
	}
	return out
}

func joinInts(e []int) string {
	s := make([]string, len(e))
	for i, v := range e {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ",")
}
