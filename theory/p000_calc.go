package theory

import (
	"math/big"
	"sort"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
)

// Paper 000 (Gurvich, Ho, "Slow k-Nim"): the functions its closed forms are
// built from — Moore's M(x), the tetris function T_{n,k}, formula (2) — and
// the winning-move finders of Bouton and Moore.

// nimSum000 is x1 ⊕ … ⊕ xn (000 §1.1).
func nimSum000(p grundy.BigPosition) *big.Int {
	s := new(big.Int)
	for _, x := range p {
		s.Xor(s, x)
	}
	return s
}

// bitLen000 is the number of binary digits of the largest pile.
func bitLen000(p grundy.BigPosition) int {
	n := 0
	for _, x := range p {
		n = max(n, x.BitLen())
	}
	return n
}

// mooreDigits000 gives the base-(k+1) digits y_j = Σ_i bit_j(x_i) mod (k+1)
// of Moore's function M(x) (000 §1.2), least significant first.
func mooreDigits000(p grundy.BigPosition, k int) []int {
	ys := make([]int, bitLen000(p))
	for j := range ys {
		c := 0
		for _, x := range p {
			c += int(x.Bit(j))
		}
		ys[j] = c % (k + 1)
	}
	return ys
}

// moore000 is M(x): the digits y_j read in base k+1 (000 §1.2).
func moore000(p grundy.BigPosition, k int) *big.Int {
	ys := mooreDigits000(p, k)
	m, base := new(big.Int), big.NewInt(int64(k+1))
	for j := len(ys) - 1; j >= 0; j-- {
		m.Mul(m, base)
		m.Add(m, big.NewInt(int64(ys[j])))
	}
	return m
}

// nimMove000 is Bouton's winning move: with s the Nim-sum, some pile has the
// top bit of s set, and replacing it by x ⊕ s (smaller) zeroes the Nim-sum.
func nimMove000(_ grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
	s := nimSum000(p)
	if s.Sign() == 0 {
		return nil, false
	}
	top := s.BitLen() - 1
	for i, x := range p {
		if x.Bit(top) == 1 {
			q := cloneBig000(p)
			q[i] = new(big.Int).Xor(x, s)
			return q, true
		}
	}
	return nil, false // unreachable: the top bit of s is set in some pile
}

// mooreMove000 finds a move of Moore's k-Nim to M = 0 (Moore 1910, cited in
// 000 §1.2), working from the top bit down. Piles already reduced ("free")
// may take any lower bits. At bit j with c ones among the other piles and
// r = c mod (k+1): if at least k+1−r free piles exist, set that many of
// their bits to 1; otherwise (then r + #free ≤ k) clear the bit in r piles
// that have it, which become free, and set the free piles' bits to 0.
// Either way the column sum is ≡ 0 and at most k piles are ever touched.
func mooreMove000(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
	return mooreMoveK000(p, Param(r, "k"))
}

func mooreMoveK000(p grundy.BigPosition, k int) (grundy.BigPosition, bool) {
	q := cloneBig000(p)
	free := make([]bool, len(p))
	nfree := 0
	for j := bitLen000(p) - 1; j >= 0; j-- {
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
				q[i].SetBit(q[i], j, boolBit000(t < need))
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

func boolBit000(b bool) uint {
	if b {
		return 1
	}
	return 0
}

func cloneBig000(p grundy.BigPosition) grundy.BigPosition {
	q := make(grundy.BigPosition, len(p))
	for i, x := range p {
		q[i] = new(big.Int).Set(x)
	}
	return q
}

// sortedBig000 is p in ascending order (a copy).
func sortedBig000(p grundy.BigPosition) grundy.BigPosition {
	q := cloneBig000(p)
	sort.Slice(q, func(i, j int) bool { return q[i].Cmp(q[j]) < 0 })
	return q
}

// tetrisFormula000 is the tetris function T_{n,k} of 000 eq. (3) (defined in
// 000's ref. [4]) on sorted piles x1 ≤ … ≤ xn:
//
//	T_{n,k}(x) = min_{0 ≤ j < k} ⌊(x1 + … + x_{n−j}) / (k − j)⌋.
//
// Derivation (ours; verified against the definition by brute force in
// p000_test.go): m k-subsets fit under x iff Σ_i min(x_i, m) ≥ k·m (each
// pile used at most min(x_i, m) times, filled column by column). If exactly
// the j largest piles exceed m this reads m ≤ S_{n−j}/(k−j) for j < k and
// always holds for j ≥ k; so every m up to the minimum is feasible, and the
// minimum plus one fails at the j attaining it. It is a Presburger term.
func tetrisFormula000(n, k int) *formula.Expr {
	return tetrisOf000(n, k, formula.X)
}

// tetrisOf000 builds T_{n,k} over terms pile(0..n−1), sorted ascending.
func tetrisOf000(n, k int, pile func(int) *formula.Expr) *formula.Expr {
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

// tetris000 evaluates T_{n,k} on p (any order) with math/big.
func tetris000(p grundy.BigPosition, k int) *big.Int {
	s := sortedBig000(p)
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

// formula2_000 is formula (2) of 000 (Theorem 3, from ref. [3]): with
// z = (y² + y + 2)/2, G = u if m < z, else (z − 1) + (m − z) mod (y + 1).
// y² makes it non-linear, so it stays Go code.
func formula2_000(u, m, y *big.Int) *big.Int {
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

// minBig000 is the least of xs.
func minBig000(xs []*big.Int) *big.Int {
	m := xs[0]
	for _, x := range xs[1:] {
		if x.Cmp(m) < 0 {
			m = x
		}
	}
	return new(big.Int).Set(m)
}

func sumBig000(xs []*big.Int) *big.Int {
	s := new(big.Int)
	for _, x := range xs {
		s.Add(s, x)
	}
	return s
}
