package slowknim

import (
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// §1: the survey of Nim (Bouton), Moore's k-Nim (Moore; Jenkyns and
// Mayberry), Exco-Nim and Exact k-Nim (Boros, Gurvich, Ho, Makino,
// Mursic), normal and misère.

// on is an Applies for the rulesets of family whose k and pile count n
// satisfy ok (nil: all).
func on(family string, ok func(k, n int) bool) func(grundy.Ruleset, int) bool {
	return theory.On(family, func(s games.Spec, n int) bool { return ok == nil || ok(s.K, n) })
}

func kOf(r grundy.Ruleset) int { return games.SpecOf(r).K }

// mooreBoxes are the default boxes of Moore's k-Nim claims.
var mooreBoxes = []theory.Instance{{Game: "moore:k=2", Piles: 3, Max: 24}, {Game: "moore:k=2", Piles: 4, Max: 11},
	{Game: "moore:k=3", Piles: 4, Max: 11}, {Game: "moore:k=3", Piles: 5, Max: 7}, {Game: "moore:k=3", Piles: 3, Max: 12}}

func surveyClaims() []*theory.Claim {
	one := big.NewInt(1)
	nimChecks := []theory.Instance{{Game: "nim", Piles: 3, Max: 30}, {Game: "nim", Piles: 4, Max: 12}}
	cs := []*theory.Claim{
		{
			ID: "000/bouton", Paper: "000", Ref: "§1.1 (Bouton 1901; Sprague, Grundy)",
			Statement: "In Nim, G(x) = x1 ⊕ x2 ⊕ … ⊕ xn (the Nim-sum)",
			Quote:     "G(x) = G(x1) ⊕ · · · ⊕ G(xn) = x1 ⊕ · · · ⊕ xn",
			Family:    "nim", Quantity: grundy.QG, Support: theory.Classical,
			Applies: on("nim", nil),
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return nimSum(p), true
			},
			Move:   nimMove,
			Checks: nimChecks,
		},
		{
			ID: "000/bouton.misere", Paper: "000", Ref: "§1.1 (Bouton 1901)",
			Statement: "In misère Nim, x is a P-position iff the Nim-sum is 0 and some pile is ≥ 2, or every pile is ≤ 1 and their number of 1s is odd",
			Quote:     "Both versions were solved (all P-positions found) by Charles Bouton in 1901",
			Family:    "nim", Quantity: grundy.QPm, Support: theory.Classical,
			Note:    "The paper cites the rule; it is Bouton's, and the case k = 1 of 000/prop-7.pm (Moore's Nim with k = 1 is Nim).",
			Applies: on("nim", nil),
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return theory.BoolInt(mooreMisereP(p, 1)), true
			},
			Move: func(_ grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
				return mooreMisereMove(p, 1)
			},
			Checks: []theory.Instance{{Game: "nim", Piles: 3, Max: 24}, {Game: "nim", Piles: 4, Max: 10}},
		},
		{
			ID: "000/bouton.misere-G", Paper: "000", Ref: "§1.1 with §1.5 (Conway 1976, the paper's ref. [6]: Nim is tame)",
			Statement: "In misère Nim, G⁻(x) = G(x) = x1 ⊕ … ⊕ xn if some pile is ≥ 2, and G⁻(x) = 1 − G(x) if every pile is ≤ 1",
			Family:    "nim", Quantity: grundy.QGm, Support: theory.Classical,
			Note: "Not printed as such: the classical tameness of Nim (Conway, On Numbers and Games, ch. 12), which the paper's §1.5 " +
				"introduces; it is also Proposition 7's \"NIM_{n,≤k} is miserable\" for k = 1 with Proposition 6 and Bouton's misère rule.",
			Applies: on("nim", nil),
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				g := nimSum(p)
				if atMostOne(p) {
					return g.Sub(one, g), true
				}
				return g, true
			},
			Checks: nimChecks,
		},
		{
			ID: "000/moore", Paper: "000", Ref: "§1.2 (Moore 1910)",
			Statement: "In Moore's k-Nim NIM_{n,≤k}, x is a P-position iff M(x) = 0: for every bit j, the number of piles with bit j set is ≡ 0 (mod k+1)",
			Quote:     "In [14] Moore claimed that x is a P-position of NIM_{n,≤k} if and only if M(x) = 0.",
			Family:    "moore", Quantity: grundy.QP, Support: theory.Classical,
			Applies: on("moore", nil),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return theory.BoolInt(moore(p, kOf(r)).Sign() == 0), true
			},
			Move:   mooreMove,
			Checks: mooreBoxes,
		},
		{
			ID: "000/moore.k1", Paper: "000", Ref: "§1.2",
			Statement: "Moore's NIM_{n,≤1} is n-pile Nim: G(x) = x1 ⊕ … ⊕ xn",
			Quote:     "The game turns into the standard n-piles NIM when k = 1",
			Family:    "moore", Quantity: grundy.QG, Support: theory.Classical,
			Note:    "The rules coincide, so Bouton's theorem (000/bouton) applies.",
			Applies: on("moore", func(k, _ int) bool { return k == 1 }),
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return nimSum(p), true
			},
			Move:   nimMove,
			Checks: []theory.Instance{{Game: "moore:k=1", Piles: 3, Max: 20}},
		},
		{
			ID: "000/moore.kn", Paper: "000", Ref: "§1.2",
			Statement: "Moore's NIM_{n,≤n} is one-pile Nim of size s = x1 + … + xn: G(x) = s",
			Quote:     "is trivial when k = n; in the latter case it turns into NIM with one pile of size s = Σ_{i=1}^n x_i",
			Family:    "moore", Quantity: grundy.QG, Support: theory.PaperProof,
			Applies: on("moore", func(k, n int) bool { return k == n }),
			Formula: func(_ grundy.Ruleset, n int) *formula.Expr { return sumOf(n) },
			Checks:  []theory.Instance{{Game: "moore:k=2", Piles: 2, Max: 30}, {Game: "moore:k=3", Piles: 3, Max: 14}},
		},
	}
	cs = append(cs, prop2Claims()...)
	cs = append(cs, thm3Claims()...)
	cs = append(cs, exactClaims()...)
	cs = append(cs, prop6Claim())
	cs = append(cs, prop7Claims()...)
	cs = append(cs, prop8Claims()...)
	return cs
}

