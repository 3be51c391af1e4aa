package stwythoff

import (
	"fmt"
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// Claims lists the claims of paper 002, built fresh on each call.
func Claims() []*theory.Claim {
	var cs []*theory.Claim
	cs = append(cs, modularClaims()...)
	cs = append(cs, rookClaims()...)
	cs = append(cs, tableClaims()...)
	return append(cs, strategyClaims()...)
}

// params gives K, s, t of a wythoff or wythoff-mod ruleset (K = 1 for
// wythoff: 002 §1, "the case K = 1 is exactly (s,t)-Wythoff's game").
func params(r grundy.Ruleset) (k, s, t int64) {
	sp := games.SpecOf(r)
	k = 1
	if sp.Family == "wythoff-mod" {
		k = int64(sp.Mod)
	}
	return k, int64(sp.S), int64(sp.T)
}

// on is an Applies for two-pile positions of one family whose (s, t)
// satisfy ok (nil: every one).
func on(family string, ok func(s, t int64) bool) func(grundy.Ruleset, int) bool {
	return theory.On(family, func(sp games.Spec, n int) bool {
		return n == 2 && (ok == nil || ok(int64(sp.S), int64(sp.T)))
	})
}

// onGames is an Applies for two-pile positions of exactly the listed
// rulesets, parsed once.
func onGames(names ...string) func(grundy.Ruleset, int) bool {
	var specs []games.Spec
	for _, g := range names {
		r, err := games.Parse(g)
		if err != nil {
			panic("stwythoff: " + err.Error()) // a typo in this file
		}
		specs = append(specs, games.SpecOf(r))
	}
	return func(r grundy.Ruleset, n int) bool {
		sp := games.SpecOf(r)
		for _, w := range specs {
			if sp == w && n == 2 {
				return true
			}
		}
		return false
	}
}

func sOne(s, _ int64) bool { return s == 1 }

func checks(max int, names ...string) []theory.Instance {
	var out []theory.Instance
	for _, g := range names {
		out = append(out, theory.Instance{Game: g, Piles: 2, Max: max})
	}
	return out
}

// ceilDiv is ⌈t/K⌉ = t', the t of the associated game Γ.
func ceilDiv(t, k int64) int64 { return (t + k - 1) / k }

// mexEval evaluates P (or P⁻) membership from the mex recursion: the
// generators of Γ_K itself (eq. (3), (5), (6)), or, when scaled, K times
// those of the associated game with t' = ⌈t/K⌉ (Theorems 4 and 7).
func mexEval(misere, scaled bool) func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool) {
	return func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
		k, s, t := params(r)
		tk := ceilDiv(t, k)
		if !scaled {
			in, ok := seq(k, s, tk, misere).contains(p[0], p[1])
			return theory.BoolInt(in), ok
		}
		// (x, y) lies in the block of K·(A'_n, B'_n) iff (⌊x/K⌋, ⌊y/K⌋) = (A'_n, B'_n).
		K := big.NewInt(k)
		in, ok := seq(1, s, tk, misere).contains(new(big.Int).Div(p[0], K), new(big.Int).Div(p[1], K))
		return theory.BoolInt(in), ok
	}
}

// seqReach and scaledReach say where mexEval stops (Claim.Reach).
var (
	seqReach    = fmt.Sprintf("the smaller pile up to 2^20 = %d (as far as the recursion is run)", seqCap)
	scaledReach = fmt.Sprintf("the smaller pile up to K·2^20 = K·%d (as far as the recursion is run)", seqCap)
)

