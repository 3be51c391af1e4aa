package solve

import (
	"context"
	"fmt"
	"math/big"

	"github.com/grundy/grundy"
)

// A BoxSpec describes the box of every position with Piles piles, each at
// most Max, and what to compute there.
type BoxSpec struct {
	Piles, Max int
	Kinds      Kinds // zero means AllKinds
	// Workers is the number of goroutines; zero means GOMAXPROCS.
	Workers int
	// Executor runs the shards of each tier; nil means Local{Workers}.
	Executor Executor
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
	// Held is the memory SolveTiers holds for values: a few of the
	// largest tiers for the slow rulesets, the whole table otherwise.
	Held *big.Int
	// Tiers and LargestTier describe the tiers (LargestTier is nil for
	// boxes too large to index).
	Tiers       int
	LargestTier *big.Int
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
	record := big.NewInt(width * int64(kinds.Count()))
	e := Estimate{Positions: n, Bytes: new(big.Int).Mul(n, record), Wide: wide, Tiers: spec.Piles*spec.Max + 1}
	e.Held = e.Bytes
	// Sizing the tiers takes their index, which is small beside the box
	// but not always beside the memory: build it only when it is both.
	tableBytes, _ := new(big.Float).SetInt(e.Bytes).Float64()
	if ib := indexBytes(spec.Piles, spec.Max); n.IsInt64() && (ib <= 64<<20 || ib <= tableBytes/16 && ib <= 1<<30) {
		if ix, err := NewTierIndex(spec.Piles, grundy.SymmetricFrom(r, spec.Piles), spec.Max); err == nil {
			var largest uint64
			for s := range ix.Tiers() {
				largest = max(largest, ix.TierSize(s))
			}
			e.LargestTier = new(big.Int).SetUint64(largest)
			if k := NeededTiers(r, spec.Piles); k >= 0 {
				// SolveTiers cycles k+2 tier buffers.
				e.Held = new(big.Int).Mul(e.LargestTier, big.NewInt(int64(k+2)))
				e.Held.Mul(e.Held, record)
			}
		}
	}
	return e
}

// indexBytes is about the memory NewTierIndex takes for a box: its count
// tables for 3 to n sorted piles, and its tier starts.
func indexBytes(n, max int) float64 {
	b := 8 * float64(n*max+2) * float64(n+1)
	for j := 3; j <= n; j++ {
		b += 8 * float64(j*max+1) * float64(max+1)
	}
	return b
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
	est, err := checkBox(r, &spec)
	if err != nil {
		return nil, err
	}
	if spec.MemoryLimit > 0 && est.Bytes.Cmp(new(big.Int).SetUint64(spec.MemoryLimit)) > 0 {
		return nil, fmt.Errorf("%w: %d piles ≤ %d of %s needs %s, more than the %s available",
			ErrTooBig, spec.Piles, spec.Max, r.Name(), est, FormatBytes(new(big.Int).SetUint64(spec.MemoryLimit)))
	}
	t, err := NewTable(r, spec.Piles, spec.Max, spec.Kinds)
	if err != nil {
		return nil, err
	}
	if t.v32 != nil {
		err = solveInMemory(ctx, r, t.Index, spec, t.v32)
	} else {
		err = solveInMemory(ctx, r, t.Index, spec, t.v16)
	}
	if err != nil {
		return nil, err
	}
	return t, nil
}

// checkBox checks a box against its ruleset, fills in defaults and
// estimates it.
func checkBox(r grundy.Ruleset, spec *BoxSpec) (Estimate, error) {
	if spec.Piles < 1 || spec.Max < 0 {
		return Estimate{}, fmt.Errorf("box needs at least one pile and a non-negative max, got %d piles ≤ %d", spec.Piles, spec.Max)
	}
	if err := r.Validate(make(grundy.Position, spec.Piles)); err != nil {
		return Estimate{}, fmt.Errorf("%s with %d piles: %w", r.Name(), spec.Piles, err)
	}
	if grundy.PilesMayGrow(r) {
		return Estimate{}, fmt.Errorf("%s: some moves add tokens to a pile, so no box is closed under its moves; value and move search single positions", r.Name())
	}
	if spec.Kinds == 0 {
		spec.Kinds = AllKinds
	}
	return EstimateBox(r, *spec), nil
}

// newBoxIndex builds the index of a checked box.
func newBoxIndex(r grundy.Ruleset, spec BoxSpec) (*TierIndex, error) {
	ix, err := NewTierIndex(spec.Piles, grundy.SymmetricFrom(r, spec.Piles), spec.Max)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrTooBig, err)
	}
	return ix, nil
}

// solveInMemory fills vals, the records of the whole box in rank order,
// tier by tier.
func solveInMemory[T word](ctx context.Context, r grundy.Ruleset, ix *TierIndex, spec BoxSpec, vals []T) error {
	e := newTierRun[T](r, ix, spec.Kinds, spec.Workers, spec.Executor)
	stride := uint64(e.lay.stride)
	for s := range e.tiers {
		e.tiers[s] = vals[ix.TierStart(s)*stride : ix.TierStart(s+1)*stride]
	}
	for s := range e.tiers {
		if err := e.solveTier(ctx, s); err != nil {
			return err
		}
		if spec.Progress != nil {
			spec.Progress(ix.TierStart(s+1), ix.Size())
		}
	}
	return nil
}
