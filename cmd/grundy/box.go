package main

import (
	"errors"
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/solve"
	"github.com/spf13/cobra"
)

// boxFlags are the flags of every command that covers a box.
type boxFlags struct {
	piles, max int
	cmd        *cobra.Command
}

func addBoxFlags(cmd *cobra.Command, b *boxFlags) {
	b.cmd = cmd
	b.max = -1 // not given: any box of a --table
	requiredInt(cmd, &b.piles, "piles", "number of piles (required)")
	requiredInt(cmd, &b.max, "max", "largest pile size B (required)")
}

func (b boxFlags) check() error {
	if !given(b.cmd, "piles") || b.piles < 1 {
		return errors.New("--piles: give the number of piles, at least 1")
	}
	if !given(b.cmd, "max") || b.max < 0 {
		return errors.New("--max: give the largest pile size, at least 0")
	}
	return nil
}

// engineOptions are the engine options of a command's work: the limits
// and a progress callback.
func (a *app) engineOptions(report func(done, total uint64)) engine.Options {
	return engine.Options{Progress: report, Limits: a.limits}
}

// estimateBox refuses, before any work, a box that would not fit the
// limits: the one check of every command that solves boxes it does not
// hand to the engine at once (a series of boxes, a search over vectors).
// extra multiplies the work (the vectors a search tries, say).
func (a *app) estimateBox(r grundy.Ruleset, piles, max int, kinds grundy.Kinds, extra float64) error {
	l := a.limitsOrDefault()
	if piles > solve.MaxPiles {
		return fmt.Errorf("%w: %s, more than the %s a position may have", solve.ErrTooBig, plural.Piles(piles), plural.Piles(solve.MaxPiles))
	}
	e := engine.EstimateBox(r, piles, max, kinds)
	if extra > 1 {
		e.Work *= extra
	}
	if err := e.Check(e.Memory(), l); err != nil {
		return fmt.Errorf("%s ≤ %d of %s: %w", plural.Piles(piles), max, r.Name(), err)
	}
	return nil
}

// estimateScan refuses, before any work, an instrument's scan of every
// follower of every position of a box that would exceed the work limit.
func (a *app) estimateScan(r grundy.Ruleset, piles, max int, what string) error {
	e := engine.EstimateGeneric(r, piles, max, grundy.KindG|grundy.KindGm)
	if err := e.Check(0, a.limitsOrDefault()); err != nil {
		return fmt.Errorf("%s ≤ %d of %s, %s: %w", plural.Piles(piles), max, r.Name(), what, err)
	}
	return nil
}

// limitsOrDefault are the app's limits, engine's defaults if unset.
func (a *app) limitsOrDefault() solve.Limits {
	if a.limits == (solve.Limits{}) {
		return engine.DefaultLimits()
	}
	return a.limits
}

// capBudget is budget within the app's searchCap.
func (a *app) capBudget(budget int) int {
	if a.searchCap > 0 && (budget <= 0 || budget > a.searchCap) {
		return a.searchCap
	}
	return budget
}
