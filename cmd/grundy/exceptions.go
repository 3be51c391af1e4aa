package main

import (
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/instruments"
	"github.com/spf13/cobra"
)

// Exceptions is `grundy exceptions`.
func (commands) Exceptions(a *app) *cobra.Command {
	var out output
	var all bool
	var box boxFlags
	cmd := &cobra.Command{
		Use:   "exceptions --piles N --max B",
		Short: "Misère exceptions to the M-rule of slow-exact:k=N−1 on N piles (003 §2)",
		Long: `exceptions solves Slow Exact k-Nim with k = N−1 on N piles (each ≤ B) for R and
R⁻ and lists the positions where the strict M-move (003 §1.2, §2.1: keep the
smallest even pile, or if all are odd a largest one, and reduce the others)
is not optimal in misère play, with R⁻, the M-move and the optimal moves,
grouped by x1 and folded over the last pile as in 003 §2.4–2.14 ("y+": every
value from y to B). By default only the minimal exceptions are listed (003
Prop 1: no prefix with fewer piles is an exception); --all lists every one. It also confirms that the M-rule is optimal
in normal play (003 §1.2) and checks Prop 1's monotonicity in the box.`,
		Example: `  grundy exceptions --piles 4 --max 12
  grundy exceptions --piles 5 --max 14 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			if err := box.check(); err != nil {
				return err
			}
			if box.piles < 2 {
				return errorf("--piles %d: need at least 2 piles", box.piles)
			}
			res, err := engine.Exceptions(cmd.Context(), box.piles, box.max, instruments.ExceptionsOptions{All: all}, a.instrumentRun())
			if err != nil {
				return err
			}
			return printResult(cmd, &out, res)
		},
	}
	addBoxFlags(cmd, &box)
	addOutput(cmd, &out, instrumentResult{})
	cmd.Flags().BoolVar(&all, "all", false, "list every exception, not only the minimal ones (also in JSON)")
	return cmd
}
