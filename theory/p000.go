package theory

import (
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
)

// Paper 000: Gurvich, Ho, "Slow k-Nim" — §1, the survey of Nim, Moore's
// k-Nim, Exco-Nim and Exact k-Nim (normal and misère). The slow games of
// §2–§4 are in p000_slow.go; the functions behind the closed forms in
// p000_calc.go.

func init() {
	one := big.NewInt(1)
	register(
		&Claim{
			ID: "000/bouton", Paper: "000", Ref: "§1.1 (Bouton 1901)",
			Statement: "In Nim, G(x) = x1 ⊕ x2 ⊕ … ⊕ xn (the Nim-sum)",
			Family:    "nim", Quantity: QG, Support: PaperProof,
			Applies: familyIs("nim", nil),
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return nimSum000(p), true
			},
			// G = 0 exactly at the P-positions, so the move to Nim-sum 0 is
			// the winning move of normal play (see WinningMove).
			Move:   nimMove000,
			Checks: []Instance{{"nim", 3, 30}, {"nim", 4, 12}},
		},
		&Claim{
			ID: "000/bouton.misere", Paper: "000", Ref: "§1.1 (Bouton 1901)",
			Statement: "In misère Nim, x is a P-position iff the Nim-sum is 0 and some pile is ≥ 2, or every pile is ≤ 1 and their number of 1s is odd",
			Family:    "nim", Quantity: QPm, Support: PaperProof,
			Note:    "Bouton's misère rule is the case k = 1 of 000/prop-7.pm (Moore's Nim with k = 1 is Nim); the same evaluator and move finder serve both.",
			Applies: familyIs("nim", nil),
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return boolInt(mooreMisereP000(p, 1)), true
			},
			Move: func(_ grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
				return mooreMisereMove000(p, 1)
			},
			Checks: []Instance{{"nim", 3, 24}, {"nim", 4, 10}},
		},
		&Claim{
			ID: "000/moore", Paper: "000", Ref: "§1.2 (Moore 1910)",
			Statement: "In Moore's k-Nim NIM_{n,≤k}, x is a P-position iff M(x) = 0: for every bit j, the number of piles with bit j set is ≡ 0 (mod k+1)",
			Family:    "moore", Quantity: QP, Support: PaperProof,
			Applies: familyIs("moore", nil),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return boolInt(moore000(p, Param(r, "k")).Sign() == 0), true
			},
			Move:   mooreMove000,
			Checks: []Instance{{"moore:k=2", 3, 24}, {"moore:k=2", 4, 11}, {"moore:k=3", 4, 11}, {"moore:k=3", 5, 7}, {"moore:k=3", 3, 12}},
		},
		&Claim{
			ID: "000/prop-2", Paper: "000", Ref: "Proposition 2 (Jenkyns, Mayberry 1980)",
			Statement: "In Moore's k-Nim, for t ∈ {0, 1}, G(x) = t iff M(x) = t",
			Family:    "moore", Quantity: QG, Support: PaperProof,
			Note: "OCR prints \"t = 0 and t = 0\"; the text around it (Berge's overstatement holds only when M(x) ≤ 1) reads t ∈ {0, 1}. " +
				"Eval gives G where M(x) ≤ 1 (the \"if\" direction); the converse, M(x) ≥ 2 ⇒ G(x) ≥ 2, is not a value and is checked by TestProp2Converse000.",
			Applies: familyIs("moore", nil),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				m := moore000(p, Param(r, "k"))
				return m, m.Cmp(one) <= 0
			},
			Checks: []Instance{{"moore:k=2", 3, 24}, {"moore:k=2", 4, 11}, {"moore:k=3", 4, 11}, {"moore:k=3", 5, 7}, {"moore:k=3", 3, 12}},
		},
		&Claim{
			ID: "000/thm-3", Paper: "000", Ref: "Theorem 3 (Jenkyns, Mayberry 1980; Boros et al. 2015)",
			Statement: "In Moore's NIM_{n,≤n−1}, n ≥ 3: with u = Σ xi, m = min xi, y = u − n·m, z = (y² + y + 2)/2, G = u if m < z, else (z − 1) + (m − z) mod (y + 1)",
			Family:    "moore", Quantity: QG, Support: PaperProof,
			Note: "Theorem 3 is stated for NIM_{n,≤n−1} but sums u over x0..xn: it is Exco-Nim's theorem (ref. [3]), and Moore's game is the case x0 = 0. " +
				"Brute force confirms formula (2) for both (000/thm-3.exco); for n = 2, which the paper excludes, it fails (2-pile Nim (1,3): formula 4, G = 2).",
			Applies: familyIs("moore", func(r grundy.Ruleset, n int) bool { return n >= 3 && Param(r, "k") == n-1 }),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return thm3_000(p, p), true
			},
			Checks: []Instance{{"moore:k=2", 3, 32}, {"moore:k=3", 4, 13}, {"moore:k=4", 5, 8}},
		},
		&Claim{
			ID: "000/thm-3.exco", Paper: "000", Ref: "Theorem 3 (Boros, Gurvich, Ho, Makino 2015)",
			Statement: "In Exco-Nim on (x0; x1..xn), n ≥ 3: formula (2) with u = x0 + x1 + … + xn, m = min_{i≥1} xi, y = u − n·m",
			Family:    "exco-nim", Quantity: QG, Support: PaperProof,
			Note:    "Theorem 3 sums u over i = 0..n, i.e. it is the Exco-Nim theorem of ref. [3]; brute force confirms it there for n = 3, 4 (and not for n = 2, which the paper excludes).",
			Applies: familyIs("exco-nim", func(_ grundy.Ruleset, n int) bool { return n >= 4 }),
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return thm3_000(p, p[1:]), true
			},
			Checks: []Instance{{"exco-nim", 4, 14}, {"exco-nim", 5, 8}},
		},
		&Claim{
			ID: "000/prop-4", Paper: "000", Ref: "Proposition 4 (Boros et al. 2015)",
			Statement: "In Exact k-Nim NIM_{n,=k} with 2k > n, G(x) = T_{n,k}(x), the tetris function: the most k-subsets of the piles with pile i in at most xi of them",
			Family:    "exact", Quantity: QG, Support: PaperProof,
			Note: "T_{n,k}(x) = min_{0≤j<k} ⌊(x1 + … + x_{n−j})/(k − j)⌋ on sorted piles (our derivation, in tetrisFormula000; " +
				"TestTetris000 checks it against the definition (3) by exhaustive packing).",
			Applies: familyIs("exact", func(r grundy.Ruleset, n int) bool { return 2*Param(r, "k") > n }),
			Formula: tetrisClaim000,
			Checks:  []Instance{{"exact:k=2", 3, 30}, {"exact:k=3", 4, 12}, {"exact:k=3", 5, 8}, {"exact:k=4", 5, 8}, {"exact:k=4", 7, 4}},
		},
		&Claim{
			ID: "000/thm-5", Paper: "000", Ref: "Theorem 5 (Boros et al. 2015)",
			Statement: "In Exact k-Nim NIM_{2k,=k}, k ≥ 2: G is formula (2) with u = T_{n,k}(x), m = min xi, y = T_{n,k}(x − m)",
			Family:    "exact", Quantity: QG, Support: PaperProof,
			Applies: familyIs("exact", func(r grundy.Ruleset, n int) bool { return n >= 4 && n == 2*Param(r, "k") }),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return thm5_000(p, Param(r, "k")), true
			},
			Checks: []Instance{{"exact:k=2", 4, 16}, {"exact:k=3", 6, 6}},
		},
		&Claim{
			ID: "000/prop-7", Paper: "000", Ref: "Proposition 7 (Gurvich, Ho 2015), with Propositions 2 and 6",
			Statement: "Moore's NIM_{n,≤k}, 2 ≤ k ≤ n, is miserable (so tame) with X_{0,1} = {xi ≤ 1, l ≡ 0} and X_{1,0} = {xi ≤ 1, l ≡ 1 (mod k+1)}, l the non-empty piles; hence G⁻ = M(x) ⊕ [all xi ≤ 1] where M(x) ≤ 1",
			Family:    "moore", Quantity: QGm, Support: PaperProof,
			Note: "Encoding: a tame game has only (0,1), (1,0) and (t,t) positions, and G ∈ {0,1} iff M(x) ∈ {0,1} (Prop 2); " +
				"so G⁻ is 1 − G on the swap sets of (i), (ii) and G elsewhere. Positions with M(x) ≥ 2 are left out (G⁻ = G there, unknown).",
			Applies: familyIs("moore", func(r grundy.Ruleset, n int) bool { return Param(r, "k") >= 2 }),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				m := moore000(p, Param(r, "k"))
				if m.Cmp(one) > 0 {
					return nil, false
				}
				if allAtMostOne000(p) {
					return new(big.Int).Sub(one, m), true
				}
				return m, true
			},
			Checks: []Instance{{"moore:k=2", 3, 24}, {"moore:k=2", 4, 11}, {"moore:k=3", 4, 11}, {"moore:k=3", 5, 7}, {"moore:k=3", 3, 12}},
		},
		&Claim{
			ID: "000/prop-7.pm", Paper: "000", Ref: "Proposition 7 (Gurvich, Ho 2015), with Moore's formula",
			Statement: "In misère Moore's NIM_{n,≤k}, 2 ≤ k ≤ n, x is a P-position iff M(x) = 0 and some pile is ≥ 2, or every pile is ≤ 1 and l ≡ 1 (mod k+1)",
			Family:    "moore", Quantity: QPm, Support: PaperProof,
			Note:    "The misère P-positions of a tame game are its (0,0)- and (1,0)-positions: M(x) = 0 off X_{0,1}, plus X_{1,0}.",
			Applies: familyIs("moore", func(r grundy.Ruleset, n int) bool { return Param(r, "k") >= 2 }),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return boolInt(mooreMisereP000(p, Param(r, "k"))), true
			},
			Move: func(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
				return mooreMisereMove000(p, Param(r, "k"))
			},
			Checks: []Instance{{"moore:k=2", 3, 24}, {"moore:k=2", 4, 11}, {"moore:k=3", 4, 11}, {"moore:k=3", 5, 7}, {"moore:k=3", 3, 12}},
		},
		&Claim{
			ID: "000/prop-8", Paper: "000", Ref: "Proposition 8 (Boros et al. 2015), with Proposition 6 and Theorem 5",
			Statement: "Exact NIM_{2k,=k} is miserable (so tame) with X_{0,1} = {x1 = … = x_{k+1} ≤ 1} and X_{1,0} = {T_{2k,k}(x) = 1}; hence G⁻ = 1 − G there and G⁻ = G elsewhere",
			Family:    "exact", Quantity: QGm, Support: PaperProof,
			Note:    "x1 ≤ … ≤ xn ascending, as the paper assumes; G from Theorem 5 (k ≥ 2). Brute force confirms both sets and tameness.",
			Applies: familyIs("exact", func(r grundy.Ruleset, n int) bool { return n >= 4 && n == 2*Param(r, "k") }),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				k := Param(r, "k")
				switch {
				case p[k].Cmp(one) <= 0 && p[0].Cmp(p[k]) == 0:
					return big.NewInt(1), true
				case tetris000(p, k).Cmp(one) == 0:
					return big.NewInt(0), true
				}
				return thm5_000(p, k), true
			},
			Checks: []Instance{{"exact:k=2", 4, 16}, {"exact:k=3", 6, 6}},
		},
		&Claim{
			ID: "000/prop-9", Paper: "000", Ref: "Proposition 9 (Boros et al. 2015; Gurvich, Ho 2015), with Proposition 4",
			Statement: "Exact NIM_{n,=k} with n < 2k is pet: only (0,1), (1,0) and (t,t) positions, t ≥ 2; so G⁻ = 1 − T_{n,k}(x) if T ≤ 1, else T_{n,k}(x)",
			Family:    "exact", Quantity: QGm, Support: PaperProof,
			Applies: familyIs("exact", func(r grundy.Ruleset, n int) bool { return 2*Param(r, "k") > n }),
			Formula: petClaim000,
			Checks:  []Instance{{"exact:k=2", 3, 30}, {"exact:k=3", 4, 12}, {"exact:k=3", 5, 8}, {"exact:k=4", 5, 8}, {"exact:k=4", 7, 4}},
		},
	)
	// The P-positions these G formulas give, as Presburger formulas (G = 0 in
	// formula (2) iff u = 0, or y = 0 and m ≥ 1, since z = 1 iff y = 0).
	allEqualFrom := func(from, to int) *formula.Expr {
		var parts []*formula.Expr
		for i := from + 1; i < to; i++ {
			parts = append(parts, formula.Eq(formula.X(i), formula.X(from)))
		}
		return formula.And(parts...)
	}
	mooreP := func(_ grundy.Ruleset, n int) *formula.Expr { return allEqualFrom(0, n) }
	excoP := func(_ grundy.Ruleset, n int) *formula.Expr {
		return formula.And(formula.Eq(formula.X(0), formula.C(0)), allEqualFrom(1, n))
	}
	exactP := func(r grundy.Ruleset, _ int) *formula.Expr { return allEqualFrom(0, Param(r, "k")+1) }
	prop4P := func(r grundy.Ruleset, n int) *formula.Expr {
		return formula.Eq(formula.X(n-Param(r, "k")), formula.C(0))
	}
	register(
		&Claim{
			ID: "000/thm-3.P", Paper: "000", Ref: "Theorem 3",
			Statement: "Moore's NIM_{n,≤n−1}, n ≥ 3: x is a P-position iff x1 = … = xn",
			Family:    "moore", Quantity: QP, Support: PaperProof,
			Note:    "Read off formula (2): G = 0 iff u = 0, or y = 0 (so z = 1) and m ≥ 1.",
			Applies: familyIs("moore", func(r grundy.Ruleset, n int) bool { return n >= 3 && Param(r, "k") == n-1 }),
			Formula: mooreP, Move: mooreMove000,
			Checks: []Instance{{"moore:k=2", 3, 32}, {"moore:k=3", 4, 13}, {"moore:k=4", 5, 8}},
		},
		&Claim{
			ID: "000/thm-3.exco.P", Paper: "000", Ref: "Theorem 3",
			Statement: "Exco-Nim on (x0; x1..xn), n ≥ 3: x is a P-position iff x0 = 0 and x1 = … = xn",
			Family:    "exco-nim", Quantity: QP, Support: PaperProof,
			Note:    "Read off formula (2): G = 0 iff u = 0, or y = 0 (so z = 1) and m ≥ 1; y = 0 iff x0 = 0 and all xi = m.",
			Applies: familyIs("exco-nim", func(_ grundy.Ruleset, n int) bool { return n >= 4 }),
			Formula: excoP, Move: excoMove000,
			Checks: []Instance{{"exco-nim", 4, 14}, {"exco-nim", 5, 8}},
		},
		&Claim{
			ID: "000/prop-4.P", Paper: "000", Ref: "Proposition 4",
			Statement: "Exact NIM_{n,=k} with 2k > n: x is a P-position iff fewer than k piles are non-empty (x_{n−k+1} = 0, sorted ascending)",
			Family:    "exact", Quantity: QP, Support: PaperProof,
			Note:    "T_{n,k}(x) = 0 iff no k-subset of non-empty piles exists.",
			Applies: familyIs("exact", func(r grundy.Ruleset, n int) bool { return 2*Param(r, "k") > n }),
			Formula: prop4P, Move: exactMove000,
			Checks: []Instance{{"exact:k=2", 3, 30}, {"exact:k=3", 4, 12}, {"exact:k=3", 5, 8}, {"exact:k=4", 5, 8}, {"exact:k=4", 7, 4}},
		},
		&Claim{
			ID: "000/thm-5.P", Paper: "000", Ref: "Theorem 5",
			Statement: "Exact NIM_{2k,=k}, k ≥ 2: x is a P-position iff x1 = … = x_{k+1} (sorted ascending)",
			Family:    "exact", Quantity: QP, Support: PaperProof,
			Note: "Read off Theorem 5: G = 0 iff T(x) = 0 (at least k+1 empty piles), or m ≥ 1 and T(x − m) = 0 " +
				"(at least k+1 piles equal to the least) — in both cases the k+1 smallest piles are equal.",
			Applies: familyIs("exact", func(r grundy.Ruleset, n int) bool { return n >= 4 && n == 2*Param(r, "k") }),
			Formula: exactP, Move: exact2kMove000,
			Checks: []Instance{{"exact:k=2", 4, 16}, {"exact:k=3", 6, 6}},
		},
	)
	// The swap sets of Props 7 and 8 as formulas on their domains, one claim
	// per part and play (the full G⁻ claims above carry the "only if").
	moore2 := familyIs("moore", func(r grundy.Ruleset, n int) bool { return Param(r, "k") >= 2 })
	exact2k := familyIs("exact", func(r grundy.Ruleset, n int) bool { return n >= 4 && n == 2*Param(r, "k") })
	mooreChecks := []Instance{{"moore:k=3", 3, 2}, {"moore:k=2", 3, 3}, {"moore:k=2", 6, 2}, {"moore:k=3", 5, 2}, {"moore:k=3", 8, 1}, {"moore:k=4", 9, 1}}
	exactChecks := []Instance{{"exact:k=2", 4, 12}, {"exact:k=3", 6, 5}}
	for _, sw := range []struct {
		id, ref, stmt, family string
		applies               func(grundy.Ruleset, int) bool
		dom                   func(grundy.Ruleset, int) *formula.Expr
		g                     int64 // G on the set; G⁻ is 1 − G
		checks                []Instance
	}{
		{"000/prop-7.1", "Proposition 7(i)", "Moore's NIM_{n,≤k}, 2 ≤ k ≤ n: if every xi ≤ 1 and l ≡ 0 (mod k+1), x is a (0,1)-position",
			"moore", moore2, swapMoore000(0), 0, mooreChecks},
		{"000/prop-7.2", "Proposition 7(ii)", "Moore's NIM_{n,≤k}, 2 ≤ k ≤ n: if every xi ≤ 1 and l ≡ 1 (mod k+1), x is a (1,0)-position",
			"moore", moore2, swapMoore000(1), 1, mooreChecks},
		{"000/prop-8.1", "Proposition 8(i)", "Exact NIM_{2k,=k}: if x1 = … = x_{k+1} ≤ 1 (sorted ascending), x is a (0,1)-position",
			"exact", exact2k, swapExact000(0), 0, exactChecks},
		{"000/prop-8.2", "Proposition 8(ii)", "Exact NIM_{2k,=k}: if T_{2k,k}(x) = 1, x is a (1,0)-position",
			"exact", exact2k, swapExact000(1), 1, exactChecks},
	} {
		g, gm := formula.C(sw.g), formula.C(1-sw.g)
		fg := func(grundy.Ruleset, int) *formula.Expr { return g }
		fgm := func(grundy.Ruleset, int) *formula.Expr { return gm }
		note := "The \"only if\" half is carried by the full G⁻ claim (000/" + map[string]string{"moore": "prop-7", "exact": "prop-8"}[sw.family] + ")."
		register(
			&Claim{ID: sw.id, Paper: "000", Ref: sw.ref, Statement: sw.stmt + " (G part)", Family: sw.family,
				Quantity: QG, Support: PaperProof, Note: note, Applies: sw.applies,
				Domain: sw.dom, Formula: fg, Checks: sw.checks},
			&Claim{ID: sw.id + "m", Paper: "000", Ref: sw.ref, Statement: sw.stmt + " (G⁻ part)", Family: sw.family,
				Quantity: QGm, Support: PaperProof, Note: note, Applies: sw.applies,
				Domain: sw.dom, Formula: fgm, Checks: sw.checks},
		)
	}
	registerExamples000(
		example000{id: "000/example-1.5", ref: "§1.5", game: "exact:k=2", pos: []int{1, 2, 3, 3, 3}, g: 0, gm: 2,
			stmt: "Exact NIM_{5,=2} is not tame: (1,2,3,3,3) is a (0,2)-position", box: 3},
	)
}