// wythoffGames are the (s,t)-Wythoff rulesets the claims on eq. (2) are
// checked on; modGames the Γ_K; modS1Games those with s = 1.
var (
	wythoffGames = []string{"wythoff:s=1,t=1", "wythoff:s=1,t=2", "wythoff:s=1,t=3", "wythoff:s=2,t=1", "wythoff:s=2,t=2",
		"wythoff:s=2,t=3", "wythoff:s=3,t=1", "wythoff:s=3,t=2", "wythoff:s=3,t=3"}
	modGames = []string{"wythoff-mod:K=2,s=1,t=1", "wythoff-mod:K=2,s=1,t=3", "wythoff-mod:K=2,s=2,t=1",
		"wythoff-mod:K=2,s=3,t=2", "wythoff-mod:K=3,s=1,t=2", "wythoff-mod:K=3,s=1,t=4", "wythoff-mod:K=3,s=2,t=4",
		"wythoff-mod:K=3,s=2,t=6", "wythoff-mod:K=4,s=1,t=5", "wythoff-mod:K=4,s=2,t=3"}
	modS1Games = []string{"wythoff-mod:K=2,s=1,t=1", "wythoff-mod:K=2,s=1,t=3", "wythoff-mod:K=3,s=1,t=2",
		"wythoff-mod:K=3,s=1,t=4", "wythoff-mod:K=4,s=1,t=5"}
	gwGames = []string{"wythoff:s=1,t=1", "wythoff:s=1,t=2", "wythoff:s=1,t=3", "wythoff:s=1,t=5"}
)

