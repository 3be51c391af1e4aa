package solve

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/grundy/grundy"
)

// word is the width of a stored value: two bytes when every value of the
// box fits, else four.
type word interface{ ~uint16 | ~uint32 }

// A tierRun computes the tiers of one box in order. tiers[s] holds the
// records of tier s (position-major, kinds interleaved) while some later
// tier may still need them, and is nil otherwise.
type tierRun[T word] struct {
	r      grundy.Ruleset
	ix     *TierIndex
	lay    layout
	tiers  [][]T
	unit   bool // slow ruleset on fully sorted positions
	lo, hi int  // piles touched per move, when unit
	// exact is the fast path of slow exact 2-Nim's G and G⁻
	// (exactStretch).
	exact bool
	// keepOne: every move lowers all piles but one (slow exact k-Nim
	// with k = n − 1, paper 003's NIM(n, n−1)); keepFollowers ranks its
	// at most n followers from three terms per pile.
	keepOne bool
	workers int
	exec    Executor
	pool    sync.Pool // of *tierWorker[T], reused across shards
	// For the exact path: valueOr[s] is the bitwise or of the values of
	// tier s computed here, noted[s] how many values that covers, and
	// small[s] whether all of tier s was computed here with every value
	// below 64, so that the tiers above may skip the overflow check of
	// their bit sets (false for a tier loaded or computed elsewhere).
	valueOr []atomic.Uint32
	noted   []atomic.Uint64
	small   []bool
	// checkBox: the piles may grow (grundy.TryBoxes), so every follower
	// is checked to lie in the box; outside is the first that did not.
	checkBox bool
	outside  atomic.Pointer[grundy.FollowerOutsideBox]
}

func newTierRun[T word](r grundy.Ruleset, ix *TierIndex, kinds grundy.Kinds, workers int, exec Executor) *tierRun[T] {
	e := &tierRun[T]{r: r, ix: ix, lay: newLayout(kinds), tiers: make([][]T, ix.Tiers()), workers: workers, exec: exec,
		valueOr: make([]atomic.Uint32, ix.Tiers()), noted: make([]atomic.Uint64, ix.Tiers()), small: make([]bool, ix.Tiers())}
	if e.workers <= 0 {
		e.workers = runtime.GOMAXPROCS(0)
	}
	if e.exec == nil {
		e.exec = Local{Workers: e.workers}
	}
	e.checkBox = grundy.PilesMayGrow(r)
	if u, ok := r.(grundy.UnitDecrements); ok && ix.From == 0 {
		e.unit = true
		e.lo, e.hi = u.UnitDecrementRange(ix.N)
		e.exact = e.lo == 2 && e.hi == 2 && e.lay.stride == 2 && e.lay.slot[0] == 0 && e.lay.slot[1] == 1 && ix.N <= maxExactPiles
		e.keepOne = !e.exact && ix.N >= 3 && e.lo == ix.N-1 && e.hi == ix.N-1
	}
	return e
}

// reach is how many tiers below s a follower may lie: k for the slow
// rulesets, every tier otherwise.
func (e *tierRun[T]) reach() int {
	if e.unit {
		return e.hi
	}
	return e.ix.Tiers()
}

// solveTier fills tiers[s] (already allocated) by running its shards
// through the executor; every tier a follower may lie in must be present.
func (e *tierRun[T]) solveTier(ctx context.Context, s int) error {
	// Small shards balance the load; each costs one unranking.
	shards := Shards(s, e.ix.TierSize(s), max(256, e.ix.TierSize(s)/uint64(16*e.workers)))
	stride := uint64(e.lay.stride)
	err := e.exec.Run(ctx, shards, func(ctx context.Context, sh Shard) error {
		w, _ := e.pool.Get().(*tierWorker[T])
		if w == nil {
			w = newTierWorker(e)
		}
		dst := e.tiers[s][sh.Lo*stride : sh.Hi*stride]
		w.chunk(s, sh.Lo, sh.Hi, dst)
		if e.exact {
			e.note(s, dst)
		}
		e.pool.Put(w)
		if out := e.outside.Load(); out != nil {
			return out
		}
		return ctx.Err()
	})
	if err != nil {
		return err
	}
	e.settle(s)
	return ctx.Err()
}