// Proposition 2 is printed "For t = 0 and t = 0": the literal statement
// is Moore's theorem again; the sentence before it ("Moore's result for
// P-positions was extended to 1-positions by Jenkyns and Mayberry") reads
// t ∈ {0, 1}. M's digits are printed "y0 y1 … ym", which a reader may also
// take as written, y0 the most significant.
func prop2Claims() []*theory.Claim {
	one := big.NewInt(1)
	iff := func(m func(grundy.BigPosition, int) *big.Int, ts ...int64) func(*theory.Site) theory.Verdict {
		return func(s *theory.Site) theory.Verdict {
			mx := m(s.Pos.Big(), kOf(s.Ruleset))
			for _, t := range ts {
				isT, mT := int64(s.Values.G) == t, mx.Cmp(big.NewInt(t)) == 0
				switch {
				case mT && !isT:
					return theory.Fails("M(x) = t but x is not a t-position (the \"if\" fails)", "G="+mx.String(), "G="+itoa(s.Values.G))
				case isT && !mT:
					return theory.Fails("a t-position with M(x) ≠ t (the \"only if\" fails)", "M="+mx.String(), "G="+itoa(s.Values.G))
				}
			}
			return theory.Holds()
		}
	}
	const quote = "For t = 0 and t = 0, vector x is a t-position of Nim_{n≤k} if and only if M(x) = t."
	return []*theory.Claim{
		{
			ID: "000/prop-2", Paper: "000", Ref: "Proposition 2 (Jenkyns, Mayberry 1980)",
			Statement: "In Moore's k-Nim, for t = 0 (printed \"t = 0 and t = 0\"): x is a t-position iff M(x) = t",
			Quote:     quote, Family: "moore", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies:  on("moore", nil),
			Property: iff(moore, 0),
			Checks:   mooreBoxes,
		},
		{
			ID: "000/prop-2.reading-t01", Paper: "000", Ref: "Proposition 2 (Jenkyns, Mayberry 1980)",
			ReadingOf: "000/prop-2",
			Reading:   "the second \"t = 0\" read as t = 1, as the sentence before it says (Moore's result \"extended to 1-positions by Jenkyns and Mayberry\")",
			Statement: "In Moore's k-Nim, for t ∈ {0, 1}: x is a t-position iff M(x) = t",
			Quote:     quote, Family: "moore", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies:  on("moore", nil),
			Property: iff(moore, 0, 1),
			Checks:   mooreBoxes,
		},
		{
			ID: "000/prop-2.reading-t01-G", Paper: "000", Ref: "Proposition 2 (Jenkyns, Mayberry 1980)",
			ReadingOf: "000/prop-2",
			Reading:   "as 000/prop-2.reading-t01, its \"if\" half as a value: G(x) = M(x) wherever M(x) ≤ 1",
			Statement: "In Moore's k-Nim, if M(x) ≤ 1 then G(x) = M(x)",
			Family:    "moore", Quantity: grundy.QG, Support: theory.PaperProof,
			Applies: on("moore", nil),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				m := moore(p, kOf(r))
				return m, m.Cmp(one) <= 0
			},
			Checks: mooreBoxes,
		},
		{
			ID: "000/prop-2.reading-t01-msd", Paper: "000", Ref: "Proposition 2 (Jenkyns, Mayberry 1980)",
			ReadingOf: "000/prop-2",
			Reading: "t ∈ {0, 1} as in 000/prop-2.reading-t01, and M(x) = \"y0 y1 … ym in base k+1\" read as written, " +
				"y0 the most significant digit (the other readings take y_j as the digit of (k+1)^j, matching x_i = Σ x_{ij} 2^j)",
			Statement: "In Moore's k-Nim, for t ∈ {0, 1}: x is a t-position iff Σ_j y_j (k+1)^(m−j) = t, m the top bit",
			Quote:     "denote the obtained number y0y1 . . . ym in base k + 1 by M(x)",
			Family:    "moore", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies:  on("moore", nil),
			Property: iff(mooreMSD, 0, 1),
			Refuted:  "0,0,2",
			Checks:   mooreBoxes,
		},
	}
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