func tetrisClaim000(r grundy.Ruleset, n int) *formula.Expr {
	return tetrisFormula000(n, Param(r, "k"))
}

func petClaim000(r grundy.Ruleset, n int) *formula.Expr {
	t := tetrisFormula000(n, Param(r, "k"))
	return formula.Ite(formula.Le(t, formula.C(1)), formula.Sub(formula.C(1), t), t)
}

// thm3_000 is formula (2) with u = Σ all, m = min of rest, y = u − |rest|·m.
func thm3_000(all, rest grundy.BigPosition) *big.Int {
	u := sumBig000(all)
	m := minBig000(rest)
	y := new(big.Int).Sub(u, new(big.Int).Mul(big.NewInt(int64(len(rest))), m))
	return formula2_000(u, m, y)
}

// thm5_000 is Theorem 5's G: formula (2) with u = T(x), y = T(x − m).
func thm5_000(p grundy.BigPosition, k int) *big.Int {
	m := minBig000(p)
	shifted := make(grundy.BigPosition, len(p))
	for i, x := range p {
		shifted[i] = new(big.Int).Sub(x, m)
	}
	return formula2_000(tetris000(p, k), m, tetris000(shifted, k))
}

func allAtMostOne000(p grundy.BigPosition) bool {
	for _, x := range p {
		if x.BitLen() > 1 {
			return false
		}
	}
	return true
}

