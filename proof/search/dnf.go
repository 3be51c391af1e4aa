package search

import (
	"math/bits"
	"slices"
)

// An implicant is a product of literals over k atoms: the cells c with
// c &^ mask == val (mask marks the atoms it leaves free).
type implicant struct{ val, mask uint32 }

func (m implicant) covers(c uint32) bool { return c&^m.mask == m.val }

// literals is the number of atoms the implicant tests.
func (m implicant) literals(k int) int { return k - bits.OnesCount32(m.mask) }

// minimize returns a small DNF over k atoms true on every cell of on and
// false on every cell of off; other cells are free (Quine–McCluskey prime
// implicants, then a greedy cover, largest first).
func minimize(k int, on, off map[uint32]bool) []implicant {
	if len(on) == 0 {
		return nil
	}
	// Prime implicants of on ∪ don't-care: merge pairs differing in one
	// atom, level by level; an implicant never merged is prime. Cells not
	// in off are on or free.
	free := func(c uint32) bool { return !off[c] }
	level := map[implicant]bool{}
	for c := uint32(0); c < 1<<k; c++ {
		if free(c) {
			level[implicant{c, 0}] = true
		}
	}
	var primes []implicant
	for len(level) > 0 {
		next := map[implicant]bool{}
		merged := map[implicant]bool{}
		for m := range level {
			for b := range k {
				bit := uint32(1) << b
				if m.mask&bit != 0 || m.val&bit != 0 {
					continue
				}
				o := implicant{m.val | bit, m.mask}
				if level[o] {
					next[implicant{m.val, m.mask | bit}] = true
					merged[m], merged[o] = true, true
				}
			}
		}
		for m := range level {
			if !merged[m] {
				primes = append(primes, m)
			}
		}
		level = next
	}
	// Keep only primes covering some on-cell; cover greedily.
	uncovered := map[uint32]bool{}
	for c := range on {
		uncovered[c] = true
	}
	var out []implicant
	for len(uncovered) > 0 {
		best, bestN := implicant{}, 0
		for _, p := range primes {
			n := 0
			for c := range uncovered {
				if p.covers(c) {
					n++
				}
			}
			if n > bestN || n == bestN && n > 0 && (p.literals(k) < best.literals(k) ||
				p.literals(k) == best.literals(k) && less(p, best)) {
				best, bestN = p, n
			}
		}
		if bestN == 0 {
			panic("discover: an on-cell no prime implicant covers") // a bug: every on-cell is an implicant
		}
		out = append(out, best)
		for c := range uncovered {
			if best.covers(c) {
				delete(uncovered, c)
			}
		}
	}
	slices.SortFunc(out, func(a, b implicant) int {
		if less(a, b) {
			return -1
		}
		if less(b, a) {
			return 1
		}
		return 0
	})
	return out
}

func less(a, b implicant) bool {
	if a.mask != b.mask {
		return a.mask > b.mask
	}
	return a.val < b.val
}

// cost is the number of literals of a DNF.
func cost(k int, d []implicant) int {
	n := 0
	for _, m := range d {
		n += m.literals(k)
	}
	return n
}
