package slowknim

import (
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/theory"
)

// §2 and §3: the trivial slow games, and Slow Moore's k-Nim NIM^1_{n,≤k}
// ("slow-moore"); the trivial cases of Slow Exact k-Nim ("slow-exact").

func slowClaims() []*theory.Claim {
	k1 := func(k, _ int) bool { return k == 1 }
	sumParity := func(_ grundy.Ruleset, n int) *formula.Expr { return formula.Mod(sumOf(n), 2) }
	sumParityM := func(_ grundy.Ruleset, n int) *formula.Expr {
		return formula.Sub(formula.C(1), formula.Mod(sumOf(n), 2))
	}
	minParity := func(_ grundy.Ruleset, _ int) *formula.Expr { return formula.Mod(formula.X(0), 2) }
	minParityM := func(_ grundy.Ruleset, _ int) *formula.Expr {
		return formula.Sub(formula.C(1), formula.Mod(formula.X(0), 2))
	}
	in := func(game string, piles, max int) theory.Instance {
		return theory.Instance{Game: game, Piles: piles, Max: max}
	}
	const k1Quote = "When k = 1, the games NIM^1_{n,≤k} and NIM^1_{n,=k} are identical and trivial. The SG function depends only on the parity of the total number s = Σ x_i of tokens: " +
		"if s is even, G(x) = 0, G⁻(x) = 1, and vice versa if s is odd."
	const knQuote = "Also NIM^1_{n,=k} is trivial when k = n. In this case any play consists of m = x1 moves and hence the SG function depends only on the parity of m: " +
		"if m is even, G(x) = 0, G⁻(x) = 1, and vice versa if m is odd."
	k1Checks := []theory.Instance{in("slow-moore:k=1", 1, 50), in("slow-moore:k=1", 3, 20), in("slow-moore:k=1", 5, 8)}
	k1ExactChecks := []theory.Instance{in("slow-exact:k=1", 1, 50), in("slow-exact:k=1", 3, 20), in("slow-exact:k=1", 5, 8)}
	knChecks := []theory.Instance{in("slow-exact:k=2", 2, 50), in("slow-exact:k=3", 3, 25), in("slow-exact:k=4", 4, 12)}
	value := func(id, ref, stmt, quote, family string, q grundy.Quantity, ok func(k, n int) bool,
		f func(grundy.Ruleset, int) *formula.Expr, checks []theory.Instance) *theory.Claim {
		return &theory.Claim{ID: id, Paper: "000", Ref: ref, Statement: stmt, Quote: quote, Family: family,
			Quantity: q, Support: theory.PaperProof, Applies: on(family, ok), Formula: f,
			Move: slowMoveTo(theory.FormulaEval(f), q), Checks: checks}
	}
	cs := []*theory.Claim{
		value("000/sec-2.1", "§2 (k = 1)", "Slow Moore's NIM^1_{n,≤1}: G(x) = s mod 2, s = x1 + … + xn", k1Quote,
			"slow-moore", grundy.QG, k1, sumParity, k1Checks),
		value("000/sec-2.1m", "§2 (k = 1)", "Slow Moore's NIM^1_{n,≤1}: G⁻(x) = 1 − s mod 2", k1Quote,
			"slow-moore", grundy.QGm, k1, sumParityM, k1Checks),
		value("000/sec-2.2", "§2, §4 (k = 1)", "Slow Exact NIM^1_{n,=1}: G(x) = s mod 2, s = x1 + … + xn", k1Quote,
			"slow-exact", grundy.QG, k1, sumParity, k1ExactChecks),
		value("000/sec-2.2m", "§2, §4 (k = 1)", "Slow Exact NIM^1_{n,=1}: G⁻(x) = 1 − s mod 2", k1Quote,
			"slow-exact", grundy.QGm, k1, sumParityM, k1ExactChecks),
		value("000/sec-2.3", "§2, §4 (k = n)", "Slow Exact NIM^1_{n,=n}: G(x) = x1 mod 2, x1 the smallest pile (the number of moves left)", knQuote,
			"slow-exact", grundy.QG, func(k, n int) bool { return n == k }, minParity, knChecks),
		value("000/sec-2.3m", "§2, §4 (k = n)", "Slow Exact NIM^1_{n,=n}: G⁻(x) = 1 − x1 mod 2", knQuote,
			"slow-exact", grundy.QGm, func(k, n int) bool { return n == k }, minParityM, knChecks),

		// §3.1: SG values by parity vector.
		value("000/prop-10.1", "Proposition 10(i)", "Slow Moore's NIM^1_{2,≤2}: G = 0, 1, 2, 3 for parity vectors (e,e), (e,o), (o,o), (o,e)", "",
			"slow-moore", grundy.QG, func(k, n int) bool { return n == 2 && k == 2 }, prop10a, []theory.Instance{in("slow-moore:k=2", 2, 100)}),
		value("000/prop-10.2", "Proposition 10(ii)", "Slow Moore's NIM^1_{3,≤2}: G = 0 on (e,e,e),(o,o,o); 1 on (e,e,o),(o,o,e); 2 on (e,o,o),(o,e,e); 3 on (e,o,e),(o,e,o)", "",
			"slow-moore", grundy.QG, func(k, n int) bool { return n == 3 && k == 2 }, prop10b, []theory.Instance{in("slow-moore:k=2", 3, 40)}),
		value("000/prop-10.1m", "Proposition 10(i) with Propositions 6 and 12",
			"Misère Slow Moore's NIM^1_{2,≤2}: G⁻ = G of Prop 10(i) except G⁻ = 1 on V_{0,1} = {(0, 2j)} and 0 on V_{1,0} = {(0, 2j+1)}", "",
			"slow-moore", grundy.QGm, func(k, n int) bool { return n == 2 && k == 2 }, prop10aMisere, []theory.Instance{in("slow-moore:k=2", 2, 100)}),
		value("000/prop-10.2m", "Proposition 10(ii) with Propositions 6 and 12",
			"Misère Slow Moore's NIM^1_{3,≤2}: G⁻ = G of Prop 10(ii) except G⁻ = 1 on V_{0,1} = {(i,i,i+2j)} and 0 on V_{1,0} = {(i,i,i+2j+1)}", "",
			"slow-moore", grundy.QGm, func(k, n int) bool { return n == 3 && k == 2 }, prop10bMisere, []theory.Instance{in("slow-moore:k=2", 3, 40)}),
	}
	for _, c := range cs[6:] {
		if c.Quantity == grundy.QGm {
			c.Note = "Derived: the game is miserable (Prop 12), so tame (Prop 6): G⁻ = G off the swap sets, 1 − G on them."
		}
	}
	cs = append(cs, prop11Claims()...)
	cs = append(cs, prop11MoveClaims()...)
	cs = append(cs, prop12MoveClaims()...)
	cs = append(cs, prop12Claims()...)
	cs = append(cs,
		&theory.Claim{
			ID: "000/example-3.2.G", Paper: "000", Ref: "§3.2 (\"our computations show\")",
			Statement: "Slow Moore's NIM^1_{6,≤2}: (3,3,3,4,4,4), (1,3,3,3,3,3), (1,3,3,3,5,5), (1,3,5,5,5,5) are P-positions; (1,1,1,2,2,4), (1,1,1,1,1,3), (1,1,1,1,1,5) are 2-positions; (1,1,3,3,5,5) is a 3-position",
			Quote:     "if n = 6 and k = 2 then (3, 3, 3, 4, 4, 4) is a P-position, while (1, 1, 1, 2, 2, 4) is a 2-position, although their parity vectors are the same",
			Family:    "slow-moore", Quantity: grundy.QG, Support: theory.Reported,
			Applies: on("slow-moore", func(k, n int) bool { return k == 2 && n == 6 }),
			Finite:  true,
			Eval: at(map[string]int64{"3,3,3,4,4,4": 0, "1,1,1,2,2,4": 2, "1,3,3,3,3,3": 0, "1,3,3,3,5,5": 0,
				"1,3,5,5,5,5": 0, "1,1,1,1,1,3": 2, "1,1,1,1,1,5": 2, "1,1,3,3,5,5": 3}),
			Checks: []theory.Instance{in("slow-moore:k=2", 6, 5)},
		},
		&theory.Claim{
			ID: "000/example-3.3.G", Paper: "000", Ref: "§3.3 (\"our computations show\")",
			Statement: "Slow Moore's NIM^1_{4,≤2} is not tame: (1,1,2,3) is a (4,0)-position (G part)",
			Quote:     "Our computations show that NIM^1_{4,≤2} is not tame: for example, (1, 1, 2, 3) is a (4, 0)-position.",
			Family:    "slow-moore", Quantity: grundy.QG, Support: theory.Reported,
			Applies: on("slow-moore", func(k, n int) bool { return k == 2 && n == 4 }),
			Finite:  true,
			Eval:    at(map[string]int64{"1,1,2,3": 4}),
			Checks:  []theory.Instance{in("slow-moore:k=2", 4, 3)},
		},
		&theory.Claim{
			ID: "000/example-3.3.Gm", Paper: "000", Ref: "§3.3 (\"our computations show\")",
			Statement: "Slow Moore's NIM^1_{4,≤2} is not tame: (1,1,2,3) is a (4,0)-position (G⁻ part)",
			Quote:     "Our computations show that NIM^1_{4,≤2} is not tame: for example, (1, 1, 2, 3) is a (4, 0)-position.",
			Family:    "slow-moore", Quantity: grundy.QGm, Support: theory.Reported,
			Applies: on("slow-moore", func(k, n int) bool { return k == 2 && n == 4 }),
			Finite:  true,
			Eval:    at(map[string]int64{"1,1,2,3": 0}),
			Checks:  []theory.Instance{in("slow-moore:k=2", 4, 3)},
		},
	)
	return cs
}

