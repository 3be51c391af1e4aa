package slowknim

import (
	"math/big"
	"sort"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
)

// Paper 000 (Gurvich, Ho, "Slow k-Nim"): the functions its closed forms are
// built from — Moore's M(x), the tetris function T_{n,k}, formula (2) — and
// the winning-move finders of Bouton and Moore.

// nimSum is x1 ⊕ … ⊕ xn (000 §1.1).
func nimSum(p grundy.BigPosition) *big.Int {
	s := new(big.Int)
	for _, x := range p {
		s.Xor(s, x)
	}
	return s
}

// bitLen is the number of binary digits of the largest pile.
func bitLen(p grundy.BigPosition) int {
	n := 0
	for _, x := range p {
		n = max(n, x.BitLen())
	}
	return n
}

// mooreDigits gives the base-(k+1) digits y_j = Σ_i bit_j(x_i) mod (k+1)
// of Moore's function M(x) (000 §1.2), least significant first.
func mooreDigits(p grundy.BigPosition, k int) []int {
	ys := make([]int, bitLen(p))
	for j := range ys {
		c := 0
		for _, x := range p {
			c += int(x.Bit(j))
		}
		ys[j] = c % (k + 1)
	}
	return ys
}

// moore is M(x): the digits y_j read in base k+1 (000 §1.2).
func moore(p grundy.BigPosition, k int) *big.Int {
	ys := mooreDigits(p, k)
	m, base := new(big.Int), big.NewInt(int64(k+1))
	for j := len(ys) - 1; j >= 0; j-- {
		m.Mul(m, base)
		m.Add(m, big.NewInt(int64(ys[j])))
	}
	return m
}

// nimMove is Bouton's winning move: with s the Nim-sum, some pile has the
// top bit of s set, and replacing it by x ⊕ s (smaller) zeroes the Nim-sum.
func nimMove(_ grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
	s := nimSum(p)
	if s.Sign() == 0 {
		return nil, false
	}
	top := s.BitLen() - 1
	for i, x := range p {
		if x.Bit(top) == 1 {
			q := cloneBig(p)
			q[i] = new(big.Int).Xor(x, s)
			return q, true
		}
	}
	return nil, false // unreachable: the top bit of s is set in some pile
}

// mooreMove finds a move of Moore's k-Nim to M = 0 (Moore 1910, cited in
// 000 §1.2), working from the top bit down. Piles already reduced ("free")
// may take any lower bits. At bit j with c ones among the other piles and
// r = c mod (k+1): if at least k+1−r free piles exist, set that many of
// their bits to 1; otherwise (then r + #free ≤ k) clear the bit in r piles
// that have it, which become free, and set the free piles' bits to 0.
// Either way the column sum is ≡ 0 and at most k piles are ever touched.
func mooreMove(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
	return mooreMoveK(p, games.SpecOf(r).K)
}

func mooreMoveK(p grundy.BigPosition, k int) (grundy.BigPosition, bool) {
	q := cloneBig(p)
	free := make([]bool, len(p))
	nfree := 0
	for j := bitLen(p) - 1; j >= 0; j-- {
		var ones, frees []int
		for i, x := range q {
			switch {
			case free[i]:
				frees = append(frees, i)
			case x.Bit(j) == 1:
				ones = append(ones, i)
			}
		}
		rem := len(ones) % (k + 1)
		if rem == 0 {
			for _, i := range frees {
				q[i].SetBit(q[i], j, 0)
			}
			continue
		}
		if need := k + 1 - rem; nfree >= need {
			for t, i := range frees {
				q[i].SetBit(q[i], j, boolBit(t < need))
			}
			continue
		}
		for _, i := range frees {
			q[i].SetBit(q[i], j, 0)
		}
		for _, i := range ones[:rem] {
			q[i].SetBit(q[i], j, 0)
			free[i] = true
			nfree++
		}
	}
	if nfree == 0 {
		return nil, false // M(x) = 0 already: a P-position
	}
	return q, true
}

func boolBit(b bool) uint {
	if b {
		return 1
	}
	return 0
}

func cloneBig(p grundy.BigPosition) grundy.BigPosition {
	q := make(grundy.BigPosition, len(p))
	for i, x := range p {
		q[i] = new(big.Int).Set(x)
	}
	return q
}

// sortedBig is p in ascending order (a copy).
func sortedBig(p grundy.BigPosition) grundy.BigPosition {
	q := cloneBig(p)
	sort.Slice(q, func(i, j int) bool { return q[i].Cmp(q[j]) < 0 })
	return q
}

// tetrisFormula is the tetris function T_{n,k} of 000 eq. (3) (defined in
// 000's ref. [4]) on sorted piles x1 ≤ … ≤ xn:
//
//	T_{n,k}(x) = min_{0 ≤ j < k} ⌊(x1 + … + x_{n−j}) / (k − j)⌋.
//
// Derivation (ours; verified against the definition by brute force in
// calc_test.go): m k-subsets fit under x iff Σ_i min(x_i, m) ≥ k·m (each
// pile used at most min(x_i, m) times, filled column by column). If exactly
// the j largest piles exceed m this reads m ≤ S_{n−j}/(k−j) for j < k and
// always holds for j ≥ k; so every m up to the minimum is feasible, and the
// minimum plus one fails at the j attaining it. It is a Presburger term.
func tetrisFormula(n, k int) *formula.Expr {
	return tetrisOf(n, k, formula.X)
}

