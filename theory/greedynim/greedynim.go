package greedynim

import (
	"math/big"
	"slices"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// Claims lists the claims of paper 001, built fresh on each call.
func Claims() []*theory.Claim {
	cs := []*theory.Claim{
		{
			ID: "001/sec2-k1", Paper: "001", Ref: "§2, first paragraph (k = 1)",
			Statement: "In 1-bounded greedy nim, x is a P-position iff the total number of tokens is even",
			Quote:     "If k = 1, then the P-positions are precisely those in which the total number of all the stones is even, as each move takes away exactly one stone.",
			Family:    "bounded-greedy", Quantity: grundy.QP, Support: theory.PaperProof,
			Applies: onK(func(k, _ int) bool { return k == 1 }),
			Formula: evenTotal,
			Checks:  []theory.Instance{{Game: "bounded-greedy:k=1", Piles: 3, Max: 12}},
		},
		{
			ID: "001/thm-2", Paper: "001", Ref: "Theorem 2 (§2, after \"let k ≥ 2\")",
			Statement: "In k-bounded greedy nim, k ≥ 2, with x_i = 0 for i ≤ n−2 (at most two non-empty piles), x is a P-position iff R_{k+1}(x_n − x_{n−1}) = 0",
			Quote:     "Suppose S = (x1, x2, …, xn) is a position for k-bounded greedy nim, where xi = 0 for 1 ≤ i ≤ n − 2. Then S is a P-position if and only if R_{k+1}(xn − x_{n−1}) = 0.",
			Family:    "bounded-greedy", Quantity: grundy.QP, Support: theory.PaperProof,
			Note: "§2 opens \"In the following, let k ≥ 2 be a fixed integer\", so the theorem speaks of k ≥ 2; " +
				"001/thm-2.k1 extends it to k = 1. Fewer than three piles are padded with empty heaps (§1).",
			Applies: onK(func(k, _ int) bool { return k >= 2 }),
			Formula: thm2Formula,
			Domain:  thm2Domain,
			Move:    boundedGreedyMove(false),
			Checks: []theory.Instance{{Game: "bounded-greedy:k=2", Piles: 3, Max: 30}, {Game: "bounded-greedy:k=3", Piles: 4, Max: 16},
				{Game: "bounded-greedy:k=5", Piles: 2, Max: 40}},
		},
		{
			ID: "001/thm-2.k1", Paper: "001", Ref: "Theorem 2, extended to k = 1",
			Statement: "In 1-bounded greedy nim with x_i = 0 for i ≤ n−2, x is a P-position iff R_2(x_n − x_{n−1}) = 0",
			Family:    "bounded-greedy", Quantity: grundy.QP, Support: theory.Correction, Corrects: "001/thm-2",
			Change: "extends the theorem, printed for k ≥ 2, to k = 1, where it agrees with §2's k = 1 rule " +
				"(R_2(x_n − x_{n−1}) = 0 iff the total is even); not an error of the paper, a scope grundy adds",
			Applies: onK(func(k, _ int) bool { return k == 1 }),
			Formula: thm2Formula,
			Domain:  thm2Domain,
			Checks:  []theory.Instance{{Game: "bounded-greedy:k=1", Piles: 3, Max: 20}},
		},
		{
			ID: "001/thm-6", Paper: "001", Ref: "Theorem 6 (with Definitions 3, 4)",
			Statement: "In k-bounded greedy nim (k ≥ 2) with x_{n-2} > 0: if β(x) is even, x is P iff R_{k+1}(x_n − x_{n−1}) = 0; " +
				"if β(x) is odd, x is P iff (x_{n−2}, x_{n−1}, x_n) is k-good",
			Quote:  "If β(S) is even, then S is a P-position if and only if R_{k+1}(xn − x_{n−1}) = 0. If β(S) is odd, then S is a P-position if and only if (x_{n−2}, x_{n−1}, xn) is k-good.",
			Family: "bounded-greedy", Quantity: grundy.QP, Support: theory.PaperProof,
			Note: "β(x) = n − 1 − min{j : x_j = x_{n−2}} counts the piles among x_1..x_{n−2} equal to x_{n−2} (Definition 3). " +
				"The proof has slips that change nothing: \"β(S) = β(S) − 1\" (Case (ii)(2)) means β(S') = β(S) − 1, and " +
				"\"2 ≤ t ≤ max{x_n, k}\" (Case (iii)) means min{x_n, k}.",
			Applies: onK(func(k, n int) bool { return n >= 3 && k >= 2 }),
			Formula: thm6Formula,
			Domain:  thm6Domain,
			Move:    boundedGreedyMove(true),
			Checks: []theory.Instance{{Game: "bounded-greedy:k=2", Piles: 3, Max: 40}, {Game: "bounded-greedy:k=3", Piles: 4, Max: 20},
				{Game: "bounded-greedy:k=2", Piles: 5, Max: 12}, {Game: "bounded-greedy:k=4", Piles: 5, Max: 10},
				{Game: "bounded-greedy:k=3", Piles: 6, Max: 7}},
		},
		{
			ID: "001/solution", Paper: "001", Ref: "§2: Theorems 2 and 6 together (the complete solution the abstract announces, k ≥ 2)",
			Statement: "In k-bounded greedy nim (k ≥ 2), x is P iff Theorem 2's condition holds when x_{n−2} = 0 and Theorem 6's when x_{n−2} > 0",
			Family:    "bounded-greedy", Quantity: grundy.QP, Support: theory.PaperProof,
			Note: "One formula for every position, so that it can be proved by induction over all moves " +
				"(Theorem 6's domain x_{n−2} > 0 alone is not closed under moves).",
			Applies: onK(func(k, _ int) bool { return k >= 2 }),
			Formula: solutionFormula,
			Checks: []theory.Instance{{Game: "bounded-greedy:k=2", Piles: 4, Max: 16}, {Game: "bounded-greedy:k=3", Piles: 5, Max: 10},
				{Game: "bounded-greedy:k=4", Piles: 3, Max: 30}},
		},
		{
			ID: "001/sec3-k-large", Paper: "001", Ref: "§3, after Example 7",
			Statement: "In k-bounded greedy nim with k ≥ x_n, x is a P-position iff the number of equal largest heaps is even",
			Quote:     "Thus the P-positions for k-bounded greedy nim with k ≥ xn are precisely those in which the number of equal largest heaps is even.",
			Family:    "bounded-greedy", Quantity: grundy.QP, Support: theory.PaperProof,
			Note:    "All heaps empty counts as no heap (§1), an even number.",
			Applies: theory.On("bounded-greedy", nil),
			Formula: greedyNimFormula,
			Domain:  kLargeDomain,
			Checks: []theory.Instance{{Game: "bounded-greedy:k=1", Piles: 4, Max: 3}, {Game: "bounded-greedy:k=3", Piles: 5, Max: 6},
				{Game: "bounded-greedy:k=6", Piles: 4, Max: 9}},
		},
		{
			ID: "001/bounded-nim", Paper: "001", Ref: "§3, Solution for k-Bounded Nim (Schwartz 1971, [9])",
			Statement: "In k-bounded Nim, x is a P-position iff (R_{k+1}(x_1), …, R_{k+1}(x_n)) is a P-position of Nim",
			Family:    "bounded-nim", Quantity: grundy.QP, Support: theory.Classical,
			Note:    "Cited from [9], not proved in 001.",
			Applies: theory.On("bounded-nim", nil),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return theory.BoolInt(boundedNimG(games.SpecOf(r).K, p).Sign() == 0), true
			},
			Move: boundedNimMove,
			Checks: []theory.Instance{{Game: "bounded-nim:k=1", Piles: 3, Max: 12}, {Game: "bounded-nim:k=2", Piles: 3, Max: 14},
				{Game: "bounded-nim:k=3", Piles: 4, Max: 10}},
		},
		{
			ID: "001/bounded-nim.G", Paper: "001", Ref: "§3, Solution for k-Bounded Nim [9]: the classical Sprague–Grundy form behind it",
			Statement: "In k-bounded Nim, G(x) = R_{k+1}(x_1) ⊕ … ⊕ R_{k+1}(x_n) (classical; 001 prints only the P-positions)",
			Family:    "bounded-nim", Quantity: grundy.QG, Support: theory.Classical,
			Note: "Not printed in 001, which states only the P-positions: a pile of x is the subtraction game {1..k} " +
				"with G = x mod (k+1), and a sum takes the Nim-sum (Sprague–Grundy).",
			Applies: theory.On("bounded-nim", nil),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return boundedNimG(games.SpecOf(r).K, p), true
			},
			Checks: []theory.Instance{{Game: "bounded-nim:k=1", Piles: 3, Max: 12}, {Game: "bounded-nim:k=2", Piles: 3, Max: 14},
				{Game: "bounded-nim:k=4", Piles: 4, Max: 10}},
		},
		{
			ID: "001/greedy-nim", Paper: "001", Ref: "§3, Solution for Greedy Nim (Albert, Nowakowski 2004, [2])",
			Statement: "In Greedy Nim, x is a P-position iff the number of equal largest heaps is even",
			Quote:     "The P-positions for Greedy Nim are precisely those in which the number of equal largest heaps is even.",
			Family:    "greedy-nim", Quantity: grundy.QP, Support: theory.Classical,
			Note: "Cited from [2], not proved in 001. With every heap empty there are no heaps (001 §1 drops empty heaps): " +
				"none is an even number, and (0, …, 0) is a P-position by 001's convention.",
			Applies: theory.On("greedy-nim", nil),
			Formula: greedyNimFormula,
			Move:    greedyNimMove,
			Checks:  []theory.Instance{{Game: "greedy-nim", Piles: 3, Max: 14}, {Game: "greedy-nim", Piles: 5, Max: 7}},
		},
	}
	cs = append(cs, moveClaims()...)
	return append(cs, exampleClaims()...)
}

