package literature

import (
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

// goClaims are a paper's claims the claim language cannot write: they
// speak of Wythoff's P-positions (⌊nφ⌋, ⌊nφ⌋ + n), which no Presburger
// formula describes.
func goClaims(paper string) []*theory.Claim {
	if paper != "arxiv-2510.11767" {
		return nil
	}
	const game = "wythoff-terminal:k=2"
	applies := func(r grundy.Ruleset, n int) bool { return r.Name() == game && n == 2 }
	// The paper's box: its threshold is 8, and the boxes reach far past it.
	checks := []theory.Instance{{Game: game, Piles: 2, Max: 100}}
	const note = "Wythoff's P-positions are tested exactly: a ≤ b is one iff a = ⌊(b−a)φ⌋, computed as (n + ⌊√(5n²)⌋) div 2 with n = b − a in big integers. x, y are the piles in order (the rule names them)."
	return []*theory.Claim{
		{
			ID: paper + "/g1-large", Ref: "Abstract; Theorem (the first remarkable property)",
			Statement: "for a position (x,y) of Wythoff's game with terminal set x + y ≤ 2 and x ≥ 8 or y ≥ 8, G(x,y) = 1 iff (x,y) is a P-position of Wythoff's game",
			Quote:     "For a position (x,y) with x >= 8 or y >= 8, the Grundy number of the position (x,y) is 1 in this variant if and only if (x,y) is a P-position of Wythoff's game.",
			Family:    "wythoff-terminal", Quantity: theory.QProperty, Support: theory.PaperProof, Note: note,
			Applies: applies, Needs: solve.KindG, Checks: checks,
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
			ID: paper + "/misere-large", Ref: "Abstract; Theorem (the second remarkable property)",
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
