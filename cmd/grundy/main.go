// Command grundy computes Sprague–Grundy values, remoteness and outcomes of
// the Nim-family games of the papers in shared/papers, tabulates boxes of
// positions and lists optimal moves. Run `grundy --help`.
package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/grundy/grundy/engine"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
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
	Version:       version(),
}

func main() {
	// SIGTERM (a batch system's stop, kill's default) stops as Ctrl-C
	// does: the prover's solver processes are killed with the context
	// instead of being orphaned, and no partial file is left.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// Jobs are estimated against three quarters of the available memory;
	// the collector keeps the heap there (its default lets garbage double
	// the heap first), unless GOMEMLIMIT says otherwise.
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(int64(engine.AvailableMemory() / 4 * 3))
	}
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes grundy with args and returns its exit status. Flags are
// reset to their defaults first, so tests may call it many times in one
// process.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	resetFlags(root)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	progressOut = stderr
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(stderr, "grundy: interrupted")
		return exitInterrupt
	}
	fmt.Fprintf(stderr, "grundy: %v\n", negativeArg(args, err))
	if errors.As(err, new(failure)) {
		return exitFailure
	}
	return exitBadInput
}

// negativeArg rewords the flag parser's error for an argument such as
// -1,2, which it reads as flags: a position's piles are never negative.
func negativeArg(args []string, err error) error {
	if !strings.HasPrefix(err.Error(), "unknown shorthand flag") {
		return err
	}
	for _, a := range args {
		if len(a) > 1 && a[0] == '-' && a[1] >= '0' && a[1] <= '9' && strings.Contains(err.Error(), " in "+a) {
			return fmt.Errorf("%q: piles and numbers here are non-negative (a leading - reads as a flag)", a)
		}
	}
	return err
}

// flagDefaults holds every flag's value before the first run.
var flagDefaults = map[*pflag.Flag][]string{}

// resetFlags sets every flag of c and its subcommands back to the value
// it had before the first run.
func resetFlags(c *cobra.Command) {
	for _, fs := range []*pflag.FlagSet{c.Flags(), c.PersistentFlags()} {
		fs.VisitAll(func(f *pflag.Flag) {
			sv, slice := f.Value.(pflag.SliceValue)
			def, seen := flagDefaults[f]
			if !seen {
				if slice {
					def = sv.GetSlice()
				} else {
					def = []string{f.Value.String()}
				}
				flagDefaults[f] = def
				return
			}
			if slice {
				sv.Replace(def)
			} else {
				f.Value.Set(def[0])
			}
			f.Changed = false
		})
	}
	for _, sub := range c.Commands() {
		resetFlags(sub)
	}
}

// A failure is an error that is not the user's input's fault, such as a
// write that failed; everything else exits with exitBadInput.
type failure struct{ error }

func (f failure) Unwrap() error { return f.error }
