package lang

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Hypergraph NIM (Boros, Gurvich, Ho, Makino and Mursic, arXiv 1701.02819,
// 1804.01859, 1804.03692): the piles are the vertices of a hypergraph, and
// a move picks one edge and strictly decreases every pile of it. A rule
// says so with an item line and a selection:
//
//	piles 3
//	edges {1,2} {2,3} {1,2,3}
//	move take any from each pile of one edge
//
// Binding expands the selection into one move per edge whose parts are
// the edge's piles, each named by its number ("take any from pile 1 and
// any from pile 2"): the naive interpreter, the compiler and the prover
// read those as they read any rule, and for a fixed hypergraph the moves
// are a finite disjunction of Presburger moves, so prove encodes them.

// Limits on an edges line.
const (
	// MaxEdgeVertices bounds the vertices (piles) of a hypergraph: an edge
	// becomes one move with a part per pile, and a move has at most
	// MaxParts parts.
	MaxEdgeVertices = MaxParts
	// MaxEdges bounds the edges: every nonempty subset of 8 vertices.
	MaxEdges = 1<<MaxEdgeVertices - 1
)

// Edges is the "edges {1,2} {2,3} …" line: the hypergraph whose vertices
// are the piles (numbered from 1, as the papers count them).
type Edges struct {
	Pos  Pos
	Sets [][]int // each edge's piles, 1-based, as written
	At   []Pos   // where each edge's "{" is
}

// Symmetric reports whether every permutation of the vertices 1..n maps
// the edge set onto itself: then the edges are every set whose size is
// in some set of sizes, and the piles are interchangeable.
func (e *Edges) Symmetric(n int) bool {
	sizes := map[int]int{}
	for _, s := range e.Sets {
		sizes[len(s)]++
	}
	for k, c := range sizes {
		if c != binomial(n, k) {
			return false
		}
	}
	return true
}

func binomial(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	c := 1
	for i := range k {
		c = c * (n - i) / (i + 1)
	}
	return c
}

// String prints the line as it follows "edges".
func (e *Edges) String() string {
	var parts []string
	for _, s := range e.Sets {
		var vs []string
		for _, v := range s {
			vs = append(vs, strconv.Itoa(v))
		}
		parts = append(parts, "{"+strings.Join(vs, ",")+"}")
	}
	return strings.Join(parts, " ")
}

// edgesLine reads the rest of an "edges" line: one or more {i,j,…}.
func (p *parser) edgesLine(f *File, t token) *Error {
	if f.Edges != nil {
		return t.pos.errorf(Syntax, "a second edges line (the first is at line %d)", f.Edges.Pos.Line)
	}
	e := &Edges{Pos: t.pos}
	for {
		open := p.peek()
		if !p.accept("{") {
			if len(e.Sets) == 0 {
				return p.fail("an edge such as {1,2}")
			}
			break
		}
		if len(e.Sets) == MaxEdges {
			return open.pos.errorf(Limit, "more than %d edges", MaxEdges)
		}
		var set []int
		for {
			v, pos, err := p.integer("a pile number (1 is the first pile)")
			if err != nil {
				return err
			}
			if v < 1 {
				return pos.errorf(Check, "piles are numbered from 1, got pile %d", v)
			}
			if v > MaxEdgeVertices {
				return pos.errorf(Limit, "pile %d in an edge: a hypergraph has at most %d vertices", v, MaxEdgeVertices)
			}
			if slices.Contains(set, v) {
				return pos.errorf(Check, "pile %d twice in one edge", v)
			}
			set = append(set, v)
			if !p.accept(",") {
				break
			}
		}
		if _, err := p.expect("}"); err != nil {
			return &Error{Line: err.Line, Col: err.Col, Kind: Syntax, Expected: `"," or "}" in an edge`, Found: err.Found}
		}
		e.Sets = append(e.Sets, set)
		e.At = append(e.At, open.pos)
	}
	f.Edges = e
	return nil
}

// edgeSelector reads "pile of one edge" after "each".
func (p *parser) edgeSelector(s *Select) (*Select, *Error) {
	for _, w := range []string{"pile", "of", "one", "edge"} {
		if _, err := p.expect(w); err != nil {
			return nil, err
		}
	}
	s.Kind = SelectEdge
	return s, nil
}

// isEdgeMove reports whether m takes from each pile of one edge.
func isEdgeMove(m *Move) bool {
	return slices.ContainsFunc(m.Take, func(pt *Part) bool { return pt.From.Kind == SelectEdge })
}

// edges checks the edges line against the piles line: the hypergraph's
// vertices are exactly the piles, every edge is a set of them, and no
// edge is written twice.
func (b *binder) edges() *Error {
	e := b.f.Edges
	if e == nil {
		return nil
	}
	n := b.r.MinPiles
	if b.r.MaxPiles != n {
		return errAt(e.Pos, Check, "an edges line needs a fixed number of piles (piles %d, one per vertex)", n)
	}
	seen := map[string]int{}
	for i, s := range e.Sets {
		for _, v := range s {
			if v > n {
				return errAt(e.At[i], Check, "edge %s names pile %d, but a position has %s", (&Edges{Sets: [][]int{s}}).String(), v, pilesWord(n))
			}
		}
		key := slices.Sorted(slices.Values(s))
		k := fmt.Sprint(key)
		if j, ok := seen[k]; ok {
			return errAt(e.At[i], Check, "edge %s is the same set as edge %d", (&Edges{Sets: [][]int{s}}).String(), j+1)
		}
		seen[k] = i
	}
	return nil
}

// edgeMoves binds a move that takes from each pile of one edge: one bound
// move per edge, its parts the edge's piles, each losing the move's
// amount (independently) under the move's condition.
func (b *binder) edgeMoves(m *Move) ([]*BoundMove, *Error) {
	pt := m.Take[slices.IndexFunc(m.Take, func(pt *Part) bool { return pt.From.Kind == SelectEdge })]
	if b.f.Edges == nil {
		return nil, errAt(pt.From.Pos, Check, "each pile of one edge needs an edges line (edges {1,2} {2,3})")
	}
	if len(m.Take) > 1 {
		return nil, errAt(m.Pos, Check, "each pile of one edge must be the move's only part")
	}
	if pt.Name != "" {
		return nil, errAt(pt.Pos, Check, "an amount taken from each pile of an edge cannot be named: each pile loses its own")
	}
	from := b.r.From
	var out []*BoundMove
	for _, set := range b.f.Edges.Sets {
		one := &Move{Pos: m.Pos, Where: m.Where}
		for _, v := range set {
			one.Take = append(one.Take, &Part{Pos: pt.Pos, Amount: pt.Amount,
				From: &Select{Pos: pt.From.Pos, Kind: SelectIndex, Index: v}})
		}
		bm, err := b.move(one)
		if err != nil {
			return nil, err
		}
		if err := b.applies(one, bm); err != nil {
			return nil, err
		}
		out = append(out, bm)
	}
	if b.f.Edges.Symmetric(b.r.MinPiles) {
		b.r.From = from // every permutation maps the edges onto themselves
	}
	return out, nil
}
