package slowknim

import (
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// The winning-move finders of the survey's closed forms (§1): each finds,
// for a position of any size, a move to a P-position of the claim's play.

// mooreMisereP: P-positions of misère Moore's k-Nim (000 Prop 7 with
// Moore's formula; k = 1 is Bouton's misère Nim).
func mooreMisereP(p grundy.BigPosition, k int) bool {
	if atMostOne(p) {
		l := 0
		for _, x := range p {
			l += int(x.Int64())
		}
		return l%(k+1) == 1
	}
	return moore(p, k).Sign() == 0
}

// mooreMisereMove finds a move to a misère P-position. With A piles of
// size ≥ 2: if A = 0, remove r ≡ l − 1 (mod k+1) ones; if 1 ≤ A ≤ k, move
// to all piles ≤ 1 with l' ≡ 1 (mod k+1) — t big piles become 1, the others
// 0, and s of the B ones are emptied, t − s ≡ 1 − B; such t ≤ A,
// s ≤ min(B, k − A) always exist (the range of t − s covers k+1 residues
// when B ≥ k − A; otherwise t = 1, s = B gives l' = 1); if A > k, the
// normal-play Moore move leaves a pile ≥ 2 untouched, so it is the move.
func mooreMisereMove(p grundy.BigPosition, k int) (grundy.BigPosition, bool) {
	if mooreMisereP(p, k) {
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
	q := cloneBig(p)
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
					q[i].SetInt64(int64(boolBit(j < t)))
				}
				for _, i := range ones[:s] {
					q[i].SetInt64(0)
				}
				return q, true
			}
		}
		return nil, false // unreachable, see above
	}
	return mooreMoveK(p, k)
}

// exactMove wins Exact k-Nim with 2k > n (000 Prop 4): G = T_{n,k} is 0
// iff fewer than k piles are non-empty (n − k < k of them are left), so
// emptying k non-empty piles — the k largest — reaches a P-position.
func exactMove(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
	k := games.SpecOf(r).K
	q := sortedBig(p)
	n := len(q)
	if n < k || q[n-k].Sign() == 0 {
		return nil, false // fewer than k non-empty piles: T = 0, a P-position
	}
	for i := n - k; i < n; i++ {
		q[i].SetInt64(0)
	}
	return q, true
}

// excoMove wins Exco-Nim, n ≥ 3 (000 Thm 3): G = 0 iff y = 0 and m ≥ 1,
// or u = 0 — that is, x0 = 0 and x1 = … = xn. Emptying x0 and cutting every
// pile above the least to it touches at most n − 1 of x1..xn.
func excoMove(_ grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
	m := minBig(p[1:])
	q := make(grundy.BigPosition, len(p))
	q[0] = new(big.Int)
	moved := p[0].Sign() > 0
	for i := 1; i < len(p); i++ {
		q[i] = new(big.Int).Set(m)
		moved = moved || p[i].Cmp(m) != 0
	}
	return q, moved
}

// exact2kMove wins Exact NIM_{2k,=k} (000 Thm 5): the P-positions have
// their k+1 smallest piles equal. With c ≤ k piles at the least value m,
// at least k piles exceed m; cutting k of them to m leaves c + k ≥ k+1
// piles at m.
func exact2kMove(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
	k := games.SpecOf(r).K
	q := sortedBig(p)
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
