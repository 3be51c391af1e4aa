package remoteness

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

// The catalogue of §2 speaks of minimal exceptions with x1 ≤ 17 and any
// other piles. Two facts of NIM(n, n−1), proved here and tested against
// the plain recursion (TestBigPiles, TestRegionAgreesWithNaive), make that
// range finite but for x2:
//
// (a) No play from x lasts more than s = x1 + x2 moves: every move lowers
// all piles but one, so x1 + x2 of the sorted position drops by at least
// one (its two smallest entries cannot both be kept). A pile > s therefore
// never empties, and R⁻ and the exception status are unchanged when every
// such pile is written s + 1: by induction on s, keeping pile j of x and of
// its clamped form x̂ gives options that agree on the piles ≤ s and whose
// other piles are > s − 1 ≥ s' in both, so clamp to the same position; a
// move is legal in both or neither (piles > s are non-empty); and the
// M-move keeps the same small pile, or a big one in both when no pile ≤ s
// is even (any big one: they clamp alike).
//
// (b) By the same induction, R⁻ and the exception status of a position with
// at least one pile > s depend only on its piles ≤ s, not on how many big
// piles it has, nor on n (a move keeps one pile and lowers the rest in
// every NIM(n, n−1)). So a minimal exception of n ≥ 4 piles has x(n−1) ≤ s:
// otherwise its prefix (x1, …, x(n−1)) has the same small piles and a big
// one, and is an exception of NIM(n−1, n−2).
//
// So every minimal exception with x1 ≤ a and x2 ≤ w is, clamped, a
// position of the region below, and every position of it stands for
// exactly the positions that clamp to it. x2 has no such bound (§2.9's
// family is a minimal exception for every x2 = x1 + i): w is a window.

// A region is the clamped positions of NIM(n, n−1), n ≥ 2: sorted, x1 ≤ a,
// x1 ≤ x2 ≤ w, and x2 ≤ xi ≤ x1 + x2 + 1 for i ≥ 3. It is closed under
// moves followed by clamping (sorted entries never grow, and (a) clamps
// the rest), so its R⁻ is solved within it, by increasing x1 + x2.
type region struct {
	n, a, w int
	m       int // n − 2: the piles after x2
	// base[x1][x2−x1] is the rank of the first position of the block
	// (x1, x2); a block's positions are ranked by their tail, the offsets
	// xi − x2 ∈ [0, x1 + 1] (i ≥ 3), as multisets in colex order.
	base  [][]uint64
	size  uint64
	rm    []uint8
	exc   bitset // an exception (its M-move is not optimal)
	pre   bitset // a proper prefix of ≥ 2 piles is one in its own game
	lower *region
}

// binom[i][j] = C(i, j), j ≤ 8, for the ranks of tails: i ≤ x1 + n − 1.
var binom = func() [][]uint64 {
	b := make([][]uint64, 65)
	for i := range b {
		b[i] = make([]uint64, 9)
		b[i][0] = 1
		for j := 1; j < 9 && i > 0; j++ {
			b[i][j] = b[i-1][j-1] + b[i-1][j]
		}
	}
	return b
}()

// regionSize is the number of positions of the region (n, a, w), with no
// allocation: the estimate a caller refuses by.
func regionSize(n, a, w int) uint64 {
	var size uint64
	for x1 := 0; x1 <= a && x1 <= w; x1++ {
		size += uint64(w-x1+1) * binom[x1+n-1][n-2]
	}
	return size
}

// regionBytes is the memory a region of n piles and its lower regions
// take (a byte of R⁻ and two bits a position).
func regionBytes(n, a, w int) uint64 {
	var b uint64
	for j := 2; j <= n; j++ {
		b += regionSize(j, a, w) * 5 / 4
	}
	return b
}

// regionWork is the work of solving the regions of 2 … n piles: their
// positions times the moves each reads.
func regionWork(n, a, w int) float64 {
	work := 0.0
	for j := 2; j <= n; j++ {
		work += float64(regionSize(j, a, w)) * float64(j+1)
	}
	return work
}

// maxRegionSum bounds x1 + x2 in a region: no play lasts more than
// x1 + x2 moves, so R⁻ ≤ x1 + x2 + 1 fits a byte.
const maxRegionSum = 200

