package engine

import (
	"context"
	"fmt"
	"math"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/instruments"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/solve"
)

// The research instruments over solved boxes (package instruments):
// classification by (G, G⁻), invariant shifts, parity, the misère
// exceptions of Slow Exact k-Nim and P-position sequences. Each verb here
// is the whole job a front end asks for: it estimates the box and the
// instrument's scan against the limits (read once) and refuses what will
// not fit before any work, solves the box with the kinds the instrument
// reads, then scans it — so no front end repeats the estimate or the
// choice of kinds. The results are the instruments' own types.

// An InstrumentRun is how an instrument's box is solved and scanned.
type InstrumentRun struct {
	// Limits bound the box and the scan; zero fields take
	// DefaultLimits.
	Limits solve.Limits
	// Progress, if set, gives each phase's progress callback ("solving"
	// a box, then the scan: "classifying", "checking", "collecting",
	// "searching") and a func called when the phase ends.
	Progress func(what string) (report func(done, total uint64), finish func())
}

func (o InstrumentRun) limits() solve.Limits { return Options{Limits: o.Limits}.limits() }

func (o InstrumentRun) phase(what string) (func(done, total uint64), func()) {
	if o.Progress == nil {
		return nil, func() {}
	}
	return o.Progress(what)
}

// solve solves a box for kinds within the limits, with a "solving" phase.
func (o InstrumentRun) solve(ctx context.Context, r grundy.Ruleset, piles, max int, kinds grundy.Kinds) (*solve.Table, error) {
	report, finish := o.phase("solving")
	defer finish()
	return SolveBox(ctx, r, piles, max, kinds, Options{Progress: report, Limits: o.Limits})
}

// scan runs an instrument's scan in a phase named what.
func scan[T any](o InstrumentRun, what string, f func(instruments.Options) (T, error)) (T, error) {
	report, finish := o.phase(what)
	defer finish()
	return f(instruments.Options{Progress: report})
}

// estimateBox refuses, before any work, a box that would not fit the
// limits, its work multiplied by extra (the vectors a search tries, the
// boxes a series holds).
func (o InstrumentRun) estimateBox(r grundy.Ruleset, piles, max int, kinds grundy.Kinds, extra float64) error {
	if piles > solve.MaxPiles {
		return fmt.Errorf("%w: %s, more than the %s a position may have", solve.ErrTooBig, plural.Piles(piles), plural.Piles(solve.MaxPiles))
	}
	e := EstimateBox(r, piles, max, kinds)
	if extra > 1 {
		e.Work *= extra
	}
	if err := e.Check(e.Memory(), o.limits()); err != nil {
		return fmt.Errorf("%s ≤ %d of %s: %w", plural.Piles(piles), max, r.Name(), err)
	}
	return nil
}

// estimateScan refuses, before any work, a scan of every follower of
// every position of a box that would exceed the work limit; what says
// what the scan is for.
func (o InstrumentRun) estimateScan(r grundy.Ruleset, piles, max int, what string) error {
	e := EstimateGeneric(r, piles, max, grundy.KindG|grundy.KindGm)
	if err := e.Check(0, o.limits()); err != nil {
		return fmt.Errorf("%s ≤ %d of %s, %s: %w", plural.Piles(piles), max, r.Name(), what, err)
	}
	return nil
}

// Classify solves the box of r for G and G⁻ and classifies its positions
// by (G, G⁻) (000 §1.5, Lemma 13). Its test of miserability lists every
// follower of every position, which is estimated first.
func Classify(ctx context.Context, r grundy.Ruleset, piles, max int, opt instruments.ClassifyOptions, run InstrumentRun) (instruments.Classification, error) {
	if err := run.estimateScan(r, piles, max, "listing every follower to test miserability"); err != nil {
		return instruments.Classification{}, err
	}
	t, err := run.solve(ctx, r, piles, max, grundy.KindG|grundy.KindGm)
	if err != nil {
		return instruments.Classification{}, err
	}
	return scan(run, "classifying", func(o instruments.Options) (instruments.Classification, error) {
		opt.Options = o
		return instruments.Classify(ctx, t, opt)
	})
}

// Parity solves the box of r for G (G⁻ with opt.Misere) and determines
// it modulo 2 (000 Props 10–11).
func Parity(ctx context.Context, r grundy.Ruleset, piles, max int, opt instruments.ParityOptions, run InstrumentRun) (instruments.ParityResult, error) {
	kind := grundy.KindG
	if opt.Misere {
		kind = grundy.KindGm
	}
	t, err := run.solve(ctx, r, piles, max, kind)
	if err != nil {
		return instruments.ParityResult{}, err
	}
	return scan(run, "checking", func(o instruments.Options) (instruments.ParityResult, error) {
		opt.Options = o
		return instruments.Parity(ctx, t, opt)
	})
}

// PPos solves the two-pile box of r up to max and lists its P-positions
// (misère with misere) as a sequence, the pairs with a ≤ amax (all for
// amax < 0) (002 Tables 1–6).
func PPos(ctx context.Context, r grundy.Ruleset, max int, misere bool, amax int, run InstrumentRun) (instruments.PPositions, error) {
	kind := grundy.KindG
	if misere {
		kind = grundy.KindGm
	}
	t, err := run.solve(ctx, r, 2, max, kind)
	if err != nil {
		return instruments.PPositions{}, err
	}
	return scan(run, "collecting", func(o instruments.Options) (instruments.PPositions, error) {
		return instruments.PPos(ctx, t, misere, amax, o)
	})
}

