package hypernim

import (
	"context"
	"fmt"
	"math/bits"
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
			Reading:  "not stateable as printed: \"this class\" is the hypergraphs for which the JM formula works, and the paper's formula for a general hypergraph was not reachable; read with the k = n−1 formula (hypernim.JM) for every hypergraph, the self-dual matroids on 4 vertices are not JM (docs/hypergraph.md), so that reading is not the paper's",
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
