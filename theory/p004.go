package theory

import (
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
)

// Paper 004: Chikin, Gurvich, Knop, Paterson, Vyalyi, "More about exact
// slow k-Nim" (Integers 21, 2021). The game Nim^1_{n,=k} is grundy's
// slow-exact:k=K with n piles; positions are sorted, x1 ≤ … ≤ xn, as the
// paper assumes. Nim^1_{n,=k}[j] is the part with total ≡ j (mod k).

func init() {
	register(
		&Claim{
			ID: "004/thm-1", Paper: "004", Ref: "Theorem 1, (1)",
			Statement: "The P-positions of Nim^1_{6,=2}[0] (even total) are those with parity vector (e,e,o,o,o,o), (o,o,e,e,o,o), (o,o,o,o,e,e) or (e,e,e,e,e,e)",
			Family:    "slow-exact", Quantity: QP, Support: PaperProof,
			Applies: exactK004(2, 6),
			Domain:  totalMod004(2, 0), Formula: thm1Formula004,
			Eval:   domainEvalCached004(totalMod004(2, 0), thm1Formula004),
			Move:   moveWithin004(totalMod004(2, 0), thm1Formula004),
			Checks: []Instance{{"slow-exact:k=2", 6, 20}},
		},
		&Claim{
			ID: "004/remark-1", Paper: "004", Ref: "Remark 1 (part (5) of Theorem 2 in [3])",
			Statement: "The P-positions of Moore's slow Nim^1_{6,≤3} have parity vector (e,e,o,o,o,o), (o,o,e,e,o,o), (o,o,o,o,e,e) or (e,e,e,e,e,e)",
			Family:    "slow-moore", Quantity: QP, Support: PaperProof,
			Applies: familyIs("slow-moore", func(r grundy.Ruleset, n int) bool { return n == 6 && Param(r, "k") == 3 }),
			Formula: thm1Formula004,
			Move:    moveWithin004(func(grundy.Ruleset, int) *formula.Expr { return formula.True() }, thm1Formula004),
			Checks:  []Instance{{"slow-moore:k=3", 6, 12}},
		},
		&Claim{
			ID: "004/eq-2", Paper: "004", Ref: "Theorem 1, equations (2)",
			Statement: "With even total in Nim^1_{6,=2}, x is a P-position iff x2−x1 ≡ x4−x3 ≡ x5−x4−x1 ≡ 0 (mod 2)",
			Family:    "slow-exact", Quantity: QP, Support: PaperProof,
			Applies: exactK004(2, 6),
			Domain:  totalMod004(2, 0), Formula: eq2Formula004,
			Eval:   domainEvalCached004(totalMod004(2, 0), eq2Formula004),
			Checks: []Instance{{"slow-exact:k=2", 6, 20}},
		},
		&Claim{
			ID: "004/thm-2", Paper: "004", Ref: "Theorem 2",
			Statement: "The P-positions of Nim^1_{6,=2}[1] (odd total) are (E & T>0) ∨ (K & F & T=0) ∨ (K & T<0), T = min(s, u)",
			Family:    "slow-exact", Quantity: QP, Support: PaperProof,
			Note: "E: equations (2); F: x4−x3 even; K: total ≡ 1 (mod 4); r = x1+x4−x5, " +
				"s = x1−x2+x3−x4−x5+x6, u = s−2r+1.",
			Applies: exactK004(2, 6),
			Domain:  totalMod004(2, 1), Formula: thm2Formula004,
			Eval:   domainEvalCached004(totalMod004(2, 1), thm2Formula004),
			Move:   moveWithin004(totalMod004(2, 1), thm2Formula004),
			Checks: []Instance{{"slow-exact:k=2", 6, 20}},
		},
		&Claim{
			ID: "004/cor-1", Paper: "004", Ref: "Corollary 1, (3)",
			Statement: "The P-positions of Nim^1_{5,=2}[0] (even total) are those with parity vector (e,o,o,o,o) or (e,e,e,e,e)",
			Family:    "slow-exact", Quantity: QP, Support: PaperProof,
			Applies: exactK004(2, 5),
			Domain:  totalMod004(2, 0), Formula: cor1Formula004,
			Eval:   domainEvalCached004(totalMod004(2, 0), cor1Formula004),
			Move:   moveWithin004(totalMod004(2, 0), cor1Formula004),
			Checks: []Instance{{"slow-exact:k=2", 5, 30}},
		},
		&Claim{
			ID: "004/cor-2", Paper: "004", Ref: "Corollary 2",
			Statement: "The P-positions of Nim^1_{5,=2}[1] (odd total) are (T'<0 & K') ∨ (T'>0 & E'), T' = −y1+y2−y3−y4+y5",
			Family:    "slow-exact", Quantity: QP, Support: PaperProof,
			Note:    "K': total ≡ 1 (mod 4); E': y1 ≡ y3−y2 ≡ y4−y3 ≡ 0 (mod 2).",
			Applies: exactK004(2, 5),
			Domain:  totalMod004(2, 1), Formula: cor2Formula004,
			Eval:   domainEvalCached004(totalMod004(2, 1), cor2Formula004),
			Move:   moveWithin004(totalMod004(2, 1), cor2Formula004),
			Checks: []Instance{{"slow-exact:k=2", 5, 30}},
		},
	)

	// Proposition 1: four P-shifts of Nim^1_{6,=2}; §2: one of Nim^1_{5,=2}.
	// Each claim says x+y is a P-position iff x is, x read by Theorems 1–2
	// (Corollaries 1–2): the check then compares the exhaustive P-set at
	// x+y with the theorems' set at x.
	for i, y := range [][]int64{{0, 0, 1, 1, 1, 1}, {1, 1, 1, 1, 2, 2}, {0, 0, 0, 2, 2, 4}, {0, 2, 2, 2, 2, 4}} {
		register(shiftClaim004(shiftSpec004{
			id: "004/prop-1." + string(rune('1'+i)), ref: "Proposition 1",
			y: y, piles: 6, set: pSet6Formula004, max: 14,
		}))
	}
	register(shiftClaim004(shiftSpec004{
		id: "004/sec-2.shift-5", ref: "§2, first paragraph",
		y: []int64{0, 0, 0, 2, 2}, piles: 5, set: pSet5Formula004, max: 24,
	}))
}

