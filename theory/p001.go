package theory

import (
	"math/big"
	"slices"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
)

// Paper 001: Xu, Zhu, "Bounded Greedy Nim" (2018). Positions are sorted
// ascending, x1 ≤ … ≤ xn as in the paper; a pile of 0 is the paper's
// "empty heap" (§1: (0, x2, …, xn) ≡ (x2, …, xn)), so n-pile boxes with
// zeros cover every smaller pile count. The formulas below read the
// piles in that sorted order (β, "the largest piles"), so they hold on
// canonical positions, and their Domain says x1 ≤ x2 ≤ … ≤ xn.

func init() {
	register(
		&Claim{
			ID: "001/sec2-k1", Paper: "001", Ref: "§2, first paragraph (k = 1)",
			Statement: "In 1-bounded greedy nim, x is a P-position iff the total number of tokens is even",
			Family:    "bounded-greedy", Quantity: QP, Support: PaperProof,
			Applies: familyIs("bounded-greedy", func(r grundy.Ruleset, n int) bool { return Param(r, "k") == 1 }),
			Formula: evenTotal001,
			Checks:  []Instance{{"bounded-greedy:k=1", 3, 12}},
		},
		&Claim{
			ID: "001/thm-2", Paper: "001", Ref: "Theorem 2",
			Statement: "In k-bounded greedy nim with x_{n-2} = 0 (at most two non-empty piles), x is a P-position iff R_{k+1}(x_n − x_{n−1}) = 0",
			Family:    "bounded-greedy", Quantity: QP, Support: PaperProof,
			Note: "The paper states it after \"let k ≥ 2\", but its proof and the k = 1 rule agree for k = 1 " +
				"(R_2(x_n − x_{n−1}) = 0 iff the total is even), so it is claimed for every k ≥ 1.",
			Applies: familyIs("bounded-greedy", nil),
			Formula: thm2Formula001,
			Domain:  thm2Domain001,
			Move:    boundedGreedyMove001(false),
			Checks:  []Instance{{"bounded-greedy:k=1", 3, 20}, {"bounded-greedy:k=2", 3, 30}, {"bounded-greedy:k=3", 4, 16}, {"bounded-greedy:k=5", 2, 40}},
		},
		&Claim{
			ID: "001/thm-6", Paper: "001", Ref: "Theorem 6 (with Definitions 3, 4)",
			Statement: "In k-bounded greedy nim (k ≥ 2) with x_{n-2} > 0: if β(x) is even, x is P iff R_{k+1}(x_n − x_{n−1}) = 0; " +
				"if β(x) is odd, x is P iff (x_{n−2}, x_{n−1}, x_n) is k-good",
			Family: "bounded-greedy", Quantity: QP, Support: PaperProof,
			Note:    "β(x) = n − 1 − min{j : x_j = x_{n−2}} counts the piles among x_1..x_{n−2} equal to x_{n−2}.",
			Applies: familyIs("bounded-greedy", func(r grundy.Ruleset, n int) bool { return n >= 3 && Param(r, "k") >= 2 }),
			Formula: thm6Formula001,
			Domain:  thm6Domain001,
			Move:    boundedGreedyMove001(true),
			Checks: []Instance{{"bounded-greedy:k=2", 3, 40}, {"bounded-greedy:k=3", 4, 20}, {"bounded-greedy:k=2", 5, 12},
				{"bounded-greedy:k=4", 5, 10}, {"bounded-greedy:k=3", 6, 7}},
		},
		&Claim{
			ID: "001/solution", Paper: "001", Ref: "Theorems 2 and 6 together (the complete solution of §2, k ≥ 2)",
			Statement: "In k-bounded greedy nim (k ≥ 2), x is P iff Theorem 2's condition holds when x_{n−2} = 0 and Theorem 6's when x_{n−2} > 0",
			Family:    "bounded-greedy", Quantity: QP, Support: PaperProof,
			Note: "One formula for every position, so that it can be proved by induction over all moves " +
				"(Theorem 6's domain x_{n−2} > 0 alone is not closed under moves).",
			Applies: familyIs("bounded-greedy", func(r grundy.Ruleset, n int) bool { return Param(r, "k") >= 2 }),
			Formula: solutionFormula001,
			Checks:  []Instance{{"bounded-greedy:k=2", 4, 16}, {"bounded-greedy:k=3", 5, 10}, {"bounded-greedy:k=4", 3, 30}},
		},
		&Claim{
			ID: "001/bounded-nim", Paper: "001", Ref: "§3, Solution for k-Bounded Nim (Schwartz 1971)",
			Statement: "In k-bounded Nim, x is a P-position iff (R_{k+1}(x_1), …, R_{k+1}(x_n)) is a P-position of Nim",
			Family:    "bounded-nim", Quantity: QP, Support: PaperProof,
			Applies: familyIs("bounded-nim", nil),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return boolInt(boundedNimG001(Param(r, "k"), p).Sign() == 0), true
			},
			Move:   boundedNimMove001,
			Checks: []Instance{{"bounded-nim:k=1", 3, 12}, {"bounded-nim:k=2", 3, 14}, {"bounded-nim:k=3", 4, 10}},
		},
		&Claim{
			ID: "001/bounded-nim.G", Paper: "001", Ref: "§3, Solution for k-Bounded Nim (Schwartz 1971), Sprague–Grundy form",
			Statement: "In k-bounded Nim, G(x) = R_{k+1}(x_1) ⊕ … ⊕ R_{k+1}(x_n)",
			Family:    "bounded-nim", Quantity: QG, Support: PaperProof,
			Note: "001 states only the P-positions; the Sprague–Grundy form is the classical one behind it " +
				"(a pile of x is a subtraction game with G = x mod (k+1); sums take the Nim-sum).",
			Applies: familyIs("bounded-nim", nil),
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return boundedNimG001(Param(r, "k"), p), true
			},
			Checks: []Instance{{"bounded-nim:k=1", 3, 12}, {"bounded-nim:k=2", 3, 14}, {"bounded-nim:k=4", 4, 10}},
		},
		&Claim{
			ID: "001/greedy-nim", Paper: "001", Ref: "§3, Solution for Greedy Nim (Albert, Nowakowski 2004)",
			Statement: "In Greedy Nim, x is a P-position iff the number of largest piles is even (all piles empty counts as none)",
			Family:    "greedy-nim", Quantity: QP, Support: PaperProof,
			Note: "001 says \"the number of equal largest heaps is even\"; with every heap empty there are no heaps " +
				"(001 §1 drops empty heaps), and (0, …, 0) is a P-position, which brute force confirms.",
			Applies: familyIs("greedy-nim", nil),
			Formula: greedyNimFormula001,
			Move:    greedyNimMove001,
			Checks:  []Instance{{"greedy-nim", 3, 14}, {"greedy-nim", 5, 7}},
		},
		printedPositions001("001/example-1", "Example 1", "bounded-greedy", QP,
			"In 3-bounded greedy nim, (1,1,1,5) is a P-position and (1,1,2,5) an N-position",
			map[string]bool{"1,1,1,5": true, "1,1,2,5": false},
			Instance{"bounded-greedy:k=3", 4, 12}),
		printedPositions001("001/example-5", "Example 5", "bounded-greedy", QP,
			"In 3-bounded greedy nim, (5,5,5,5,8) and (1,1,5,5) are P-positions, (5,5,5,5,9) and (1,1,5,6) N-positions",
			map[string]bool{"5,5,5,5,8": true, "5,5,5,5,9": false, "0,1,1,5,6": false, "0,1,1,5,5": true},
			Instance{"bounded-greedy:k=3", 5, 18}),
	)
	legacyClaim("001/example-5").Note = "Example 5 states the conditions of Theorem 6 (β parity, k-goodness, R_4); " +
		"the outcomes claimed are what Theorem 6 makes of them. (1,1,5,6) and (1,1,5,5) are padded with an empty heap."
	register()
	// Example 7's table: the same eight positions under three rulesets
	// (k = 3; the paper's n = 7 only pads with empty heaps).
	ex7 := []string{"2,3,5,8,8", "3,3,5,8,8", "2,3,5,5,6", "2,3,5,5,5", "2,3,5,6,6", "1,3,5,6,6", "2,2,5,8,9", "2,5,5,5,9"}
	rows := []struct {
		id, game, family string
		p                string // the table's P (1) and N (0) marks for S1..S8
	}{
		{"001/example-7.bounded-greedy", "bounded-greedy:k=3", "bounded-greedy", "00001111"},
		{"001/example-7.bounded-nim", "bounded-nim:k=3", "bounded-nim", "10011010"},
		{"001/example-7.greedy-nim", "greedy-nim", "greedy-nim", "11001100"},
	}
	for _, row := range rows {
		want := map[string]bool{}
		for i, pos := range ex7 {
			want[pos] = row.p[i] == '1'
		}
		c := printedPositions001(row.id, "Example 7 (table)", row.family, QP,
			"The Example 7 table's outcomes of S1..S8 in "+row.game, want, Instance{row.game, 5, 18})
		c.Note = "The paper says n = 7 but lists five heaps; the other two are empty and change nothing."
		register(c)
	}
}