// Theorem 3 names the game NIM_{n,≤n−1} (Moore's) but sums u over
// x_0, …, x_n, and x_0 is the extra pile of Exco-Nim, the game of §1.3 the
// sentence before it announces: both readings are checked.
func thm3Claims() []*theory.Claim {
	const quote = "u(x) = Σ_{i=0}^n x_i, m(x) = min_{i=1}^n x_i, y = u(x) − n m(x), z = ½(y² + y + 2). " +
		"Then, for any n ≥ 3 the SG function of Nim_{n≤n−1} is given by the formula: G(x) = u(x) if m(x) < z; (z − 1) + (m − z) mod (y + 1) otherwise."
	mooreN1 := on("moore", func(k, n int) bool { return n >= 3 && k == n-1 })
	exco := on("exco-nim", func(_, n int) bool { return n >= 4 })
	excoReading := "the game read as Exco-Nim on (x0; x1, …, xn), the game of §1.3 that the theorem generalizes to (ref. [3]), " +
		"whose extra pile x0 the sum u = Σ_{i=0}^n x_i includes; Moore's game is its case x0 = 0"
	// The P-positions these G formulas give, as Presburger formulas (G = 0
	// in formula (2) iff u = 0, or y = 0 and m ≥ 1, since z = 1 iff y = 0).
	mooreP := func(_ grundy.Ruleset, n int) *formula.Expr { return allEqual(0, n) }
	excoP := func(_ grundy.Ruleset, n int) *formula.Expr {
		return formula.And(formula.Eq(formula.X(0), formula.C(0)), allEqual(1, n))
	}
	return []*theory.Claim{
		{
			ID: "000/thm-3", Paper: "000", Ref: "Theorem 3 (Jenkyns, Mayberry 1980; Boros, Gurvich, Ho, Makino 2015)",
			Statement: "In Moore's NIM_{n,≤n−1}, n ≥ 3: with u = Σ xi, m = min xi, y = u − n·m, z = (y² + y + 2)/2, G = u if m < z, else (z − 1) + (m − z) mod (y + 1)",
			Quote:     quote, Family: "moore", Quantity: grundy.QG, Support: theory.PaperProof,
			Note:    "Moore's game has no pile x0, so u sums x1..xn. For n = 2, which the theorem excludes, formula (2) fails (2-pile Nim (1,3): formula 4, G = 2).",
			Applies: mooreN1,
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return thm3(p, p), true
			},
			Checks: []theory.Instance{{Game: "moore:k=2", Piles: 3, Max: 32}, {Game: "moore:k=3", Piles: 4, Max: 13}, {Game: "moore:k=4", Piles: 5, Max: 8}},
		},
		{
			ID: "000/thm-3.reading-exco", Paper: "000", Ref: "Theorem 3 (Boros, Gurvich, Ho, Makino 2015)",
			ReadingOf: "000/thm-3", Reading: excoReading,
			Statement: "In Exco-Nim on (x0; x1..xn), n ≥ 3: formula (2) with u = x0 + x1 + … + xn, m = min_{i≥1} xi, y = u − n·m",
			Quote:     quote, Family: "exco-nim", Quantity: grundy.QG, Support: theory.PaperProof,
			Applies: exco,
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return thm3(p, p[1:]), true
			},
			Checks: []theory.Instance{{Game: "exco-nim", Piles: 4, Max: 14}, {Game: "exco-nim", Piles: 5, Max: 8}},
		},
		{
			ID: "000/thm-3.P", Paper: "000", Ref: "Theorem 3",
			Statement: "Moore's NIM_{n,≤n−1}, n ≥ 3: x is a P-position iff x1 = … = xn",
			Family:    "moore", Quantity: grundy.QP, Support: theory.PaperProof,
			Note:    "Read off formula (2): G = 0 iff u = 0, or y = 0 (so z = 1) and m ≥ 1.",
			Applies: mooreN1, Formula: mooreP, Move: mooreMove,
			Checks: []theory.Instance{{Game: "moore:k=2", Piles: 3, Max: 32}, {Game: "moore:k=3", Piles: 4, Max: 13}, {Game: "moore:k=4", Piles: 5, Max: 8}},
		},
		{
			ID: "000/thm-3.P.reading-exco", Paper: "000", Ref: "Theorem 3",
			ReadingOf: "000/thm-3.P", Reading: excoReading,
			Statement: "Exco-Nim on (x0; x1..xn), n ≥ 3: x is a P-position iff x0 = 0 and x1 = … = xn",
			Family:    "exco-nim", Quantity: grundy.QP, Support: theory.PaperProof,
			Note:    "Read off formula (2): G = 0 iff u = 0, or y = 0 (so z = 1) and m ≥ 1; y = 0 iff x0 = 0 and all xi = m.",
			Applies: exco, Formula: excoP, Move: excoMove,
			Checks: []theory.Instance{{Game: "exco-nim", Piles: 4, Max: 14}, {Game: "exco-nim", Piles: 5, Max: 8}},
		},
	}
}