// settle decides small[s] once tier s is done. Shards run by other
// processes are not noted: their tier stays unknown.
func (e *tierRun[T]) settle(s int) {
	e.small[s] = e.exact && e.noted[s].Load() == uint64(len(e.tiers[s])) && e.valueOr[s].Load() < 64
}

// note records which bits the values of a chunk of tier s set, so that
// the tiers above know whether every value of tier s is below 64.
func (e *tierRun[T]) note(s int, vals []T) {
	var or T
	i := 0
	// At least one whole word: a *uint64 into a shorter slice would point
	// past its object (the race detector's checkptr says so).
	if unsafe.Sizeof(T(0)) == 2 && len(vals) >= 4 && uintptr(unsafe.Pointer(unsafe.SliceData(vals)))%8 == 0 {
		// Four values a word.
		words := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(vals))), len(vals)/4)
		var wor uint64
		for _, x := range words {
			wor |= x
		}
		or = T(wor | wor>>16 | wor>>32 | wor>>48)
		i = 4 * len(words)
	}
	for _, v := range vals[i:] {
		or |= v
	}
	e.valueOr[s].Or(uint32(or))
	e.noted[s].Add(uint64(len(vals)))
}

// A tierWorker evaluates positions of one tier; each goroutine has its own.
type tierWorker[T word] struct {
	e     *tierRun[T]
	p, q  grundy.Position
	acc   accumulator[T]
	yield func(grundy.Position) bool // addOption

	// For the unit path, with m piles and d = 0..hi tokens removed below
	// or at pile i: rem[i] = a_0+…+a_i; v[d][i] is pile i's term of the
	// rank of a follower that keeps pile i; w[d][i] that of a follower
	// that lowers it; u[d][i] = Σ_{i' ≥ i} v[d][i'].
	rem     []int
	v, w, u [][]uint64
	groups  []int // first index of each run of equal non-zero piles
	counts  []int // tokens taken from each run
	// ex are the terms of slow exact 2-Nim's fast path; ranks are its
	// followers' ranks.
	ex    exactTerms
	ranks []uint64
	// doubles and runs count followers2's followers that lower two piles
	// of one run (listed first) and the runs of non-empty piles; the
	// pairs of runs follow in order, (run 0, run 1), (run 0, run 2), …
	doubles, runs int
	// keep holds keepFollowers' terms of each pile i ≥ 1: its term when
	// kept with i piles lowered below it, and when lowered with i or
	// i + 1 piles lowered at or below it.
	keep []keepTerms
}

type keepTerms struct{ kept, low, low1 uint64 }

func newTierWorker[T word](e *tierRun[T]) *tierWorker[T] {
	n := e.ix.N
	w := &tierWorker[T]{e: e, p: make(grundy.Position, n), q: make(grundy.Position, n)}
	if e.keepOne {
		w.rem = make([]int, n)
		w.keep = make([]keepTerms, n)
		return w
	}
	if e.unit {
		w.rem = make([]int, n)
		for range e.hi + 1 {
			w.v = append(w.v, make([]uint64, n))
			w.w = append(w.w, make([]uint64, n))
			w.u = append(w.u, make([]uint64, n+1))
		}
	}
	return w
}

// chunk evaluates the positions of tier s with in-tier ranks [lo, hi)
// into dst, which holds their records.
func (w *tierWorker[T]) chunk(s int, lo, hi uint64, dst []T) {
	e := w.e
	ix := e.ix
	ix.UnrankInTier(s, lo, w.p)
	stride := uint64(e.lay.stride)
	changed := ix.N - 1
	for r := lo; r < hi; {
		if e.exact {
			w.ex.refresh(ix, w.p, changed)
			if done, next := w.exactStretch(s, hi-r, dst[(r-lo)*stride:]); done > 0 {
				r += uint64(done)
				changed = next
				continue
			}
			// A value too large for the fast path's bit sets: the
			// general path below needs its own terms, all of them.
			changed = ix.N - 1
		}
		if e.unit {
			w.refresh(changed)
		}
		w.acc.reset()
		if e.unit {
			w.unitFollowers(s)
		} else {
			w.optionFollowers()
		}
		w.acc.store(dst[(r-lo)*stride:(r-lo+1)*stride], &e.lay)
		if r++; r < hi {
			changed = ix.nextInTier(w.p)
		}
	}
}

