package search

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/bits"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
)

// A row is one position of the data with its target (1/0 for a set).
type row struct {
	p []int
	v int
}

// bitset is one atom's values on the sample rows.
type bitset []uint64

func (b bitset) get(i int) bool { return b[i>>6]>>(uint(i)&63)&1 == 1 }

// evalAtoms extends bs, the values of the atoms on the first done rows,
// to every row; atoms past the end of bs are new and get every row. The
// fit calls it once a round, after adding atoms or rows, so each atom is
// computed once at each row. Atoms sharing a linear form (the residues
// and thresholds of one form) compute it once a row. On all cores.
func evalAtoms(atoms []*atom, rows []row, bs []bitset, done int) []bitset {
	out := make([]bitset, len(atoms))
	words := (len(rows) + 63) / 64
	var groups [][]int
	byForm := map[string]int{}
	for a, at := range atoms {
		key := fmt.Sprint(at.coef)
		g, ok := byForm[key]
		if !ok {
			g = len(groups)
			byForm[key] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], a)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			var lin []int
			for g := int(next.Add(1) - 1); g < len(groups); g = int(next.Add(1) - 1) {
				from := len(rows)
				for _, a := range groups[g] {
					if a >= len(bs) {
						from = 0
					}
				}
				if from == len(rows) {
					from = done
				}
				lin = lin[:0]
				form := atoms[groups[g][0]]
				for _, r := range rows[from:] {
					lin = append(lin, form.linear(r.p))
				}
				for _, a := range groups[g] {
					b := make(bitset, words)
					start := 0
					if a < len(bs) {
						copy(b, bs[a])
						start = done
					}
					for i := start; i < len(rows); i++ {
						if atoms[a].test(lin[i-from]) {
							b[i>>6] |= 1 << (uint(i) & 63)
						}
					}
					out[a] = b
				}
			}
		})
	}
	wg.Wait()
	return out
}