// exactK004 applies to slow-exact with k = K and n piles.
func exactK004(k, n int) func(grundy.Ruleset, int) bool {
	return familyIs("slow-exact", func(r grundy.Ruleset, m int) bool { return m == n && Param(r, "k") == k })
}

func piles004(n int) []*formula.Expr {
	x := make([]*formula.Expr, n)
	for i := range x {
		x[i] = formula.X(i)
	}
	return x
}

// totalMod004 is the subgame Nim[j]: total ≡ j (mod k).
func totalMod004(k, j int64) func(grundy.Ruleset, int) *formula.Expr {
	return func(_ grundy.Ruleset, n int) *formula.Expr {
		return formula.Eq(formula.Mod(formula.Add(piles004(n)...), k), formula.C(j))
	}
}

// parityVectors004 holds iff the parity vector of x is one of vs (a string
// of 'e' and 'o' each).
func parityVectors004(x []*formula.Expr, vs ...string) *formula.Expr {
	var alts []*formula.Expr
	for _, v := range vs {
		var conj []*formula.Expr
		for i, c := range v {
			if c == 'e' {
				conj = append(conj, formula.Even(x[i]))
			} else {
				conj = append(conj, formula.Odd(x[i]))
			}
		}
		alts = append(alts, formula.And(conj...))
	}
	return formula.Or(alts...)
}

func thm1Set004(x []*formula.Expr) *formula.Expr {
	return parityVectors004(x, "eeoooo", "ooeeoo", "ooooee", "eeeeee")
}