// followers2 lists in w.ranks the in-tier ranks of the followers of w.p
// in tier s−2 under slow exact 2-Nim (see exactTerms.followers), from
// the terms in w.ex.
func (w *tierWorker[T]) followers2() {
	w.ranks, w.doubles, w.runs = w.ex.followers(w.p, w.ranks)
}

// exact2 is unitFollowers and store for the commonest case, G and G⁻ of
// slow exact 2-Nim: it stores into dst the records of the run positions
// of tier s from w.p on whose followers' ranks are w.ranks (see
// followers2), each plus the position's offset in the run. It returns how
// many it stored: fewer than run when some follower's value is too large
// for its bit sets.
func (w *tierWorker[T]) exact2(s int, run int, dst []T) int {
	if s < 2 || len(w.ranks) == 0 {
		for k := range run {
			dst[2*k], dst[2*k+1] = T(grundy.TerminalValues.G), T(grundy.TerminalValues.Gm)
		}
		return run
	}
	buf := w.e.tiers[s-2]
	ranks := w.ranks
	dst = dst[:2*run]
	if unsafe.Sizeof(T(0)) == 2 && littleEndian {
		// A record of two-byte values, G then G⁻, read as one
		// little-endian word: one load a follower instead of two.
		recs := unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(buf))), len(buf)/2)
		var top uint64
		for _, b := range ranks {
			top = max(top, b)
		}
		if top+uint64(run) > uint64(len(recs)) {
			panic(fmt.Sprintf("solve: follower rank %d+%d beyond tier %d's %d positions", top, run, s-2, len(recs)))
		}
		// Every follower's record lies in recs (checked above), so
		// the loads below go without a bounds check each.
		base := unsafe.Pointer(unsafe.SliceData(recs))
		if w.e.small[s-2] {
			// Every value of tier s−2 is below 64: no overflow
			// check a follower.
			for k := range run {
				var seenG, seenGm uint64
				at := unsafe.Add(base, 4*k)
				for _, b := range ranks {
					v := *(*uint32)(unsafe.Add(at, 4*b))
					seenG |= 1 << (v & 63)
					seenGm |= 1 << (v >> 16 & 63)
				}
				dst[2*k] = T(bits.TrailingZeros64(^seenG))
				dst[2*k+1] = T(bits.TrailingZeros64(^seenGm))
			}
			return run
		}
		for k := range run {
			var seenG, seenGm uint64
			var high uint32
			at := unsafe.Add(base, 4*k)
			for _, b := range ranks {
				v := *(*uint32)(unsafe.Add(at, 4*b))
				high |= v
				seenG |= 1 << (v & 63)
				seenGm |= 1 << (v >> 16 & 63)
			}
			if high&0xFFC0_FFC0 != 0 {
				return k
			}
			dst[2*k] = T(bits.TrailingZeros64(^seenG))
			dst[2*k+1] = T(bits.TrailingZeros64(^seenGm))
		}
		return run
	}
	for k := range run {
		seenG, seenGm, high := seen2(buf, ranks, uint64(k))
		if high >= 64 {
			return k
		}
		dst[2*k] = T(bits.TrailingZeros64(^seenG))
		dst[2*k+1] = T(bits.TrailingZeros64(^seenGm))
	}
	return run
}

// seen2 is the set of G values (below 64) and of G⁻ values among the
// records buf[2(b+off)], buf[2(b+off)+1] for b in ranks, and the bitwise or
// of all of them (at least 64 when some value is).
func seen2[T word](buf []T, ranks []uint64, off uint64) (seenG, seenGm uint64, high T) {
	for _, b := range ranks {
		r := 2 * (b + off)
		g, gm := buf[r], buf[r+1]
		high |= g | gm
		seenG |= 1 << (g & 63)
		seenGm |= 1 << (gm & 63)
	}
	return seenG, seenGm, high
}