// allEqual says x_from = … = x_{to−1}.
func allEqual(from, to int) *formula.Expr {
	var parts []*formula.Expr
	for i := from + 1; i < to; i++ {
		parts = append(parts, formula.Eq(formula.X(i), formula.X(from)))
	}
	return formula.And(parts...)
}

// exactClaims are §1.4's Exact k-Nim: Proposition 4 (2k > n), Theorem 5
// (n = 2k) and the trivial k = 1, Proposition 9 (pet) of §1.5.
func exactClaims() []*theory.Claim {
	propChecks := []theory.Instance{{Game: "exact:k=2", Piles: 3, Max: 30}, {Game: "exact:k=3", Piles: 4, Max: 12},
		{Game: "exact:k=3", Piles: 5, Max: 8}, {Game: "exact:k=4", Piles: 5, Max: 8}, {Game: "exact:k=4", Piles: 7, Max: 4}}
	thm5Checks := []theory.Instance{{Game: "exact:k=2", Piles: 4, Max: 16}, {Game: "exact:k=3", Piles: 6, Max: 6}}
	over := on("exact", func(k, n int) bool { return 2*k > n })
	twice := on("exact", func(k, n int) bool { return n >= 4 && n == 2*k })
	tetrisClaim := func(r grundy.Ruleset, n int) *formula.Expr { return tetrisFormula(n, kOf(r)) }
	petClaim := func(r grundy.Ruleset, n int) *formula.Expr {
		t := tetrisFormula(n, kOf(r))
		return formula.Ite(formula.Le(t, formula.C(1)), formula.Sub(formula.C(1), t), t)
	}
	tetrisLevelOf := func(r grundy.Ruleset, n int) *formula.Expr { return tetrisLevel(n, kOf(r)) }
	// petLevel says petClaim(x) = c symmetrically: T = c for c ≥ 2, and
	// T = 1 − c for c ∈ {0, 1}.
	petLevel := func(r grundy.Ruleset, n int) *formula.Expr {
		at := func(c *formula.Expr) *formula.Expr { return tetrisIs(n, kOf(r), c) }
		c := formula.X(n)
		return formula.Or(
			formula.And(formula.Ge(c, formula.C(2)), at(c)),
			formula.And(formula.Eq(c, formula.C(0)), at(formula.C(1))),
			formula.And(formula.Eq(c, formula.C(1)), at(formula.C(0))))
	}
	return []*theory.Claim{
		{
			ID: "000/exact.k1", Paper: "000", Ref: "§1.4",
			Statement: "Exact NIM_{n,=1} is n-pile Nim: G(x) = x1 ⊕ … ⊕ xn",
			Quote:     "Clearly, both games, NIM_{n,k} and NIM_{n,≤k}, turn into the standard n-pile NIM when k = 1",
			Family:    "exact", Quantity: grundy.QG, Support: theory.Classical,
			Note:    "The rules coincide, so Bouton's theorem (000/bouton) applies.",
			Applies: on("exact", func(k, _ int) bool { return k == 1 }),
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return nimSum(p), true
			},
			Move:   nimMove,
			Checks: []theory.Instance{{Game: "exact:k=1", Piles: 3, Max: 20}},
		},
		{
			ID: "000/prop-4", Paper: "000", Ref: "Proposition 4 (Boros et al. 2015)",
			Statement: "In Exact k-Nim NIM_{n,=k} with 2k > n, G(x) = T_{n,k}(x), the tetris function: the most k-subsets of the piles with pile i in at most xi of them",
			Quote:     "The SG function G of the game NIM_{n,=k} and the tetris function T_{n,k} are equal whenever 2k > n.",
			Family:    "exact", Quantity: grundy.QG, Support: theory.PaperProof,
			Note: "T_{n,k}(x) = min_{0≤j<k} ⌊(x1 + … + x_{n−j})/(k − j)⌋ on sorted piles (grundy's derivation, in tetrisFormula; " +
				"TestTetris checks it against the definition (3) by exhaustive packing).",
			Applies: over, Formula: tetrisClaim, Level: tetrisLevelOf,
			Checks: propChecks,
		},
		{
			ID: "000/prop-4.P", Paper: "000", Ref: "Proposition 4",
			Statement: "Exact NIM_{n,=k} with 2k > n: x is a P-position iff fewer than k piles are non-empty (x_{n−k+1} = 0, sorted ascending)",
			Family:    "exact", Quantity: grundy.QP, Support: theory.PaperProof,
			Note:    "T_{n,k}(x) = 0 iff no k-subset of non-empty piles exists.",
			Applies: over,
			Formula: func(r grundy.Ruleset, n int) *formula.Expr {
				return formula.Eq(formula.X(n-kOf(r)), formula.C(0))
			},
			Move:   exactMove,
			Checks: propChecks,
		},
		{
			ID: "000/thm-5", Paper: "000", Ref: "Theorem 5 (Boros et al. 2015)",
			Statement: "In Exact k-Nim NIM_{2k,=k}, k ≥ 2: G is formula (2) with u = T_{n,k}(x), m = min xi, y = T_{n,k}(x − m)",
			Quote:     "For n = 2k ≥ 4, the SG function G(x) of NIM_{n,=k} is still given by formula (2), but the variables u = u(x) and y = y(x) in it are defined by means of the tetris function",
			Family:    "exact", Quantity: grundy.QG, Support: theory.PaperProof,
			Applies: twice,
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return thm5(p, kOf(r)), true
			},
			Checks: thm5Checks,
		},
		{
			ID: "000/thm-5.P", Paper: "000", Ref: "Theorem 5",
			Statement: "Exact NIM_{2k,=k}, k ≥ 2: x is a P-position iff x1 = … = x_{k+1} (sorted ascending)",
			Family:    "exact", Quantity: grundy.QP, Support: theory.PaperProof,
			Note: "Read off Theorem 5: G = 0 iff T(x) = 0 (at least k+1 empty piles), or m ≥ 1 and T(x − m) = 0 " +
				"(at least k+1 piles equal to the least) — in both cases the k+1 smallest piles are equal.",
			Applies: twice,
			Formula: func(r grundy.Ruleset, _ int) *formula.Expr { return allEqual(0, kOf(r)+1) },
			Move:    exact2kMove,
			Checks:  thm5Checks,
		},
		{
			ID: "000/prop-9", Paper: "000", Ref: "Proposition 9 (Boros et al. 2015; Gurvich, Ho 2015), with Proposition 4",
			Statement: "Exact NIM_{n,=k} with n < 2k is pet: only (0,1), (1,0) and (t,t) positions, t ≥ 2; so G⁻ = 1 − T_{n,k}(x) if T ≤ 1, else T_{n,k}(x)",
			Quote:     "The game NIM_{n=k} is pet whenever n < 2k.",
			Family:    "exact", Quantity: grundy.QGm, Support: theory.PaperProof,
			Note:    "Encoding: with G = T_{n,k} (Proposition 4), \"pet\" says exactly G⁻ = 1 − G where G ≤ 1 and G⁻ = G elsewhere.",
			Applies: over, Formula: petClaim, Level: petLevel,
			Checks: propChecks,
		},
		{
			ID: "000/example-1.5.G", Paper: "000", Ref: "§1.5 (\"our computations show\")",
			Statement: "Exact NIM_{5,=2} is not tame: (1,2,3,3,3) is a (0,2)-position (G part)",
			Quote:     "our computations show that (1, 2, 3, 3, 3) is a (0, 2)-position of NIM(5, = 2)",
			Family:    "exact", Quantity: grundy.QG, Support: theory.Reported,
			Applies: on("exact", func(k, n int) bool { return k == 2 && n == 5 }),
			Finite:  true,
			Eval:    at(map[string]int64{"1,2,3,3,3": 0}),
			Checks:  []theory.Instance{{Game: "exact:k=2", Piles: 5, Max: 3}},
		},
		{
			ID: "000/example-1.5.Gm", Paper: "000", Ref: "§1.5 (\"our computations show\")",
			Statement: "Exact NIM_{5,=2} is not tame: (1,2,3,3,3) is a (0,2)-position (G⁻ part)",
			Quote:     "our computations show that (1, 2, 3, 3, 3) is a (0, 2)-position of NIM(5, = 2)",
			Family:    "exact", Quantity: grundy.QGm, Support: theory.Reported,
			Applies: on("exact", func(k, n int) bool { return k == 2 && n == 5 }),
			Finite:  true,
			Eval:    at(map[string]int64{"1,2,3,3,3": 2}),
			Checks:  []theory.Instance{{Game: "exact:k=2", Piles: 5, Max: 3}},
		},
	}
}