// eqs2Set004 is E(x): equations (2) of 004.
func eqs2Set004(x []*formula.Expr) *formula.Expr {
	return formula.And(
		formula.Even(formula.Sub(x[1], x[0])),
		formula.Even(formula.Sub(x[3], x[2])),
		formula.Even(formula.Sub(formula.Sub(x[4], x[3]), x[0])))
}

// thm2Set004 is the set P of Theorem 2 (meant for odd totals).
func thm2Set004(x []*formula.Expr) *formula.Expr {
	n := formula.Add(x...)
	r := formula.Sub(formula.Add(x[0], x[3]), x[4])
	s := formula.Sub(formula.Add(x[0], x[2], x[5]), formula.Add(x[1], x[3], x[4]))
	u := formula.Add(formula.Sub(s, formula.Mul(2, r)), formula.C(1))
	t := formula.Min(s, u)
	zero := formula.C(0)
	e := eqs2Set004(x)
	f := formula.Even(formula.Sub(x[3], x[2]))
	k := formula.Eq(formula.Mod(n, 4), formula.C(1))
	return formula.Or(
		formula.And(e, formula.Gt(t, zero)),
		formula.And(k, f, formula.Eq(t, zero)),
		formula.And(k, formula.Lt(t, zero)))
}

func cor1Set004(y []*formula.Expr) *formula.Expr {
	return parityVectors004(y, "eoooo", "eeeee")
}

// cor2Set004 is Corollary 2's set (meant for odd totals): T' = s'.
func cor2Set004(y []*formula.Expr) *formula.Expr {
	t := formula.Sub(formula.Add(y[1], y[4]), formula.Add(y[0], y[2], y[3]))
	k := formula.Eq(formula.Mod(formula.Add(y...), 4), formula.C(1))
	e := formula.And(formula.Even(y[0]), formula.Even(formula.Sub(y[2], y[1])), formula.Even(formula.Sub(y[3], y[2])))
	zero := formula.C(0)
	return formula.Or(formula.And(formula.Lt(t, zero), k), formula.And(formula.Gt(t, zero), e))
}

func thm1Formula004(_ grundy.Ruleset, n int) *formula.Expr { return thm1Set004(piles004(n)) }
func eq2Formula004(_ grundy.Ruleset, n int) *formula.Expr  { return eqs2Set004(piles004(n)) }
func thm2Formula004(_ grundy.Ruleset, n int) *formula.Expr { return thm2Set004(piles004(n)) }
func cor1Formula004(_ grundy.Ruleset, n int) *formula.Expr { return cor1Set004(piles004(n)) }
func cor2Formula004(_ grundy.Ruleset, n int) *formula.Expr { return cor2Set004(piles004(n)) }

// pSet6Formula004 is the whole P-set of Nim^1_{6,=2} by Theorems 1 and 2,
// at piles x.
func pSet6Formula004(x []*formula.Expr) *formula.Expr {
	even := formula.Even(formula.Add(x...))
	return formula.Or(formula.And(even, thm1Set004(x)), formula.And(formula.Not(even), thm2Set004(x)))
}

// pSet5Formula004 is the whole P-set of Nim^1_{5,=2} by Corollaries 1–2.
func pSet5Formula004(y []*formula.Expr) *formula.Expr {
	even := formula.Even(formula.Add(y...))
	return formula.Or(formula.And(even, cor1Set004(y)), formula.And(formula.Not(even), cor2Set004(y)))
}

type shiftSpec004 struct {
	id, ref string
	y       []int64
	piles   int
	set     func(x []*formula.Expr) *formula.Expr
	max     int
}