// Proposition 11: the P-positions of NIM^1_{n,≤k} by parity vector.
func prop11Claims() []*theory.Claim {
	in := func(game string, piles, max int) theory.Instance {
		return theory.Instance{Game: game, Piles: piles, Max: max}
	}
	claim := func(id, ref, stmt, quote string, ok func(k, n int) bool, set func(n int) *formula.Expr, checks []theory.Instance) *theory.Claim {
		f := func(_ grundy.Ruleset, n int) *formula.Expr { return set(n) }
		return &theory.Claim{ID: id, Paper: "000", Ref: ref, Statement: "Slow Moore's NIM^1_{n,≤k}, " + stmt, Quote: quote,
			Family: "slow-moore", Quantity: grundy.QP, Support: theory.PaperProof,
			Applies: on("slow-moore", ok), Formula: f, Move: slowMoveTo(theory.FormulaEval(f), grundy.QP), Checks: checks}
	}
	p3 := func(n int) *formula.Expr { return parityAny(n, "e*", "eo*") }
	// The fifth case prints its third vector with five entries; as printed
	// it is the parity vector of no 6-pile position.
	p5 := func(n int) *formula.Expr { return parityAny(n, "eeeeee", "eeoooo", "ooooee") }
	cs := []*theory.Claim{
		claim("000/prop-11.1", "Proposition 11(1)", "n = k: x ∈ P iff every pile is even",
			"for n = k we have: x ∈ P if and only if p(x) = (e, e, …, e)",
			func(k, n int) bool { return n == k }, func(n int) *formula.Expr { return parity(n, "e*") },
			[]theory.Instance{in("slow-moore:k=2", 2, 60), in("slow-moore:k=3", 3, 30), in("slow-moore:k=4", 4, 16), in("slow-moore:k=5", 5, 10)}),
		claim("000/prop-11.2", "Proposition 11(2)", "n = k+1: x ∈ P iff p(x) ∈ {(e,…,e), (o,…,o)}",
			"for n = k+1 we have: x ∈ P if and only if p(x) ∈ {(e, e, …, e), (o, o, …, o)}",
			func(k, n int) bool { return n == k+1 }, func(n int) *formula.Expr { return parityAny(n, "e*", "o*") },
			[]theory.Instance{in("slow-moore:k=1", 2, 60), in("slow-moore:k=2", 3, 30), in("slow-moore:k=3", 4, 16), in("slow-moore:k=4", 5, 10)}),
		claim("000/prop-11.3", "Proposition 11(3)", "n = k+2: x ∈ P iff p(x) ∈ {(e,…,e), (e,o,…,o)}",
			"for n = k+2 we have: x ∈ P if and only if p(x) ∈ {(e, e, …, e), (e, o …, o)}",
			func(k, n int) bool { return n == k+2 }, p3,
			[]theory.Instance{in("slow-moore:k=1", 3, 20), in("slow-moore:k=2", 4, 16), in("slow-moore:k=3", 5, 10), in("slow-moore:k=4", 6, 8)}),
		claim("000/prop-11.3.corrected", "Proposition 11(3)", "n = k+2, k ≥ 2: x ∈ P iff p(x) ∈ {(e,…,e), (e,o,…,o)}", "",
			func(k, n int) bool { return n == k+2 && k >= 2 }, p3,
			[]theory.Instance{in("slow-moore:k=2", 4, 16), in("slow-moore:k=3", 5, 10), in("slow-moore:k=4", 6, 8)}),
		claim("000/prop-11.4", "Proposition 11(4)", "n = 5, k = 2: x ∈ P iff p(x) ∈ {(e,e,e,e,e), (e,e,o,o,o), (o,o,e,e,o), (o,o,o,o,e)}",
			"for n = 5, k = 2 we have: x ∈ P if and only if p(x) ∈ {(e, e, e, e, e), (e, e, o, o, o), (o, o, e, e, o), (o, o, o, o, e)}",
			func(k, n int) bool { return n == 5 && k == 2 },
			func(n int) *formula.Expr { return parityAny(n, "eeeee", "eeooo", "ooeeo", "ooooe") },
			[]theory.Instance{in("slow-moore:k=2", 5, 14)}),
		claim("000/prop-11.5", "Proposition 11(5)",
			"n = 6, k = 3: x ∈ P iff p(x) ∈ {(e,e,e,e,e,e), (e,e,o,o,o,o), (o,o,e,e,o), (o,o,o,o,e,e)} — the third vector printed with five entries, the parity vector of no position",
			"for n = 6, k = 3 we have: x ∈ P if and only if p(x) ∈ {(e, e, e, e, e, e), (e, e, o, o, o, o), (o, o, e, e, o), (o, o, o, o, e, e)}",
			func(k, n int) bool { return n == 6 && k == 3 }, p5,
			[]theory.Instance{in("slow-moore:k=3", 6, 10)}),
		claim("000/prop-11.5.reading-ooeeoo", "Proposition 11(5)",
			"n = 6, k = 3: x ∈ P iff p(x) ∈ {(e,e,e,e,e,e), (e,e,o,o,o,o), (o,o,e,e,o,o), (o,o,o,o,e,e)}", "",
			func(k, n int) bool { return n == 6 && k == 3 },
			func(n int) *formula.Expr { return parityAny(n, "eeeeee", "eeoooo", "ooeeoo", "ooooee") },
			[]theory.Instance{in("slow-moore:k=3", 6, 10)}),
	}
	cs[2].Refuted = "1,1,2"
	cs[2].Note = "The statement does not exclude k = 1: NIM^1_{3,≤1} is §2's trivial game (P iff the sum is even), where (1,1,2) is a P-position with parity vector (o,o,e). " +
		"The proof's move \"reduce this even coordinate together with x1\" touches two piles, which needs k ≥ 2."
	cs[3].Corrects, cs[3].Support = "000/prop-11.3", theory.Correction
	cs[3].Change = "restricted to k ≥ 2 (the printed n = k + 2 admits k = 1, where it fails)"
	cs[2].Diagnose = diagnose("the statement admits k = 1 (n = 3), the trivial game of §2 where x is P iff the sum is even; "+
		"for k ≥ 2 it holds (000/prop-11.3.corrected, SMT-proved for k = 2, 3, 4)", false)
	cs[5].Refuted = "1,1,2,2,3,3"
	cs[5].Diagnose = diagnose("the third parity vector is printed with five entries, (o,o,e,e,o), the parity vector of no 6-pile position; "+
		"read as (o,o,e,e,o,o), as the proof writes it, the statement holds (000/prop-11.5.reading-ooeeoo)", false)
	cs[6].ReadingOf = "000/prop-11.5"
	cs[6].Reading = "the third vector's lost sixth entry read as o, (o,o,e,e,o,o), as the proof's case analysis of (5) writes it"
	return cs
}

