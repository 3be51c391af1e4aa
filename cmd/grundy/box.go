package main

import (
	"errors"

	"github.com/grundy/grundy/engine"
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