// shiftKinds are the values a shift check reads.
const shiftKinds = grundy.KindG | grundy.KindGm

// classModulus fills in the modulus of a --class check that gives none:
// the one r's moves keep (instruments.ClassModulus).
func classModulus(r grundy.Ruleset, piles int, opt *instruments.ShiftOptions) {
	if opt.Class != nil && opt.Modulus == 0 {
		opt.Modulus = instruments.ClassModulus(r, piles)
	}
}

// CheckShift decides whether y is a shift of the given kind in the box of
// len(y) piles of r up to max (004 §2), with the smallest witness when it
// is not. A class without a modulus takes the one r's moves keep (k for
// Slow Exact k-Nim).
func CheckShift(ctx context.Context, r grundy.Ruleset, y grundy.Position, max int, opt instruments.ShiftOptions, run InstrumentRun) (instruments.Verdict, error) {
	piles := len(y)
	if err := run.estimateBox(r, piles, max, shiftKinds, 1); err != nil {
		return instruments.Verdict{}, err
	}
	classModulus(r, piles, &opt)
	t, err := run.solve(ctx, r, piles, max, shiftKinds)
	if err != nil {
		return instruments.Verdict{}, err
	}
	if err := instruments.CheckShiftVector(t, y); err != nil {
		return instruments.Verdict{}, err
	}
	return scan(run, "checking", func(o instruments.Options) (instruments.Verdict, error) {
		opt.Options = o
		return instruments.CheckShift(ctx, t, y, opt)
	})
}

// A ShiftSearchError is a search for shift vectors refused by its
// estimate: the vectors it would try, each over the box.
type ShiftSearchError struct {
	Bound   int     // the largest entry of the vectors
	Vectors float64 // how many it would try, at most
	Err     error   // the box's estimate with the vectors' work
}

func (e *ShiftSearchError) Error() string {
	return e.Word("a search of entries up to " + fmt.Sprint(e.Bound))
}

// Word is the message with the search named as the front end names it.
func (e *ShiftSearchError) Word(search string) string {
	return fmt.Sprintf("%s tries up to %s vectors, each over the box: %v", search, plural.Magnitude(math.Log10(e.Vectors)), e.Err)
}

func (e *ShiftSearchError) Unwrap() error { return e.Err }

// SearchShifts tries every nondecreasing shift vector of piles entries
// in 0..bound and keeps those that are shifts of the given kind in the
// box of r up to max. The search's work, C(bound+piles, piles) vectors
// each over the box, is estimated first.
func SearchShifts(ctx context.Context, r grundy.Ruleset, piles, max, bound int, opt instruments.ShiftOptions, run InstrumentRun) (instruments.ShiftSearch, error) {
	// The nondecreasing vectors with entries ≤ bound: C(bound+piles,
	// piles) of them at most.
	vectors := math.Exp(lgamma(bound+piles+1) - lgamma(bound+1) - lgamma(piles+1))
	if err := run.estimateBox(r, piles, max, shiftKinds, vectors); err != nil {
		if vectors > 1 {
			return instruments.ShiftSearch{}, &ShiftSearchError{Bound: bound, Vectors: vectors, Err: err}
		}
		return instruments.ShiftSearch{}, err
	}
	classModulus(r, piles, &opt)
	t, err := run.solve(ctx, r, piles, max, shiftKinds)
	if err != nil {
		return instruments.ShiftSearch{}, err
	}
	return scan(run, "searching", func(o instruments.Options) (instruments.ShiftSearch, error) {
		opt.Options = o
		return instruments.SearchShifts(ctx, t, bound, opt)
	})
}

func lgamma(x int) float64 {
	v, _ := math.Lgamma(float64(x))
	return v
}

// Exceptions lists the misère exceptions to the M-rule of Slow Exact
// k-Nim with piles = k+1 (003 §2), solving the boxes of 2..piles piles up
// to max for remoteness, each within the limits. It refuses at once a
// series whose set-up alone (about piles³/3 steps) exceeds the work
// limit, or whose largest box (about half the work, and all of them are
// held) will not fit.
func Exceptions(ctx context.Context, piles, max int, opt instruments.ExceptionsOptions, run InstrumentRun) (instruments.ExceptionsResult, error) {
	l := run.limits()
	if setup := float64(piles) * float64(piles) * float64(piles) / 3; setup > l.Work {
		return instruments.ExceptionsResult{}, fmt.Errorf("%w: the boxes of 2..%d piles need about %.2g steps to set up, more than the limit of %.2g",
			solve.ErrTooBig, piles, setup, l.Work)
	}
	if err := run.estimateBox(games.Slow{K: piles - 1, Exact: true}, piles, max, grundy.KindR|grundy.KindRm, 2); err != nil {
		return instruments.ExceptionsResult{}, err
	}
	return scan(run, "checking", func(o instruments.Options) (instruments.ExceptionsResult, error) {
		opt.Options = o
		return instruments.Exceptions(ctx, piles, max, run.solve, opt)
	})
}
