package stwythoff

import (
	"fmt"
	"math/big"
	"sort"
	"sync"
)

// The mex recursions of paper 002 (eq. (2), (3), (5), (6)) and the
// numeration system of Corollary 5, shared by the claims in p002.go.

// seqCap bounds the piles the mex recursions answer for: generating the
// P-generators up to x takes time and memory linear in x, exponential in
// its bit length, so beyond it those claims say nothing and the
// polynomial characterizations (Cor 5, Cor 8) answer instead.
const seqCap = 1 << 20

// gen is the sequence of P-generators (A_n, B_n) of Γ_K: eq. (3) in
// normal play (B_n = s·A_n + ⌈t/K⌉K·n), eq. (5) in misère case (A)
// (H_n = s·E_n + ⌈t/K⌉K·n + K) and eq. (6) in misère case (B)
// (E_0 = H_0 = 2K, H_n = E_n + K·n for n ≥ 1). With K = 1 these are eq. (2)
// and the recursive characterizations of Generalized Wythoff in misère play.
// A_n is the mex of ∪_{i<n} [A_i, A_i+K) ∪ [B_i, B_i+K), the sets
// {A_i}+α, {B_i}+β of eq. (3) with α, β ∈ Ω_K.
type gen struct {
	mu            sync.Mutex
	k, s, tk      int64 // K, s and t' = ⌈t/K⌉
	misere, caseB bool
	a, b          []int64
	c             int64 // the mex so far; it never decreases
	pa, pb        int   // first interval of a, b that may still cover c
}

type genKey struct {
	k, s, tk int64
	misere   bool
}

var gens sync.Map // genKey → *gen

// seq is the cached generator sequence of Γ_K with parameters K, s and
// t' = ⌈t/K⌉ (the recursions depend on t only through t').
func seq(k, s, tk int64, misere bool) *gen {
	key := genKey{k, s, tk, misere}
	if g, ok := gens.Load(key); ok {
		return g.(*gen)
	}
	g := &gen{k: k, s: s, tk: tk, misere: misere, caseB: misere && s == 1 && tk == 1}
	if g.caseB {
		g.a, g.b = []int64{2 * k}, []int64{2 * k}
		g.pa, g.pb = 1, 1 // index 0 is the extra interval [2K, 3K)
	}
	v, _ := gens.LoadOrStore(key, g)
	return v.(*gen)
}

// next appends (A_n, B_n) for n = len(g.a).
func (g *gen) next() {
	n := int64(len(g.a))
	for moved := true; moved; {
		moved = false
		if g.caseB && g.c >= 2*g.k && g.c < 3*g.k {
			g.c, moved = 3*g.k, true
		}
		for _, l := range []struct {
			xs []int64
			p  *int
		}{{g.a, &g.pa}, {g.b, &g.pb}} {
			for *l.p < len(l.xs) && l.xs[*l.p]+g.k <= g.c {
				*l.p++
			}
			if *l.p < len(l.xs) && l.xs[*l.p] <= g.c {
				g.c, moved = l.xs[*l.p]+g.k, true
			}
		}
	}
	a := g.c
	var b int64
	switch {
	case g.caseB:
		b = a + g.k*n
	case g.misere:
		b = g.s*a + g.tk*g.k*n + g.k
	default:
		b = g.s*a + g.tk*g.k*n
	}
	g.a, g.b = append(g.a, a), append(g.b, b)
}

// upTo makes sure every generator with A_n ≤ x is known and returns the
// sequences (read-only).
func (g *gen) upTo(x int64) (a, b []int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for len(g.a) < 3 || g.a[len(g.a)-1] <= x {
		g.next()
	}
	return g.a, g.b
}

// first returns the first n generators.
func (g *gen) first(n int) (a, b []int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for len(g.a) < n {
		g.next()
	}
	return g.a[:n], g.b[:n]
}

// contains reports whether the sorted position (x, y), x ≤ y, lies in a
// block [A_n, A_n+K) × [B_n, B_n+K) or its mirror image, and false, false
// when x is beyond seqCap.
func (g *gen) contains(x, y *big.Int) (in, ok bool) {
	if !x.IsInt64() || x.Int64() > seqCap {
		return false, false
	}
	a, b := g.upTo(x.Int64())
	from := 0
	if g.caseB {
		from = 1
	}
	return blocksContain(a, b, g.k, from, x, y), true
}