// Proposition 12: for k ≥ n − 1 Slow Moore's NIM^1_{n,≤k} is miserable,
// with swap sets V_{0,1}, V_{1,0}.
func prop12Claims() []*theory.Claim {
	in := func(game string, piles, max int) theory.Instance {
		return theory.Instance{Game: game, Piles: piles, Max: max}
	}
	const quote = "When k ≥ n−1, SLOW MOORE'S NIM^1_{n,≤k} is miserable. Furthermore, V_{0,1} = {(0,0,…,0,2j) | j ∈ Z≥} and V_{1,0} = {(0,0,…,0,2j+1) | j ∈ Z≥} for k = n; " +
		"V_{0,1} = {(i,i,…,i,i+2j) | i,j ∈ Z≥} and V_{1,0} = {(i,i,…,i,i+2j+1) | i,j ∈ Z≥} for k = n − 1."
	upper := on("slow-moore", func(k, n int) bool { return k >= n-1 })
	structChecks := []theory.Instance{in("slow-moore:k=1", 2, 40), in("slow-moore:k=2", 2, 40), in("slow-moore:k=2", 3, 24),
		in("slow-moore:k=3", 3, 24), in("slow-moore:k=3", 4, 12), in("slow-moore:k=4", 5, 8)}
	valueChecks := []theory.Instance{in("slow-moore:k=2", 2, 60), in("slow-moore:k=2", 3, 30), in("slow-moore:k=3", 3, 30), in("slow-moore:k=3", 4, 16)}
	return []*theory.Claim{
		{
			ID: "000/prop-12.miserable", Paper: "000", Ref: "Proposition 12",
			Statement: "Slow Moore's NIM^1_{n,≤k} with k ≥ n − 1 is miserable",
			Quote:     quote, Family: "slow-moore", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies: upper, Property: miserable, Checks: structChecks,
		},
		{
			ID: "000/prop-12.iff", Paper: "000", Ref: "Proposition 12",
			Statement: "Slow Moore's NIM^1_{n,≤k}, k ∈ {n − 1, n}: the (0,1)-positions are exactly V_{0,1} and the (1,0)-positions exactly V_{1,0}",
			Quote:     quote, Family: "slow-moore", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Note:    "The proof ends \"V'_{0,1} and V'_{1,0} are its swap positions, that is, V_{0,1} = V'_{0,1} and V_{1,0} = V'_{1,0}\": all swap positions, both directions.",
			Applies: upper,
			Property: func(s *theory.Site) theory.Verdict {
				k := kOf(s.Ruleset)
				return swapIff(nil, func(grundy.BigPosition) bool { return inV(s.Pos, k, false) },
					func(grundy.BigPosition) bool { return inV(s.Pos, k, true) })(s)
			},
			Checks: structChecks,
		},
		{
			ID: "000/prop-12.1", Paper: "000", Ref: "Proposition 12 (k = n), with Propositions 6 and 11(1)",
			Statement: "Misère Slow Moore's NIM^1_{n,≤n}: x is a P-position iff all piles are even and x ∉ V_{0,1} = {(0,…,0,2j)}, or x ∈ V_{1,0} = {(0,…,0,2j+1)}",
			Family:    "slow-moore", Quantity: grundy.QPm, Support: theory.PaperProof,
			Note:    "Encoding: the game is miserable, so tame (Prop 6); its misère P-positions are the (0,0)-positions (P-positions of Prop 11(1) off V_{0,1}) and V_{1,0}.",
			Applies: on("slow-moore", func(k, n int) bool { return n == k }),
			Formula: prop12aPm,
			Move:    slowMoveTo(theory.FormulaEval(prop12aPm), grundy.QPm),
			Checks:  []theory.Instance{in("slow-moore:k=2", 2, 60), in("slow-moore:k=3", 3, 30), in("slow-moore:k=4", 4, 16), in("slow-moore:k=5", 5, 10)},
		},
		{
			ID: "000/prop-12.2", Paper: "000", Ref: "Proposition 12 (k = n − 1), with Propositions 6 and 11(2)",
			Statement: "Misère Slow Moore's NIM^1_{n,≤n−1}: x is a P-position iff all piles have one parity and x ∉ V_{0,1} = {(i,…,i,i+2j)}, or x ∈ V_{1,0} = {(i,…,i,i+2j+1)}",
			Family:    "slow-moore", Quantity: grundy.QPm, Support: theory.PaperProof,
			Note:    "Encoding: the game is miserable, so tame (Prop 6); its misère P-positions are the (0,0)-positions (P-positions of Prop 11(2) off V_{0,1}) and V_{1,0}.",
			Applies: on("slow-moore", func(k, n int) bool { return n == k+1 }),
			Formula: prop12bPm,
			Move:    slowMoveTo(theory.FormulaEval(prop12bPm), grundy.QPm),
			Checks:  []theory.Instance{in("slow-moore:k=1", 2, 60), in("slow-moore:k=2", 3, 30), in("slow-moore:k=3", 4, 16), in("slow-moore:k=4", 5, 10)},
		},
		{
			ID: "000/prop-12.3", Paper: "000", Ref: "Proposition 12",
			Statement: "Slow Moore's NIM^1_{n,≤k}, k ≥ n − 1: G = 0 on V_{0,1} and G = 1 on V_{1,0}",
			Quote:     quote, Family: "slow-moore", Quantity: grundy.QG, Support: theory.PaperProof,
			Note:    "The \"if\" half as values; 000/prop-12.iff checks both halves.",
			Applies: upper, Domain: swapDomain, Formula: swapValue(0), Checks: valueChecks,
		},
		{
			ID: "000/prop-12.3m", Paper: "000", Ref: "Proposition 12",
			Statement: "Slow Moore's NIM^1_{n,≤k}, k ≥ n − 1: G⁻ = 1 on V_{0,1} and G⁻ = 0 on V_{1,0}",
			Quote:     quote, Family: "slow-moore", Quantity: grundy.QGm, Support: theory.PaperProof,
			Note:    "The \"if\" half as values; 000/prop-12.iff checks both halves.",
			Applies: upper, Domain: swapDomain, Formula: swapValue(1), Checks: valueChecks,
		},
	}
}