func modularClaims() []*theory.Claim {
	wythoffChecks, modChecks := checks(100, wythoffGames...), checks(72, modGames...)
	modS1Checks, gwChecks := checks(72, modS1Games...), checks(100, gwGames...)
	return []*theory.Claim{
		{
			ID: "002/eq-2", Paper: "002", Ref: "§1, eq. (2) (cited from Fraenkel [5])",
			Statement: "In (s,t)-Wythoff, P = {(A'_n, B'_n)}: A'_n = mex{A'_i, B'_i : i < n}, B'_n = s·A'_n + t·n",
			Family:    "wythoff", Quantity: grundy.QP, Support: theory.Classical,
			Note:    "Evaluated by running the recursion, for piles up to 2^20; beyond, 002/sec3-vile answers.",
			Applies: on("wythoff", nil),
			Eval:    mexEval(false, false),
			Reach:   seqReach,
			Checks:  wythoffChecks,
		},
		{
			ID: "002/eq-2.classic", Paper: "002", Ref: "§1: \"The special case s = t = 1 is the classical Wythoff's game\" (Wythoff 1907)",
			Statement: "In Wythoff's game (s = t = 1), P = {(⌊nφ⌋, ⌊nφ²⌋) : n ≥ 0}, φ = (1+√5)/2 (classical; 002 names the game, it does not print the formula)",
			Family:    "wythoff", Quantity: grundy.QP, Support: theory.Classical,
			Note:    "Wythoff's theorem, not printed in 002. Exact integer arithmetic: ⌊nφ⌋ = ⌊(n + ⌊√(5n²)⌋)/2⌋.",
			Applies: on("wythoff", func(s, t int64) bool { return s == 1 && t == 1 }),
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return theory.BoolInt(classicWythoffP(p[0], p[1])), true
			},
			Move:   normalMove,
			Checks: checks(150, "wythoff:s=1,t=1"),
		},
		{
			ID: "002/sec3-vile", Paper: "002", Ref: "§3 after Corollary 5 (cited from Fraenkel [5])",
			Statement: "In (s,t)-Wythoff, (x,y) with x ≤ y is a P-position iff x is vile and y is the left shift of x over the numeration system U (u_n = (s+t−1)u_{n−1} + s·u_{n−2})",
			Quote:     "In [5] it was proved that (x, y) ∈ Γ with x ≤ y is a P-position of Γ if and only if x is vile and y is a left shift of x (so it is dopey).",
			Family:    "wythoff", Quantity: grundy.QP, Support: theory.Classical,
			Note:    "Polynomial in the bit length; (0,0) is the case x = 0 (empty representation, left shift 0).",
			Applies: on("wythoff", nil),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				_, s, t := params(r)
				return theory.BoolInt(numeration(s, t).pPair(p[0], p[1])), true
			},
			Move:   normalMove,
			Checks: wythoffChecks,
		},
		{
			ID: "002/thm-3", Paper: "002", Ref: "Theorem 3 (with eq. (3))",
			Statement: "In Γ_K, P = {(A_n+α, B_n+β) : α,β ∈ Ω_K}, A_n = mex({A_i}+α, {B_i}+β : i < n), B_n = s·A_n + ⌈t/K⌉K·n",
			Family:    "wythoff-mod", Quantity: grundy.QP, Support: theory.PaperProof,
			Note: "Evaluated by running recursion (3) literally (mex over the shifted sets), for piles up to 2^20. " +
				"Type II moves take a multiple of K from each pile (the OCR's \"0 < ℓ < M_K\" reads ℓ ∈ M_K, as the proof uses).",
			Applies: on("wythoff-mod", nil),
			Eval:    mexEval(false, false),
			Reach:   seqReach,
			Checks:  modChecks,
		},
		{
			ID: "002/lemma-2", Paper: "002", Ref: "Lemma 2 (c), (d) (with Theorem 3)",
			Statement: "The sequences of eq. (3) satisfy (c) {A_n}+Ω_K and {B_n}+Ω_K (n ≥ 1) are complementary with respect to Z^{≥K}, and (d) A_n − A_{n−1} ∈ {K, 2K}",
			Family:    "wythoff-mod", Quantity: grundy.QP, Support: theory.PaperProof,
			Note: "A lemma on sequences, checked through the game: (c) and (d) alone determine the generators (A_n = A_{n−1} + K unless " +
				"that is a B_j, then A_n = A_{n−1} + 2K), and the P-positions of Theorem 3 built from them, without the mex, are compared " +
				"with the solver (piles up to 2^16). Parts (a)–(e) are also tested on the sequences themselves (TestLemma2).",
			Applies: on("wythoff-mod", nil),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				if !p[0].IsInt64() || p[0].Int64() > 1<<16 {
					return nil, false
				}
				k, s, t := params(r)
				a, b := lemma2Seq(k, s, ceilDiv(t, k), p[0].Int64())
				return theory.BoolInt(blocksContain(a, b, k, 0, p[0], p[1])), true
			},
			Checks: modChecks,
		},
		{
			ID: "002/thm-4", Paper: "002", Ref: "Theorem 4 (with Theorem 3)",
			Statement: "The P-generators of Γ_K are K times the P-positions of the associated (s, ⌈t/K⌉)-Wythoff game: A_n = K·A'_n, B_n = K·B'_n",
			Family:    "wythoff-mod", Quantity: grundy.QP, Support: theory.PaperProof,
			Note:    "Checked as positions: P is computed from K·(A'_n, B'_n) (recursion (2) with t' = ⌈t/K⌉) instead of recursion (3).",
			Applies: on("wythoff-mod", nil),
			Eval:    mexEval(false, true),
			Reach:   scaledReach,
			Checks:  modChecks,
		},
		{
			ID: "002/cor-5", Paper: "002", Ref: "Corollary 5 (with the numeration system U of [5])",
			Statement: "In Γ_K, (x,y) is a P-position iff (⌊x/K⌋, ⌊y/K⌋) is one of (s, ⌈t/K⌉)-Wythoff: ⌊x/K⌋ vile and ⌊y/K⌋ its left shift over U",
			Family:    "wythoff-mod", Quantity: grundy.QP, Support: theory.PaperProof,
			Note:    "Polynomial in the bit length (the u_n grow exponentially).",
			Applies: on("wythoff-mod", nil),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				k, s, t := params(r)
				K := big.NewInt(k)
				return theory.BoolInt(numeration(s, ceilDiv(t, k)).pPair(new(big.Int).Div(p[0], K), new(big.Int).Div(p[1], K))), true
			},
			Move:   normalMove,
			Checks: modChecks,
		},
		{
			ID: "002/thm-6", Paper: "002", Ref: "Theorem 6 (with eqs. (5), (6))",
			Statement: "In Γ_K misère, P = {(E_n+α, H_n+β)}: if s > 1 or t > K, E_n = mex, H_n = s·E_n + ⌈t/K⌉K·n + K; if s = 1 and t ≤ K, E_0 = H_0 = 2K, E_n = mex, H_n = E_n + K·n",
			Family:    "wythoff-mod", Quantity: grundy.QPm, Support: theory.PaperProof,
			Note:    "Evaluated by running recursions (5)/(6), for piles up to 2^20 (no polynomial strategy is known for s > 1).",
			Applies: on("wythoff-mod", nil),
			Eval:    mexEval(true, false),
			Reach:   seqReach,
			Move:    misereSeqMove,
			Checks:  modChecks,
		},
		{
			ID: "002/thm-6.K1", Paper: "002", Ref: "Theorem 6 with K = 1 ((s,t)-Wythoff misère, [13])",
			Statement: "In (s,t)-Wythoff misère, P = {(E_n, H_n)}: if s + t > 2, E_n = mex, H_n = s·E_n + t·n + 1; if s = t = 1, (2,2) and then E_n = mex, H_n = E_n + n",
			Family:    "wythoff", Quantity: grundy.QPm, Support: theory.PaperProof,
			Note:    "Γ_1 is (s,t)-Wythoff (002 §1); evaluated by the recursion, for piles up to 2^20.",
			Applies: on("wythoff", nil),
			Eval:    mexEval(true, false),
			Reach:   seqReach,
			Move:    misereSeqMove,
			Checks:  wythoffChecks,
		},
		{
			ID: "002/gw-misere.recursive", Paper: "002", Ref: "§3, recursive characterization (i) of Generalized Wythoff in misère play (cited from [9])",
			Statement: "In Generalized Wythoff (s = 1) misère: t = 1: (2,2), then E'_n = mex, H'_n = E'_n + n; t > 1: E'_n = mex, H'_n = E'_n + t·n + 1",
			Family:    "wythoff", Quantity: grundy.QPm, Support: theory.Classical,
			Applies: on("wythoff", sOne),
			Eval:    mexEval(true, false),
			Reach:   seqReach,
			Checks:  gwChecks,
		},
		{
			ID: "002/gw-misere.algebraic", Paper: "002", Ref: "§3, algebraic characterization (ii) of Generalized Wythoff in misère play (cited from [9])",
			Statement: "In Generalized Wythoff misère: t = 1: (2,2), (0,1), (⌊nφ⌋, ⌊nφ²⌋) for n ≥ 2; t > 1: (⌊nα+γ⌋, ⌊nβ+δ⌋), α = (2−t+√(t²+4))/2, β = α+t, γ = 1/α, δ = γ+1",
			Family:    "wythoff", Quantity: grundy.QPm, Support: theory.Classical,
			Note:    "Exact integer arithmetic (STYLE rule 10): 1/α = (α+t−2)/t, so ⌊nα+γ⌋ = ⌊(⌊α(nt+1)⌋ + t − 2)/t⌋ and ⌊mα⌋ = ⌊(m(2−t) + ⌊√(m²(t²+4))⌋)/2⌋.",
			Applies: on("wythoff", sOne),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				_, _, t := params(r)
				return theory.BoolInt(gwMisereP(t, p[0], p[1])), true
			},
			Move:   misereMove,
			Checks: gwChecks,
		},
		{
			ID: "002/thm-7", Paper: "002", Ref: "Theorem 7 (with Theorem 6)",
			Statement: "For s = 1, the misère P-generators of Γ_K are K times the misère P-positions of Generalized Wythoff with t' = ⌈t/K⌉: E_n = K·E'_n, H_n = K·H'_n",
			Family:    "wythoff-mod", Quantity: grundy.QPm, Support: theory.PaperProof,
			Note: "Checked as positions, with (E'_n, H'_n) from the recursive characterization (i), for piles up to 2^20. " +
				"The printed proof refers to \"the proof of Lemma 4\": there is no Lemma 4, it means Theorem 4.",
			Applies: on("wythoff-mod", sOne),
			Eval:    mexEval(true, true),
			Reach:   scaledReach,
			Checks:  modS1Checks,
		},
		{
			ID: "002/cor-8", Paper: "002", Ref: "Corollary 8 (with the algebraic characterization of [9])",
			Statement: "In Γ_K misère with s = 1, (x,y) is a P-position iff (⌊x/K⌋, ⌊y/K⌋) is a misère P-position of Generalized Wythoff with t' = ⌈t/K⌉",
			Family:    "wythoff-mod", Quantity: grundy.QPm, Support: theory.PaperProof,
			Note: "Polynomial: Generalized Wythoff misère by its algebraic characterization in exact integer arithmetic. " +
				"The printed proof says \"Directly follows from Lemma 7\": it means Theorem 7.",
			Applies: on("wythoff-mod", sOne),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				k, _, t := params(r)
				K := big.NewInt(k)
				return theory.BoolInt(gwMisereP(ceilDiv(t, k), new(big.Int).Div(p[0], K), new(big.Int).Div(p[1], K))), true
			},
			Move:   misereMove,
			Checks: modS1Checks,
		},
	}
}

