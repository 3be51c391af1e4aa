package exactslow

import (
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// box is a check instance: piles piles of game, each at most max.
func box(game string, piles, max int) theory.Instance {
	return theory.Instance{Game: game, Piles: piles, Max: max}
}

// Claims lists every claim of paper 004, built afresh.
func Claims() []*theory.Claim {
	var cs []*theory.Claim
	cs = append(cs, setClaims()...)
	// Proposition 1: four P-shifts of Nim^1_{6,=2}; §2: one of Nim^1_{5,=2}.
	// Each claim says x+y is a P-position iff x is, x read by Theorems 1–2
	// (Corollaries 1–2): the check then compares the exhaustive P-set at
	// x+y with the theorems' set at x.
	for i, y := range [][]int64{{0, 0, 1, 1, 1, 1}, {1, 1, 1, 1, 2, 2}, {0, 0, 0, 2, 2, 4}, {0, 2, 2, 2, 2, 4}} {
		cs = append(cs, shiftClaim(shiftSpec{
			id: "004/prop-1." + string(rune('1'+i)), ref: "Proposition 1",
			y: y, piles: 6, set: pSet6Formula, max: 14,
		}))
	}
	cs = append(cs, shiftClaim(shiftSpec{
		id: "004/sec-2.shift-5", ref: "§2, first paragraph",
		y: []int64{0, 0, 0, 2, 2}, piles: 5, set: pSet5Formula, max: 24,
	}))
	cs = append(cs, theorem3Claims()...)
	cs = append(cs, exampleClaims()...)
	cs = append(cs, proofClaims()...)
	cs = append(cs, identityClaims()...)
	return cs
}

func setClaims() []*theory.Claim {
	return []*theory.Claim{
		{
			ID: "004/thm-1", Paper: "004", Ref: "Theorem 1, (1)",
			Statement: "The P-positions of Nim^1_{6,=2}[0] (even total) are those with parity vector (e,e,o,o,o,o), (o,o,e,e,o,o), (o,o,o,o,e,e) or (e,e,e,e,e,e)",
			Quote:     "Theorem 1. The P-positions of Nim1 6,=2[0] are characterized by the parity vectors: (e, e, o, o, o, o), (o, o, e, e, o, o), (o, o, o, o, e, e), (e, e, e, e, e, e). (1)",
			Family:    "slow-exact", Quantity: grundy.QP, Support: theory.PaperProof,
			Applies: exactK(2, 6),
			Domain:  totalMod(2, 0), Formula: thm1Formula,
			Move:   moveWithin(totalMod(2, 0), thm1Formula),
			Checks: []theory.Instance{box("slow-exact:k=2", 6, 20)},
		},
		{
			ID: "004/remark-1", Paper: "004", Ref: "Remark 1 (part (5) of Theorem 2 in [3])",
			Statement: "The P-positions of Moore's slow Nim^1_{6,≤3} have parity vector (e,e,o,o,o,o), (o,o,e,e,o,o), (o,o,o,o,e,e) or (e,e,e,e,e,e)",
			Quote:     "Somewhat surprisingly, the same characterization holds for the P-positions of Moore's Slow Nim1 6,≤3; see part (5) of Theorem 2 in [3].",
			Family:    "slow-moore", Quantity: grundy.QP, Support: theory.PaperProof,
			Applies: theory.On("slow-moore", func(s games.Spec, n int) bool { return n == 6 && s.K == 3 }),
			Formula: thm1Formula,
			Move:    moveWithin(func(grundy.Ruleset, int) *formula.Expr { return formula.True() }, thm1Formula),
			Checks:  []theory.Instance{box("slow-moore:k=3", 6, 12)},
		},
		{
			ID: "004/eq-2", Paper: "004", Ref: "Theorem 1, equations (2)",
			Statement: "With even total in Nim^1_{6,=2}, x is a P-position iff x2−x1 ≡ x4−x3 ≡ x5−x4−x1 ≡ 0 (mod 2)",
			Quote:     "The set of P-positions of Nim1 6,=2[0] can be defined by a system of linear equations modulo 2 and the nondecreasing condition.",
			Family:    "slow-exact", Quantity: grundy.QP, Support: theory.PaperProof,
			Applies: exactK(2, 6),
			Domain:  totalMod(2, 0), Formula: eq2Formula,
			Checks: []theory.Instance{box("slow-exact:k=2", 6, 20)},
		},
		{
			ID: "004/thm-2", Paper: "004", Ref: "Theorem 2",
			Statement: "The P-positions of Nim^1_{6,=2}[1] (odd total) are (E & T>0) ∨ (K & F & T=0) ∨ (K & T<0), T = min(s, u)",
			Quote:     "Theorem 2. The P-positions of Nim1 6,=2[1] coincide with the set P = {x : (E(x)&(x ∈ A)) ∨ (K(x)&F (x)&(x ∈ B)) ∨ (K(x)&(x ∈ C))}.",
			Family:    "slow-exact", Quantity: grundy.QP, Support: theory.PaperProof,
			Note: "E: equations (2); F: x4−x3 even; K: total ≡ 1 (mod 4); r = x1+x4−x5, " +
				"s = x1−x2+x3−x4−x5+x6, u = s−2r+1; A, B, C: T > 0, = 0, < 0.",
			Applies: exactK(2, 6),
			Domain:  totalMod(2, 1), Formula: thm2Formula,
			Move:   moveWithin(totalMod(2, 1), thm2Formula),
			Checks: []theory.Instance{box("slow-exact:k=2", 6, 20)},
		},
		{
			ID: "004/cor-1", Paper: "004", Ref: "Corollary 1, (3)",
			Statement: "The P-positions of Nim^1_{5,=2}[0] (even total) are those with parity vector (e,o,o,o,o) or (e,e,e,e,e)",
			Quote:     "Corollary 1. The P-positions of Nim1 5,=2[0] are characterized by the parity vectors: (e, o, o, o, o), (e, e, e, e, e). (3)",
			Family:    "slow-exact", Quantity: grundy.QP, Support: theory.PaperProof,
			Applies: exactK(2, 5),
			Domain:  totalMod(2, 0), Formula: cor1Formula,
			Move:   moveWithin(totalMod(2, 0), cor1Formula),
			Checks: []theory.Instance{box("slow-exact:k=2", 5, 30)},
		},
		{
			ID: "004/cor-2", Paper: "004", Ref: "Corollary 2",
			Statement: "The P-positions of Nim^1_{5,=2}[1] (odd total) are (T'<0 & K') ∨ (T'>0 & E'), T' = −y1+y2−y3−y4+y5",
			Quote:     "Corollary 2. The P-positions of Nim1 5,=2[1] are characterized by the formula (T′ < 0)&K′ ∨ (T′ > 0)&E′.",
			Family:    "slow-exact", Quantity: grundy.QP, Support: theory.PaperProof,
			Note:    "K': total ≡ 1 (mod 4); E': y1 ≡ y3−y2 ≡ y4−y3 ≡ 0 (mod 2); T' = s' as the paper derives (004/cor-2.t checks that step).",
			Applies: exactK(2, 5),
			Domain:  totalMod(2, 1), Formula: cor2Formula,
			Move:   moveWithin(totalMod(2, 1), cor2Formula),
			Checks: []theory.Instance{box("slow-exact:k=2", 5, 30)},
		},
	}
}

func theorem3Claims() []*theory.Claim {
	// Theorem 3: g±-shifts, and the trivial game's (2^k) after it. Each
	// part is two claims, normal and misère.
	parts := []struct {
		part, ref, game string
		piles           func(k int) int
		y               func(k int) []int
		checks          []theory.Instance
	}{
		{"1", "Theorem 3", "Nim^1_{2k,=k}, y = (1^{2k})", func(k int) int { return 2 * k },
			func(k int) []int { return repeat(nil, 1, 2*k) },
			[]theory.Instance{box("slow-exact:k=1", 2, 40), box("slow-exact:k=2", 4, 16), box("slow-exact:k=3", 6, 8)}},
		{"2", "Theorem 3", "Nim^1_{2k+1,=k}, y = (0,1^{2k})", func(k int) int { return 2*k + 1 },
			func(k int) []int { return repeat([]int{0}, 1, 2*k) },
			[]theory.Instance{box("slow-exact:k=1", 3, 24), box("slow-exact:k=2", 5, 12), box("slow-exact:k=3", 7, 6)}},
		{"3", "Theorem 3", "Nim^1_{k+1,=k}, y = (0,2^k)", func(k int) int { return k + 1 },
			func(k int) []int { return repeat([]int{0}, 2, k) },
			[]theory.Instance{box("slow-exact:k=1", 2, 40), box("slow-exact:k=2", 3, 24), box("slow-exact:k=3", 4, 14), box("slow-exact:k=4", 5, 10)}},
		{"4y", "§2, after Theorem 3", "Nim^1_{k,=k}, y = (2^k)", func(k int) int { return k },
			func(k int) []int { return repeat(nil, 2, k) },
			[]theory.Instance{box("slow-exact:k=1", 1, 60), box("slow-exact:k=2", 2, 40), box("slow-exact:k=3", 3, 20)}},
	}
	var cs []*theory.Claim
	for _, pt := range parts {
		for _, q := range []grundy.Quantity{grundy.QG, grundy.QGm} {
			id, play := "004/thm-3."+pt.part, "g"
			if q == grundy.QGm {
				id, play = id+"m", "g⁻"
			}
			cs = append(cs, &theory.Claim{
				ID: id, Paper: "004", Ref: pt.ref,
				Statement: "In " + pt.game + " is a " + play + "-shift: " + play + "(x + y) = " + play + "(x)",
				Family:    "slow-exact", Quantity: q, Support: theory.PaperProof,
				Note: "Evaluated by subtracting y as often as the position stays sorted and non-negative, " +
					"then solving that smaller position exhaustively (only when it is small): the check " +
					"compares g at x + m·y with g at x. Covers the six P-shift examples of §2.",
				Applies: theory.On("slow-exact", func(s games.Spec, n int) bool { return n == pt.piles(s.K) }),
				Eval: shiftEval(func(r grundy.Ruleset) []int { return pt.y(games.SpecOf(r).K) },
					func(v grundy.Values) *big.Int { return theory.ComputedValue(q, v) }),
				Checks: pt.checks,
			})
		}
	}
	trivialK := theory.On("slow-exact", func(s games.Spec, n int) bool { return n == s.K })
	gK := func(_ grundy.Ruleset, n int) *formula.Expr { return formula.Mod(formula.X(0), 2) }
	gmK := func(_ grundy.Ruleset, n int) *formula.Expr {
		return formula.Sub(formula.C(1), formula.Mod(formula.X(0), 2))
	}
	trivialChecks := []theory.Instance{box("slow-exact:k=1", 1, 60), box("slow-exact:k=2", 2, 40), box("slow-exact:k=3", 3, 20)}
	return append(cs,
		&theory.Claim{
			ID: "004/thm-3.4", Paper: "004", Ref: "§2, after Theorem 3",
			Statement: "In Nim^1_{k,=k} (every move takes a token from every pile), g(x) = x1 mod 2",
			Quote:     "However, this game is trivial: g(x) = 1− g−(x) = x1 mod 2.",
			Family:    "slow-exact", Quantity: grundy.QG, Support: theory.PaperProof,
			Applies: trivialK, Formula: gK, Checks: trivialChecks,
		},
		&theory.Claim{
			ID: "004/thm-3.4m", Paper: "004", Ref: "§2, after Theorem 3",
			Statement: "In Nim^1_{k,=k}, g⁻(x) = 1 − (x1 mod 2)",
			Quote:     "However, this game is trivial: g(x) = 1− g−(x) = x1 mod 2.",
			Family:    "slow-exact", Quantity: grundy.QGm, Support: theory.PaperProof,
			Applies: trivialK, Formula: gmK, Checks: trivialChecks,
		},
		&theory.Claim{
			ID: "004/conj-2.shift-6", Paper: "004", Ref: "§2, last paragraph (conjecture)",
			Statement: "(0,0,0,2,2,2) is a P-shift of Nim^1_{6,=3}[0] and Nim^1_{6,=3}[1]",
			Quote:     "Our computations suggest the conjecture that it is a P-shift in the subgames Nim1 6,=3[0] and Nim1 6,=3[1].",
			Family:    "slow-exact", Quantity: grundy.QP, Support: theory.Reported,
			Note:    "Evaluated like Theorem 3's shifts: P at x + m·y against P at x.",
			Applies: exactK(3, 6),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				if !totalMod(3, 2)(r, len(p)).Bool(p) {
					return shiftEval(func(grundy.Ruleset) []int { return []int{0, 0, 0, 2, 2, 2} },
						func(v grundy.Values) *big.Int { return theory.ComputedValue(grundy.QP, v) })(r, p)
				}
				return nil, false
			},
			Checks: []theory.Instance{box("slow-exact:k=3", 6, 10)},
		},
	)
}