// tetrisOf builds T_{n,k} over terms pile(0..n−1), sorted ascending.
func tetrisOf(n, k int, pile func(int) *formula.Expr) *formula.Expr {
	var parts []*formula.Expr
	for j := 0; j < k && j < n; j++ {
		sum := make([]*formula.Expr, n-j)
		for i := range sum {
			sum[i] = pile(i)
		}
		parts = append(parts, formula.Div(formula.Add(sum...), int64(k-j)))
	}
	return formula.Min(parts...)
}

// tetrisLevel says T_{n,k}(x) = c, with c the variable n, in a form
// symmetric in the piles: c ≥ 0, F(c) and not F(c+1), where F(m) is
// Σ_i min(x_i, m) ≥ k·m — m vectors with k ones and pile i in at most x_i
// of them exist iff F(m) (000 eq. (3): each vector takes k distinct
// piles, so pile i serves at most min(x_i, m) of them; conversely fill
// the m vectors' k slots pile by pile, round robin). The prover uses it
// as theory.Claim.Level, after proving it agrees with tetrisFormula on
// sorted positions, to evaluate T at followers without sorting them.
func tetrisLevel(n, k int) *formula.Expr { return tetrisIs(n, k, formula.X(n)) }

// tetrisIs is tetrisLevel with the term c for the variable n.
func tetrisIs(n, k int, c *formula.Expr) *formula.Expr {
	fits := func(m *formula.Expr) *formula.Expr {
		terms := make([]*formula.Expr, n)
		for i := range terms {
			terms[i] = formula.Min(formula.X(i), m)
		}
		return formula.Ge(formula.Add(terms...), formula.Mul(int64(k), m))
	}
	return formula.And(formula.Ge(c, formula.C(0)), fits(c), formula.Not(fits(formula.Add(c, formula.C(1)))))
}

// tetris evaluates T_{n,k} on p (any order) with math/big.
func tetris(p grundy.BigPosition, k int) *big.Int {
	s := sortedBig(p)
	n := len(s)
	var best *big.Int
	prefix := new(big.Int)
	sums := make([]*big.Int, n+1)
	sums[0] = new(big.Int)
	for i, x := range s {
		prefix.Add(prefix, x)
		sums[i+1] = new(big.Int).Set(prefix)
	}
	for j := 0; j < k && j < n; j++ {
		v := new(big.Int).Quo(sums[n-j], big.NewInt(int64(k-j)))
		if best == nil || v.Cmp(best) < 0 {
			best = v
		}
	}
	return best
}

// formula2 is formula (2) of 000 (Theorem 3, from ref. [3]): with
// z = (y² + y + 2)/2, G = u if m < z, else (z − 1) + (m − z) mod (y + 1).
// y² makes it non-linear, so it stays Go code.
func formula2(u, m, y *big.Int) *big.Int {
	z := new(big.Int).Mul(y, y)
	z.Add(z, y)
	z.Add(z, big.NewInt(2))
	z.Rsh(z, 1)
	if m.Cmp(z) < 0 {
		return new(big.Int).Set(u)
	}
	g := new(big.Int).Sub(m, z)
	g.Mod(g, new(big.Int).Add(y, big.NewInt(1)))
	g.Add(g, z)
	return g.Sub(g, big.NewInt(1))
}

// minBig is the least of xs.
func minBig(xs []*big.Int) *big.Int {
	m := xs[0]
	for _, x := range xs[1:] {
		if x.Cmp(m) < 0 {
			m = x
		}
	}
	return new(big.Int).Set(m)
}

func sumBig(xs []*big.Int) *big.Int {
	s := new(big.Int)
	for _, x := range xs {
		s.Add(s, x)
	}
	return s
}

// mooreMSD is M(x) with the digits read the other way round, y0 the most
// significant: the number "y0 y1 … ym" of §1.2 taken as written, m the
// top bit of the largest pile.
func mooreMSD(p grundy.BigPosition, k int) *big.Int {
	ys := mooreDigits(p, k)
	m, base := new(big.Int), big.NewInt(int64(k+1))
	for _, y := range ys {
		m.Mul(m, base)
		m.Add(m, big.NewInt(int64(y)))
	}
	return m
}

// atMostOne reports whether every pile has at most one token.
func atMostOne(p grundy.BigPosition) bool {
	for _, x := range p {
		if x.BitLen() > 1 {
			return false
		}
	}
	return true
}

// ones counts the piles of one token of a position whose piles are ≤ 1.
func ones(p grundy.BigPosition) int {
	l := 0
	for _, x := range p {
		l += int(x.Bit(0))
	}
	return l
}

// thm3 is formula (2) with u = Σ all, m = min of rest, y = u − |rest|·m.
func thm3(all, rest grundy.BigPosition) *big.Int {
	u := sumBig(all)
	m := minBig(rest)
	y := new(big.Int).Sub(u, new(big.Int).Mul(big.NewInt(int64(len(rest))), m))
	return formula2(u, m, y)
}

// thm5 is Theorem 5's G: formula (2) with u = T(x), y = T(x − m).
func thm5(p grundy.BigPosition, k int) *big.Int {
	m := minBig(p)
	shifted := make(grundy.BigPosition, len(p))
	for i, x := range p {
		shifted[i] = new(big.Int).Sub(x, m)
	}
	return formula2(tetris(p, k), m, tetris(shifted, k))
}

// sumOf is x1 + … + xn.
func sumOf(n int) *formula.Expr {
	xs := make([]*formula.Expr, n)
	for i := range xs {
		xs[i] = formula.X(i)
	}
	return formula.Add(xs...)
}