// blocksContain reports whether the sorted (x, y) lies in a block
// [a_n, a_n+K) × [b_n, b_n+K) or its mirror image, where a and b increase
// from index from on (index 0 before it is checked on its own), and the
// sequences reach beyond x.
func blocksContain(a, b []int64, k int64, from int, x, y *big.Int) bool {
	xi := x.Int64()
	yi := int64(-1) // y beyond int64 is beyond every block near x
	if y.IsInt64() {
		yi = y.Int64()
	}
	inBlock := func(v, lo int64) bool { return v >= lo && v < lo+k }
	if from == 1 && inBlock(xi, a[0]) && inBlock(yi, b[0]) {
		return true
	}
	// The block holding x starts at the last a_n ≤ x (or the last b_n ≤ x
	// for the mirror image).
	i := from + sort.Search(len(a)-from, func(i int) bool { return a[from+i] > xi }) - 1
	if i >= from && inBlock(xi, a[i]) && inBlock(yi, b[i]) {
		return true
	}
	j := from + sort.Search(len(b)-from, func(j int) bool { return b[from+j] > xi }) - 1
	return j >= from && inBlock(xi, b[j]) && inBlock(yi, a[j])
}

// lemma2Seq builds the P-generators of Γ_K from Lemma 2 alone instead
// of the mex: by (c) every multiple of K from K on is an A_n or a B_n, and
// by (d) A_n = A_{n−1} + K unless that is a B_j (j < n, as B_j ≥ A_j + Kj),
// when A_n = A_{n−1} + 2K. It runs until A_n > x.
func lemma2Seq(k, s, tk, x int64) (a, b []int64) {
	a, b = []int64{0}, []int64{0}
	j := 1 // first B_j (j ≥ 1) that may still equal a candidate
	for a[len(a)-1] <= x+k {
		n := int64(len(a))
		c := a[n-1] + k
		for j < len(b) && b[j] < c {
			j++
		}
		if j < len(b) && b[j] == c {
			c += k
		}
		a, b = append(a, c), append(b, s*c+tk*k*n)
	}
	return a, b
}

// numer is the numeration system U of 002 §3 (from Fraenkel [5]) for
// the (s, t')-Wythoff game: u_{-1} = 1/s, u_0 = 1,
// u_n = (s+t'−1)u_{n−1} + s·u_{n−2}; digits 0..s+t'−1, and a digit
// s+t'−1 must be followed (to its right) by a digit < s.
type numer struct {
	mu   sync.Mutex
	s, t int64
	u    []*big.Int // u_0, u_1, …
}

var numers sync.Map // [2]int64{s, t'} → *numer

func numeration(s, t int64) *numer {
	key := [2]int64{s, t}
	if v, ok := numers.Load(key); ok {
		return v.(*numer)
	}
	// u_1 = (s+t'−1)·1 + s·(1/s) = s + t'.
	v, _ := numers.LoadOrStore(key, &numer{s: s, t: t, u: []*big.Int{big.NewInt(1), big.NewInt(s + t)}})
	return v.(*numer)
}

// bases returns u_0..u_m with u_m > n.
func (ns *numer) bases(n *big.Int) []*big.Int {
	ns.mu.Lock()
	defer ns.mu.Unlock()
	for ns.u[len(ns.u)-1].Cmp(n) <= 0 {
		l := len(ns.u)
		v := new(big.Int).Mul(big.NewInt(ns.s+ns.t-1), ns.u[l-1])
		v.Add(v, new(big.Int).Mul(big.NewInt(ns.s), ns.u[l-2]))
		ns.u = append(ns.u, v)
	}
	return ns.u
}

// repr is R(n), least significant digit first (greedy, which gives the
// unique representation of [5]); R(0) is empty.
func (ns *numer) repr(n *big.Int) []int64 {
	if n.Sign() == 0 {
		return nil
	}
	u := ns.bases(n)
	top := len(u) - 1
	for u[top].Cmp(n) > 0 {
		top--
	}
	d := make([]int64, top+1)
	r := new(big.Int).Set(n)
	q := new(big.Int)
	for i := top; i >= 0; i-- {
		q.DivMod(r, u[i], r)
		d[i] = q.Int64()
	}
	return d
}