func classicWythoffP(a, b *big.Int) bool {
	d := new(big.Int).Sub(b, a)
	return d.Sign() >= 0 && floorMulIrr(d, 1, 5).Cmp(a) == 0
}

// normalMove is the winning move of the proof of Theorem 3 (Fact II),
// made polynomial by Corollary 5: P-generators are K times the pairs
// (A'_n, B'_n) of the associated game, whose A'_n are the vile numbers of
// U and B'_n their left shifts, and A'_m for a given m is found by
// bisection (numer.nth). With K = 1 it plays (s,t)-Wythoff itself.
func normalMove(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
	k, s, t := params(r)
	tk := ceilDiv(t, k)
	ns := numeration(s, tk)
	K := big.NewInt(k)
	x, y := p[0], p[1]
	X, alpha := new(big.Int).DivMod(x, K, new(big.Int))
	Y, beta := new(big.Int).DivMod(y, K, new(big.Int))
	if ns.pPair(X, Y) {
		return nil, false
	}
	mulK := func(v *big.Int) *big.Int { return new(big.Int).Mul(v, K) }
	add := func(a, b *big.Int) *big.Int { return new(big.Int).Add(a, b) }
	switch {
	case X.Sign() == 0: // x ∈ Ω_K: y → β
		return grundy.BigPosition{x, new(big.Int).Set(beta)}, true
	case !ns.vile(X): // x = B_n + β': y → A_n + (y mod K)
		return grundy.BigPosition{x, add(mulK(ns.unshift(X)), beta)}, true
	}
	// x = A_n + α.
	bn := ns.shift(X) // B'_n
	if Y.Cmp(bn) > 0 {
		return grundy.BigPosition{x, add(mulK(bn), beta)}, true // (ii.1)
	}
	an := mulK(X)
	sAn := new(big.Int).Mul(big.NewInt(s), an)
	tkK := big.NewInt(tk * k)
	if y.Cmp(add(sAn, tkK)) < 0 { // (ii.2): to (α, β)
		return grundy.BigPosition{new(big.Int).Set(alpha), new(big.Int).Set(beta)}, true
	}
	// (ii.3): m = ⌊(y − s·A_n − β)/(⌈t/K⌉K)⌋, to (A_m + α, B_m + β).
	m := new(big.Int).Sub(y, sAn)
	m.Sub(m, beta)
	m.Div(m, tkK)
	am := mulK(ns.nth(m))
	bm := new(big.Int).Mul(big.NewInt(s), am)
	bm.Add(bm, new(big.Int).Mul(tkK, m))
	return grundy.BigPosition{add(am, alpha), add(bm, beta)}, true
}