// printedPositions001 is a Printed claim giving outcome want[pos] at each
// listed canonical position (written without spaces) of the family.
func printedPositions001(id, ref, family string, q Quantity, statement string, want map[string]bool, in Instance) *Claim {
	return &Claim{
		ID: id, Paper: "001", Ref: ref, Statement: statement, Family: family, Quantity: q, Support: Table,
		Applies: familyIs(family, func(_ grundy.Ruleset, n int) bool { return n == in.Piles }),
		Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
			v, ok := want[p.String()]
			if !ok {
				return nil, false
			}
			return boolInt(v), true
		},
		Checks: []Instance{in},
	}
}

// x is pile i counted from 1, as the paper writes x_i; piles before the
// first (x_0, x_{-1}, … when n is small) are empty heaps.
func x001(i int) *formula.Expr {
	if i < 1 {
		return formula.C(0)
	}
	return formula.X(i - 1)
}

func evenTotal001(_ grundy.Ruleset, n int) *formula.Expr {
	xs := make([]*formula.Expr, n)
	for i := range xs {
		xs[i] = formula.X(i)
	}
	return formula.Even(formula.Add(xs...))
}

// r001 is R_{k+1}(a − b).
func r001(k int, a, b *formula.Expr) *formula.Expr {
	return formula.Mod(formula.Sub(a, b), int64(k+1))
}