// inV says p lies in Proposition 12's V_{0,1} (odd: V_{1,0}): for k = n,
// (0, …, 0, 2j) (2j+1); for k = n − 1, (i, …, i, i+2j) (i+2j+1).
func inV(p grundy.Position, k int, odd bool) bool {
	n := len(p)
	for i := 0; i < n-1; i++ {
		if k == n && p[i] != 0 || k != n && p[i] != p[0] {
			return false
		}
	}
	gap := p[n-1]
	if k != n {
		gap -= p[0]
	}
	return (gap%2 == 1) == odd
}

// parity says the sorted piles have parity vector pat: 'e' or 'o' per
// pile; a final '*' repeats the letter before it to the end ("eo*" is
// (e,o,…,o)).
func parity(n int, pat string) *formula.Expr {
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

func parityAny(n int, pats ...string) *formula.Expr {
	var parts []*formula.Expr
	for _, p := range pats {
		parts = append(parts, parity(n, p))
	}
	return formula.Or(parts...)
}

// byParity is the value vals[i] on parity patterns pats[i] (which must
// cover every case), as a chain of if-then-else.
func byParity(n int, pats []string, vals []int64) *formula.Expr {
	e := formula.C(vals[len(vals)-1])
	for i := len(pats) - 2; i >= 0; i-- {
		e = formula.Ite(parity(n, pats[i]), formula.C(vals[i]), e)
	}
	return e
}

// prop10a is 000 Prop 10(i).
func prop10a(_ grundy.Ruleset, _ int) *formula.Expr {
	return byParity(2, []string{"ee", "eo", "oo", "oe"}, []int64{0, 1, 2, 3})
}

// prop10b is 000 Prop 10(ii).
func prop10b(_ grundy.Ruleset, _ int) *formula.Expr {
	return byParity(3, []string{"eee", "ooo", "eeo", "ooe", "eoo", "oee", "eoe", "oeo"}, []int64{0, 0, 1, 1, 2, 2, 3, 3})
}

// swapSet is a swap set of 000 Prop 12: for k = n,
// {(0,…,0,2j)} and {(0,…,0,2j+1)}; for k = n−1, {(i,…,i,i+2j)} and
// {(i,…,i,i+2j+1)}. odd selects V_{1,0}.
func swapSet(n, k int, odd bool) *formula.Expr {
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

func prop10aMisere(r grundy.Ruleset, n int) *formula.Expr {
	return formula.Ite(swapSet(2, 2, false), formula.C(1), formula.Ite(swapSet(2, 2, true), formula.C(0), prop10a(r, n)))
}

func prop10bMisere(r grundy.Ruleset, n int) *formula.Expr {
	return formula.Ite(swapSet(3, 2, false), formula.C(1), formula.Ite(swapSet(3, 2, true), formula.C(0), prop10b(r, n)))
}

func prop12aPm(_ grundy.Ruleset, n int) *formula.Expr {
	return formula.Or(formula.And(parity(n, "e*"), formula.Not(swapSet(n, n, false))), swapSet(n, n, true))
}

func prop12bPm(_ grundy.Ruleset, n int) *formula.Expr {
	return formula.Or(formula.And(parityAny(n, "e*", "o*"), formula.Not(swapSet(n, n-1, false))), swapSet(n, n-1, true))
}

// swapDomain is V_{0,1} ∪ V_{1,0} of 000 Prop 12 (k ∈ {n−1, n}).
func swapDomain(r grundy.Ruleset, n int) *formula.Expr {
	k := kOf(r)
	return formula.Or(swapSet(n, k, false), swapSet(n, k, true))
}

// swapValue is v on V_{0,1} and 1 − v on V_{1,0} (000 Prop 12).
func swapValue(v int64) func(grundy.Ruleset, int) *formula.Expr {
	return func(r grundy.Ruleset, n int) *formula.Expr {
		return formula.Ite(swapSet(n, kOf(r), false), formula.C(v), formula.C(1-v))
	}
}

// slowMoveTo finds a move of a slow game (one token from each of lo..hi
// non-empty piles) to a P-position by eval, a claim on quantity q (P, Pm:
// eval 1; G, Gm: eval 0). It first tries the moves of the proofs of
// 000 Prop 11(1)–(3) — reduce the piles of the wrong parity, give or take
// an end pile — which work for any number of piles, then every set of
// piles, giving up beyond 16.
func slowMoveTo(eval func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool), q grundy.Quantity) func(grundy.Ruleset, grundy.BigPosition) (grundy.BigPosition, bool) {
	inP := func(r grundy.Ruleset, p grundy.BigPosition) bool {
		v, ok := eval(r, p)
		if q == grundy.QP || q == grundy.QPm {
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
			q := cloneBig(p)
			for i := range set {
				if q[i].Sign() == 0 {
					return nil, false
				}
				q[i].Sub(q[i], big.NewInt(1))
			}
			q = sortedBig(q)
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
			q := cloneBig(p)
			for i := 0; i < n; i++ {
				if set>>i&1 == 1 {
					q[i].Sub(q[i], big.NewInt(1))
				}
			}
			if q = sortedBig(q); inP(r, q) {
				return q, true
			}
		}
		return nil, false
	}
}