// misereMove is the winning move of the proof of Theorem 6 (Fact II)
// for s = 1, made polynomial by Corollary 8: the misère P-generators of
// Γ_K are K times (E'_n, H'_n) of Generalized Wythoff with t' = ⌈t/K⌉,
// given by the algebraic characterization. With K = 1 it plays
// Generalized Wythoff itself. Positions with no move (both piles < K)
// are misère N-positions the player wins by standing still.
func misereMove(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
	k, _, t := params(r)
	tk := ceilDiv(t, k)
	K := big.NewInt(k)
	x, y := p[0], p[1]
	X, alpha := new(big.Int).DivMod(x, K, new(big.Int))
	Y, beta := new(big.Int).DivMod(y, K, new(big.Int))
	if gwMisereP(tk, X, Y) {
		return nil, false
	}
	block := func(e, h *big.Int) grundy.BigPosition { // (K·e + α, K·h + β)
		return grundy.BigPosition{new(big.Int).Add(new(big.Int).Mul(e, K), alpha), new(big.Int).Add(new(big.Int).Mul(h, K), beta)}
	}
	n, isE := gwMisereIndex(tk, X, false)
	if !isE {
		// Case (i): x = H_n + β', y → E_n + (y mod K).
		n, ok := gwMisereIndex(tk, X, true)
		if !ok {
			return nil, false // E' and H' cover every integer: not reached
		}
		e, _ := gwMisere(tk, n)
		return grundy.BigPosition{x, new(big.Int).Add(new(big.Int).Mul(e, K), beta)}, true
	}
	// Case (ii): x = E_n + α.
	e, h := gwMisere(tk, n)
	if Y.Cmp(h) > 0 {
		return grundy.BigPosition{x, new(big.Int).Add(new(big.Int).Mul(h, K), beta)}, true
	}
	if Y.Sign() == 0 {
		return nil, false // x ≤ y < K: no move at all
	}
	var m *big.Int
	if tk > 1 { // (ii-A), s = 1: below s·E_n + t'K + K go to (α, K+β)
		if y.Cmp(new(big.Int).Mul(K, new(big.Int).Add(e, big.NewInt(tk+1)))) < 0 {
			e0, h0 := gwMisere(tk, big.NewInt(0))
			return block(e0, h0), true
		}
		m = new(big.Int).Sub(y, new(big.Int).Mul(K, new(big.Int).Add(e, big.NewInt(1))))
		m.Sub(m, beta)
		m.Div(m, big.NewInt(tk*k))
	} else { // (ii-B): m = ⌊(y − E_n − β)/K⌋ = ⌊y/K⌋ − E'_n
		m = new(big.Int).Sub(Y, e)
	}
	em, hm := gwMisere(tk, m)
	return block(em, hm), true
}