// exactStretch stores the records of positions from w.p (its rank terms
// current) on, at most left of them, by slow exact 2-Nim's fast path: a
// stretch along which every follower's rank shifts by one a step (see
// interior), with the position before it and the one after it where they
// have the stretch's followers but some, or else the one position w.p. It
// returns how many it stored, 0 if none (w.p and its terms unchanged), and
// then w.p is the next position (unless none is left) and next the highest
// pile index whose rank terms are stale.
func (w *tierWorker[T]) exactStretch(s int, left uint64, dst []T) (done, next int) {
	a := w.p
	ix := w.e.ix
	if left >= 2 && len(a) >= 3 && a[0] >= 2 && a[0] == a[1] && a[1]+1 < a[2] {
		// w.p = (x, x, a2, …) comes just before the stretch from
		// (x−1, x+1, a2, …). Its followers are the stretch's one step back,
		// without those that lower pile 1 and a pile from 2 on: pile 1 is
		// not the first of its run, and lowering pile 0 instead gives the
		// same position.
		a[0]--
		a[1]++
		w.ex.refresh(ix, a, 1)
		w.followers2()
		skip := w.doubles + w.runs - 1
		if w.exact2Step(s, ^uint64(0), dst, [2]int{skip, skip + w.runs - 2}) {
			done, dst, left = 1, dst[2:], left-1
		} else {
			a[0]++
			a[1]--
			w.ex.refresh(ix, a, 1)
			w.followers2()
		}
	} else {
		w.followers2()
	}
	run := w.interior(left)
	n := w.exact2(s, max(run, 1), dst)
	done += n
	switch {
	case n == 0:
		// A value too large for the bit sets at the stretch's start; the
		// caller computes w.p, whose terms are current.
		return done, 0
	case run == 0:
		if uint64(n) < left {
			return done, ix.nextInTier(a)
		}
		return done, 0
	case n == run && a[0] >= run && a[1]+run == a[2] && uint64(run) < left:
		// The stretch ends at (x, a2, a2, …): pile 1 joins
		// pile 2's run. Its followers are the stretch's one step on
		// without those that lower pile 2's run (with pile 0, with a
		// later run, or twice): lowering pile 1 instead gives the same
		// positions, (x − 1, a2 − 1, a2, …), (x, a2 − 1, a2, …) and
		// (x, a2 − 1, a2 − 1, …), which the stretch's followers that
		// lower pile 1 reach one step on. Pile 2's run is the third;
		// its double, if any, is the first follower (runs 0 and 1 are
		// single piles), (run 0, run 2) the second pair, and (run 2,
		// run j) follow the pairs of runs 0 and 1.
		//
		// At (0, a2, a2, …), where the stretch ends at both ends at
		// once, the followers that lower pile 0 go too: pairs (run 0,
		// run j), which include (run 0, run 2).
		a[0] -= run
		a[1] += run
		d, m := w.doubles, w.runs
		var double int
		if len(a) > 3 && a[3] == a[2] {
			double = 1
		}
		pairs2 := d + (m - 1) + (m - 2)
		with0 := [2]int{d + 1, d + 2}
		if a[0] == 0 {
			with0 = [2]int{d, d + m - 1}
		}
		if !w.exact2Step(s, uint64(run), dst[2*run:], [2]int{0, double}, with0, [2]int{pairs2, pairs2 + m - 3}) {
			return done, 1
		}
		done++
		if uint64(run+1) < left {
			return done, ix.nextInTier(a)
		}
		return done, 0
	case n < run || a[0] > run || a[1]+run >= a[2] || uint64(run) == left:
		// The stretch ends at a position with other runs of equal piles
		// (or at the chunk's end, or early): it is the next step.
		a[0] -= n
		a[1] += n
		return done, 1
	}
	// The stretch ends at (0, c, a2, …) with c < a2: its followers are the
	// stretch's one step on, without those that lower pile 0.
	a[0] -= run
	a[1] += run
	if !w.exact2Step(s, uint64(run), dst[2*run:], [2]int{w.doubles, w.doubles + w.runs - 1}) {
		return done, 1
	}
	done++
	if uint64(run+1) < left {
		return done, ix.nextInTier(a)
	}
	return done, 0
}

// exact2Step stores into rec G and G⁻ of the position whose followers'
// ranks are those of w.ranks (see followers2) but those in the ranges
// skip (ascending, disjoint, [lo, hi) each), each plus off; false, having
// stored nothing, when some follower's value is too large for the bit
// sets.
func (w *tierWorker[T]) exact2Step(s int, off uint64, rec []T, skip ...[2]int) bool {
	buf := w.e.tiers[s-2]
	ranks := w.ranks
	var g, gm uint64
	if unsafe.Sizeof(T(0)) == 2 && littleEndian {
		// As in exact2: a record read as one word.
		recs := unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(buf))), len(buf)/2)
		var high uint32
		from := 0
		for i := 0; ; i++ {
			to := len(ranks)
			if i < len(skip) {
				to = skip[i][0]
			}
			g1, gm1, h := seenWords(recs, ranks[from:to], off)
			g, gm, high = g|g1, gm|gm1, high|h
			if i == len(skip) {
				break
			}
			from = skip[i][1]
		}
		if high&0xFFC0_FFC0 != 0 {
			return false
		}
	} else {
		from := 0
		for i := 0; ; i++ {
			to := len(ranks)
			if i < len(skip) {
				to = skip[i][0]
			}
			g1, gm1, high := seen2(buf, ranks[from:to], off)
			if high >= 64 {
				return false
			}
			g, gm = g|g1, gm|gm1
			if i == len(skip) {
				break
			}
			from = skip[i][1]
		}
	}
	rec[0] = T(bits.TrailingZeros64(^g))
	rec[1] = T(bits.TrailingZeros64(^gm))
	return true
}

