package main

import (
	"context"
	"fmt"
	"io"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/instruments"
	"github.com/grundy/grundy/solve"
	"github.com/spf13/cobra"
)

// Helpers shared by the instrument commands (classify, shift, parity,
// exceptions, ppos).

// solveTable solves a box with the engine's memory check and a progress bar.
func (a *app) solveTable(cmd *cobra.Command, r grundy.Ruleset, piles, max int, kinds grundy.Kinds) (*solve.Table, error) {
	report, finish := a.progress("solving")
	defer finish()
	return engine.SolveBox(cmd.Context(), r, piles, max, kinds, a.engineOptions(report))
}

// solveFunc is solveTable for instruments that solve several boxes.
func (a *app) solveFunc(cmd *cobra.Command) instruments.SolveFunc {
	return func(_ context.Context, r grundy.Ruleset, piles, max int, kinds grundy.Kinds) (*solve.Table, error) {
		return a.solveTable(cmd, r, piles, max, kinds)
	}
}

// scanning runs an instrument's scan with a progress bar.
func (a *app) scanning(what string) (instruments.Options, func()) {
	report, finish := a.progress(what)
	return instruments.Options{Progress: report}, finish
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// printResult writes an instrument's result as one JSON object or as text.
func printResult(cmd *cobra.Command, out *output, v interface{ WriteText(io.Writer) error }) error {
	return out.write(cmd, instrumentResult{v})
}
