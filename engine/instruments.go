package engine

import (
	"context"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/instruments"
	"github.com/grundy/grundy/solve"
)

// The research instruments over solved boxes (package instruments):
// classification by (G, G⁻), invariant shifts, parity, the misère
// exceptions of Slow Exact k-Nim and P-position sequences. Each runs over
// a Table a front end has solved or read through engine, with a context
// and a progress callback (instruments.Options); the results are the
// instruments' own types.

// Classify classifies the positions of t by (G, G⁻) (000 §1.5, Lemma 13).
func Classify(ctx context.Context, t *solve.Table, opt instruments.ClassifyOptions) (instruments.Classification, error) {
	return instruments.Classify(ctx, t, opt)
}

// Exceptions lists the misère exceptions to the M-rule of Slow Exact
// k-Nim with piles = k+1 (003 §2), solving its boxes with solveBox.
func Exceptions(ctx context.Context, piles, max int, solveBox instruments.SolveFunc, opt instruments.ExceptionsOptions) (instruments.ExceptionsResult, error) {
	return instruments.Exceptions(ctx, piles, max, solveBox, opt)
}

// Parity determines G or G⁻ modulo 2 over t (000 Props 10–11).
func Parity(ctx context.Context, t *solve.Table, opt instruments.ParityOptions) (instruments.ParityResult, error) {
	return instruments.Parity(ctx, t, opt)
}

// PPos lists the P-positions of a two-pile table as a sequence (002
// Tables 1–6).
func PPos(ctx context.Context, t *solve.Table, misere bool, amax int, opt instruments.Options) (instruments.PPositions, error) {
	return instruments.PPos(ctx, t, misere, amax, opt)
}

// ClassModulus is the modulus that splits r into subgames by token sum
// (k for Slow Exact k-Nim, 004 §1), 0 when none is known.
func ClassModulus(r grundy.Ruleset, piles int) int { return instruments.ClassModulus(r, piles) }

// CheckShiftVector reports why y cannot be a shift vector of t's box.
func CheckShiftVector(t *solve.Table, y grundy.Position) error {
	return instruments.CheckShiftVector(t, y)
}

// CheckShift decides whether y is a shift of the given kind in t's box
// (004 §2), with the smallest witness when it is not.
func CheckShift(ctx context.Context, t *solve.Table, y grundy.Position, opt instruments.ShiftOptions) (instruments.Verdict, error) {
	return instruments.CheckShift(ctx, t, y, opt)
}

// SearchShifts tries every shift vector with entries in 0..bound and keeps
// those that are shifts of the given kind in t's box.
func SearchShifts(ctx context.Context, t *solve.Table, bound int, opt instruments.ShiftOptions) (instruments.ShiftSearch, error) {
	return instruments.SearchShifts(ctx, t, bound, opt)
}