// String writes R(n) most significant digit first, as Table 3 does (digits
// above 9 in brackets).
func (ns *numer) String(n *big.Int) string {
	d := ns.repr(n)
	s := ""
	for i := len(d) - 1; i >= 0; i-- {
		if d[i] > 9 {
			s += fmt.Sprintf("[%d]", d[i])
		} else {
			s += fmt.Sprint(d[i])
		}
	}
	return s
}

// vile: R(n) ends in an even number of 0s. Zero (empty R) counts as vile:
// it is A'_0.
func (ns *numer) vile(n *big.Int) bool {
	d := ns.repr(n)
	z := 0
	for z < len(d) && d[z] == 0 {
		z++
	}
	return z%2 == 0
}

// shift is the number whose representation is R(n) followed by 0.
func (ns *numer) shift(n *big.Int) *big.Int {
	d := ns.repr(n)
	u := ns.bases(n)
	for len(u) < len(d)+1 {
		u = ns.bases(new(big.Int).Set(u[len(u)-1]))
	}
	out := new(big.Int)
	for i, di := range d {
		out.Add(out, new(big.Int).Mul(big.NewInt(di), u[i+1]))
	}
	return out
}

// unshift drops the last digit (a 0 for a dopey n).
func (ns *numer) unshift(n *big.Int) *big.Int {
	d := ns.repr(n)
	u := ns.bases(n)
	out := new(big.Int)
	for i := 1; i < len(d); i++ {
		out.Add(out, new(big.Int).Mul(big.NewInt(d[i]), u[i-1]))
	}
	return out
}

// pPair: by [5], (x, y) with x ≤ y is a P-position of (s,t')-Wythoff iff x
// is vile and y is its left shift ((0, 0) included: shift(0) = 0).
func (ns *numer) pPair(x, y *big.Int) bool {
	return ns.vile(x) && ns.shift(x).Cmp(y) == 0
}

// index is n with A'_n = x for a vile x: B'_n = s·A'_n + t'·n.
func (ns *numer) index(x *big.Int) *big.Int {
	n := new(big.Int).Sub(ns.shift(x), new(big.Int).Mul(big.NewInt(ns.s), x))
	return n.Quo(n, big.NewInt(ns.t))
}

// nth is A'_m, found by bisection on x: the index of the largest vile
// number ≤ x never decreases, and A'_m ≤ 2m (Lemma 2(d) with K = 1).
func (ns *numer) nth(m *big.Int) *big.Int {
	lo, hi := big.NewInt(0), new(big.Int).Lsh(m, 1)
	for lo.Cmp(hi) < 0 {
		mid := new(big.Int).Rsh(new(big.Int).Add(lo, hi), 1)
		v := new(big.Int).Set(mid)
		if !ns.vile(v) { // dopey numbers are never adjacent: B'_n gaps are ≥ s+t' ≥ 2
			v.Sub(v, big.NewInt(1))
		}
		if ns.index(v).Cmp(m) >= 0 {
			hi = mid
		} else {
			lo = mid.Add(mid, big.NewInt(1))
		}
	}
	return lo
}

// floorMulIrr is ⌊m·(c + √d)/2⌋ for integers m ≥ 0, c and a non-square
// d > 0, exactly: ⌊(mc + √(m²d))/2⌋ = ⌊(mc + ⌊√(m²d)⌋)/2⌋, since the
// irrational part never lands on an integer.
func floorMulIrr(m *big.Int, c, d int64) *big.Int {
	sq := new(big.Int).Mul(m, m)
	sq.Mul(sq, big.NewInt(d))
	sq.Sqrt(sq)
	sq.Add(sq, new(big.Int).Mul(m, big.NewInt(c)))
	return sq.Div(sq, big.NewInt(2)) // Euclidean = floor for a positive divisor
}

