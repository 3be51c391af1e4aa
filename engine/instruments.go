package engine

import (
	"context"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/instruments"
)

// The research instruments over solved boxes (package instruments):
// classification by (G, G⁻), invariant shifts, parity, the misère
// exceptions of Slow Exact k-Nim and P-position sequences. Each runs over
// a Table a front end has solved or read through engine, with a context
// and a progress callback (InstrumentOptions); the results are the
// instruments' own types.

type (
	InstrumentOptions = instruments.Options
	// SolveFunc solves a box for an instrument that needs several.
	SolveFunc         = instruments.SolveFunc
	ClassifyOptions   = instruments.ClassifyOptions
	Classification    = instruments.Classification
	ExceptionsOptions = instruments.ExceptionsOptions
	ExceptionsResult  = instruments.ExceptionsResult
	ParityOptions     = instruments.ParityOptions
	ParityResult      = instruments.ParityResult
	PPositions        = instruments.PPositions
	ShiftKind         = instruments.ShiftKind
	ShiftOptions      = instruments.ShiftOptions
	ShiftVerdict      = instruments.Verdict
	ShiftSearch       = instruments.ShiftSearch
)

// ShiftKinds are the invariants a shift may keep.
func ShiftKinds() []ShiftKind { return instruments.ShiftKinds }

// Classify classifies the positions of t by (G, G⁻) (000 §1.5, Lemma 13).
func Classify(ctx context.Context, t *Table, opt ClassifyOptions) (Classification, error) {
	return instruments.Classify(ctx, t, opt)
}

// Exceptions lists the misère exceptions to the M-rule of Slow Exact
// k-Nim with piles = k+1 (003 §2), solving its boxes with solveBox.
func Exceptions(ctx context.Context, piles, max int, solveBox SolveFunc, opt ExceptionsOptions) (ExceptionsResult, error) {
	return instruments.Exceptions(ctx, piles, max, solveBox, opt)
}

// Parity determines G or G⁻ modulo 2 over t (000 Props 10–11).
func Parity(ctx context.Context, t *Table, opt ParityOptions) (ParityResult, error) {
	return instruments.Parity(ctx, t, opt)
}

// PPos lists the P-positions of a two-pile table as a sequence (002
// Tables 1–6).
func PPos(ctx context.Context, t *Table, misere bool, amax int, opt InstrumentOptions) (PPositions, error) {
	return instruments.PPos(ctx, t, misere, amax, opt)
}

// ClassModulus is the modulus that splits r into subgames by token sum
// (k for Slow Exact k-Nim, 004 §1), 0 when none is known.
func ClassModulus(r grundy.Ruleset, piles int) int { return instruments.ClassModulus(r, piles) }

// CheckShiftVector reports why y cannot be a shift vector of t's box.
func CheckShiftVector(t *Table, y grundy.Position) error { return instruments.CheckShiftVector(t, y) }

// CheckShift decides whether y is a shift of the given kind in t's box
// (004 §2), with the smallest witness when it is not.
func CheckShift(ctx context.Context, t *Table, y grundy.Position, opt ShiftOptions) (ShiftVerdict, error) {
	return instruments.CheckShift(ctx, t, y, opt)
}

// SearchShifts tries every shift vector with entries in 0..bound and keeps
// those that are shifts of the given kind in t's box.
func SearchShifts(ctx context.Context, t *Table, bound int, opt ShiftOptions) (ShiftSearch, error) {
	return instruments.SearchShifts(ctx, t, bound, opt)
}
