package search

import (
	"context"
	"slices"
)

// invent looks for one new atom L > r or L = r, with integer
// coefficients in [−maxCoef, maxCoef] and |r| ≤ maxCoef, that best splits
// the classes cls of the sample by target (lowest impurity): hill
// climbing, one coefficient or the offset by ±1 at a time, from the best
// few atoms of the sign family. It returns nil when nothing beats the
// best atom already among the candidates. The sign family's coefficients
// in {−1, 0, 1} miss forms such as 004 Theorem 2's u = s − 2r + 1.
func invent(ctx context.Context, cands []*atom, rows []row, cls []int32, C int, vid []int, V int) *atom {
	const maxCoef, starts = 4, 6
	n := len(rows[0].p)
	counts := make([]int64, C*2*V)
	score := func(a *atom) float64 {
		clear(counts)
		for i, r := range rows {
			bit := int32(b2i(a.holds(r.p)))
			counts[(int(cls[i]*2+bit))*V+vid[i]]++
		}
		return pairConflicts(counts, V)
	}
	type scored struct {
		a *atom
		s float64
	}
	var seeds []scored
	bestKnown := conflicts(cls, C, vid, V)
	for _, a := range cands {
		s := score(a)
		bestKnown = min(bestKnown, s)
		if a.family == 3 {
			seeds = append(seeds, scored{a, s})
		}
	}
	slices.SortFunc(seeds, func(x, y scored) int {
		switch {
		case x.s < y.s:
			return -1
		case x.s > y.s:
			return 1
		}
		return 0
	})
	var best *atom
	bestS := bestKnown
	for _, sd := range seeds[:min(starts, len(seeds))] {
		if ctx.Err() != nil {
			return nil
		}
		cur, curS := sd.a, sd.s
		for step := 0; step < 40; step++ {
			var next *atom
			nextS := curS
			try := func(a *atom) {
				if s := score(a); s < nextS-1e-9 {
					next, nextS = a, s
				}
			}
			for i := range n {
				for _, d := range []int{-1, 1} {
					c := cur.coef[i] + d
					if c < -maxCoef || c > maxCoef {
						continue
					}
					a := *cur
					a.coef = slices.Clone(cur.coef)
					a.coef[i] = c
					try(&a)
				}
			}
			for _, d := range []int{-1, 1} {
				if r := cur.r + d; r >= -maxCoef && r <= maxCoef {
					a := *cur
					a.r = r
					try(&a)
				}
			}
			other := *cur
			other.kind = map[byte]byte{kindGt: kindEq, kindEq: kindGt}[cur.kind]
			try(&other)
			if next == nil {
				break
			}
			cur, curS = next, nextS
		}
		if curS < bestS-1e-9 && firstNonzero(cur.coef) != 0 {
			best, bestS = cur, curS
		}
	}
	if best != nil {
		b := *best
		b.family = 5
		return &b
	}
	return nil
}

// combine builds, from the sign atoms the greedy choice took (L > r or
// L = r), the atoms L1 + c·L2 > d and L1 + c·L2 = d for c ∈ {±1, ±2} and
// |d| ≤ 1: forms such as 004 Theorem 2's u = s − 2r + 1 are combinations
// of two forms (s and r) the greedy choice finds useful on its own.
func combine(chosen []*atom) []*atom {
	var forms [][]int
	for _, a := range chosen {
		if a.kind == kindMod || firstNonzero(a.coef) == 0 {
			continue
		}
		if !slices.ContainsFunc(forms, func(f []int) bool { return slices.Equal(f, a.coef) }) {
			forms = append(forms, a.coef)
		}
	}
	var out []*atom
	for i, f := range forms {
		for j, g := range forms {
			if i == j {
				continue
			}
			for _, c := range []int{-2, -1, 1, 2} {
				if c == 1 && j < i {
					continue // f + g = g + f
				}
				coef := make([]int, len(f))
				for k := range f {
					coef[k] = f[k] + c*g[k]
				}
				if firstNonzero(coef) == 0 {
					continue
				}
				for d := -1; d <= 1; d++ {
					out = append(out, &atom{coef: coef, kind: kindGt, r: d, family: 6},
						&atom{coef: coef, kind: kindEq, r: d, family: 6})
				}
			}
		}
	}
	return out
}
