package hypernim

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
)

// A Claim is a statement of the hypergraph NIM literature as printed,
// with its citation and quote, and how grundy checks it on a box.
type Claim struct {
	ID       string
	Citation string
	Quote    string // as printed
	Reading  string // what is checked, where the print needs a reading
	// Check runs the claim on boxes of at most max per pile and says
	// whether it held, with the first counterexample; Stateable false:
	// Check is nil and Reading says why.
	Check     func(ctx context.Context, max int) (Outcome, error)
	Stateable bool
}

// An Outcome is a claim's check on its boxes.
type Outcome struct {
	Holds   bool
	Checked string // the hypergraphs and boxes checked
	Counter string // the first counterexample, when it fails
}

// Claims are the printed statements of the five papers that grundy can
// state, and those it cannot, each with the reason. Only the papers'
// abstracts were reachable (docs/hypergraph.md, "Sources"), so every
// quote is from an abstract.
func Claims() []Claim {
	return []Claim{
		{
			ID:       "1903.08138-bouton",
			Citation: "Boros, Gurvich, Kitrossky, Makino, On the Sprague-Grundy function of compound games, arXiv 1903.08138, abstract",
			Quote:    "In 1901 Bouton solved the classical Nim for which H = {{1}, …, {n}}.",
			Reading:  "Bouton's solution: SG(x) = x_1 ⊕ … ⊕ x_n on NIM_H for H the singletons, n = 1..4",
			Check: func(ctx context.Context, max int) (Outcome, error) {
				return everyN(ctx, max, func(n int) Hypergraph { return Moore(n, 1) }, func(x []int, g int) bool {
					s := 0
					for _, v := range x {
						s ^= v
					}
					return g == s
				})
			},
			Stateable: true,
		},
		{
			ID:       "1903.08138-moore",
			Citation: "Boros, Gurvich, Kitrossky, Makino, arXiv 1903.08138, abstract",
			Quote:    "In 1910 Moore introduced and solved a more general game k-Nim, for which H = {H ⊆ V | |H| ≤ k}, where 1 ≤ k < n.",
			Reading:  "Moore's solution: x is a P-position iff in every binary digit the piles with a 1 there number a multiple of k+1; every 1 ≤ k < n, n = 2..4",
			Check: func(ctx context.Context, max int) (Outcome, error) {
				out := Outcome{Holds: true}
				for n := 2; n <= 4; n++ {
					for k := 1; k < n; k++ {
						o, err := onBox(ctx, Moore(n, k), boxFor(n, max), func(x []int, g int) bool {
							return (g == 0) == mooreP(x, k)
						})
						if err != nil {
							return Outcome{}, err
						}
						out = merge(out, o)
					}
				}
				return out, nil
			},
			Stateable: true,
		},
		{
			ID:       "1903.08138-jm",
			Citation: "Boros, Gurvich, Kitrossky, Makino, arXiv 1903.08138, abstract; also Boros, Gurvich, Ho, Makino, arXiv 1504.06926, abstract",
			Quote:    "In 1980 Jenkyns and Mayberry obtained an explicit formula for the Sprague-Grundy function of Moore's Nim for the case k+1 = n.",
			Reading:  "SG of NIM_H for H every proper nonempty subset (Moore k = n−1) is JM(x) (hypernim.JM, the formula as read off n = 3 values: the papers' print of it was not reachable), n = 3..5",
			Check: func(ctx context.Context, max int) (Outcome, error) {
				out := Outcome{Holds: true}
				for n := 3; n <= 5; n++ {
					o, err := onBox(ctx, Moore(n, n-1), boxFor(n, max), func(x []int, g int) bool { return g == JM(x) })
					if err != nil {
						return Outcome{}, err
					}
					out = merge(out, o)
				}
				return out, nil
			},
			Stateable: true,
		},
		{
			ID:       "1804.03692-self-dual",
			Citation: "Boros, Gurvich, Ho, Makino, Mursic, Sprague-Grundy function of matroids and related hypergraphs, arXiv 1804.03692, abstract",
			Quote:    "We show that all self-dual matroids are included in this class.",
			Reading:  "\"this class\": SG = the JM formula read with the height (Table.JM; the papers' own statement was not reachable); a matroid as the hypergraph of its bases; \"self-dual\": equal to its dual (every basis's complement a basis); n ≥ 3 (at n = 2 the formula is not proper NIM's, which is Nim). Checked: every such matroid on 4 vertices, and U(3,6) on 6",
			Check: func(ctx context.Context, max int) (Outcome, error) {
				return selfDual(ctx, max, Hypergraph.IdenticallySelfDual)
			},
			Stateable: true,
		},
		{
			ID:       "1804.03692-self-dual@isomorphic",
			Citation: "Boros, Gurvich, Ho, Makino, Mursic, arXiv 1804.03692, abstract",
			Quote:    "We show that all self-dual matroids are included in this class.",
			Reading:  "as 1804.03692-self-dual, with \"self-dual\" read as isomorphic to its dual: every such matroid on 4 vertices, U(3,6) and the cycle matroid of K4 on 6",
			Check: func(ctx context.Context, max int) (Outcome, error) {
				return selfDual(ctx, max, Hypergraph.SelfDualMatroid)
			},
			Stateable: true,
		},
		{
			ID:       "1804.03692-graphs",
			Citation: "Boros, Gurvich, Ho, Makino, Mursic, arXiv 1804.03692, abstract",
			Quote:    "In particular we characterize all 2-uniform hypergraphs (that is graphs) and all matroids for which the formula works.",
			Reading:  "not stateable: the characterization's text was not reachable; grundy's table of graphs and matroids on 3 to 5 vertices is in docs/hypergraph.md",
		},
		{
			ID:       "1804.01859-symmetric",
			Citation: "Boros, Gurvich, Ho, Makino, Mursic, Sprague-Grundy function of symmetric hypergraphs, arXiv 1804.01859, abstract",
			Quote:    "In this paper we characterize symmetric hypergraphs for which the Sprague-Grundy function is described by the same formula.",
			Reading:  "not stateable: the characterization's text was not reachable; grundy's table of the symmetric hypergraphs on 3 to 5 vertices is in docs/hypergraph.md",
		},
		{
			ID:       "1701.02819-tetris",
			Citation: "Boros, Gurvich, Ho, Makino, Mursic, Tetris hypergraphs and combinations of impartial games, arXiv 1701.02819, abstract",
			Quote:    "We call H a Tetris hypergraph if NIM_H is SG decreasing. We provide some necessary and some sufficient conditions for a hypergraph to be Tetris.",
			Reading:  "the definition is applied on boxes (hypernim.TetrisVerdict); the conditions' text was not reachable, so they are not stated",
		},
	}
}

