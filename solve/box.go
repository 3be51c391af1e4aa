package solve

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/grundy/grundy"
)

// A BoxSpec describes the box of every position with Piles piles, each at
// most Max, and what to compute there.
type BoxSpec struct {
	Piles, Max int
	Kinds      Kinds // zero means AllKinds
	// Workers is the number of goroutines; zero means GOMAXPROCS.
	Workers int
	// MemoryLimit in bytes refuses larger boxes before allocating; zero
	// means no limit.
	MemoryLimit uint64
	// Progress, if set, is called after each tier with the number of
	// positions done and the total.
	Progress func(done, total uint64)
}

// An Estimate is what a box needs before it is solved.
type Estimate struct {
	Positions *big.Int
	Bytes     *big.Int // value tables
	Wide      bool     // values need four bytes
}

func (e Estimate) String() string {
	return fmt.Sprintf("%s positions, %s of tables", e.Positions, FormatBytes(e.Bytes))
}

// EstimateBox says how many positions and bytes a box needs.
func EstimateBox(r grundy.Ruleset, spec BoxSpec) Estimate {
	kinds := spec.Kinds
	if kinds == 0 {
		kinds = AllKinds
	}
	n := BoxSize(spec.Piles, grundy.SymmetricFrom(r, spec.Piles), spec.Max)
	// Every move removes a token, so no value exceeds the longest play
	// (at most Piles·Max moves) plus one for misère's virtual move.
	wide := spec.Piles*spec.Max+1 > 0xFFFF
	width := int64(2)
	if wide {
		width = 4
	}
	bytes := new(big.Int).Mul(n, big.NewInt(width*int64(kinds.Count())))
	return Estimate{Positions: n, Bytes: bytes, Wide: wide}
}

// FormatBytes prints a byte count in binary units.
func FormatBytes(b *big.Int) string {
	f, _ := new(big.Float).SetInt(b).Float64()
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i := 0
	for f >= 1024 && i < len(units)-1 {
		f /= 1024
		i++
	}
	if i == 0 {
		return fmt.Sprintf("%.0f B", f)
	}
	return fmt.Sprintf("%.1f %s", f, units[i])
}

// ErrTooBig is wrapped by errors about boxes that would not fit.
var ErrTooBig = fmt.Errorf("box too big")

// SolveBox computes the values of every canonical position of the box.
func SolveBox(ctx context.Context, r grundy.Ruleset, spec BoxSpec) (*Table, error) {
	if spec.Piles < 1 || spec.Max < 0 {
		return nil, fmt.Errorf("box needs at least one pile and a non-negative max, got %d piles ≤ %d", spec.Piles, spec.Max)
	}
	if err := r.Validate(make(grundy.Position, spec.Piles)); err != nil {
		return nil, fmt.Errorf("%s with %d piles: %w", r.Name(), spec.Piles, err)
	}
	if spec.Kinds == 0 {
		spec.Kinds = AllKinds
	}
	est := EstimateBox(r, spec)
	if spec.MemoryLimit > 0 && est.Bytes.Cmp(new(big.Int).SetUint64(spec.MemoryLimit)) > 0 {
		return nil, fmt.Errorf("%w: %d piles ≤ %d of %s needs %s, more than the %s available",
			ErrTooBig, spec.Piles, spec.Max, r.Name(), est, FormatBytes(new(big.Int).SetUint64(spec.MemoryLimit)))
	}
	ix, err := NewIndex(spec.Piles, grundy.SymmetricFrom(r, spec.Piles), spec.Max)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrTooBig, err)
	}
	t := &Table{Ruleset: r, Index: ix, Kinds: spec.Kinds}
	size := ix.Size()
	for k, col := range map[Kinds]*column{KindG: &t.g, KindGm: &t.gm, KindR: &t.r, KindRm: &t.rm} {
		if spec.Kinds&k != 0 {
			*col = newColumn(size, est.Wide)
		}
	}
	workers := spec.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var done atomic.Uint64
	chunks := ix.Max + 1 // first enumerated coordinate: 0..Max
	for s := 0; s <= ix.N*ix.Max; s++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var next atomic.Int64
		var wg sync.WaitGroup
		for range min(workers, chunks) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				w := newBoxWorker(t)
				for {
					v := int(next.Add(1) - 1)
					if v >= chunks || ctx.Err() != nil {
						return
					}
					n := w.tierChunk(s, v)
					done.Add(n)
				}
			}()
		}
		wg.Wait()
		if spec.Progress != nil {
			spec.Progress(done.Load(), size)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return t, nil
}