// mooreMisereP000: P-positions of misère Moore's k-Nim (000 Prop 7 with
// Moore's formula; k = 1 is Bouton's misère Nim).
func mooreMisereP000(p grundy.BigPosition, k int) bool {
	if allAtMostOne000(p) {
		l := 0
		for _, x := range p {
			l += int(x.Int64())
		}
		return l%(k+1) == 1
	}
	return moore000(p, k).Sign() == 0
}

// mooreMisereMove000 finds a move to a misère P-position. With A piles of
// size ≥ 2: if A = 0, remove r ≡ l − 1 (mod k+1) ones; if 1 ≤ A ≤ k, move
// to all piles ≤ 1 with l' ≡ 1 (mod k+1) — t big piles become 1, the others
// 0, and s of the B ones are emptied, t − s ≡ 1 − B; such t ≤ A,
// s ≤ min(B, k − A) always exist (the range of t − s covers k+1 residues
// when B ≥ k − A; otherwise t = 1, s = B gives l' = 1); if A > k, the
// normal-play Moore move leaves a pile ≥ 2 untouched, so it is the move.
func mooreMisereMove000(p grundy.BigPosition, k int) (grundy.BigPosition, bool) {
	if mooreMisereP000(p, k) {
		return nil, false
	}
	var big2, ones []int
	for i, x := range p {
		switch {
		case x.BitLen() > 1:
			big2 = append(big2, i)
		case x.Sign() > 0:
			ones = append(ones, i)
		}
	}
	a, b := len(big2), len(ones)
	q := cloneBig000(p)
	switch {
	case a == 0 && b == 0:
		return nil, false // terminal: misère N, but there is no move
	case a == 0:
		r := ((b-1)%(k+1) + k + 1) % (k + 1)
		for _, i := range ones[:r] {
			q[i].SetInt64(0)
		}
		return q, r > 0
	case a <= k:
		for t := 0; t <= a; t++ {
			for s := 0; s <= min(b, k-a); s++ {
				if ((t+b-s)%(k+1)+k+1)%(k+1) != 1 {
					continue
				}
				for j, i := range big2 {
					q[i].SetInt64(int64(boolBit000(j < t)))
				}
				for _, i := range ones[:s] {
					q[i].SetInt64(0)
				}
				return q, true
			}
		}
		return nil, false // unreachable, see above
	}
	return mooreMoveK000(p, k)
}