// seenWords is seen2 for records of two 2-byte values read as one
// little-endian word each. Not inlined: in exact2Step's loop over
// ranges its registers spilled to the stack.
//
//go:noinline
func seenWords(recs []uint32, ranks []uint64, off uint64) (seenG, seenGm uint64, high uint32) {
	for _, b := range ranks {
		v := recs[b+off]
		high |= v
		seenG |= 1 << (v & 63)
		seenGm |= 1 << (v >> 16 & 63)
	}
	return seenG, seenGm, high
}

// interior is the length of the stretch of tier order from w.p on (0 if
// w.p is not on one), at most limit positions, along which only piles 0
// and 1 change, one token moving from pile 0 to pile 1 a step, while
// 0 < a0 < a1 < a2 stays true.
// Along it the runs of equal piles stay the same and every follower's
// rank grows by one a step, as the position's own does: the rank terms
// of piles 0 and 1 are N₂(c, a1 − 1) with c = a0 + a1 fixed (and
// likewise with c − 1, c − 2 in the followers), which is a1 − ⌈c/2⌉ and
// linear in a1; the other piles' terms do not change.
func (w *tierWorker[T]) interior(limit uint64) int {
	a := w.p
	if len(a) < 3 || a[0] < 1 || a[0] >= a[1] || a[1] >= a[2] {
		return 0
	}
	return int(min(uint64(min(a[0], a[2]-a[1])), limit))
}

// optionFollowers adds every follower listed by the ruleset.
func (w *tierWorker[T]) optionFollowers() {
	if w.yield == nil {
		// Made once per worker: a closure made per position would be
		// allocated per position.
		w.yield = w.addOption
	}
	w.e.r.Options(w.p, w.yield)
}

// addOption adds the follower q, in any order of interchangeable piles.
func (w *tierWorker[T]) addOption(q grundy.Position) bool {
	e := w.e
	ix := e.ix
	if e.checkBox && !ix.Contains(q) {
		e.outside.CompareAndSwap(nil, &grundy.FollowerOutsideBox{Ruleset: e.r.Name(), Position: slices.Clone(w.p), Follower: slices.Clone(q), Max: ix.Max})
		return false
	}
	copy(w.q, q)
	suf := w.q[ix.From:]
	for i := 1; i < len(suf); i++ {
		for j := i; j > 0 && suf[j] < suf[j-1]; j-- {
			suf[j], suf[j-1] = suf[j-1], suf[j]
		}
	}
	s := 0
	for _, x := range w.q {
		s += x
	}
	rank := ix.RankInTier(w.q, s)
	w.acc.add(e.tiers[s][rank*uint64(e.lay.stride):], &e.lay)
	return true
}

// refresh recomputes the rank terms of piles 0..h, the only ones that
// changed since the previous position of the tier.
func (w *tierWorker[T]) refresh(h int) {
	ix := w.e.ix
	a := w.p
	for i := 0; i <= h; i++ {
		if i == 0 {
			w.rem[0] = a[0]
		} else {
			w.rem[i] = w.rem[i-1] + a[i]
		}
	}
	if w.e.keepOne {
		// The terms v[i][i], w[i][i] and w[i+1][i] of the general
		// case below, the only ones a keep-one follower reads.
		for i := 1; i <= h; i++ {
			c := w.rem[i] - i
			w.keep[i] = keepTerms{ix.sortedCount(i+1, c, a[i]-1), ix.sortedCount(i+1, c, a[i]-2), ix.sortedCount(i+1, c-1, a[i]-2)}
		}
		return
	}
	// Pile i (i piles below it) contributes the number of sorted
	// (i+1)-tuples with its prefix sum and a smaller top pile. Pile 0
	// contributes nothing, lowered or not, and w[0] is never read: no
	// follower lowers a pile with no token taken at or below it.
	for d := range w.v {
		v, wd, u := w.v[d], w.w[d], w.u[d]
		for i := h; i >= 1; i-- {
			c := w.rem[i] - d
			v[i] = ix.sortedCount(i+1, c, a[i]-1)
			if d > 0 {
				wd[i] = ix.sortedCount(i+1, c, a[i]-2)
			}
			u[i] = v[i] + u[i+1]
		}
		u[0] = u[1]
	}
}

