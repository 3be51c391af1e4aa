package engine

import (
	"context"
	"errors"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/octal"
)

// Take-and-break games (octal and hexadecimal codes, Lasker's Nim,
// Grundy's game) have one value sequence each: package octal computes it
// and proves its periodicity; these are its entry points for the front
// ends.

type (
	// TakeBreak is a take-and-break game.
	TakeBreak = octal.Game
	// Sequence is G(0..max) of a take-and-break game.
	Sequence = octal.Sequence
	// Periodicity is a sequence's eventual period and its trust.
	Periodicity = octal.Periodicity
	// CodeError is a game code that does not parse.
	CodeError = octal.CodeError
	// SequenceMemoryError refuses a sequence before it allocates.
	SequenceMemoryError = octal.MemoryError
)

// Sequence trusts and methods.
const (
	PeriodProved   = octal.Proved
	PeriodComputed = octal.Computed
	SequenceDense  = octal.Dense
	SequenceSparse = octal.Sparse
)

// ErrUnknownTakeBreak is wrapped by the error of an unknown game name.
var ErrUnknownTakeBreak = octal.ErrUnknownGame

// TakeBreakNames are the named take-and-break games.
func TakeBreakNames() []string {
	names := make([]string, 0, len(octal.Named))
	for n := range octal.Named {
		names = append(names, n)
	}
	return names
}

// ParseTakeBreak reads a code (0.137, 4.07, 0.F6), a name (kayles), or a
// take-and-break rule: a family or rule file with piles any.
func ParseTakeBreak(s string) (TakeBreak, error) {
	if games.IsRulesPath(s) {
		return takeBreakRule(s, nil)
	}
	g, err := octal.Parse(s)
	if errors.Is(err, octal.ErrUnknownGame) {
		return takeBreakRule(s, err)
	}
	return g, err
}

// SolveSequence computes G(0..max) of g; usePeriod stops once the
// periodicity theorem proves a period and fills the rest from it.
func SolveSequence(ctx context.Context, g TakeBreak, max int, usePeriod bool, o Options) (*Sequence, error) {
	l := o.limits()
	return octal.Solve(ctx, g, max, octal.Options{Memory: int64(l.Memory), Work: l.Work, Progress: o.Progress, UsePeriod: usePeriod})
}

// SequencePeriod finds the least period the theorem proves from G (or,
// failing that, one the computed values show), and whether there is one.
func SequencePeriod(g TakeBreak, G []uint32) (Periodicity, bool) { return octal.Period(g, G, 0) }
