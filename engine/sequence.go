package engine

import (
	"context"
	"errors"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/octal"
)

// Take-and-break games (octal and hexadecimal codes, Lasker's Nim,
// Grundy's game) have one value sequence each: package octal computes it
// and proves its periodicity; these are its entry points for the front
// ends.

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
func ParseTakeBreak(s string) (octal.Game, error) {
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
func SolveSequence(ctx context.Context, g octal.Game, max int, usePeriod bool, o Options) (*octal.Sequence, error) {
	l := o.limits()
	return octal.Solve(ctx, g, max, octal.Options{Memory: int64(l.Memory), Work: l.Work, Progress: o.Progress, UsePeriod: usePeriod})
}

// SequencePeriod finds the least period the theorem proves from G (or,
// failing that, one the computed values show), and whether there is one.
func SequencePeriod(g octal.Game, G []uint32) (octal.Periodicity, bool) { return octal.Period(g, G, 0) }