// onK is an Applies for bounded greedy nim with k and pile count n
// satisfying ok.
func onK(ok func(k, n int) bool) func(grundy.Ruleset, int) bool {
	return theory.On("bounded-greedy", func(s games.Spec, n int) bool { return ok(s.K, n) })
}

// x is pile i counted from 1, as the paper writes x_i; piles before the
// first (x_0, x_{-1}, … when n is small) are empty heaps.
func x(i int) *formula.Expr {
	if i < 1 {
		return formula.C(0)
	}
	return formula.X(i - 1)
}

func evenTotal(_ grundy.Ruleset, n int) *formula.Expr {
	xs := make([]*formula.Expr, n)
	for i := range xs {
		xs[i] = formula.X(i)
	}
	return formula.Even(formula.Add(xs...))
}

// rem is R_{k+1}(a − b).
func rem(k int, a, b *formula.Expr) *formula.Expr {
	return formula.Mod(formula.Sub(a, b), int64(k+1))
}

// sorted is x1 ≤ x2 ≤ … ≤ xn: every canonical position, stated in the
// domains so that a prover need not know the convention.
func sorted(_ grundy.Ruleset, n int) *formula.Expr {
	var parts []*formula.Expr
	for i := 1; i < n; i++ {
		parts = append(parts, formula.Le(x(i), x(i+1)))
	}
	return formula.And(parts...)
}