// unitFollowers adds the followers of the sorted position w.p of tier s
// under a slow ruleset. Within a run of equal piles only how many lose a
// token matters, and lowering the first ones of a run keeps the position
// sorted; a follower's in-tier rank is then a sum of precomputed terms.
func (w *tierWorker[T]) unitFollowers(s int) {
	e := w.e
	a := w.p
	if e.keepOne {
		w.keepFollowers(s)
		return
	}
	w.groups = w.groups[:0]
	for i, x := range a {
		if x > 0 && (i == 0 || a[i-1] < x) {
			w.groups = append(w.groups, i)
		}
	}
	stride := uint64(e.lay.stride)
	lay := &e.lay
	u0, u1, w1 := w.u[0], w.u[1], w.w[1]
	if e.lo == 2 && e.hi == 2 {
		// Slow exact 2-Nim: two distinct runs, or twice the same run.
		if s < 2 {
			return
		}
		u2, w2 := w.u[2], w.w[2]
		buf := e.tiers[s-2]
		for gi, j1 := range w.groups {
			head := u0[0] - u0[j1] + w1[j1]
			if j1+1 < len(a) && a[j1+1] == a[j1] {
				r := head + w2[j1+1] + u2[j1+2]
				w.acc.add(buf[r*stride:], lay)
			}
			for _, j2 := range w.groups[gi+1:] {
				r := head + u1[j1+1] - u1[j2] + w2[j2] + u2[j2+1]
				w.acc.add(buf[r*stride:], lay)
			}
		}
		return
	}
	// Any range of piles: count tokens taken per run with an odometer,
	// runs last to first, totals up to hi.
	w.counts = w.counts[:0]
	for range w.groups {
		w.counts = append(w.counts, 0)
	}
	total := 0
	for {
		g := len(w.groups) - 1
		for ; g >= 0; g-- {
			size := runLen(a, w.groups[g])
			if w.counts[g] < size && total < e.hi {
				w.counts[g]++
				total++
				break
			}
			total -= w.counts[g]
			w.counts[g] = 0
		}
		if g < 0 {
			return
		}
		if total < e.lo {
			continue
		}
		var r uint64
		d, prev := 0, 0
		for g, c := range w.counts {
			for j := w.groups[g]; j < w.groups[g]+c; j++ {
				r += w.u[d][prev] - w.u[d][j]
				d++
				r += w.w[d][j]
				prev = j + 1
			}
		}
		r += w.u[d][prev]
		w.acc.add(e.tiers[s-d][r*stride:], lay)
	}
}

// keepFollowers adds the followers of w.p of tier s when a move lowers
// every pile but one. Keeping pile J, the last of its run (the others of
// the run lowered first keeps the position sorted), the general rank sum
// of unitFollowers reduces to Σ_{j<J} w[j+1][j] + v[J][J] + Σ_{j>J} w[j][j]
// (pile 0 contributes nothing): a running sum over the piles, O(n) for
// all followers instead of an odometer over every subset of runs.
func (w *tierWorker[T]) keepFollowers(s int) {
	e := w.e
	a := w.p
	n := len(a)
	if a[0] == 0 && a[1] == 0 || s < n-1 {
		return // two empty piles: no move
	}
	stride := uint64(e.lay.stride)
	buf := e.tiers[s-(n-1)]
	keep := w.keep[:n]
	var after uint64 // Σ_{j>J} w[j][j]
	for j := 1; j < n; j++ {
		after += keep[j].low
	}
	if a[0] == 0 {
		// Only the empty pile may be kept.
		w.acc.add(buf[after*stride:], &e.lay)
		return
	}
	var before uint64 // Σ_{j<J} w[j+1][j]
	for j := range n {
		if j > 0 {
			after -= keep[j].low
		}
		if j+1 == n || a[j+1] != a[j] {
			r := before + after
			if j > 0 {
				r += keep[j].kept
			}
			w.acc.add(buf[r*stride:], &e.lay)
		}
		if j > 0 {
			before += keep[j].low1
		}
	}
}