// newRegion solves the region of n piles, with those of 2 … n−1 piles
// its prefixes lie in (regionOf). Panics unless 2 ≤ n ≤ 8, 0 ≤ a ≤ w,
// a ≤ 55 (binom) and a + w ≤ maxRegionSum: a programmer's error (callers
// bound their instances).
func newRegion(ctx context.Context, n, a, w int, progress func(done, total uint64)) (*region, error) {
	if n < 2 || n > 8 || a < 0 || a > w || a > 55 || a+w > maxRegionSum {
		panic(fmt.Sprintf("remoteness: region of %d piles, x1 ≤ %d, x2 ≤ %d", n, a, w))
	}
	var lower *region
	if n > 2 {
		var err error
		if lower, err = regionOf(ctx, n-1, a, w, nil); err != nil {
			return nil, err
		}
	}
	g := &region{n: n, a: a, w: w, m: n - 2, lower: lower}
	g.base = make([][]uint64, a+1)
	for x1 := 0; x1 <= a; x1++ {
		g.base[x1] = make([]uint64, w-x1+1)
		for d := range g.base[x1] {
			g.base[x1][d] = g.size
			g.size += g.blockSize(x1)
		}
	}
	g.rm = make([]uint8, g.size)
	g.exc = make(bitset, (g.size+63)/64)
	g.pre = make(bitset, (g.size+63)/64)
	if err := g.solve(ctx, progress); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *region) blockSize(x1 int) uint64 { return binom[x1+g.m+1][g.m] }

// rank is the rank of clamped position x.
func (g *region) rank(x []int) uint64 {
	x1, x2 := x[0], x[1]
	r := g.base[x1][x2-x1]
	for i := 0; i < g.m; i++ {
		r += binom[x[i+2]-x2+i][i+1]
	}
	return r
}

// clamp writes each pile > x1 + x2 of sorted x as x1 + x2 + 1, in place.
func clamp(x []int) {
	top := x[0] + x[1] + 1
	for i := 2; i < len(x); i++ {
		if x[i] > top {
			x[i] = top
		}
	}
}

// contains reports whether sorted, clamped x lies in the region.
func (g *region) contains(x []int) bool {
	if len(x) != g.n || x[0] > g.a || x[1] > g.w {
		return false
	}
	for i := 1; i < len(x); i++ {
		if x[i] < x[i-1] {
			return false
		}
	}
	return x[len(x)-1] <= x[0]+x[1]+1
}

// R is R⁻ of sorted x, clamped first; false outside the region.
func (g *region) R(x grundy.Position) (int, bool) {
	y := append([]int(nil), x...)
	if len(y) >= 2 {
		clamp(y)
	}
	if !g.contains(y) {
		return 0, false
	}
	return int(g.rm[g.rank(y)]), true
}

// block calls f with every position of block (x1, x2) in rank order (the
// slice is reused).
func (g *region) block(x1, x2 int, f func(x []int, r uint64)) {
	x := make([]int, g.n)
	x[0], x[1] = x1, x2
	r := g.base[x1][x2-x1]
	if g.m == 0 {
		f(x, r)
		return
	}
	// Colex order of the tails: the last offset varies slowest.
	t := make([]int, g.m)
	hi := x1 + 1
	for {
		for i, v := range t {
			x[i+2] = x2 + v
		}
		f(x, r)
		r++
		i := 0
		for i < g.m-1 && t[i] == t[i+1] {
			i++
		}
		if i == g.m-1 && t[i] == hi {
			return
		}
		t[i]++
		for j := range i {
			t[j] = 0
		}
	}
}

// solve fills R⁻, then the exception and prefix bits, block by block in
// increasing x1 + x2 (every move lowers it), the blocks of one sum on all
// cores.
func (g *region) solve(ctx context.Context, progress func(done, total uint64)) error {
	var done atomic.Uint64
	for s := 0; s <= g.a+g.w; s++ {
		var blocks [][2]int
		for x1 := 0; x1 <= g.a && 2*x1 <= s; x1++ {
			if x2 := s - x1; x2 <= g.w {
				blocks = append(blocks, [2]int{x1, x2})
			}
		}
		g.eachBlock(ctx, blocks, func(b [2]int, y []int) {
			g.block(b[0], b[1], func(x []int, r uint64) { g.rm[r] = g.value(x, y) })
			done.Add(g.blockSize(b[0]))
		})
		if err := ctx.Err(); err != nil {
			return err
		}
		if progress != nil {
			progress(done.Load(), g.size)
		}
	}
	// The bits are set atomically: blocks share words.
	var blocks [][2]int
	for x1 := 0; x1 <= g.a; x1++ {
		for x2 := x1; x2 <= g.w; x2++ {
			blocks = append(blocks, [2]int{x1, x2})
		}
	}
	g.eachBlock(ctx, blocks, func(b [2]int, y []int) {
		g.block(b[0], b[1], func(x []int, r uint64) { g.facts(x, r, y) })
	})
	return ctx.Err()
}

