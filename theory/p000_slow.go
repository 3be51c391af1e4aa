package theory

import (
	"math/big"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
)

// Paper 000: Gurvich, Ho, "Slow k-Nim" — §2–§4, Slow Moore's k-Nim
// NIM^1_{n,≤k} (games "slow-moore") and Slow Exact k-Nim NIM^1_{n,=k}
// ("slow-exact"). Positions are sorted, x1 ≤ … ≤ xn, as in the paper; in
// the formulas pile xi is formula.X(i−1).

func init() {
	kIs := func(f func(n, k int) bool) func(grundy.Ruleset, int) bool {
		return func(r grundy.Ruleset, n int) bool { return f(n, Param(r, "k")) }
	}
	slowMoore := func(f func(n, k int) bool) func(grundy.Ruleset, int) bool {
		return familyIs("slow-moore", kIs(f))
	}
	slowExact := func(f func(n, k int) bool) func(grundy.Ruleset, int) bool {
		return familyIs("slow-exact", kIs(f))
	}
	k1 := func(_, k int) bool { return k == 1 }
	sumParity := func(_ grundy.Ruleset, n int) *formula.Expr { return formula.Mod(sumOf000(n), 2) }
	sumParityM := func(_ grundy.Ruleset, n int) *formula.Expr {
		return formula.Sub(formula.C(1), formula.Mod(sumOf000(n), 2))
	}
	minParity := func(_ grundy.Ruleset, _ int) *formula.Expr { return formula.Mod(formula.X(0), 2) }
	minParityM := func(_ grundy.Ruleset, _ int) *formula.Expr {
		return formula.Sub(formula.C(1), formula.Mod(formula.X(0), 2))
	}

	register(
		// §2 and §4: the trivial cases.
		&Claim{
			ID: "000/sec-2.1", Paper: "000", Ref: "§2 (k = 1)",
			Statement: "Slow Moore's NIM^1_{n,≤1}: G(x) = s mod 2, s = x1 + … + xn",
			Family:    "slow-moore", Quantity: QG, Support: PaperProof,
			Applies: slowMoore(k1), Formula: sumParity, Move: slowMoveTo000(FormulaEval(sumParity), QG),
			Checks: []Instance{{"slow-moore:k=1", 1, 50}, {"slow-moore:k=1", 3, 20}, {"slow-moore:k=1", 5, 8}},
		},
		&Claim{
			ID: "000/sec-2.1m", Paper: "000", Ref: "§2 (k = 1)",
			Statement: "Slow Moore's NIM^1_{n,≤1}: G⁻(x) = 1 − s mod 2",
			Family:    "slow-moore", Quantity: QGm, Support: PaperProof,
			Applies: slowMoore(k1), Formula: sumParityM, Move: slowMoveTo000(FormulaEval(sumParityM), QGm),
			Checks: []Instance{{"slow-moore:k=1", 1, 50}, {"slow-moore:k=1", 3, 20}, {"slow-moore:k=1", 5, 8}},
		},
		&Claim{
			ID: "000/sec-2.2", Paper: "000", Ref: "§2, §4 (k = 1)",
			Statement: "Slow Exact NIM^1_{n,=1}: G(x) = s mod 2, s = x1 + … + xn",
			Family:    "slow-exact", Quantity: QG, Support: PaperProof,
			Applies: slowExact(k1), Formula: sumParity, Move: slowMoveTo000(FormulaEval(sumParity), QG),
			Checks: []Instance{{"slow-exact:k=1", 1, 50}, {"slow-exact:k=1", 3, 20}, {"slow-exact:k=1", 5, 8}},
		},
		&Claim{
			ID: "000/sec-2.2m", Paper: "000", Ref: "§2, §4 (k = 1)",
			Statement: "Slow Exact NIM^1_{n,=1}: G⁻(x) = 1 − s mod 2",
			Family:    "slow-exact", Quantity: QGm, Support: PaperProof,
			Applies: slowExact(k1), Formula: sumParityM, Move: slowMoveTo000(FormulaEval(sumParityM), QGm),
			Checks: []Instance{{"slow-exact:k=1", 1, 50}, {"slow-exact:k=1", 3, 20}, {"slow-exact:k=1", 5, 8}},
		},
		&Claim{
			ID: "000/sec-2.3", Paper: "000", Ref: "§2, §4 (k = n)",
			Statement: "Slow Exact NIM^1_{n,=n}: G(x) = x1 mod 2, x1 the smallest pile (the number of moves left)",
			Family:    "slow-exact", Quantity: QG, Support: PaperProof,
			Applies: slowExact(func(n, k int) bool { return n == k }), Formula: minParity, Move: slowMoveTo000(FormulaEval(minParity), QG),
			Checks: []Instance{{"slow-exact:k=2", 2, 50}, {"slow-exact:k=3", 3, 25}, {"slow-exact:k=4", 4, 12}},
		},
		&Claim{
			ID: "000/sec-2.3m", Paper: "000", Ref: "§2, §4 (k = n)",
			Statement: "Slow Exact NIM^1_{n,=n}: G⁻(x) = 1 − x1 mod 2",
			Family:    "slow-exact", Quantity: QGm, Support: PaperProof,
			Applies: slowExact(func(n, k int) bool { return n == k }), Formula: minParityM, Move: slowMoveTo000(FormulaEval(minParityM), QGm),
			Checks: []Instance{{"slow-exact:k=2", 2, 50}, {"slow-exact:k=3", 3, 25}, {"slow-exact:k=4", 4, 12}},
		},

		// §3.1: SG values by parity vector.
		&Claim{
			ID: "000/prop-10.1", Paper: "000", Ref: "Proposition 10(i)",
			Statement: "Slow Moore's NIM^1_{2,≤2}: G = 0, 1, 2, 3 for parity vectors (e,e), (e,o), (o,o), (o,e)",
			Family:    "slow-moore", Quantity: QG, Support: PaperProof,
			Applies: slowMoore(func(n, k int) bool { return n == 2 && k == 2 }),
			Formula: prop10a000, Move: slowMoveTo000(FormulaEval(prop10a000), QG),
			Checks: []Instance{{"slow-moore:k=2", 2, 100}},
		},
		&Claim{
			ID: "000/prop-10.2", Paper: "000", Ref: "Proposition 10(ii)",
			Statement: "Slow Moore's NIM^1_{3,≤2}: G = 0 on (e,e,e),(o,o,o); 1 on (e,e,o),(o,o,e); 2 on (e,o,o),(o,e,e); 3 on (e,o,e),(o,e,o)",
			Family:    "slow-moore", Quantity: QG, Support: PaperProof,
			Applies: slowMoore(func(n, k int) bool { return n == 3 && k == 2 }),
			Formula: prop10b000, Move: slowMoveTo000(FormulaEval(prop10b000), QG),
			Checks: []Instance{{"slow-moore:k=2", 3, 40}},
		},
		&Claim{
			ID: "000/prop-10.1m", Paper: "000", Ref: "Proposition 10(i) with Propositions 6 and 12",
			Statement: "Misère Slow Moore's NIM^1_{2,≤2}: G⁻ = G of Prop 10(i) except G⁻ = 1 on V_{0,1} = {(0, 2j)} and 0 on V_{1,0} = {(0, 2j+1)}",
			Family:    "slow-moore", Quantity: QGm, Support: PaperProof,
			Note:    "Derived: the game is miserable (Prop 12), so tame (Prop 6): G⁻ = G off the swap sets, 1 − G on them.",
			Applies: slowMoore(func(n, k int) bool { return n == 2 && k == 2 }),
			Formula: prop10aMisere000, Move: slowMoveTo000(FormulaEval(prop10aMisere000), QGm),
			Checks: []Instance{{"slow-moore:k=2", 2, 100}},
		},
		&Claim{
			ID: "000/prop-10.2m", Paper: "000", Ref: "Proposition 10(ii) with Propositions 6 and 12",
			Statement: "Misère Slow Moore's NIM^1_{3,≤2}: G⁻ = G of Prop 10(ii) except G⁻ = 1 on V_{0,1} = {(i,i,i+2j)} and 0 on V_{1,0} = {(i,i,i+2j+1)}",
			Family:    "slow-moore", Quantity: QGm, Support: PaperProof,
			Note:    "Derived: the game is miserable (Prop 12), so tame (Prop 6): G⁻ = G off the swap sets, 1 − G on them.",
			Applies: slowMoore(func(n, k int) bool { return n == 3 && k == 2 }),
			Formula: prop10bMisere000, Move: slowMoveTo000(FormulaEval(prop10bMisere000), QGm),
			Checks: []Instance{{"slow-moore:k=2", 3, 40}},
		},
	)

	// §3.2, Proposition 11: P-positions by parity vector.
	prop11 := []struct {
		part  string
		stmt  string
		note  string
		ok    func(n, k int) bool
		set   func(n int) *formula.Expr
		check []Instance
	}{
		{"1", "n = k: x ∈ P iff every pile is even", "",
			func(n, k int) bool { return n == k }, func(n int) *formula.Expr { return parity000(n, "e*") },
			[]Instance{{"slow-moore:k=2", 2, 60}, {"slow-moore:k=3", 3, 30}, {"slow-moore:k=4", 4, 16}, {"slow-moore:k=5", 5, 10}}},
		{"2", "n = k+1: x ∈ P iff p(x) ∈ {(e,…,e), (o,…,o)}", "",
			func(n, k int) bool { return n == k+1 }, func(n int) *formula.Expr { return parityAny000(n, "e*", "o*") },
			[]Instance{{"slow-moore:k=1", 2, 60}, {"slow-moore:k=2", 3, 30}, {"slow-moore:k=3", 4, 16}, {"slow-moore:k=4", 5, 10}}},
		{"3", "n = k+2, k ≥ 2: x ∈ P iff p(x) ∈ {(e,…,e), (e,o,…,o)}",
			"FINDING: false for k = 1, which the statement does not exclude: in NIM^1_{3,≤1} (the trivial game of §2, P iff the sum is even) " +
				"(1,1,2) is a P-position with parity vector (o,o,e). The proof's move \"reduce this even coordinate together with x1\" needs k ≥ 2, " +
				"and §2 sets k = 1 aside as trivial, so the claim is read for k ≥ 2; TestProp11Part3K1_000 pins the k = 1 counterexample.",
			func(n, k int) bool { return n == k+2 && k >= 2 }, func(n int) *formula.Expr { return parityAny000(n, "e*", "eo*") },
			[]Instance{{"slow-moore:k=2", 4, 16}, {"slow-moore:k=3", 5, 10}, {"slow-moore:k=4", 6, 8}}},
		{"4", "n = 5, k = 2: x ∈ P iff p(x) ∈ {(e,e,e,e,e), (e,e,o,o,o), (o,o,e,e,o), (o,o,o,o,e)}", "",
			func(n, k int) bool { return n == 5 && k == 2 },
			func(n int) *formula.Expr { return parityAny000(n, "eeeee", "eeooo", "ooeeo", "ooooe") },
			[]Instance{{"slow-moore:k=2", 5, 14}}},
		{"5", "n = 6, k = 3: x ∈ P iff p(x) ∈ {(e,e,e,e,e,e), (e,e,o,o,o,o), (o,o,e,e,o,o), (o,o,o,o,e,e)}",
			"OCR prints the third vector with five entries, (o,o,e,e,o); the proof's case analysis and brute force read (o,o,e,e,o,o).",
			func(n, k int) bool { return n == 6 && k == 3 },
			func(n int) *formula.Expr { return parityAny000(n, "eeeeee", "eeoooo", "ooeeoo", "ooooee") },
			[]Instance{{"slow-moore:k=3", 6, 10}}},
	}
	for _, c := range prop11 {
		set := c.set
		f := func(_ grundy.Ruleset, n int) *formula.Expr { return set(n) }
		register(&Claim{
			ID: "000/prop-11." + c.part, Paper: "000", Ref: "Proposition 11(" + c.part + ")",
			Statement: "Slow Moore's NIM^1_{n,≤k}, " + c.stmt,
			Family:    "slow-moore", Quantity: QP, Support: PaperProof, Note: c.note,
			Applies: slowMoore(c.ok), Formula: f,
			Move: slowMoveTo000(FormulaEval(f), QP), Checks: c.check,
		})
	}

	// §3.3, Proposition 12: swap positions of Slow Moore's k-Nim, k ≥ n−1.
	register(
		&Claim{
			ID: "000/prop-12.1", Paper: "000", Ref: "Proposition 12 (k = n), with Propositions 6 and 11(1)",
			Statement: "Misère Slow Moore's NIM^1_{n,≤n}: x is a P-position iff all piles are even and x ∉ V_{0,1} = {(0,…,0,2j)}, or x ∈ V_{1,0} = {(0,…,0,2j+1)}",
			Family:    "slow-moore", Quantity: QPm, Support: PaperProof,
			Note:    "Encoding: the game is miserable, so tame (Prop 6); its misère P-positions are the (0,0)-positions (P-positions of Prop 11(1) off V_{0,1}) and V_{1,0}.",
			Applies: slowMoore(func(n, k int) bool { return n == k }),
			Formula: prop12aPm000,
			Move:    slowMoveTo000(FormulaEval(prop12aPm000), QPm),
			Checks:  []Instance{{"slow-moore:k=2", 2, 60}, {"slow-moore:k=3", 3, 30}, {"slow-moore:k=4", 4, 16}, {"slow-moore:k=5", 5, 10}},
		},
		&Claim{
			ID: "000/prop-12.2", Paper: "000", Ref: "Proposition 12 (k = n − 1), with Propositions 6 and 11(2)",
			Statement: "Misère Slow Moore's NIM^1_{n,≤n−1}: x is a P-position iff all piles have one parity and x ∉ V_{0,1} = {(i,…,i,i+2j)}, or x ∈ V_{1,0} = {(i,…,i,i+2j+1)}",
			Family:    "slow-moore", Quantity: QPm, Support: PaperProof,
			Note:    "Encoding: the game is miserable, so tame (Prop 6); its misère P-positions are the (0,0)-positions (P-positions of Prop 11(2) off V_{0,1}) and V_{1,0}.",
			Applies: slowMoore(func(n, k int) bool { return n == k+1 }),
			Formula: prop12bPm000,
			Move:    slowMoveTo000(FormulaEval(prop12bPm000), QPm),
			Checks:  []Instance{{"slow-moore:k=1", 2, 60}, {"slow-moore:k=2", 3, 30}, {"slow-moore:k=3", 4, 16}, {"slow-moore:k=4", 5, 10}},
		},
		&Claim{
			ID: "000/prop-12.3", Paper: "000", Ref: "Proposition 12",
			Statement: "Slow Moore's NIM^1_{n,≤k}, k ≥ n − 1: G = 0 on V_{0,1} and G = 1 on V_{1,0}",
			Family:    "slow-moore", Quantity: QG, Support: PaperProof,
			Applies: slowMoore(func(n, k int) bool { return k >= n-1 }),
			Domain:  swapDomain000, Formula: swapValue000(0),
			Checks: []Instance{{"slow-moore:k=2", 2, 60}, {"slow-moore:k=2", 3, 30}, {"slow-moore:k=3", 3, 30}, {"slow-moore:k=3", 4, 16}},
		},
		&Claim{
			ID: "000/prop-12.3m", Paper: "000", Ref: "Proposition 12",
			Statement: "Slow Moore's NIM^1_{n,≤k}, k ≥ n − 1: G⁻ = 1 on V_{0,1} and G⁻ = 0 on V_{1,0}",
			Family:    "slow-moore", Quantity: QGm, Support: PaperProof,
			Applies: slowMoore(func(n, k int) bool { return k >= n-1 }),
			Domain:  swapDomain000, Formula: swapValue000(1),
			Checks: []Instance{{"slow-moore:k=2", 2, 60}, {"slow-moore:k=2", 3, 30}, {"slow-moore:k=3", 3, 30}, {"slow-moore:k=3", 4, 16}},
		},
	)

	// §4: Slow Exact NIM^1_{3,=2}.
	exact32 := slowExact(func(n, k int) bool { return n == 3 && k == 2 })
	register(
		&Claim{
			ID: "000/prop-14", Paper: "000", Ref: "Proposition 14",
			Statement: "Slow Exact NIM^1_{3,=2}: G = 0, 1, 2, 3 by the parity of (x1, x2) — (e,e), (e,o), (o,o), (o,e) — except G = 0 on A, C0, D0 and G = 1 on B, C1, D1 (sets of (2a, 2b−1, 2(b+i)), …; see the Note)",
			Family:    "slow-exact", Quantity: QG, Support: PaperProof,
			Note:    prop14Note000,
			Applies: exact32, Formula: prop14Claim000, Move: slowMoveTo000(FormulaEval(prop14Claim000), QG),
			Checks: []Instance{{"slow-exact:k=2", 3, 60}},
		},
		&Claim{
			ID: "000/prop-17", Paper: "000", Ref: "Proposition 17",
			Statement: "Misère Slow Exact NIM^1_{3,=2}: G⁻ = 0, 1, 2, 3 by the parity of (x1, x2), except on A, B (G⁻ = 0, 1), C0, C1 (0, 1), D0, D1 (0, 1), E = {(1, 2b−1, 2b−1)} (0) and F = {(1, 2b, 2b)} (1)",
			Family:    "slow-exact", Quantity: QGm, Support: PaperProof,
			Note: prop17Note000, Refuted: "0,0,0",
			Applies: exact32, Formula: prop17Claim000,
			Checks: []Instance{{"slow-exact:k=2", 3, 60}},
		},
	)
	cor18 := []struct {
		part, stmt string
		where      func() *formula.Expr
		g          func() *formula.Expr
	}{
		{"1", "x1 = 0: x is a (0,1)-position if x2 is even, a (1,0)-position if x2 is odd",
			func() *formula.Expr { return formula.Eq(formula.X(0), formula.C(0)) },
			func() *formula.Expr { return formula.Mod(formula.X(1), 2) }},
		{"2", "x1 = 1: x is a (0,1)-position if x2 = x3 is even, a (1,0)-position if x2 = x3 is odd",
			func() *formula.Expr {
				return formula.And(formula.Eq(formula.X(0), formula.C(1)), formula.Eq(formula.X(1), formula.X(2)))
			},
			func() *formula.Expr { return formula.Mod(formula.X(1), 2) }},
		{"3", "x = (a, b, b+i), a ≥ 2, is a swap position if i ≢ a (mod 2) and i < a (a even), i < a − 2 (a odd); there G = " + cor18GText000 + " and G⁻ = 1 − G",
			cor18Where000, cor18G000},
	}
	for _, c := range cor18 {
		where, g := c.where, c.g
		dom := func(_ grundy.Ruleset, _ int) *formula.Expr { return where() }
		gf := func(_ grundy.Ruleset, _ int) *formula.Expr { return g() }
		gmf := func(_ grundy.Ruleset, _ int) *formula.Expr { return formula.Sub(formula.C(1), g()) }
		note := "Says nothing outside the positions the part names (Domain). The converse — no other swap positions — is checked by TestCor18Converse000."
		if c.part == "3" {
			note = cor18Note000 + " " + note
		}
		register(
			&Claim{
				ID: "000/cor-18." + c.part, Paper: "000", Ref: "Corollary 18(" + c.part + ")",
				Statement: "Slow Exact NIM^1_{3,=2}, " + c.stmt + " (G part)",
				Family:    "slow-exact", Quantity: QG, Support: PaperProof, Note: note,
				Applies: exact32, Domain: dom, Formula: gf,
				Checks: []Instance{{"slow-exact:k=2", 3, 60}},
			},
			&Claim{
				ID: "000/cor-18." + c.part + "m", Paper: "000", Ref: "Corollary 18(" + c.part + ")",
				Statement: "Slow Exact NIM^1_{3,=2}, " + c.stmt + " (G⁻ part)",
				Family:    "slow-exact", Quantity: QGm, Support: PaperProof, Note: note,
				Applies: exact32, Domain: dom, Formula: gmf,
				Checks: []Instance{{"slow-exact:k=2", 3, 60}},
			},
		)
	}
	cor19G := func(_ grundy.Ruleset, _ int) *formula.Expr {
		return formula.Mod(formula.X(1), 2)
	}
	cor19Gm := func(_ grundy.Ruleset, _ int) *formula.Expr {
		return formula.Sub(formula.C(3), formula.Mod(formula.X(1), 2))
	}
	cor19Dom := func(_ grundy.Ruleset, _ int) *formula.Expr { return cor19Where000() }
	cor19Note := "Says nothing outside the positions named (Domain). The converse — every other position is swap or tame — is checked by TestCor19Converse000."
	register(
		&Claim{
			ID: "000/cor-19", Paper: "000", Ref: "Corollary 19",
			Statement: "Slow Exact NIM^1_{3,=2}: if x1 is odd, x1 ≠ 1 and x1 + x2 = x3 + 1, x is a (0,3)-position (x2 even) or a (1,2)-position (x2 odd) (G part)",
			Family:    "slow-exact", Quantity: QG, Support: PaperProof, Note: cor19Note,
			Applies: exact32, Domain: cor19Dom, Formula: cor19G,
			Checks: []Instance{{"slow-exact:k=2", 3, 60}},
		},
		&Claim{
			ID: "000/cor-19m", Paper: "000", Ref: "Corollary 19",
			Statement: "Slow Exact NIM^1_{3,=2}: if x1 is odd, x1 ≠ 1 and x1 + x2 = x3 + 1, x is a (0,3)-position (x2 even) or a (1,2)-position (x2 odd) (G⁻ part)",
			Family:    "slow-exact", Quantity: QGm, Support: PaperProof, Note: cor19Note,
			Applies: exact32, Domain: cor19Dom, Formula: cor19Gm,
			Checks: []Instance{{"slow-exact:k=2", 3, 60}},
		},
	)

	registerExamples000(
		example000{id: "000/example-3.2", ref: "§3.2", game: "slow-moore:k=2", box: 5,
			stmt: "Slow Moore's NIM^1_{6,≤2}: (3,3,3,4,4,4), (1,3,3,3,3,3), (1,3,3,3,5,5), (1,3,5,5,5,5) are P-positions; (1,1,1,2,2,4), (1,1,1,1,1,3), (1,1,1,1,1,5) are 2-positions; (1,1,3,3,5,5) is a 3-position",
			pts: []examplePoint000{
				{[]int{3, 3, 3, 4, 4, 4}, 0, -1}, {[]int{1, 1, 1, 2, 2, 4}, 2, -1},
				{[]int{1, 3, 3, 3, 3, 3}, 0, -1}, {[]int{1, 3, 3, 3, 5, 5}, 0, -1}, {[]int{1, 3, 5, 5, 5, 5}, 0, -1},
				{[]int{1, 1, 1, 1, 1, 3}, 2, -1}, {[]int{1, 1, 1, 1, 1, 5}, 2, -1}, {[]int{1, 1, 3, 3, 5, 5}, 3, -1},
			}},
		example000{id: "000/example-3.3", ref: "§3.3", game: "slow-moore:k=2", box: 3,
			stmt: "Slow Moore's NIM^1_{4,≤2} is not tame: (1,1,2,3) is a (4,0)-position",
			pts:  []examplePoint000{{[]int{1, 1, 2, 3}, 4, 0}}},
		example000{id: "000/remark-16", ref: "Remark 16", game: "slow-exact:k=4", box: 7,
			stmt: "Slow Exact NIM^1_{5,=4}: (1,2,3,3,x5) for 3 ≤ x5 ≤ 7 are 5-positions",
			note: "FINDING: false as printed. Exhaustive search (and an independent memoized solver) gives G = 3 at all five positions, " +
				"and no position of NIM^1_{5,=4} with piles ≤ 11 has G ≥ 4. No nearby reading fits either: Slow Moore's NIM^1_{5,≤4} gives 2, 3, 1, 2, 3 " +
				"and Exact NIM_{5,=4} gives 3. Kept as printed; TestDefaultChecksPass pins the failure.",
			pts: []examplePoint000{
				{[]int{1, 2, 3, 3, 3}, 5, -1}, {[]int{1, 2, 3, 3, 4}, 5, -1}, {[]int{1, 2, 3, 3, 5}, 5, -1},
				{[]int{1, 2, 3, 3, 6}, 5, -1}, {[]int{1, 2, 3, 3, 7}, 5, -1},
			}},
	)
}