func runLen(a grundy.Position, i int) int {
	j := i + 1
	for j < len(a) && a[j] == a[i] {
		j++
	}
	return j - i
}

// An accumulator gathers the followers' values of one position.
type accumulator[T word] struct {
	seen [2]uint64 // G, G⁻ values below 64
	high [2][]int  // larger G, G⁻ values, rare
	rem  [2]grundy.RemotenessStep
	any  bool
}

func (a *accumulator[T]) reset() {
	a.seen = [2]uint64{}
	a.high[0], a.high[1] = a.high[0][:0], a.high[1][:0]
	a.rem = [2]grundy.RemotenessStep{}
	a.any = false
}

// add records the follower whose record starts at rec[0].
func (a *accumulator[T]) add(rec []T, l *layout) {
	a.any = true
	for k := range 2 {
		if s := l.slot[k]; s >= 0 {
			if v := uint(rec[s]); v < 64 {
				a.seen[k] |= 1 << v
			} else {
				a.high[k] = append(a.high[k], int(v))
			}
		}
	}
	for k := range 2 {
		if s := l.slot[2+k]; s >= 0 {
			a.rem[k].Add(int(rec[s]))
		}
	}
}

// store writes the position's record.
func (a *accumulator[T]) store(rec []T, l *layout) {
	terminal := [4]int{grundy.TerminalValues.G, grundy.TerminalValues.Gm, grundy.TerminalValues.R, grundy.TerminalValues.Rm}
	for k := range 2 {
		s := l.slot[k]
		switch {
		case s < 0:
		case !a.any:
			rec[s] = T(terminal[k])
		case ^a.seen[k] != 0:
			rec[s] = T(bits.TrailingZeros64(^a.seen[k]))
		default:
			rec[s] = T(mexFrom64(a.high[k]))
		}
	}
	for k := range 2 {
		if s := l.slot[2+k]; s >= 0 {
			rec[s] = T(a.rem[k].Result(terminal[2+k]))
		}
	}
}

// mexFrom64 is the mex of a set holding 0..63 and the values vs. The
// mex is at most 64 + len(vs), so a bit set of that range finds it, on
// the stack for up to a thousand values: a map per position allocated
// 385 MB for nim 3 ≤ 100, whose values pass 63.
func mexFrom64(vs []int) int {
	n := len(vs) + 1
	var small [16]uint64
	var set []uint64
	if words := (n + 63) / 64; words <= len(small) {
		set = small[:words]
	} else {
		set = make([]uint64, words)
	}
	for _, v := range vs {
		if d := v - 64; d >= 0 && d < n {
			set[d/64] |= 1 << (d % 64)
		}
	}
	for i, w := range set {
		if w != ^uint64(0) {
			return 64 + 64*i + bits.TrailingZeros64(^w)
		}
	}
	return 64 + 64*len(set) // not reached: n bits hold at most n−1 values
}

// A TierSpec describes a tiered solve: the box, and where to start.
type TierSpec struct {
	BoxSpec
	// First is the first tier to compute; tiers below it are read with
	// Load (when resuming from a stored table).
	First int
	// Load fills the values of a tier below First that later tiers need:
	// t's Sum, Index and Kinds are set and its records allocated.
	Load func(t *Tier) error
	// Reopen, if set, gives a read-only view of a finished tier's records
	// (in the layout of Tier.Bytes: e.g. its file, memory-mapped) once
	// emit has returned, or for a tier below First. The rulesets whose
	// moves reach every lower tier then read those tiers from the views
	// and hold in memory only the tier being computed and the one being
	// emitted. Views must stay valid until SolveTiers returns. It is not
	// used on big-endian machines, nor for the slow rulesets.
	Reopen func(s int) ([]byte, error)
}

// NeededTiers is how many tiers below s the followers of tier s may lie
// in under r: k for the slow rulesets (a move removes at most k tokens),
// every lower tier otherwise.
func NeededTiers(r grundy.Ruleset, piles int) int {
	if u, ok := r.(grundy.UnitDecrements); ok && grundy.SymmetricFrom(r, piles) == 0 {
		_, hi := u.UnitDecrementRange(piles)
		return hi
	}
	return -1
}