// distinct drops atoms constant on the rows and all but the first of
// atoms equal on every row (atoms come simplest family first).
func distinct(atoms []*atom, bs []bitset, n int) ([]*atom, []bitset) {
	seen := map[uint64][]int{}
	var outA []*atom
	var outB []bitset
	for i, b := range bs {
		ones := 0
		for _, w := range b {
			ones += bits.OnesCount64(w)
		}
		if ones == 0 || ones == n {
			continue
		}
		h := fnv.New64a()
		for _, w := range b {
			var buf [8]byte
			for k := range 8 {
				buf[k] = byte(w >> (8 * k))
			}
			h.Write(buf[:])
		}
		key := h.Sum64()
		dup := false
		for _, j := range seen[key] {
			if slices.Equal(outB[j], b) {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		seen[key] = append(seen[key], len(outA))
		outA = append(outA, atoms[i])
		outB = append(outB, b)
	}
	return outA, outB
}

// selection is the outcome of selectAtoms.
type selection struct {
	chosen []int // indices into the atoms given
	ok     bool  // the target is a function of the chosen atoms on the rows
	// impurity left (see pairConflicts) when not ok.
	conflicts float64
	// tooMany: the target is a function of the chosen atoms, but they
	// are more than the bound even after the backward pass.
	tooMany bool
}

// selectAtoms chooses atoms greedily, each time the one leaving the
// fewest conflicting pairs, until none is left or maxAtoms are chosen;
// then drops atoms not needed.
func selectAtoms(ctx context.Context, atoms []*atom, bs []bitset, rows []row, maxAtoms int) selection {
	vid, V := valueIDs(rows)
	cls := make([]int32, len(rows))
	C := 1
	conflict := conflicts(cls, C, vid, V)
	var chosen []int
	// The greedy choice may take a few atoms more than maxAtoms: the
	// backward pass below often drops early choices that later ones made
	// redundant.
	for conflict > 1e-9 && len(chosen) < maxAtoms+greedySlack && ctx.Err() == nil {
		best, bestC := bestSplit(bs, cls, C, vid, V, conflict)
		if best < 0 {
			break // no atom separates anything more
		}
		chosen = append(chosen, best)
		cls, C = refine(cls, bs[best], len(rows))
		conflict = bestC
	}
	if conflict > 1e-9 {
		return selection{chosen: chosen, conflicts: conflict}
	}
	// Drop atoms the target does not need, latest first.
	for i := len(chosen) - 1; i >= 0; i-- {
		rest := slices.Delete(slices.Clone(chosen), i, i+1)
		if consistent(rest, bs, rows, vid, V) {
			chosen = rest
		}
	}
	sort.Ints(chosen)
	if len(chosen) > maxAtoms {
		return selection{chosen: chosen, tooMany: true}
	}
	return selection{chosen: chosen, ok: true}
}

// bestSplit is the atom whose bits split the classes cls into the groups
// of least impurity (pairConflicts), and that impurity; the first of
// equal ones; -1 if none leaves less than conflict.
func bestSplit(bs []bitset, cls []int32, C int, vid []int, V int, conflict float64) (int, float64) {
	best, bestC := -1, conflict
	// Counted with every row at bit 0 (class cls·2, value vid), an atom
	// moves its rows at bit 1 up by V: only its set bits cost.
	base := make([]int32, len(cls))
	zero := make([]int64, C*2*V)
	for i := range cls {
		base[i] = cls[i]*2*int32(V) + int32(vid[i])
		zero[base[i]]++
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for w := range workers {
		wg.Go(func() {
			counts := make([]int64, C*2*V)
			for a := w; a < len(bs); a += workers {
				copy(counts, zero)
				for wi, word := range bs[a] {
					for word != 0 {
						k := base[wi<<6+bits.TrailingZeros64(word)]
						counts[k]--
						counts[int(k)+V]++
						word &= word - 1
					}
				}
				c := pairConflicts(counts, V)
				mu.Lock()
				if c < bestC-1e-9 || c <= bestC+1e-9 && best >= 0 && a < best && c < conflict-1e-9 {
					best, bestC = a, c
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return best, bestC
}

// greedySlack is how many atoms beyond the bound the greedy choice may
// take before the backward pass.
const greedySlack = 6

func conflicts(cls []int32, C int, vid []int, V int) float64 {
	counts := make([]int64, C*V)
	for i := range cls {
		counts[int(cls[i])*V+vid[i]]++
	}
	return pairConflicts(counts, V)
}

// pairConflicts is the Gini impurity of the groups of V counts, weighted
// by their sizes: Σ (n − Σ n_v²/n), 0 iff every group has one target. A
// split that leaves each group's mix of targets as it was does not lower
// it (as it would lower a plain count of conflicting pairs).
func pairConflicts(counts []int64, V int) float64 {
	var total float64
	for g := 0; g < len(counts); g += V {
		var n, sq int64
		for _, c := range counts[g : g+V] {
			n += c
			sq += c * c
		}
		if n > 0 {
			total += float64(n) - float64(sq)/float64(n)
		}
	}
	return total
}

// refine splits the classes by one more atom and renumbers them.
func refine(cls []int32, b bitset, n int) ([]int32, int) {
	ids := map[int32]int32{}
	out := make([]int32, n)
	for i := range n {
		k := cls[i] * 2
		if b.get(i) {
			k++
		}
		id, ok := ids[k]
		if !ok {
			id = int32(len(ids))
			ids[k] = id
		}
		out[i] = id
	}
	return out, len(ids)
}

func consistent(chosen []int, bs []bitset, rows []row, vid []int, V int) bool {
	seen := map[uint32]int{}
	for i := range rows {
		s := signature(chosen, bs, i)
		if v, ok := seen[s]; ok && v != vid[i] {
			return false
		}
		seen[s] = vid[i]
	}
	return true
}

func signature(chosen []int, bs []bitset, i int) uint32 {
	var s uint32
	for k, a := range chosen {
		if bs[a].get(i) {
			s |= 1 << k
		}
	}
	return s
}

// cellOf is the signature of position p over atoms.
func cellOf(atoms []*atom, p []int) uint32 {
	var s uint32
	for k, a := range atoms {
		if a.holds(p) {
			s |= 1 << k
		}
	}
	return s
}

// valueIDs numbers the targets of the rows 0, 1, … in order of
// appearance.
func valueIDs(rows []row) ([]int, int) {
	vals := map[int]int{}
	vid := make([]int, len(rows))
	for i, r := range rows {
		id, ok := vals[r.v]
		if !ok {
			id = len(vals)
			vals[r.v] = id
		}
		vid[i] = id
	}
	return vid, len(vals)
}