// sumOf000 is x1 + … + xn.
func sumOf000(n int) *formula.Expr {
	xs := make([]*formula.Expr, n)
	for i := range xs {
		xs[i] = formula.X(i)
	}
	return formula.Add(xs...)
}

// parity000 says the sorted piles have parity vector pat: 'e' or 'o' per
// pile; a final '*' repeats the letter before it to the end ("eo*" is
// (e,o,…,o)).
func parity000(n int, pat string) *formula.Expr {
	parts := make([]*formula.Expr, n)
	for i := range parts {
		c := pat[min(i, len(pat)-1)]
		if c == '*' {
			c = pat[len(pat)-2]
		}
		if c == 'e' {
			parts[i] = formula.Even(formula.X(i))
		} else {
			parts[i] = formula.Odd(formula.X(i))
		}
	}
	return formula.And(parts...)
}

func parityAny000(n int, pats ...string) *formula.Expr {
	var parts []*formula.Expr
	for _, p := range pats {
		parts = append(parts, parity000(n, p))
	}
	return formula.Or(parts...)
}

// byParity000 is the value vals[i] on parity patterns pats[i] (which must
// cover every case), as a chain of if-then-else.
func byParity000(n int, pats []string, vals []int64) *formula.Expr {
	e := formula.C(vals[len(vals)-1])
	for i := len(pats) - 2; i >= 0; i-- {
		e = formula.Ite(parity000(n, pats[i]), formula.C(vals[i]), e)
	}
	return e
}

