package literature

import (
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// hypergraphClaims are the printed claims of arXiv 1903.08138 (hypergraph
// NIM) that the claim language cannot write (a nim-sum, Moore's binary
// digits), on the rule files of the hypergraph folder. Only the papers' abstracts were reached
// (docs/hypergraph.md, "Sources"): what the abstracts cite (Bouton, Moore)
// is stated as the classical results they are. What they only name — the
// Jenkyns–Mayberry formula, "this class" — has no printed statement to
// register; grundy's readings of it are checked by `grundy hypergraph
// --claims` and, where Presburger, in hypergraph/readings.claims.
func hypergraphClaims(paper string) []*theory.Claim {
	on := func(k map[string]int) func(grundy.Ruleset, int) bool {
		return func(r grundy.Ruleset, n int) bool {
			want, ok := k[r.Name()]
			return ok && (want == 0 || want == n)
		}
	}
	const cite = "Boros, Gurvich, Kitrossky, Makino, arXiv 1903.08138"
	// Moore's k for each rule file that is Moore's k-Nim: every nonempty
	// set of at most k piles.
	mooreK := map[string]int{"hypergraph-nim-2": 1, "hypergraph-nim-3": 1, "hypergraph-moore-4-2": 2, "hypergraph-proper-nim-3": 2, "hypergraph-proper-nim-4": 3}
	return []*theory.Claim{
		{
			ID: paper + "/bouton", Ref: "Abstract (Bouton 1901)",
			Statement: "NIM_H for H the singletons {1}, …, {n} is Nim: SG(x) = x1 ⊕ … ⊕ xn (Bouton)",
			Quote:     "In 1901 Bouton solved the classical Nim for which H = {{1}, ..., {n}}.",
			Family:    "hypergraph-nim-2", Quantity: grundy.QG, Support: theory.Classical,
			Note:    cite + " cites Bouton's solution; the nim-sum is that solution (SG of a sum of single piles).",
			Applies: on(map[string]int{"hypergraph-nim-2": 2, "hypergraph-nim-3": 3}),
			Checks:  []theory.Instance{{Game: "hypergraph-nim-2", Piles: 2, Max: 30}, {Game: "hypergraph-nim-3", Piles: 3, Max: 12}},
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				s := new(big.Int)
				for _, v := range p {
					s.Xor(s, v)
				}
				return s, true
			},
		},
		{
			ID: paper + "/moore", Ref: "Abstract (Moore 1910)",
			Statement: "Moore's k-Nim (H every nonempty set of at most k piles): x is a P-position iff in every binary digit the piles with a 1 there number a multiple of k + 1",
			Quote:     "In 1910 Moore introduced and solved a more general game k-Nim, for which H = {H ⊆ V | |H| ≤ k}, where 1 ≤ k < n.",
			Family:    "hypergraph-moore-4-2", Quantity: grundy.QP, Support: theory.Classical,
			Note:    cite + " cites Moore's solution; its condition on the binary digits is that solution.",
			Applies: on(map[string]int{"hypergraph-moore-4-2": 4, "hypergraph-proper-nim-3": 3, "hypergraph-proper-nim-4": 4}),
			Checks: []theory.Instance{
				{Game: "hypergraph-moore-4-2", Piles: 4, Max: 7}, {Game: "hypergraph-proper-nim-3", Piles: 3, Max: 12},
				{Game: "hypergraph-proper-nim-4", Piles: 4, Max: 7},
			},
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				k := mooreK[r.Name()]
				top := 0
				for _, v := range p {
					top = max(top, v.BitLen())
				}
				for b := range top {
					c := 0
					for _, v := range p {
						c += int(v.Bit(b))
					}
					if c%(k+1) != 0 {
						return big.NewInt(0), true
					}
				}
				return big.NewInt(1), true
			},
		},
	}
}