// at is the Eval of a claim about listed positions only.
func at(vals map[string]int64) func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool) {
	return func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
		v, ok := vals[p.String()]
		return big.NewInt(v), ok
	}
}

// Proposition 7: Moore's NIM_{n,≤k} is miserable (printed for every
// k ≤ n); for 2 ≤ k ≤ n its swap positions are the positions of piles ≤ 1
// with l ≡ 0, 1 (mod k+1) non-empty piles.
func prop7Claims() []*theory.Claim {
	one := big.NewInt(1)
	moore2 := on("moore", func(k, _ int) bool { return k >= 2 })
	swapSet := func(t int) func(p grundy.BigPosition, k int) bool {
		return func(p grundy.BigPosition, k int) bool { return atMostOne(p) && ones(p)%(k+1) == t }
	}
	swapF := func(t int64) func(grundy.Ruleset, int) *formula.Expr {
		return func(r grundy.Ruleset, n int) *formula.Expr {
			k := int64(kOf(r))
			parts := []*formula.Expr{formula.Eq(formula.Mod(sumOf(n), k+1), formula.C(t))}
			for i := range n {
				parts = append(parts, formula.Le(formula.X(i), formula.C(1)))
			}
			return formula.And(parts...)
		}
	}
	const quote = "Game NIM_{n,≤k} is miserable. Moreover, let x = (x1, …, xn) be a position in NIM_{n≤k} such that for 2 ≤ k ≤ n and let l = l(x) be the number of non-empty piles in x. " +
		"Then (i) x ∈ X_{0,1} if and only if x_i ≤ 1 for all i and l ≡ 0 mod (k+1); (ii) x ∈ X_{1,0} if and only if x_i ≤ 1 for all i and l ≡ 1 mod (k+1)."
	swapChecks := []theory.Instance{{Game: "moore:k=3", Piles: 3, Max: 2}, {Game: "moore:k=2", Piles: 3, Max: 3}, {Game: "moore:k=2", Piles: 6, Max: 2},
		{Game: "moore:k=3", Piles: 5, Max: 2}, {Game: "moore:k=3", Piles: 8, Max: 1}, {Game: "moore:k=4", Piles: 9, Max: 1}}
	structChecks := []theory.Instance{{Game: "moore:k=1", Piles: 3, Max: 12}, {Game: "moore:k=2", Piles: 3, Max: 12},
		{Game: "moore:k=2", Piles: 4, Max: 7}, {Game: "moore:k=3", Piles: 4, Max: 7}, {Game: "moore:k=3", Piles: 3, Max: 10}, {Game: "moore:k=4", Piles: 5, Max: 4}}
	cs := []*theory.Claim{
		{
			ID: "000/prop-7.miserable", Paper: "000", Ref: "Proposition 7 (Gurvich, Ho 2015)",
			Statement: "Moore's NIM_{n,≤k} (any 1 ≤ k ≤ n) is miserable",
			Quote:     quote, Family: "moore", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Note:     "The first sentence carries no restriction on k; k = 1 is Nim.",
			Applies:  on("moore", nil),
			Property: miserable,
			Checks:   structChecks,
		},
		{
			ID: "000/prop-7.iff", Paper: "000", Ref: "Proposition 7(i), (ii)",
			Statement: "Moore's NIM_{n,≤k}, 2 ≤ k ≤ n: x is a (0,1)-position iff every xi ≤ 1 and l ≡ 0 (mod k+1), and a (1,0)-position iff every xi ≤ 1 and l ≡ 1 (mod k+1)",
			Quote:     quote, Family: "moore", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies: moore2,
			Property: func(s *theory.Site) theory.Verdict {
				k := kOf(s.Ruleset)
				return swapIff(nil, func(p grundy.BigPosition) bool { return swapSet(0)(p, k) },
					func(p grundy.BigPosition) bool { return swapSet(1)(p, k) })(s)
			},
			Checks: structChecks[1:],
		},
		{
			ID: "000/prop-7", Paper: "000", Ref: "Proposition 7 (Gurvich, Ho 2015), with Propositions 2 and 6",
			Statement: "Moore's NIM_{n,≤k}, 2 ≤ k ≤ n, is miserable (so tame) with X_{0,1} = {xi ≤ 1, l ≡ 0} and X_{1,0} = {xi ≤ 1, l ≡ 1 (mod k+1)}; hence G⁻ = M(x) ⊕ [all xi ≤ 1] where M(x) ≤ 1",
			Family:    "moore", Quantity: grundy.QGm, Support: theory.PaperProof,
			Note: "Encoding: a tame game has only (0,1), (1,0) and (t,t) positions, and G ∈ {0,1} iff M(x) ∈ {0,1} (Prop 2 read for t ∈ {0, 1}); " +
				"so G⁻ is 1 − G on the swap sets of (i), (ii) and G elsewhere. Positions with M(x) ≥ 2 are left to 000/prop-7.tame.",
			Applies: moore2,
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				m := moore(p, kOf(r))
				if m.Cmp(one) > 0 {
					return nil, false
				}
				if atMostOne(p) {
					return new(big.Int).Sub(one, m), true
				}
				return m, true
			},
			Checks: mooreBoxes,
		},
		{
			ID: "000/prop-7.tame", Paper: "000", Ref: "Propositions 6 and 7 with Theorem 3 and §1.2",
			Statement: "Moore's NIM_{n,≤k}, 2 ≤ k ≤ n, is tame and its swap positions have M(x) ≤ 1, so G⁻ = G wherever M(x) ≥ 2; G by Theorem 3 (k = n − 1) or as one pile of Σ xi (k = n)",
			Family:    "moore", Quantity: grundy.QGm, Support: theory.PaperProof,
			Note:    "Says nothing where M(x) ≤ 1 (000/prop-7 gives G⁻ there) or where no closed form gives G (k ≤ n − 2).",
			Applies: on("moore", func(k, n int) bool { return k >= 2 && (k == n || k == n-1 && n >= 3) }),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				k := kOf(r)
				if moore(p, k).Cmp(one) <= 0 {
					return nil, false
				}
				if k == len(p) {
					return sumBig(p), true
				}
				return thm3(p, p), true
			},
			Checks: []theory.Instance{{Game: "moore:k=2", Piles: 3, Max: 24}, {Game: "moore:k=2", Piles: 2, Max: 30},
				{Game: "moore:k=3", Piles: 4, Max: 11}, {Game: "moore:k=3", Piles: 3, Max: 14}},
		},
		{
			ID: "000/prop-7.pm", Paper: "000", Ref: "Proposition 7 (Gurvich, Ho 2015), with Moore's formula",
			Statement: "In misère Moore's NIM_{n,≤k}, 2 ≤ k ≤ n, x is a P-position iff M(x) = 0 and some pile is ≥ 2, or every pile is ≤ 1 and l ≡ 1 (mod k+1)",
			Family:    "moore", Quantity: grundy.QPm, Support: theory.PaperProof,
			Note:    "The misère P-positions of a tame game are its (0,0)- and (1,0)-positions: M(x) = 0 off X_{0,1}, plus X_{1,0}.",
			Applies: moore2,
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return theory.BoolInt(mooreMisereP(p, kOf(r))), true
			},
			Move: func(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
				return mooreMisereMove(p, kOf(r))
			},
			Checks: mooreBoxes,
		},
	}
	for _, part := range []struct {
		id, ref, stmt string
		t             int64
	}{
		{"000/prop-7.1", "Proposition 7(i)", "Moore's NIM_{n,≤k}, 2 ≤ k ≤ n: if every xi ≤ 1 and l ≡ 0 (mod k+1), x is a (0,1)-position", 0},
		{"000/prop-7.2", "Proposition 7(ii)", "Moore's NIM_{n,≤k}, 2 ≤ k ≤ n: if every xi ≤ 1 and l ≡ 1 (mod k+1), x is a (1,0)-position", 1},
	} {
		cs = append(cs, swapParts(part.id, part.ref, part.stmt, "moore", moore2, swapF(part.t), part.t, "000/prop-7.iff", swapChecks)...)
	}
	return cs
}