// misereSeqMove is the winning move of the proof of Theorem 6 (Fact
// II) for any s, from the generators of recursions (5)/(6): exponential
// in the bit length like the theorem itself, so only for piles up to
// seqCap. With K = 1 it plays (s,t)-Wythoff misère.
func misereSeqMove(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
	if !p[0].IsInt64() || p[0].Int64() > seqCap || !p[1].IsInt64() {
		return nil, false
	}
	k, s, t := params(r)
	tk := ceilDiv(t, k)
	g := seq(k, s, tk, true)
	if in, _ := g.contains(p[0], p[1]); in {
		return nil, false
	}
	x, y := p[0].Int64(), p[1].Int64()
	e, h := g.upTo(x)
	alpha, beta := x%k, y%k
	in := func(v, lo int64) bool { return v >= lo && v < lo+k }
	pos := func(a, b int64) (grundy.BigPosition, bool) {
		return grundy.BigPosition{big.NewInt(a), big.NewInt(b)}, true
	}
	from := 0
	if g.caseB {
		from = 1
		if in(x, e[0]) { // the block [2K,3K)², E_0 = H_0: y is beyond it
			return pos(x, e[0]+beta)
		}
	}
	for n := from; n < len(e) && h[n] <= x; n++ {
		if in(x, h[n]) { // case (i): x = H_n + β', y → E_n + (y mod K)
			return pos(x, e[n]+beta)
		}
	}
	n := from
	for n+1 < len(e) && e[n+1] <= x {
		n++
	}
	if !in(x, e[n]) {
		return nil, false // E and H cover every integer (Facts A.II, B.II): not reached
	}
	switch {
	case y >= h[n]+k: // y → H_n + β
		return pos(x, h[n]+beta)
	case y < k:
		return nil, false // both piles below K: no move at all
	case !g.caseB && y < s*e[n]+tk*k+k: // (ii-A): to (α, K+β) = (E_0+α, H_0+β)
		return pos(alpha, k+beta)
	case !g.caseB: // (ii-A): m = ⌊(y − s·E_n − K − β)/(⌈t/K⌉K)⌋
		m := (y - s*e[n] - k - beta) / (tk * k)
		return pos(e[m]+alpha, h[m]+beta)
	}
	m := (y - e[n] - beta) / k // (ii-B)
	return pos(e[m]+alpha, h[m]+beta)
}
