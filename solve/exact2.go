package solve

import "github.com/grundy/grundy"

// maxExactPiles bounds the piles of slow exact 2-Nim's fast path
// (exactTerms, exactStretch); larger boxes take the general unit path.
const maxExactPiles = 16

// exactTerms are the rank terms that slow exact 2-Nim's followers read
// (see followers): the general unit path's v[d][i], w[d][i] and u[d][i]
// for d ≤ 2, only those a follower that lowers two piles reads, in arrays
// of fixed size. They are recomputed per stretch of positions, which on
// small boxes is every two or three positions, so this bookkeeping, not
// the followers' values, was most of the work (callgrind, 6 piles ≤ 30:
// 1,250 instructions a stretch in the general code).
type exactTerms struct {
	// rem[i] = a_0 + … + a_i.
	rem [maxExactPiles]int
	// v0[i], v1[i], v2[i]: pile i's term of the rank of a follower that
	// keeps it with 0, 1, 2 tokens taken at or below it; w1[i], w2[i]: of
	// one that lowers it with 1, 2 taken at or below it (itself
	// included). Pile 0's terms are 0.
	v1, w1, w2 [maxExactPiles]uint64
	// u0[i], u1[i], u2[i] = Σ_{i' ≥ i} v0[i'], v1[i'], v2[i'].
	u0, u1, u2 [maxExactPiles + 1]uint64
}

// pairsOf[m] lists the pairs i < j of m runs in followers' order, (0,
// 1), (0, 2), …, (1, 2), …: one flat loop over them costs less than
// nested loops over runs of two or three pairs each.
var pairsOf = func() (t [maxExactPiles + 1]struct{ i, j []uint8 }) {
	for m := range t {
		for i := range m {
			for j := i + 1; j < m; j++ {
				t[m].i = append(t[m].i, uint8(i))
				t[m].j = append(t[m].j, uint8(j))
			}
		}
	}
	return t
}()

// count is N_j(r, c), the number of sorted j-tuples of values in [0, c]
// with sum r, for j ≥ 2 and c ≤ Max (sortedCount without its cases for
// j < 2).
func (ix *TierIndex) count(j, r, c int) uint64 {
	if r < 0 || c < 0 || r > j*c {
		return 0
	}
	if j == 2 {
		return uint64(min(r, c) - (r+1)/2 + 1)
	}
	return ix.sorted[j][r*(ix.Max+1)+c]
}

// n2 is N_2(r, t), the number of sorted pairs of values in [0, t] with
// sum r: b1 runs from ⌈r/2⌉ to min(r, t). Without branches, and right
// for any r and t (0 when r < 0, t < 0 or r > 2t).
func n2(r, t int) uint64 {
	return uint64(max(0, min(r, t)-(r+1)>>1+1))
}

// refresh recomputes the terms of piles 1..h of the sorted position a,
// the only ones that changed since the last call (h = len(a) − 1 at
// first).
func (t *exactTerms) refresh(ix *TierIndex, a grundy.Position, h int) {
	n := len(a)
	if n > maxExactPiles || h >= n {
		panic("solve: exactTerms.refresh out of range")
	}
	r := 0
	for i := 0; i <= h; i++ {
		if i == 0 {
			r = a[0]
		} else {
			r += a[i]
		}
		t.rem[i] = r
	}
	w := ix.Max + 1
	for i := h; i >= 1; i-- {
		c, x := t.rem[i], a[i]
		var v0, v1, v2, w1, w2 uint64
		if i >= 2 && x >= 2 && c >= 2 {
			// The five counts are neighbours in N_{i+1}'s table,
			// which counts exactly (zero where r > (i+1)·c), so no
			// range checks beyond these.
			tab := ix.sorted[i+1]
			k := c*w + x - 1
			_ = tab[k]
			v0, v1, v2 = tab[k], tab[k-w], tab[k-2*w]
			w1, w2 = tab[k-w-1], tab[k-2*w-1]
		} else if i == 1 {
			v0, v1, v2 = n2(c, x-1), n2(c-1, x-1), n2(c-2, x-1)
			w1, w2 = n2(c-1, x-2), n2(c-2, x-2)
		} else {
			v0 = ix.count(i+1, c, x-1)
			v1 = ix.count(i+1, c-1, x-1)
			v2 = ix.count(i+1, c-2, x-1)
			w1 = ix.count(i+1, c-1, x-2)
			w2 = ix.count(i+1, c-2, x-2)
		}
		t.v1[i], t.w1[i], t.w2[i] = v1, w1, w2
		t.u0[i] = v0 + t.u0[i+1]
		t.u1[i] = v1 + t.u1[i+1]
		t.u2[i] = v2 + t.u2[i+1]
	}
	t.u0[0], t.u1[0], t.u2[0] = t.u0[1], t.u1[1], t.u2[1]
}

// followers appends to ranks the in-tier ranks of the followers of the
// sorted position a (whose terms are current) in the tier two below,
// under slow exact 2-Nim: a follower lowers the first piles of two runs
// of equal non-zero piles j1 < j2, or the first two piles of one run. Its
// rank, head(j1) + u1[j1+1] − u1[j2] + w2[j2] + u2[j2+1] with head(j) =
// u0[0] − u0[j] + w1[j], splits into a lead of j1 and a tail of j2, each
// computed once per position. The followers that lower two piles of one
// run come first, then the pairs of runs in order (run 0, run 1), (run
// 0, run 2), …, (run 1, run 2), …; doubles and runs count the first kind
// and the runs.
func (t *exactTerms) followers(a grundy.Position, ranks []uint64) (out []uint64, doubles, runs int) {
	n := len(a)
	if n > maxExactPiles {
		panic("solve: exactTerms.followers: too many piles")
	}
	var lead, tail [maxExactPiles]uint64
	m := 0
	total := t.u0[0]
	ranks = ranks[:0]
	prev := 0
	for j := 0; j < n; j++ {
		x := a[j]
		if x == 0 || x == prev {
			continue
		}
		prev = x
		head := total - t.u0[j] + t.w1[j]
		if j+1 < n && a[j+1] == x {
			ranks = append(ranks, head+t.w2[j+1]+t.u2[j+2])
		}
		lead[m&(maxExactPiles-1)] = head + t.u1[j+1]
		tail[m&(maxExactPiles-1)] = t.w2[j] + t.u2[j+1] - t.u1[j]
		m++
	}
	doubles = len(ranks)
	// Grow once and fill by index: appending pair by pair cost a
	// capacity check a follower.
	f := doubles + m*(m-1)/2
	if cap(ranks) < f {
		ranks = append(ranks[:cap(ranks)], make([]uint64, f-cap(ranks))...)
	}
	ranks = ranks[:f]
	pairs := ranks[doubles:f]
	pi, pj := pairsOf[m].i, pairsOf[m].j
	pj = pj[:len(pi)]
	pairs = pairs[:len(pi)]
	for k, i := range pi {
		pairs[k] = lead[i&(maxExactPiles-1)] + tail[pj[k]&(maxExactPiles-1)]
	}
	return ranks, doubles, m
}