func exampleClaims() []*theory.Claim {
	// The §2 examples and non-examples, position by position.
	type at = map[string]int64
	points := []struct {
		id, ref, stmt, game string
		q                   grundy.Quantity
		support             theory.Support
		vals                at
		check               theory.Instance
	}{
		{"004/sec-2.misere-5", "§2 (misère Nim^1_{5,=2})",
			"(0,0,0,2,2) is not a misère P-shift of Nim^1_{5,=2}: (3,3,3,4,8) is a misère P-position, (3,3,3,6,10) is not",
			"slow-exact:k=2", grundy.QPm, theory.Reported, at{"3,3,3,4,8": 1, "3,3,3,6,10": 0}, box("slow-exact:k=2", 5, 10)},
		{"004/sec-2.not-shift-5", "§2 (by Corollary 2)",
			"(0,0,0,0,4) is not a P-shift of Nim^1_{5,=2}: (2,2,3,4,6) is a P-position, (2,2,3,4,10) is not",
			"slow-exact:k=2", grundy.QP, theory.PaperProof, at{"2,2,3,4,6": 1, "2,2,3,4,10": 0}, box("slow-exact:k=2", 5, 10)},
		{"004/sec-2.g-6", "§2 (Nim^1_{6,=3}[0], [1])",
			"(0,0,0,2,2,2) is not a g-shift of Nim^1_{6,=3}: g(1,2,2,2,4,4) = 3, g(1,2,2,4,6,6) = 5, g(1,2,3,3,3,4) = 1, g(1,2,3,5,5,6) = 3",
			"slow-exact:k=3", grundy.QG, theory.Reported, at{"1,2,2,2,4,4": 3, "1,2,2,4,6,6": 5, "1,2,3,3,3,4": 1, "1,2,3,5,5,6": 3},
			box("slow-exact:k=3", 6, 6)},
		{"004/sec-2.p-6", "§2 (Nim^1_{6,=3}[2])",
			"(0,0,0,2,2,2) is not a P-shift of Nim^1_{6,=3}[2]: g(0,7,7,7,7,10) = 0, g(0,7,7,9,9,12) = 3",
			"slow-exact:k=3", grundy.QG, theory.Reported, at{"0,7,7,7,7,10": 0, "0,7,7,9,9,12": 3}, box("slow-exact:k=3", 6, 12)},
		{"004/sec-2.misere-6", "§2 (misère Nim^1_{6,=3})",
			"(0,0,0,2,2,2) is not a misère P-shift of Nim^1_{6,=3}[j]: g⁻(1,2,3,3,3,3) = 0, g⁻(1,2,3,5,5,5) = 1, " +
				"g⁻(1,2,3,3,3,4) = 0, g⁻(1,2,3,5,5,6) = 3, g⁻(0,1,2,2,2,4) = 0, g⁻(0,1,2,4,4,6) = 3",
			"slow-exact:k=3", grundy.QGm, theory.Reported,
			at{"1,2,3,3,3,3": 0, "1,2,3,5,5,5": 1, "1,2,3,3,3,4": 0, "1,2,3,5,5,6": 3, "0,1,2,2,2,4": 0, "0,1,2,4,4,6": 3},
			box("slow-exact:k=3", 6, 6)},
	}
	var cs []*theory.Claim
	for _, pt := range points {
		vals := pt.vals
		k := games.SpecOf(mustParse(pt.game)).K
		cs = append(cs, &theory.Claim{
			ID: pt.id, Paper: "004", Ref: pt.ref, Statement: pt.stmt,
			Family: "slow-exact", Quantity: pt.q, Support: pt.support,
			Applies: exactK(k, pt.check.Piles),
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				v, ok := vals[p.String()]
				if !ok {
					return nil, false
				}
				return big.NewInt(v), true
			},
			Checks: []theory.Instance{pt.check},
		})
	}
	return cs
}