func thm2Domain(r grundy.Ruleset, n int) *formula.Expr {
	return formula.And(sorted(r, n), formula.Eq(x(n-2), formula.C(0)))
}

func thm2Formula(r grundy.Ruleset, n int) *formula.Expr {
	return formula.Eq(rem(games.SpecOf(r).K, x(n), x(n-1)), formula.C(0))
}

func thm6Domain(r grundy.Ruleset, n int) *formula.Expr {
	return formula.And(sorted(r, n), formula.Lt(formula.C(0), x(n-2)))
}

// kLargeDomain is x sorted with x_n ≤ k.
func kLargeDomain(r grundy.Ruleset, n int) *formula.Expr {
	return formula.And(sorted(r, n), formula.Le(x(n), formula.C(int64(games.SpecOf(r).K))))
}

// betaIs says β(x) = b: exactly b piles among x_1..x_{n−2} equal x_{n−2}
// (the list is sorted, so they are x_{n−1−b}..x_{n−2}).
func betaIs(n, b int) *formula.Expr {
	top := x(n - 2)
	parts := []*formula.Expr{formula.Eq(x(n-1-b), top)}
	if n-2-b >= 1 {
		parts = append(parts, formula.Lt(x(n-2-b), top))
	}
	return formula.And(parts...)
}

func thm6Formula(r grundy.Ruleset, n int) *formula.Expr {
	k := int64(games.SpecOf(r).K)
	var odd []*formula.Expr
	for b := 1; b <= n-2; b += 2 {
		odd = append(odd, betaIs(n, b))
	}
	betaOdd := formula.Or(odd...)
	d1 := rem(int(k), x(n-1), x(n-2))
	d2 := rem(int(k), x(n), x(n-1))
	eq := func(a *formula.Expr, v int64) *formula.Expr { return formula.Eq(a, formula.C(v)) }
	good := formula.Or( // Definition 4 (i)–(iii)
		formula.And(eq(d1, 0), eq(d2, k)),
		formula.And(formula.Le(formula.C(1), d1), formula.Le(d1, formula.C(k-1)), eq(d2, 0)),
		formula.And(eq(d1, k), eq(d2, 1)),
	)
	// Not Ite: formula.Expr.IsBool does not see an Ite of formulas as one.
	return formula.Or(formula.And(betaOdd, good), formula.And(formula.Not(betaOdd), eq(d2, 0)))
}

func solutionFormula(r grundy.Ruleset, n int) *formula.Expr {
	if n < 3 {
		return thm2Formula(r, n)
	}
	zero := formula.Eq(x(n-2), formula.C(0))
	return formula.Or(formula.And(zero, thm2Formula(r, n)), formula.And(formula.Not(zero), thm6Formula(r, n)))
}