// prop10a000 is 000 Prop 10(i).
func prop10a000(_ grundy.Ruleset, _ int) *formula.Expr {
	return byParity000(2, []string{"ee", "eo", "oo", "oe"}, []int64{0, 1, 2, 3})
}

// prop10b000 is 000 Prop 10(ii).
func prop10b000(_ grundy.Ruleset, _ int) *formula.Expr {
	return byParity000(3, []string{"eee", "ooo", "eeo", "ooe", "eoo", "oee", "eoe", "oeo"}, []int64{0, 0, 1, 1, 2, 2, 3, 3})
}

// v01_000 and v10_000 are the swap sets of 000 Prop 12: for k = n,
// {(0,…,0,2j)} and {(0,…,0,2j+1)}; for k = n−1, {(i,…,i,i+2j)} and
// {(i,…,i,i+2j+1)}. odd selects V_{1,0}.
func swapSet000(n, k int, odd bool) *formula.Expr {
	var parts []*formula.Expr
	for i := 0; i < n-1; i++ {
		if k == n {
			parts = append(parts, formula.Eq(formula.X(i), formula.C(0)))
		} else if i > 0 {
			parts = append(parts, formula.Eq(formula.X(i), formula.X(0)))
		}
	}
	gap := formula.X(n - 1)
	if k != n {
		gap = formula.Sub(gap, formula.X(0))
	}
	if odd {
		parts = append(parts, formula.Odd(gap))
	} else {
		parts = append(parts, formula.Even(gap))
	}
	return formula.And(parts...)
}