// shiftClaim004 is "y is a P-shift" read at p = x + y: p is a P-position iff
// the theorems put x = p − y in P, wherever x is a sorted position.
func shiftClaim004(s shiftSpec004) *Claim {
	back := func(n int) []*formula.Expr {
		x := piles004(n)
		for i := range x {
			x[i] = formula.Sub(x[i], formula.C(s.y[i]))
		}
		return x
	}
	domain := func(_ grundy.Ruleset, n int) *formula.Expr {
		if n != s.piles {
			return nil
		}
		x := back(n)
		conj := []*formula.Expr{formula.Ge(x[0], formula.C(0))}
		for i := 1; i < n; i++ {
			conj = append(conj, formula.Le(x[i-1], x[i]))
		}
		return formula.And(conj...)
	}
	f := func(_ grundy.Ruleset, n int) *formula.Expr {
		if n != s.piles {
			return nil
		}
		return s.set(back(n))
	}
	return &Claim{
		ID: s.id, Paper: "004", Ref: s.ref,
		Statement: "y = " + vecString004(s.y) + " is a P-shift of Nim^1_{" + string(rune('0'+s.piles)) +
			",=2}: x + y is a P-position iff x is (x read by the paper's formulas)",
		Family: "slow-exact", Quantity: QP, Support: PaperProof,
		Note: "Checked at p = x + y against the formulas' verdict at x, so it tests the shift " +
			"on the exhaustive P-set given the theorems.",
		Applies: exactK004(2, s.piles),
		Domain:  domain, Formula: f,
		Eval:   domainEvalCached004(domain, f),
		Checks: []Instance{{"slow-exact:k=2", s.piles, s.max}},
	}
}

func vecString004(y []int64) string {
	s := "("
	for i, v := range y {
		if i > 0 {
			s += ","
		}
		s += big.NewInt(v).String()
	}
	return s + ")"
}

// moveWithin004 finds a move of a slow ruleset from p (inside domain) to a
// position of set, trying each of its at most 2^n moves: polynomial in
// the bit length. The set's formula is a P-set, so any such move wins.
func moveWithin004(domain, set func(grundy.Ruleset, int) *formula.Expr) func(grundy.Ruleset, grundy.BigPosition) (grundy.BigPosition, bool) {
	return func(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
		d, f := domain(r, len(p)), set(r, len(p))
		if d == nil || f == nil || !d.Bool(p) || f.Bool(p) {
			return nil, false
		}
		ud, ok := r.(grundy.UnitDecrements)
		if !ok {
			return nil, false
		}
		lo, hi := ud.UnitDecrementRange(len(p))
		var found grundy.BigPosition
		for k := lo; k <= hi && found == nil; k++ {
			eachExactMove004(p, k, func(q grundy.BigPosition) bool {
				if f.Bool(q) {
					found = q
					return false
				}
				return true
			})
		}
		return found, found != nil
	}
}

// eachExactMove004 calls yield with every sorted position reached from
// sorted p by removing one token from each of exactly k non-empty piles,
// until yield returns false.
func eachExactMove004(p grundy.BigPosition, k int, yield func(grundy.BigPosition) bool) {
	n := len(p)
	chosen := make([]bool, n)
	var rec func(i, left int) bool
	rec = func(i, left int) bool {
		if left == 0 {
			q := make(grundy.BigPosition, n)
			for j := range p {
				q[j] = new(big.Int).Set(p[j])
				if chosen[j] {
					q[j].Sub(q[j], big.NewInt(1))
				}
			}
			sortBig004(q)
			return yield(q)
		}
		if n-i < left {
			return true
		}
		if p[i].Sign() > 0 {
			chosen[i] = true
			if !rec(i+1, left-1) {
				return false
			}
			chosen[i] = false
		}
		return rec(i+1, left)
	}
	rec(0, k)
}

func sortBig004(q grundy.BigPosition) {
	for i := 1; i < len(q); i++ {
		for j := i; j > 0 && q[j].Cmp(q[j-1]) < 0; j-- {
			q[j], q[j-1] = q[j-1], q[j]
		}
	}
}

