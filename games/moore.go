package games

import (
	"fmt"
	"math"

	"github.com/grundy/grundy"
)

// Moore is Moore's k-Nim NIM_{n,≤k} (000 §1.2): reduce between 1 and k
// piles, each by any positive amount.
type Moore struct{ K int }

func (m Moore) Name() string        { return fmt.Sprintf("moore:k=%d", m.K) }
func (Moore) SymmetricFrom(int) int { return 0 }

func (m Moore) Validate(p grundy.Position) error { return needKPiles(p, m.K) }

func (m Moore) Options(p grundy.Position, yield func(grundy.Position) bool) {
	reduceSubsets(p, 0, 1, m.K, false, yield)
}

// OptionCount is the number of options of p (see reduceSubsetsCount).
func (m Moore) OptionCount(p grundy.Position) float64 { return reduceSubsetsCount(p, 0, 1, m.K) }

// Exact is Exact k-Nim NIM_{n,=k} (000 §1.4): reduce exactly k piles, each
// by any positive amount.
type Exact struct{ K int }

func (e Exact) Name() string        { return fmt.Sprintf("exact:k=%d", e.K) }
func (Exact) SymmetricFrom(int) int { return 0 }

func (e Exact) Validate(p grundy.Position) error { return needKPiles(p, e.K) }

func (e Exact) Options(p grundy.Position, yield func(grundy.Position) bool) {
	reduceSubsets(p, 0, e.K, e.K, false, yield)
}

// OptionCount is the number of options of p (see reduceSubsetsCount).
func (e Exact) OptionCount(p grundy.Position) float64 { return reduceSubsetsCount(p, 0, e.K, e.K) }

// reduceSubsetsCount is the number of positions reduceSubsets yields
// (not slow): the sum over sets S of lo..hi piles of p[from:] of ∏ p_i,
// the elementary symmetric sums e_lo + … + e_hi of those piles.
func reduceSubsetsCount(p grundy.Position, from, lo, hi int) float64 {
	e := make([]float64, hi+1) // e[j]: sum over j-sets of the piles seen
	e[0] = 1
	for seen, x := range p[from:] {
		// e[j] is 0 for j beyond the piles seen, and once a counted e[j]
		// is infinite so is the sum (every term only grows): on 20,000
		// piles either saves all but a sliver of the n × hi products.
		for j := min(hi, seen+1); j >= 1; j-- {
			e[j] += e[j-1] * float64(x)
			if j >= lo && math.IsInf(e[j], 1) {
				return math.Inf(1)
			}
		}
	}
	var sum float64
	for j := max(lo, 0); j <= hi; j++ {
		sum += e[j]
	}
	return sum
}

// reduceSubsets yields every position obtained from p by reducing between
// lo and hi of the piles p[from:], each by a positive amount (by exactly
// one token when slow), leaving p[:from] alone. With lo = 0 it also yields
// p itself: callers that changed p[:from] first use that. It reports
// whether yield asked to go on.
func reduceSubsets(p grundy.Position, from, lo, hi int, slow bool, yield func(grundy.Position) bool) bool {
	q := append(grundy.Position(nil), p...)
	var rec func(i, chosen int) bool
	rec = func(i, chosen int) bool {
		if chosen == hi || i == len(q) {
			if chosen >= lo {
				return yield(q)
			}
			return true
		}
		if len(q)-i+chosen < lo {
			return true // too few piles left to reach lo
		}
		if !rec(i+1, chosen) {
			return false
		}
		x := q[i]
		least := 0
		if slow {
			least = max(x-1, 0)
		}
		for v := x - 1; v >= least; v-- {
			q[i] = v
			if !rec(i+1, chosen+1) {
				q[i] = x
				return false
			}
		}
		q[i] = x
		return true
	}
	return rec(from, 0)
}