func prop10aMisere000(r grundy.Ruleset, n int) *formula.Expr {
	return formula.Ite(swapSet000(2, 2, false), formula.C(1), formula.Ite(swapSet000(2, 2, true), formula.C(0), prop10a000(r, n)))
}

func prop10bMisere000(r grundy.Ruleset, n int) *formula.Expr {
	return formula.Ite(swapSet000(3, 2, false), formula.C(1), formula.Ite(swapSet000(3, 2, true), formula.C(0), prop10b000(r, n)))
}

func prop12aPm000(_ grundy.Ruleset, n int) *formula.Expr {
	return formula.Or(formula.And(parity000(n, "e*"), formula.Not(swapSet000(n, n, false))), swapSet000(n, n, true))
}

func prop12bPm000(_ grundy.Ruleset, n int) *formula.Expr {
	return formula.Or(formula.And(parityAny000(n, "e*", "o*"), formula.Not(swapSet000(n, n-1, false))), swapSet000(n, n-1, true))
}

// swapDomain000 is V_{0,1} ∪ V_{1,0} of 000 Prop 12 (k ∈ {n−1, n}).
func swapDomain000(r grundy.Ruleset, n int) *formula.Expr {
	k := Param(r, "k")
	return formula.Or(swapSet000(n, k, false), swapSet000(n, k, true))
}