// exactMove000 wins Exact k-Nim with 2k > n (000 Prop 4): G = T_{n,k} is 0
// iff fewer than k piles are non-empty (n − k < k of them are left), so
// emptying k non-empty piles — the k largest — reaches a P-position.
func exactMove000(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
	k := Param(r, "k")
	q := sortedBig000(p)
	n := len(q)
	if n < k || q[n-k].Sign() == 0 {
		return nil, false // fewer than k non-empty piles: T = 0, a P-position
	}
	for i := n - k; i < n; i++ {
		q[i].SetInt64(0)
	}
	return q, true
}

// excoMove000 wins Exco-Nim, n ≥ 3 (000 Thm 3): G = 0 iff y = 0 and m ≥ 1,
// or u = 0 — that is, x0 = 0 and x1 = … = xn. Emptying x0 and cutting every
// pile above the least to it touches at most n − 1 of x1..xn.
func excoMove000(_ grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
	m := minBig000(p[1:])
	q := make(grundy.BigPosition, len(p))
	q[0] = new(big.Int)
	moved := p[0].Sign() > 0
	for i := 1; i < len(p); i++ {
		q[i] = new(big.Int).Set(m)
		moved = moved || p[i].Cmp(m) != 0
	}
	return q, moved
}

// swapMoore000 is Prop 7's set: every xi ≤ 1 and Σ xi ≡ t (mod k+1).
func swapMoore000(t int64) func(grundy.Ruleset, int) *formula.Expr {
	return func(r grundy.Ruleset, n int) *formula.Expr {
		k := int64(Param(r, "k"))
		parts := []*formula.Expr{formula.Eq(formula.Mod(sumOf000(n), k+1), formula.C(t))}
		for i := range n {
			parts = append(parts, formula.Le(formula.X(i), formula.C(1)))
		}
		return formula.And(parts...)
	}
}

