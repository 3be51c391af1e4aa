// Command grundy computes Sprague–Grundy values, remoteness and outcomes of
// the Nim-family games of the papers in shared/papers, tabulates boxes of
// positions and lists optimal moves. Run `grundy --help`.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"

	"github.com/spf13/cobra"
)

// Exit statuses: 2 for bad input (including requests too large to honour),
// 1 for failures while working, 130 after Ctrl-C.
const (
	exitFailure   = 1
	exitBadInput  = 2
	exitInterrupt = 130
)

// root is the top command; every subcommand file adds itself in init.
var root = &cobra.Command{
	Use:   "grundy",
	Short: "Sprague–Grundy values, remoteness and outcomes of Nim-family games",
	Long: `grundy computes, for the rulesets of the papers in shared/papers, the
Sprague–Grundy value in normal play (G) and misère play (G⁻), Smith's
remoteness in both plays (R, R⁻) and the outcomes, for single positions and
whole boxes of positions. Every number it prints is computed exhaustively or
comes from a cited theorem, and the output says which (method).

A ruleset is NAME or NAME:p=v,p=v (see 'grundy games'); a position is
comma-separated non-negative integers such as 1,2,3.`,
	SilenceUsage:  true,
	SilenceErrors: true,
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	err := root.ExecuteContext(ctx)
	if err == nil {
		return
	}
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(os.Stderr, "grundy: interrupted")
		os.Exit(exitInterrupt)
	}
	fmt.Fprintf(os.Stderr, "grundy: %v\n", err)
	switch {
	case errors.As(err, new(failure)):
		os.Exit(exitFailure)
	default:
		os.Exit(exitBadInput)
	}
}

// A failure is an error that is not the user's input's fault, such as a
// write that failed; everything else exits with exitBadInput.
type failure struct{ error }

func (f failure) Unwrap() error { return f.error }