// swapValue000 is v on V_{0,1} and 1 − v on V_{1,0} (000 Prop 12).
func swapValue000(v int64) func(grundy.Ruleset, int) *formula.Expr {
	return func(r grundy.Ruleset, n int) *formula.Expr {
		return formula.Ite(swapSet000(n, Param(r, "k"), false), formula.C(v), formula.C(1-v))
	}
}

// slowMoveTo000 finds a move of a slow game (one token from each of lo..hi
// non-empty piles) to a P-position by eval, a claim on quantity q (P, Pm:
// eval 1; G, Gm: eval 0). It first tries the moves of the proofs of
// 000 Prop 11(1)–(3) — reduce the piles of the wrong parity, give or take
// an end pile — which work for any number of piles, then every set of
// piles, giving up beyond 16.
func slowMoveTo000(eval func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool), q Quantity) func(grundy.Ruleset, grundy.BigPosition) (grundy.BigPosition, bool) {
	inP := func(r grundy.Ruleset, p grundy.BigPosition) bool {
		v, ok := eval(r, p)
		if q == QP || q == QPm {
			return ok && v.Sign() != 0
		}
		return ok && v.Sign() == 0
	}
	return func(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
		u, ok := r.(interface{ UnitDecrementRange(int) (int, int) })
		if !ok {
			return nil, false
		}
		lo, hi := u.UnitDecrementRange(len(p))
		try := func(set map[int]bool) (grundy.BigPosition, bool) {
			if len(set) < lo || len(set) > hi {
				return nil, false
			}
			q := cloneBig000(p)
			for i := range set {
				if q[i].Sign() == 0 {
					return nil, false
				}
				q[i].Sub(q[i], big.NewInt(1))
			}
			q = sortedBig000(q)
			return q, inP(r, q)
		}
		n := len(p)
		for _, parity := range []uint{0, 1} {
			// Reduce every non-empty pile whose parity is not parity, and
			// that with one of the end piles toggled (the moves of the
			// proofs of Prop 11(1)–(3)).
			for _, toggle := range []int{-1, 0, 1, n - 2, n - 1} {
				set := map[int]bool{}
				for i, x := range p {
					if x.Sign() > 0 && x.Bit(0) != parity {
						set[i] = true
					}
				}
				if toggle >= 0 {
					set[toggle] = !set[toggle]
					if !set[toggle] {
						delete(set, toggle)
					}
				}
				if q, ok := try(set); ok {
					return q, true
				}
			}
		}
		if n > 16 {
			return nil, false
		}
		for set := 1; set < 1<<n; set++ {
			c := 0
			ok := true
			for i := 0; i < n; i++ {
				if set>>i&1 == 1 {
					c++
					ok = ok && p[i].Sign() > 0
				}
			}
			if !ok || c < lo || c > hi {
				continue
			}
			q := cloneBig000(p)
			for i := 0; i < n; i++ {
				if set>>i&1 == 1 {
					q[i].Sub(q[i], big.NewInt(1))
				}
			}
			if q = sortedBig000(q); inP(r, q) {
				return q, true
			}
		}
		return nil, false
	}
}