// swapParts are the G and G⁻ values a statement "x in the set is a
// (g, 1−g)-position" gives, as two value claims on the set as Domain.
func swapParts(id, ref, stmt, family string, applies func(grundy.Ruleset, int) bool, dom func(grundy.Ruleset, int) *formula.Expr,
	g int64, iff string, checks []theory.Instance) []*theory.Claim {
	fg := func(grundy.Ruleset, int) *formula.Expr { return formula.C(g) }
	fgm := func(grundy.Ruleset, int) *formula.Expr { return formula.C(1 - g) }
	note := "The \"if\" half as values; " + iff + " checks both halves."
	return []*theory.Claim{
		{ID: id, Paper: "000", Ref: ref, Statement: stmt + " (G part)", Family: family,
			Quantity: grundy.QG, Support: theory.PaperProof, Note: note, Applies: applies,
			Domain: dom, Formula: fg, Checks: checks},
		{ID: id + "m", Paper: "000", Ref: ref, Statement: stmt + " (G⁻ part)", Family: family,
			Quantity: grundy.QGm, Support: theory.PaperProof, Note: note, Applies: applies,
			Domain: dom, Formula: fgm, Checks: checks},
	}
}

// Proposition 8: Exact NIM_{2k,=k} is miserable, X_{0,1} = {x1 = … =
// x_{k+1} ≤ 1}, X_{1,0} = {T_{2k,k}(x) = 1}. Printed for every k ≥ 1.
func prop8Claims() []*theory.Claim {
	one := big.NewInt(1)
	twoK := on("exact", func(k, n int) bool { return n == 2*k })
	swapF := func(t int64) func(grundy.Ruleset, int) *formula.Expr {
		return func(r grundy.Ruleset, n int) *formula.Expr {
			k := kOf(r)
			if t == 1 {
				return formula.Eq(tetrisFormula(n, k), formula.C(1))
			}
			parts := []*formula.Expr{formula.Le(formula.X(k), formula.C(1))}
			for i := 1; i <= k; i++ {
				parts = append(parts, formula.Eq(formula.X(i), formula.X(0)))
			}
			return formula.And(parts...)
		}
	}
	const quote = "The game of NIM_{2k,k} is miserable. Moreover, x = (x1, x2, …, xn) is (i) a (0,1)-position if and only if x1 = x2 = · · · = x_{k+1} ≤ 1; " +
		"(ii) a (1,0)-position if and only if Tetris function T_{2k,k}(x) = 1."
	structChecks := []theory.Instance{{Game: "exact:k=1", Piles: 2, Max: 30}, {Game: "exact:k=2", Piles: 4, Max: 12}, {Game: "exact:k=3", Piles: 6, Max: 5}}
	swapChecks := structChecks
	cs := []*theory.Claim{
		{
			ID: "000/prop-8.miserable", Paper: "000", Ref: "Proposition 8 (Boros et al. 2015)",
			Statement: "Exact NIM_{2k,=k} is miserable",
			Quote:     quote, Family: "exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies: twoK, Property: miserable, Checks: structChecks,
		},
		{
			ID: "000/prop-8.iff", Paper: "000", Ref: "Proposition 8(i), (ii)",
			Statement: "Exact NIM_{2k,=k}: x is a (0,1)-position iff x1 = … = x_{k+1} ≤ 1, and a (1,0)-position iff T_{2k,k}(x) = 1 (sorted ascending)",
			Quote:     quote, Family: "exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies: twoK,
			Property: func(s *theory.Site) theory.Verdict {
				k := kOf(s.Ruleset)
				in01 := func(p grundy.BigPosition) bool {
					return p[k].Cmp(one) <= 0 && p[0].Cmp(p[k]) == 0
				}
				in10 := func(p grundy.BigPosition) bool { return tetris(p, k).Cmp(one) == 0 }
				return swapIff(nil, in01, in10)(s)
			},
			Checks: structChecks,
		},
		{
			ID: "000/prop-8", Paper: "000", Ref: "Proposition 8 (Boros et al. 2015), with Proposition 6 and Theorem 5",
			Statement: "Exact NIM_{2k,=k}, k ≥ 2, is miserable (so tame) with X_{0,1} = {x1 = … = x_{k+1} ≤ 1} and X_{1,0} = {T_{2k,k}(x) = 1}; hence G⁻ = 1 − G there and G⁻ = G elsewhere",
			Family:    "exact", Quantity: grundy.QGm, Support: theory.PaperProof,
			Note:    "x1 ≤ … ≤ xn ascending, as the paper assumes; G from Theorem 5 (k ≥ 2).",
			Applies: on("exact", func(k, n int) bool { return n >= 4 && n == 2*k }),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				k := kOf(r)
				switch {
				case p[k].Cmp(one) <= 0 && p[0].Cmp(p[k]) == 0:
					return big.NewInt(1), true
				case tetris(p, k).Cmp(one) == 0:
					return big.NewInt(0), true
				}
				return thm5(p, k), true
			},
			Checks: []theory.Instance{{Game: "exact:k=2", Piles: 4, Max: 16}, {Game: "exact:k=3", Piles: 6, Max: 6}},
		},
	}
	cs = append(cs, swapParts("000/prop-8.1", "Proposition 8(i)", "Exact NIM_{2k,=k}: if x1 = … = x_{k+1} ≤ 1 (sorted ascending), x is a (0,1)-position",
		"exact", twoK, swapF(0), 0, "000/prop-8.iff", swapChecks)...)
	cs = append(cs, swapParts("000/prop-8.2", "Proposition 8(ii)", "Exact NIM_{2k,=k}: if T_{2k,k}(x) = 1, x is a (1,0)-position",
		"exact", twoK, swapF(1), 1, "000/prop-8.iff", swapChecks)...)
	return cs
}