func init() {
	// Theorem 3: g±-shifts. Each part is two claims, normal and misère.
	parts := []struct {
		part, game string
		piles      func(k int) int
		y          func(k int) []int
		checks     []Instance
	}{
		{"1", "Nim^1_{2k,=k}, y = (1^{2k})", func(k int) int { return 2 * k },
			func(k int) []int { return repeat004(nil, 1, 2*k) },
			[]Instance{{"slow-exact:k=1", 2, 40}, {"slow-exact:k=2", 4, 16}, {"slow-exact:k=3", 6, 8}}},
		{"2", "Nim^1_{2k+1,=k}, y = (0,1^{2k})", func(k int) int { return 2*k + 1 },
			func(k int) []int { return repeat004([]int{0}, 1, 2*k) },
			[]Instance{{"slow-exact:k=1", 3, 24}, {"slow-exact:k=2", 5, 12}, {"slow-exact:k=3", 7, 6}}},
		{"3", "Nim^1_{k+1,=k}, y = (0,2^k)", func(k int) int { return k + 1 },
			func(k int) []int { return repeat004([]int{0}, 2, k) },
			[]Instance{{"slow-exact:k=1", 2, 40}, {"slow-exact:k=2", 3, 24}, {"slow-exact:k=3", 4, 14}, {"slow-exact:k=4", 5, 10}}},
	}
	for _, pt := range parts {
		for _, q := range []Quantity{QG, QGm} {
			id, play := "004/thm-3."+pt.part, "g"
			if q == QGm {
				id, play = id+"m", "g⁻"
			}
			register(&Claim{
				ID: id, Paper: "004", Ref: "Theorem 3",
				Statement: "In " + pt.game + " is a " + play + "-shift: " + play + "(x + y) = " + play + "(x)",
				Family:    "slow-exact", Quantity: q, Support: PaperProof,
				Note: "Evaluated by subtracting y as often as the position stays sorted and non-negative, " +
					"then solving that smaller position exhaustively (only when it is small): the check " +
					"compares g at x + m·y with g at x. Covers the six P-shift examples of §2.",
				Applies: familyIs("slow-exact", func(r grundy.Ruleset, n int) bool { return n == pt.piles(Param(r, "k")) }),
				Eval: shiftEval004(func(r grundy.Ruleset) []int { return pt.y(Param(r, "k")) },
					func(v grundy.Values) *big.Int { return ComputedValue(q, v) }),
				Checks: pt.checks,
			})
		}
	}
	trivialK := familyIs("slow-exact", func(r grundy.Ruleset, n int) bool { return n == Param(r, "k") })
	gK := func(_ grundy.Ruleset, n int) *formula.Expr { return formula.Mod(formula.X(0), 2) }
	gmK := func(_ grundy.Ruleset, n int) *formula.Expr {
		return formula.Sub(formula.C(1), formula.Mod(formula.X(0), 2))
	}
	register(
		&Claim{
			ID: "004/thm-3.4", Paper: "004", Ref: "§2, after Theorem 3",
			Statement: "In Nim^1_{k,=k} (every move takes a token from every pile), g(x) = x1 mod 2",
			Family:    "slow-exact", Quantity: QG, Support: PaperProof,
			Applies: trivialK, Formula: gK,
			Checks: []Instance{{"slow-exact:k=1", 1, 60}, {"slow-exact:k=2", 2, 40}, {"slow-exact:k=3", 3, 20}},
		},
		&Claim{
			ID: "004/thm-3.4m", Paper: "004", Ref: "§2, after Theorem 3",
			Statement: "In Nim^1_{k,=k}, g⁻(x) = 1 − (x1 mod 2)",
			Family:    "slow-exact", Quantity: QGm, Support: PaperProof,
			Applies: trivialK, Formula: gmK,
			Checks: []Instance{{"slow-exact:k=1", 1, 60}, {"slow-exact:k=2", 2, 40}, {"slow-exact:k=3", 3, 20}},
		},
		&Claim{
			ID: "004/conj-2.shift-6", Paper: "004", Ref: "§2, last paragraph (conjecture)",
			Statement: "(0,0,0,2,2,2) is a P-shift of Nim^1_{6,=3}[0] and Nim^1_{6,=3}[1]",
			Family:    "slow-exact", Quantity: QP, Support: Reported,
			Note:    "\"Our computations suggest the conjecture\"; evaluated like Theorem 3's shifts.",
			Applies: exactK004(3, 6),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				if !totalMod004(3, 2)(r, len(p)).Bool(p) {
					return shiftEval004(func(grundy.Ruleset) []int { return []int{0, 0, 0, 2, 2, 2} },
						func(v grundy.Values) *big.Int { return ComputedValue(QP, v) })(r, p)
				}
				return nil, false
			},
			Checks: []Instance{{"slow-exact:k=3", 6, 10}},
		},
	)

	// The §2 examples and non-examples, position by position.
	type at = map[string]int64
	points := []struct {
		id, ref, stmt, game string
		q                   Quantity
		support             Support
		vals                at
		check               Instance
	}{
		{"004/sec-2.misere-5", "§2 (misère Nim^1_{5,=2})",
			"(0,0,0,2,2) is not a misère P-shift of Nim^1_{5,=2}: (3,3,3,4,8) is a misère P-position, (3,3,3,6,10) is not",
			"slow-exact:k=2", QPm, Reported, at{"3,3,3,4,8": 1, "3,3,3,6,10": 0}, Instance{"slow-exact:k=2", 5, 10}},
		{"004/sec-2.not-shift-5", "§2 (by Corollary 2)",
			"(0,0,0,0,4) is not a P-shift of Nim^1_{5,=2}: (2,2,3,4,6) is a P-position, (2,2,3,4,10) is not",
			"slow-exact:k=2", QP, PaperProof, at{"2,2,3,4,6": 1, "2,2,3,4,10": 0}, Instance{"slow-exact:k=2", 5, 10}},
		{"004/sec-2.g-6", "§2 (Nim^1_{6,=3}[0], [1])",
			"(0,0,0,2,2,2) is not a g-shift of Nim^1_{6,=3}: g(1,2,2,2,4,4) = 3, g(1,2,2,4,6,6) = 5, g(1,2,3,3,3,4) = 1, g(1,2,3,5,5,6) = 3",
			"slow-exact:k=3", QG, Reported, at{"1,2,2,2,4,4": 3, "1,2,2,4,6,6": 5, "1,2,3,3,3,4": 1, "1,2,3,5,5,6": 3},
			Instance{"slow-exact:k=3", 6, 6}},
		{"004/sec-2.p-6", "§2 (Nim^1_{6,=3}[2])",
			"(0,0,0,2,2,2) is not a P-shift of Nim^1_{6,=3}[2]: g(0,7,7,7,7,10) = 0, g(0,7,7,9,9,12) = 3",
			"slow-exact:k=3", QG, Reported, at{"0,7,7,7,7,10": 0, "0,7,7,9,9,12": 3}, Instance{"slow-exact:k=3", 6, 12}},
		{"004/sec-2.misere-6", "§2 (misère Nim^1_{6,=3})",
			"(0,0,0,2,2,2) is not a misère P-shift of Nim^1_{6,=3}[j]: g⁻(1,2,3,3,3,3) = 0, g⁻(1,2,3,5,5,5) = 1, " +
				"g⁻(1,2,3,3,3,4) = 0, g⁻(1,2,3,5,5,6) = 3, g⁻(0,1,2,2,2,4) = 0, g⁻(0,1,2,4,4,6) = 3",
			"slow-exact:k=3", QGm, Reported,
			at{"1,2,3,3,3,3": 0, "1,2,3,5,5,5": 1, "1,2,3,3,3,4": 0, "1,2,3,5,5,6": 3, "0,1,2,2,2,4": 0, "0,1,2,4,4,6": 3},
			Instance{"slow-exact:k=3", 6, 6}},
	}
	for _, pt := range points {
		vals := pt.vals
		k := Param(mustParse004(pt.game), "k")
		register(&Claim{
			ID: pt.id, Paper: "004", Ref: pt.ref, Statement: pt.stmt,
			Family: "slow-exact", Quantity: pt.q, Support: pt.support,
			Applies: exactK004(k, pt.check.Piles),
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				v, ok := vals[p.String()]
				if !ok {
					return nil, false
				}
				return big.NewInt(v), true
			},
			Checks: []Instance{pt.check},
		})
	}
}
