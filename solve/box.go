package solve

import (
	"context"
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/internal/plural"
)

// A BoxSpec describes the box of every position with Piles piles, each at
// most Max, and what to compute there.
type BoxSpec struct {
	Piles, Max int
	Kinds      grundy.Kinds // zero means AllKinds
	// Workers is the number of goroutines; zero means GOMAXPROCS.
	Workers int
	// Executor runs the shards of each tier; nil means Local{Workers}.
	// SolveBox's two-pile line sweep does not go by tiers and ignores it
	// (unless Generic).
	Executor Executor
	// MemoryLimit in bytes refuses larger boxes before allocating; zero
	// means no limit.
	MemoryLimit uint64
	// WorkLimit refuses boxes whose Estimate.Work is larger; zero means
	// no limit.
	WorkLimit float64
	// Progress, if set, is called after each tier with the number of
	// positions done and the total.
	Progress func(done, total uint64)
	// Generic makes SolveBox enumerate every option even where a faster
	// structured solver applies (the two-pile line solver): the baseline
	// of cross-checks and benchmarks.
	Generic bool
}

// ErrTooBig is wrapped by errors about boxes that would not fit.
var ErrTooBig = fmt.Errorf("box too big")

// SolveBox computes the values of every canonical position of the box.
func SolveBox(ctx context.Context, r grundy.Ruleset, spec BoxSpec) (*Table, error) {
	est, err := checkBox(r, &spec)
	if err != nil {
		return nil, err
	}
	if err := est.Check(est.Memory(), spec.limits()); err != nil {
		return nil, fmt.Errorf("%d piles ≤ %d of %s: %w", spec.Piles, spec.Max, r.Name(), err)
	}
	if mv, ok := lineSolver(r, spec); ok {
		return solveTwoPileBox(ctx, r, mv, spec, est)
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
		return Estimate{}, fmt.Errorf("box needs at least one pile and a non-negative max, got %s ≤ %d", plural.Piles(spec.Piles), spec.Max)
	}
	if spec.Piles > MaxPiles {
		return Estimate{}, fmt.Errorf("%w: %s, more than the %s a position may have", ErrTooBig, plural.Piles(spec.Piles), plural.Piles(MaxPiles))
	}
	if err := r.Validate(make(grundy.Position, spec.Piles)); err != nil {
		return Estimate{}, fmt.Errorf("%s with %s: %w", r.Name(), plural.Piles(spec.Piles), err)
	}
	if grundy.PileCountChanges(r) {
		return Estimate{}, &grundy.PileCountError{Ruleset: r.Name(), Solver: "box"}
	}
	if grundy.PilesMayGrow(r) && !grundy.TryBoxes(r) {
		return Estimate{}, fmt.Errorf("%s: some moves add tokens to a pile, so no box is closed under its moves; value and move search single positions", r.Name())
	}
	if spec.Kinds == 0 {
		spec.Kinds = grundy.AllKinds
	}
	return EstimateBox(r, *spec), nil
}

// MaxPiles is the most piles a box's positions may have: one position
// then takes 8 MiB, and every worker holds a few.
const MaxPiles = 1 << 20

func (spec BoxSpec) limits() Limits {
	return Limits{Memory: spec.MemoryLimit, Work: spec.WorkLimit}
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