// swapExact000 is Prop 8's set (0,1): x1 = … = x_{k+1} ≤ 1; (1,0): T = 1.
func swapExact000(t int64) func(grundy.Ruleset, int) *formula.Expr {
	return func(r grundy.Ruleset, n int) *formula.Expr {
		k := Param(r, "k")
		if t == 1 {
			return formula.Eq(tetrisFormula000(n, k), formula.C(1))
		}
		parts := []*formula.Expr{formula.Le(formula.X(k), formula.C(1))}
		for i := 1; i <= k; i++ {
			parts = append(parts, formula.Eq(formula.X(i), formula.X(0)))
		}
		return formula.And(parts...)
	}
}

// exact2kMove000 wins Exact NIM_{2k,=k} (000 Thm 5): the P-positions have
// their k+1 smallest piles equal. With c ≤ k piles at the least value m,
// at least k piles exceed m; cutting k of them to m leaves c + k ≥ k+1
// piles at m.
func exact2kMove000(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
	k := Param(r, "k")
	q := sortedBig000(p)
	m := q[0]
	var above []int
	for i, x := range q {
		if x.Cmp(m) > 0 {
			above = append(above, i)
		}
	}
	if len(q)-len(above) > k {
		return nil, false // k+1 piles at the least value: a P-position
	}
	for _, i := range above[:k] {
		q[i] = new(big.Int).Set(m)
	}
	return q, true
}