// eachBlock runs do on every block, on all cores, each goroutine with its
// own scratch y of g.n piles, until ctx is cancelled.
func (g *region) eachBlock(ctx context.Context, blocks [][2]int, do func(b [2]int, y []int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(blocks)) {
		wg.Go(func() {
			y := make([]int, g.n)
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= len(blocks) {
					return
				}
				do(blocks[i], y)
			}
		})
	}
	wg.Wait()
}

// value is R⁻ of x from its options' (solved: smaller x1 + x2), y scratch:
// Smith's misère remoteness, terminal 1, else one more than the least
// even option if any, else than the largest odd one.
func (g *region) value(x, y []int) uint8 {
	zeros := 0
	for _, v := range x {
		if v == 0 {
			zeros++
		}
	}
	if zeros >= 2 {
		return 1
	}
	minEven, maxOdd := -1, -1
	for j := range x {
		if j+1 < len(x) && x[j+1] == x[j] || zeros == 1 && j != 0 {
			continue // keep the last of equal piles; with an empty pile, keep it
		}
		v := int(g.rm[g.rank(g.keep(x, j, y))])
		switch {
		case v%2 == 0 && (minEven < 0 || v < minEven):
			minEven = v
		case v%2 == 1 && v > maxOdd:
			maxOdd = v
		}
	}
	if minEven >= 0 {
		return uint8(minEven + 1)
	}
	return uint8(maxOdd + 1)
}

// keep is the move keeping pile j of x (the last of equal piles, so the
// result is sorted), clamped, written to y.
func (g *region) keep(x []int, j int, y []int) []int {
	for i, v := range x {
		y[i] = v - 1
	}
	y[j] = x[j]
	clamp(y)
	return y
}

// facts sets the exception and prefix bits of x at rank r.
func (g *region) facts(x []int, r uint64, y []int) {
	if j := mRuleKeep(x); j >= 0 {
		if int(g.rm[r])-int(g.rm[g.rank(g.keep(x, j, y))]) != 1 {
			atomic.OrUint64(&g.exc[r/64], 1<<(r%64))
		}
	}
	if l := g.lower; l != nil {
		// x(n−1) ≤ x1 + x2 + 1: the prefix is clamped already.
		lr := l.rank(x[:g.n-1])
		if l.exc.has(lr) || l.pre.has(lr) {
			atomic.OrUint64(&g.pre[r/64], 1<<(r%64))
		}
	}
}

// minimal reports whether the position of rank r is a minimal exception.
func (g *region) minimal(r uint64) bool { return g.exc.has(r) && !g.pre.has(r) }

// regions keeps the solved regions of one window (x1 ≤ a, x2 ≤ w) of the
// process, by pile count: the three catalogue claims sweep the same ones,
// and each region's prefixes lie in the one below. A new window drops
// the old (tens of megabytes at the default window).
var regions struct {
	sync.Mutex
	a, w int
	byN  map[int]*regionEntry
}

type regionEntry struct {
	once sync.Once
	g    *region
	err  error
}

// regionOf is the solved region (n, a, w), solved now if not yet.
func regionOf(ctx context.Context, n, a, w int, progress func(done, total uint64)) (*region, error) {
	regions.Lock()
	if regions.byN == nil || regions.a != a || regions.w != w {
		regions.a, regions.w, regions.byN = a, w, map[int]*regionEntry{}
	}
	byN := regions.byN
	e := byN[n]
	if e == nil {
		e = &regionEntry{}
		byN[n] = e
	}
	regions.Unlock()
	e.once.Do(func() { e.g, e.err = newRegion(ctx, n, a, w, progress) })
	if e.err != nil {
		regions.Lock()
		if byN[n] == e {
			delete(byN, n) // a cancelled solve is not kept
		}
		regions.Unlock()
	}
	return e.g, e.err
}

// regionFits refuses, with its estimate, a region (with those below it)
// beyond the limits.
func regionFits(n, a, w int, lim theory.SweepLimits) error {
	size := regionSize(n, a, w)
	bytes := regionBytes(n, a, w)
	e := solve.Estimate{Positions: new(big.Int).SetUint64(size), Log10Positions: math.Log10(float64(max(size, 1))),
		Bytes: new(big.Int).SetUint64(bytes), Held: new(big.Int).SetUint64(bytes), Options: float64(n), Work: regionWork(n, a, w)}
	return e.Check(float64(bytes), solve.Limits{Memory: lim.MemoryLimit, Work: lim.WorkLimit})
}