// A boxWorker evaluates positions of one tier; each goroutine has its own.
type boxWorker struct {
	t      *Table
	ix     *Index
	unit   bool // slow ruleset on fully sorted positions: followers by rank arithmetic
	lo, hi int  // piles touched per move, when unit
	p, q   grundy.Position
	ranks  []uint64
	vals   []int
	groups []group
}

// A group is a run of equal piles in a sorted position.
type group struct{ start, size, value int }

func newBoxWorker(t *Table) *boxWorker {
	w := &boxWorker{t: t, ix: t.Index, p: make(grundy.Position, t.Index.N), q: make(grundy.Position, t.Index.N)}
	if u, ok := t.Ruleset.(grundy.UnitDecrements); ok && t.Index.From == 0 {
		w.unit = true
		w.lo, w.hi = u.UnitDecrementRange(t.Index.N)
	}
	return w
}

// tierChunk evaluates the positions with token sum s whose first
// enumerated coordinate is v, and returns how many there were.
func (w *boxWorker) tierChunk(s, v int) uint64 {
	var n uint64
	w.ix.eachWithSum(s, v, w.p, func(p grundy.Position, rank uint64) {
		w.ranks = w.ranks[:0]
		if w.unit {
			w.unitFollowers(p, rank)
		} else {
			w.t.Ruleset.Options(p, func(q grundy.Position) bool {
				copy(w.q, q)
				w.ranks = append(w.ranks, w.ix.canonicalRank(w.q))
				return true
			})
		}
		w.evaluate(rank)
		n++
	})
	return n
}

// unitFollowers lists the ranks of the followers of the sorted position p
// under a slow ruleset. Within a run of equal piles only how many lose a
// token matters, and lowering the first d piles of a run keeps p sorted,
// so each follower's rank is rank minus one binomial per lowered pile.
func (w *boxWorker) unitFollowers(p grundy.Position, rank uint64) {
	w.groups = w.groups[:0]
	for i := 0; i < len(p); {
		j := i
		for j < len(p) && p[j] == p[i] {
			j++
		}
		if p[i] > 0 {
			w.groups = append(w.groups, group{start: i, size: j - i, value: p[i]})
		}
		i = j
	}
	w.chooseUnits(0, 0, rank)
}

func (w *boxWorker) chooseUnits(g, chosen int, rank uint64) {
	if chosen == w.hi || g == len(w.groups) {
		if chosen >= w.lo {
			w.ranks = append(w.ranks, rank)
		}
		return
	}
	w.chooseUnits(g+1, chosen, rank)
	gr := w.groups[g]
	for d := 1; d <= gr.size && chosen+d <= w.hi; d++ {
		rank -= w.ix.unitDelta(gr.start+d-1, gr.value)
		w.chooseUnits(g+1, chosen+d, rank)
	}
}

// evaluate sets the values at rank from the followers in w.ranks, all of
// which are already computed.
func (w *boxWorker) evaluate(rank uint64) {
	t := w.t
	if t.g.ok() {
		t.g.set(rank, w.mex(&t.g, 0))
	}
	if t.gm.ok() {
		t.gm.set(rank, w.mex(&t.gm, 1))
	}
	if t.r.ok() {
		t.r.set(rank, w.remoteness(&t.r, 0))
	}
	if t.rm.ok() {
		t.rm.set(rank, w.remoteness(&t.rm, 1))
	}
}

func (w *boxWorker) mex(c *column, terminal int) int {
	if len(w.ranks) == 0 {
		return terminal
	}
	var seen uint64
	for _, f := range w.ranks {
		if v := c.get(f); v < 64 {
			seen |= 1 << v
		}
	}
	if ^seen != 0 {
		return bits.TrailingZeros64(^seen)
	}
	w.vals = w.vals[:0]
	for _, f := range w.ranks {
		w.vals = append(w.vals, c.get(f))
	}
	return grundy.Mex(w.vals)
}

func (w *boxWorker) remoteness(c *column, terminal int) int {
	var step grundy.RemotenessStep
	for _, f := range w.ranks {
		step.Add(c.get(f))
	}
	return step.Result(terminal)
}