// SolveTiers computes the values of every canonical position of a box
// tier by tier, in order, holding in memory only the tiers that later
// tiers still need (the last k for slow rulesets, all earlier ones
// otherwise), and calls emit with each finished tier. emit runs while the
// next tier is computed; the Tier it gets is valid only until it
// returns. An error from emit stops the solve and is returned.
func SolveTiers(ctx context.Context, r grundy.Ruleset, spec TierSpec, emit func(*Tier) error) error {
	est, err := checkBox(r, &spec.BoxSpec)
	if err != nil {
		return err
	}
	// Held counts only the tiers in memory at once.
	if err := est.Check(est.HeldMemory(), spec.limits()); err != nil {
		return fmt.Errorf("%d piles ≤ %d of %s: %w", spec.Piles, spec.Max, r.Name(), err)
	}
	ix, err := newBoxIndex(r, spec.BoxSpec)
	if err != nil {
		return err
	}
	if est.Wide {
		return solveTiers[uint32](ctx, r, ix, spec, emit)
	}
	return solveTiers[uint16](ctx, r, ix, spec, emit)
}

func solveTiers[T word](ctx context.Context, r grundy.Ruleset, ix *TierIndex, spec TierSpec, emit func(*Tier) error) error {
	e := newTierRun[T](r, ix, spec.Kinds, spec.Workers, spec.Executor)
	stride := uint64(e.lay.stride)
	// The slow rulesets cycle through reach+2 buffers: the tier being
	// computed, the reach tiers it reads, and the one being emitted.
	var ring [][]T
	if e.unit {
		var largest uint64
		for s := range ix.Tiers() {
			largest = max(largest, ix.TierSize(s))
		}
		ring = make([][]T, e.reach()+2)
		for i := range ring {
			ring[i] = make([]T, largest*stride)
		}
	}
	alloc := func(s int) []T {
		n := ix.TierSize(s) * stride
		if ring != nil {
			return ring[s%len(ring)][:n]
		}
		return make([]T, n)
	}
	tier := func(s int, vals []T) *Tier {
		t := &Tier{Index: ix, Sum: s, Kinds: spec.Kinds, lay: e.lay}
		switch v := any(vals).(type) {
		case []uint16:
			t.v16 = v
		case []uint32:
			t.v32 = v
		}
		return t
	}
	reopen := spec.Reopen
	if e.unit || !littleEndian {
		reopen = nil
	}
	view := func(s int) error {
		b, err := reopen(s)
		if err != nil {
			return err
		}
		var zero T
		size := int(unsafe.Sizeof(zero))
		if uint64(len(b)) != ix.TierSize(s)*stride*uint64(size) {
			return fmt.Errorf("tier %d: view of %d bytes, want %d", s, len(b), ix.TierSize(s)*stride*uint64(size))
		}
		e.tiers[s] = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/size)
		return nil
	}
	first := max(0, spec.First)
	for s := max(0, first-e.reach()); s < first && s < ix.Tiers(); s++ {
		if reopen != nil {
			if err := view(s); err != nil {
				return err
			}
			continue
		}
		e.tiers[s] = alloc(s)
		if spec.Load == nil {
			return fmt.Errorf("resume from tier %d needs a loader", first)
		}
		if err := spec.Load(tier(s, e.tiers[s])); err != nil {
			return err
		}
	}
	var pending chan error
	wait := func() error {
		if pending == nil {
			return nil
		}
		err := <-pending
		pending = nil
		return err
	}
	defer wait()
	for s := first; s < ix.Tiers(); s++ {
		if e.unit && s-e.reach()-1 >= 0 {
			e.tiers[s-e.reach()-1] = nil
		}
		e.tiers[s] = alloc(s)
		if err := e.solveTier(ctx, s); err != nil {
			return err
		}
		if err := wait(); err != nil {
			return err
		}
		if reopen != nil && s > first {
			// Tier s−1 is emitted: read it from its view from now on.
			if err := view(s - 1); err != nil {
				return err
			}
		}
		if spec.Progress != nil {
			spec.Progress(ix.TierStart(s+1), ix.Size())
		}
		pending = make(chan error, 1)
		go func(t *Tier) { pending <- emit(t) }(tier(s, e.tiers[s]))
	}
	return wait()
}
