package literature

import (
	"math/big"
	"slices"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// goClaims are a paper's claims the claim language cannot write: they
// speak of Wythoff's P-positions (⌊nφ⌋, ⌊nφ⌋ + n), of a nim-sum or of
// the Jenkyns–Mayberry formula, which no Presburger formula describes.
func goClaims(paper string) []*theory.Claim {
	switch paper {
	case "arxiv-2510.11767":
		return terminalWythoffClaims(paper)
	case "arxiv-1009.4220":
		return starClaims(paper)
	case "arxiv-1903.08138":
		return hypergraphClaims(paper)
	case "arxiv-1904.08339":
		return splythoffClaims(paper)
	}
	return nil
}

// starClaims: Larsson's "(k-pile Nim)⋆⋆ = k-pile Nim" as printed (the
// same moves at every position of the boxes), and for k = 3 its
// consequence on the P-positions, nim-sum 0 (Bouton), which the claim
// language cannot write (no xor); k = 2's is in paper.claims.
func starClaims(paper string) []*theory.Claim {
	games2 := map[string]int{"nim-star-star": 2, "nim3-star-star": 3}
	const quote = "We also prove that (k-pile Nim)⋆⋆ = k-pile Nim."
	return []*theory.Claim{
		{
			ID: paper + "/nimss", Ref: "Abstract; the theorem (k-pile Nim)⋆⋆ = k-pile Nim",
			Statement: "(k-pile Nim)⋆⋆ = k-pile Nim: at every position the ⋆⋆ game's followers are Nim's (k = 2 and 3)",
			Quote:     quote, Family: "nim-star-star", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Note:    "Two games are equal when their moves are: checked as the same set of followers at every position of the boxes.",
			Applies: func(r grundy.Ruleset, n int) bool { return games2[r.Name()] == n },
			Needs:   grundy.KindG,
			Checks:  []theory.Instance{{Game: "nim-star-star", Piles: 2, Max: 30}, {Game: "nim3-star-star", Piles: 3, Max: 8}},
			Property: func(s *theory.Site) theory.Verdict {
				got, want := followers(s.Ruleset, s.Pos), followers(games.Nim{}, s.Pos)
				if slices.Equal(got, want) {
					return theory.Holds()
				}
				return theory.Fails("followers differ from Nim's", "Nim's followers "+strings.Join(want, " "), "followers "+strings.Join(got, " "))
			},
		},
		{
			ID: paper + "/nimss.p3", Ref: "Abstract; the theorem (k-pile Nim)⋆⋆ = k-pile Nim (k = 3; P-positions)",
			Statement:   "(3-pile Nim)⋆⋆ has the P-positions of 3-pile Nim: x1 ⊕ x2 ⊕ x3 = 0",
			Quote:       quote,
			WeakeningOf: paper + "/nimss", Weakening: "the P-positions only, for k = 3",
			Family: "nim3-star-star", Quantity: grundy.QP, Support: theory.PaperProof,
			Applies: func(r grundy.Ruleset, n int) bool { return r.Name() == "nim3-star-star" && n == 3 },
			Checks:  []theory.Instance{{Game: "nim3-star-star", Piles: 3, Max: 8}},
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				x := new(big.Int).Xor(p[0], p[1])
				if x.Xor(x, p[2]).Sign() == 0 {
					return big.NewInt(1), true
				}
				return big.NewInt(0), true
			},
		},
	}
}

// followers are r's distinct canonical followers of p, sorted.
func followers(r grundy.Ruleset, p grundy.Position) []string {
	var out []string
	r.Options(p, func(q grundy.Position) bool {
		out = append(out, grundy.Canonical(r, q).String())
		return true
	})
	slices.Sort(out)
	return slices.Compact(out)
}

// terminalWythoffClaims: Komaki, Miyadera, Murakami's two properties of
// Wythoff's game on the terminal set x + y ≤ 2.
func terminalWythoffClaims(paper string) []*theory.Claim {
	const game = "wythoff-terminal:k=2"
	applies := func(r grundy.Ruleset, n int) bool { return r.Name() == game && n == 2 }
	// The paper's box: its threshold is 8, and the boxes reach far past it.
	checks := []theory.Instance{{Game: game, Piles: 2, Max: 100}}
	const note = "Wythoff's P-positions are tested exactly: a ≤ b is one iff a = ⌊(b−a)φ⌋, computed as (n + ⌊√(5n²)⌋) div 2 with n = b − a in big integers. x, y are the piles in order (the rule names them)."
	return []*theory.Claim{
		{
			ID: paper + "/g1-large", Ref: "Abstract (the first remarkable property)",
			Statement: "for a position (x,y) of Wythoff's game with terminal set x + y ≤ 2 and x ≥ 8 or y ≥ 8, G(x,y) = 1 iff (x,y) is a P-position of Wythoff's game",
			Quote:     "For a position (x,y) with x >= 8 or y >= 8, the Grundy number of the position (x,y) is 1 in this variant if and only if (x,y) is a P-position of Wythoff's game.",
			Family:    "wythoff-terminal", Quantity: grundy.QProperty, Support: theory.PaperProof, Note: note,
			Applies: applies, Needs: grundy.KindG, Checks: checks,
			Property: func(s *theory.Site) theory.Verdict {
				x, y := s.Pos[0], s.Pos[1]
				if x < 8 && y < 8 {
					return theory.Verdict{}
				}
				want, got := WythoffP(big.NewInt(int64(x)), big.NewInt(int64(y))), s.Values.G == 1
				if want == got {
					return theory.Holds()
				}
				return theory.Fails("G = 1 exactly on Wythoff's P-positions", claimedG(want), "G = "+itoa(s.Values.G))
			},
		},
		{
			ID: paper + "/misere-large", Ref: "Abstract (the second remarkable property)",
			Statement: "for a position (x,y) of Wythoff's game with terminal set x + y ≤ 2 and x ≥ 8 or y ≥ 8, (x,y) is a misère P-position iff it is a P-position of Wythoff's game",
			Quote:     "For a position (x,y) with x >= 8 or y >= 8, (x,y) is a P-position of the misere version of this variant if and only if (x,y) is a P-position of Wythoff's game.",
			Family:    "wythoff-terminal", Quantity: theory.QPm, Support: theory.PaperProof, Note: note,
			Applies: applies, Checks: checks,
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				eight := big.NewInt(8)
				if p[0].Cmp(eight) < 0 && p[1].Cmp(eight) < 0 {
					return nil, false
				}
				if WythoffP(p[0], p[1]) {
					return big.NewInt(1), true
				}
				return big.NewInt(0), true
			},
		},
	}
}

func claimedG(p bool) string {
	if p {
		return "G = 1 (a P-position of Wythoff's game)"
	}
	return "G ≠ 1 (not a P-position of Wythoff's game)"
}

func itoa(v int) string { return big.NewInt(int64(v)).String() }

// WythoffP reports whether (x, y) is a P-position of Wythoff's game:
// with a = min, b = max and n = b − a, a = ⌊nφ⌋ (Wythoff 1907), where
// ⌊nφ⌋ = (n + ⌊√(5n²)⌋) div 2 exactly, since √(5n²) is irrational for
// n > 0.
func WythoffP(x, y *big.Int) bool {
	a, b := x, y
	if a.Cmp(b) > 0 {
		a, b = b, a
	}
	n := new(big.Int).Sub(b, a)
	s := new(big.Int).Mul(n, n)
	s.Mul(s, big.NewInt(5)).Sqrt(s)
	s.Add(s, n).Rsh(s, 1)
	return s.Cmp(a) == 0
}