// An examplePoint000 is one position a paper's example gives, with G and
// G⁻ (−1 where the example gives none).
type examplePoint000 struct {
	pos   []int
	g, gm int
}

type example000 struct {
	id, ref, game, stmt string
	note                string
	box                 int // the default check box: piles ≤ box
	pos                 []int
	g, gm               int
	pts                 []examplePoint000
}

// registerExamples000 registers "our computations show" positions as
// Computed claims: ID.G for G, ID.Gm for G⁻ (when given).
func registerExamples000(exs ...example000) {
	for _, ex := range exs {
		if ex.pos != nil {
			ex.pts = append(ex.pts, examplePoint000{ex.pos, ex.g, ex.gm})
		}
		family, _, _ := strings.Cut(ex.game, ":")
		n := len(ex.pts[0].pos)
		for _, q := range []Quantity{QG, QGm} {
			vals := map[string]int64{}
			for _, pt := range ex.pts {
				v := pt.g
				if q == QGm {
					v = pt.gm
				}
				if v >= 0 {
					vals[grundy.Position(pt.pos).String()] = int64(v)
				}
			}
			if len(vals) == 0 {
				continue
			}
			game := ex.game
			register(&Claim{
				ID: ex.id + "." + string(q), Paper: "000", Ref: ex.ref + " (\"our computations show\")",
				Statement: ex.stmt, Family: family, Quantity: q, Support: Reported, Note: ex.note,
				Applies: func(r grundy.Ruleset, pn int) bool { return r.Name() == game && pn == n },
				Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
					v, ok := vals[p.String()]
					return big.NewInt(v), ok
				},
				Checks: []Instance{{ex.game, n, ex.box}},
			})
		}
	}
}