// sorted001 is x1 ≤ x2 ≤ … ≤ xn: every canonical position, stated in the
// domains so that a prover need not know the convention.
func sorted001(_ grundy.Ruleset, n int) *formula.Expr {
	var parts []*formula.Expr
	for i := 1; i < n; i++ {
		parts = append(parts, formula.Le(x001(i), x001(i+1)))
	}
	return formula.And(parts...)
}

func thm2Domain001(r grundy.Ruleset, n int) *formula.Expr {
	return formula.And(sorted001(r, n), formula.Eq(x001(n-2), formula.C(0)))
}

func thm2Formula001(r grundy.Ruleset, n int) *formula.Expr {
	return formula.Eq(r001(Param(r, "k"), x001(n), x001(n-1)), formula.C(0))
}

func thm6Domain001(r grundy.Ruleset, n int) *formula.Expr {
	return formula.And(sorted001(r, n), formula.Lt(formula.C(0), x001(n-2)))
}

// betaIs001 says β(x) = b: exactly b piles among x_1..x_{n−2} equal x_{n−2}
// (the list is sorted, so they are x_{n−1−b}..x_{n−2}).
func betaIs001(n, b int) *formula.Expr {
	top := x001(n - 2)
	parts := []*formula.Expr{formula.Eq(x001(n-1-b), top)}
	if n-2-b >= 1 {
		parts = append(parts, formula.Lt(x001(n-2-b), top))
	}
	return formula.And(parts...)
}