// boundedGreedyP is the P-membership Theorems 2 and 6 (and §2's k = 1
// rule) give to sorted x.
func boundedGreedyP(r grundy.Ruleset, p grundy.BigPosition) bool {
	n := len(p)
	if games.SpecOf(r).K == 1 {
		return evenTotal(r, n).Bool(p)
	}
	if n < 3 || p[n-3].Sign() == 0 {
		return thm2Formula(r, n).Bool(p)
	}
	return thm6Formula(r, n).Bool(p)
}

// boundedGreedyMove finds a move to a P-position among the amounts the
// proofs of Theorems 2 and 6 take from the largest pile: ℓ, ℓ+1 and
// R_{k+1}(ℓ−1) with ℓ = R_{k+1}(x_n − x_{n−1}), and k when x_n = x_{n−1}.
// thm6 picks the domain x_{n−2} > 0 (Theorem 6) or x_{n−2} = 0 (Theorem 2).
// The replay of the proofs' own prescription is in moves.go.
func boundedGreedyMove(thm6 bool) func(grundy.Ruleset, grundy.BigPosition) (grundy.BigPosition, bool) {
	return func(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
		n := len(p)
		if thm6 != (n >= 3 && p[n-3].Sign() > 0) || boundedGreedyP(r, p) {
			return nil, false
		}
		k := int64(games.SpecOf(r).K)
		below := big.NewInt(0)
		if n >= 2 {
			below = p[n-2]
		}
		k1 := big.NewInt(k + 1)
		ell := new(big.Int).Mod(new(big.Int).Sub(p[n-1], below), k1).Int64()
		for _, t := range []int64{ell, ell + 1, (ell - 1 + k + 1) % (k + 1), k, 1} {
			if t < 1 || t > k || p[n-1].Cmp(big.NewInt(t)) < 0 {
				continue
			}
			q := slices.Clone(p)
			q[n-1] = new(big.Int).Sub(p[n-1], big.NewInt(t))
			slices.SortFunc(q, func(a, b *big.Int) int { return a.Cmp(b) })
			if boundedGreedyP(r, q) {
				return q, true
			}
		}
		return nil, false
	}
}

func boundedNimG(k int, p grundy.BigPosition) *big.Int {
	s := new(big.Int)
	k1 := big.NewInt(int64(k + 1))
	for _, x := range p {
		s.Xor(s, new(big.Int).Mod(x, k1))
	}
	return s
}

// boundedNimMove is Bouton's move on the residues: a pile whose residue
// r has r ⊕ G < r loses r − (r ⊕ G) tokens.
func boundedNimMove(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
	k := games.SpecOf(r).K
	g := boundedNimG(k, p)
	if g.Sign() == 0 {
		return nil, false
	}
	k1 := big.NewInt(int64(k + 1))
	for i, x := range p {
		res := new(big.Int).Mod(x, k1)
		to := new(big.Int).Xor(res, g)
		if to.Cmp(res) < 0 {
			q := slices.Clone(p)
			q[i] = new(big.Int).Sub(x, new(big.Int).Sub(res, to))
			return q, true
		}
	}
	return nil, false
}

// greedyNimFormula: all piles empty, or an even number m of piles equal
// the largest (x_{n−m+1} = … = x_n > x_{n−m}).
func greedyNimFormula(_ grundy.Ruleset, n int) *formula.Expr {
	top := x(n)
	cases := []*formula.Expr{formula.Eq(top, formula.C(0))}
	for m := 2; m <= n; m += 2 {
		c := []*formula.Expr{formula.Eq(x(n-m+1), top)}
		if n-m >= 1 {
			c = append(c, formula.Lt(x(n-m), top))
		}
		cases = append(cases, formula.And(c...))
	}
	return formula.Or(cases...)
}

// greedyNimMove: with an odd number c of largest piles, take one of them
// down — anywhere below when c ≥ 3; when c = 1, to the next value v if v
// occurs an odd number of times, else to 0.
func greedyNimMove(_ grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
	n := len(p)
	if greedyNimFormula(nil, n).Bool(p) {
		return nil, false
	}
	top := p[n-1]
	c := 0
	for c < n && p[n-1-c].Cmp(top) == 0 {
		c++
	}
	q := slices.Clone(p)
	switch {
	case c >= 3 || n == 1:
		q[n-1] = big.NewInt(0)
	default:
		m := 0
		for i := n - 2; i >= 0 && p[i].Cmp(p[n-2]) == 0 && p[i].Sign() > 0; i-- {
			m++
		}
		if m%2 == 1 {
			q[n-1] = new(big.Int).Set(p[n-2])
		} else {
			q[n-1] = big.NewInt(0)
		}
	}
	slices.SortFunc(q, func(a, b *big.Int) int { return a.Cmp(b) })
	return q, true
}