// selfDual checks Table.JM on the self-dual matroids on 4 vertices that
// keep, and on U(3,6) and M(K4) on 6 when they keep.
func selfDual(ctx context.Context, max int, keep func(Hypergraph) bool) (Outcome, error) {
	hs, err := Hypergraphs(4, Uniform)
	if err != nil {
		return Outcome{}, err
	}
	hs = append(hs, Moore(6, 3).uniform(3), cycleMatroidK4())
	out := Outcome{Holds: true}
	for _, h := range hs {
		if !keep(h) {
			continue
		}
		t, err := Solve(ctx, h, min(boxFor(h.N, max), []int{0, 0, 0, 0, 8, 6, 4}[h.N]))
		if err != nil {
			return Outcome{}, err
		}
		v := JMVerdict(t)
		o := Outcome{Holds: v.Holds, Checked: fmt.Sprintf("%s on [0,%d]^%d", h, t.Max, h.N)}
		if !v.Holds {
			o.Counter = fmt.Sprintf("%s at %v: SG %d, JM %d", h, v.At, v.Got, v.Want)
		}
		out = merge(out, o)
	}
	return out, nil
}

// uniform keeps the edges of size k.
func (h Hypergraph) uniform(k int) Hypergraph {
	u := Hypergraph{N: h.N}
	for _, e := range h.Edges {
		if bits.OnesCount32(e) == k {
			u.Edges = append(u.Edges, e)
		}
	}
	return u
}

// cycleMatroidK4 is the bases of the cycle matroid of K4 — its spanning
// trees, the triples of its six edges 12 13 14 23 24 34 (vertices 1..6
// here) that are not a triangle — self-dual as K4 is its own planar dual.
func cycleMatroidK4() Hypergraph {
	triangles := []uint32{0b001011, 0b010101, 0b100110, 0b111000} // {12,13,23} {12,14,24} {13,14,34} {23,24,34}
	h := Hypergraph{N: 6}
	for e := uint32(1); e < 1<<6; e++ {
		if bits.OnesCount32(e) == 3 && !slices.Contains(triangles, e) {
			h.Edges = append(h.Edges, e)
		}
	}
	h.sort()
	return h
}

// mooreP is Moore's condition for a P-position of NIM_{n,k}.
func mooreP(x []int, k int) bool {
	for b := 0; b < bits.UintSize-1; b++ {
		c := 0
		for _, v := range x {
			c += v >> b & 1
		}
		if c%(k+1) != 0 {
			return false
		}
	}
	return true
}

// boxFor caps the largest pile so the box stays small and SG fits.
func boxFor(n, max int) int { return min(max, MaxSG/n, []int{0, 63, 31, 20, 12, 8}[min(n, 5)]) }

func everyN(ctx context.Context, max int, h func(n int) Hypergraph, ok func(x []int, g int) bool) (Outcome, error) {
	out := Outcome{Holds: true}
	for n := 1; n <= 4; n++ {
		o, err := onBox(ctx, h(n), boxFor(n, max), ok)
		if err != nil {
			return Outcome{}, err
		}
		out = merge(out, o)
	}
	return out, nil
}

func onBox(ctx context.Context, h Hypergraph, max int, ok func(x []int, g int) bool) (Outcome, error) {
	t, err := Solve(ctx, h, max)
	if err != nil {
		return Outcome{}, err
	}
	o := Outcome{Holds: true, Checked: fmt.Sprintf("%s on [0,%d]^%d", h, max, h.N)}
	i, bad := firstBad(t, func(i int) bool { return !ok(t.Position(i), int(t.SG[i])) })
	if bad {
		o.Holds = false
		o.Counter = fmt.Sprintf("%s at %v: SG %d", h, t.Position(i), t.SG[i])
	}
	return o, nil
}

func merge(a, b Outcome) Outcome {
	if a.Checked != "" {
		b.Checked = a.Checked + "; " + b.Checked
	}
	if !a.Holds {
		b.Holds, b.Counter = false, a.Counter
	}
	return b
}