// gwMisere gives (E'_n, H'_n) of Generalized Wythoff (parameter t) in
// misère play by the algebraic characterization 002 §3 quotes from [9]:
// t = 1: (2,2), (0,1), then (⌊nφ⌋, ⌊nφ²⌋) for n ≥ 2; t > 1:
// (⌊nα+γ⌋, ⌊nβ+δ⌋) with α = (2−t+√(t²+4))/2, β = α+t, γ = 1/α, δ = γ+1.
// Integer form: α² + (t−2)α − t = 0 gives 1/α = (α+t−2)/t, so
// nα + γ = (α(nt+1) + t − 2)/t, and nβ + δ = (nα + γ) + nt + 1.
func gwMisere(t int64, n *big.Int) (e, h *big.Int) {
	if t == 1 {
		switch {
		case n.Sign() == 0:
			return big.NewInt(2), big.NewInt(2)
		case n.Cmp(big.NewInt(1)) == 0:
			return big.NewInt(0), big.NewInt(1)
		}
		e = floorMulIrr(n, 1, 5) // ⌊nφ⌋, φ = (1+√5)/2
		return e, new(big.Int).Add(e, n)
	}
	m := new(big.Int).Mul(n, big.NewInt(t))
	m.Add(m, big.NewInt(1))
	e = floorMulIrr(m, 2-t, t*t+4)
	e.Add(e, big.NewInt(t-2))
	e.Div(e, big.NewInt(t))
	h = new(big.Int).Mul(n, big.NewInt(t))
	h.Add(h, e)
	return e, h.Add(h, big.NewInt(1))
}

// gwMisereP says whether the sorted (x, y) is a misère P-position of
// Generalized Wythoff with parameter t, by the algebraic characterization:
// E' increases with gaps of 1 or 2, so n is within 3 of ⌊x/α⌋ (of ⌊x/φ⌋).
func gwMisereP(t int64, x, y *big.Int) bool {
	var n0 *big.Int
	if t == 1 {
		n0 = new(big.Int).Sub(floorMulIrr(x, 1, 5), x) // ⌊x/φ⌋ = ⌊xφ⌋ − x
	} else {
		// ⌊x/α⌋ = ⌊x(α+t−2)/t⌋ = ⌊(⌊xα⌋ + x(t−2))/t⌋.
		n0 = floorMulIrr(x, 2-t, t*t+4)
		n0.Add(n0, new(big.Int).Mul(x, big.NewInt(t-2)))
		n0.Div(n0, big.NewInt(t))
	}
	for d := int64(-3); d <= 3; d++ {
		n := new(big.Int).Add(n0, big.NewInt(d))
		if n.Sign() < 0 {
			continue
		}
		e, h := gwMisere(t, n)
		if e.Cmp(x) == 0 && h.Cmp(y) == 0 {
			return true
		}
	}
	// (2, 2) and (0, 1) for t = 1 sit at n = 0, 1, far from ⌊x/φ⌋.
	if t == 1 {
		for n := int64(0); n <= 1; n++ {
			e, h := gwMisere(1, big.NewInt(n))
			if e.Cmp(x) == 0 && h.Cmp(y) == 0 {
				return true
			}
		}
	}
	return false
}

// gwMisereIndex finds n ≥ lo with f(n) = x for f = E' (h false) or H'
// (h true) of Generalized Wythoff misère with parameter t, by bisection:
// both increase from n = 1 on (from n = 0 when t > 1), and f(n) ≥ n.
func gwMisereIndex(t int64, x *big.Int, h bool) (*big.Int, bool) {
	f := func(n *big.Int) *big.Int {
		e, hh := gwMisere(t, n)
		if h {
			return hh
		}
		return e
	}
	lo := big.NewInt(0)
	if t == 1 {
		if f(lo).Cmp(x) == 0 {
			return lo, true
		}
		lo = big.NewInt(1)
	}
	hi := new(big.Int).Add(x, big.NewInt(2))
	for lo.Cmp(hi) < 0 {
		mid := new(big.Int).Rsh(new(big.Int).Add(lo, hi), 1)
		if f(mid).Cmp(x) >= 0 {
			hi = mid
		} else {
			lo = mid.Add(mid, big.NewInt(1))
		}
	}
	return lo, f(lo).Cmp(x) == 0
}