func thm6Formula001(r grundy.Ruleset, n int) *formula.Expr {
	k := int64(Param(r, "k"))
	var odd []*formula.Expr
	for b := 1; b <= n-2; b += 2 {
		odd = append(odd, betaIs001(n, b))
	}
	betaOdd := formula.Or(odd...)
	d1 := r001(int(k), x001(n-1), x001(n-2))
	d2 := r001(int(k), x001(n), x001(n-1))
	eq := func(a *formula.Expr, v int64) *formula.Expr { return formula.Eq(a, formula.C(v)) }
	good := formula.Or( // Definition 4 (i)–(iii)
		formula.And(eq(d1, 0), eq(d2, k)),
		formula.And(formula.Le(formula.C(1), d1), formula.Le(d1, formula.C(k-1)), eq(d2, 0)),
		formula.And(eq(d1, k), eq(d2, 1)),
	)
	// Not Ite: formula.Expr.IsBool does not see an Ite of formulas as one.
	return formula.Or(formula.And(betaOdd, good), formula.And(formula.Not(betaOdd), eq(d2, 0)))
}

func solutionFormula001(r grundy.Ruleset, n int) *formula.Expr {
	if n < 3 {
		return thm2Formula001(r, n)
	}
	zero := formula.Eq(x001(n-2), formula.C(0))
	return formula.Or(formula.And(zero, thm2Formula001(r, n)), formula.And(formula.Not(zero), thm6Formula001(r, n)))
}

// boundedGreedyP001 is the P-membership Theorems 2 and 6 (and §2's k = 1
// rule) give to sorted x.
func boundedGreedyP001(r grundy.Ruleset, p grundy.BigPosition) bool {
	n := len(p)
	if Param(r, "k") == 1 {
		return evenTotal001(r, n).Bool(p)
	}
	if n < 3 || p[n-3].Sign() == 0 {
		return thm2Formula001(r, n).Bool(p)
	}
	return thm6Formula001(r, n).Bool(p)
}

// boundedGreedyMove001 finds a move to a P-position from the amounts the
// proofs of Theorems 2 and 6 take from the largest pile: ℓ, ℓ+1 and
// R_{k+1}(ℓ−1) with ℓ = R_{k+1}(x_n − x_{n−1}), and k when x_n = x_{n−1}.
// thm6 picks the domain x_{n−2} > 0 (Theorem 6) or x_{n−2} = 0 (Theorem 2).
func boundedGreedyMove001(thm6 bool) func(grundy.Ruleset, grundy.BigPosition) (grundy.BigPosition, bool) {
	return func(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
		n := len(p)
		if thm6 != (n >= 3 && p[n-3].Sign() > 0) || boundedGreedyP001(r, p) {
			return nil, false
		}
		k := int64(Param(r, "k"))
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
			if boundedGreedyP001(r, q) {
				return q, true
			}
		}
		return nil, false
	}
}

func boundedNimG001(k int, p grundy.BigPosition) *big.Int {
	s := new(big.Int)
	k1 := big.NewInt(int64(k + 1))
	for _, x := range p {
		s.Xor(s, new(big.Int).Mod(x, k1))
	}
	return s
}

// boundedNimMove001 is Bouton's move on the residues: a pile whose residue
// r has r ⊕ G < r loses r − (r ⊕ G) tokens.
func boundedNimMove001(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
	k := Param(r, "k")
	g := boundedNimG001(k, p)
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

// greedyNimFormula001: all piles empty, or an even number m of piles
// equal the largest (x_{n−m+1} = … = x_n > x_{n−m}).
func greedyNimFormula001(_ grundy.Ruleset, n int) *formula.Expr {
	top := x001(n)
	cases := []*formula.Expr{formula.Eq(top, formula.C(0))}
	for m := 2; m <= n; m += 2 {
		c := []*formula.Expr{formula.Eq(x001(n-m+1), top)}
		if n-m >= 1 {
			c = append(c, formula.Lt(x001(n-m), top))
		}
		cases = append(cases, formula.And(c...))
	}
	return formula.Or(cases...)
}

// greedyNimMove001: with an odd number c of largest piles, take one of
// them down — anywhere below when c ≥ 3; when c = 1, to the next value v
// if v occurs an odd number of times, else to 0.
func greedyNimMove001(_ grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
	n := len(p)
	if greedyNimFormula001(nil, n).Bool(p) {
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
