package main

import (
	"github.com/grundy/grundy/engine"
	"github.com/spf13/cobra"
)

// Ppos is `grundy ppos`.
func (commands) Ppos(a *app) *cobra.Command {
	var misere bool
	var max, amax int
	var out output
	cmd := &cobra.Command{
		Use:   "ppos GAME --max B",
		Short: "P-positions (a_n, b_n) of a two-pile ruleset, laid out as 002 Tables 1–6",
		Long: `ppos solves the two-pile box [0,B]² and lists its P-positions in normal (or
misère) play: only a ≤ b when the piles are interchangeable, every pair for
the ordered games (wythoff-oa, -oe, -eo). Text and LaTeX use the layout of 002
Tables 1–6 (rows n, a_n, b_n; a second row b′_n when some a has two b ≤ B).
Pairs with a pile above B are not shown.`,
		Example: `  grundy ppos wythoff-ee --max 40
  grundy ppos wythoff-oe:s=2,t=3 --max 90 --amax 14
  grundy ppos wythoff-mult:K=3,s=1,t=1 --max 60 --misere --format csv`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			if !given(cmd, "max") || max < 0 {
				return errorf("--max: give the largest pile size, at least 0")
			}
			if err := atLeast(cmd, "amax", amax, 0, "the largest a shown"); err != nil {
				return err
			}
			r, err := a.parseGame(args[0])
			if err != nil {
				return err
			}
			pp, err := engine.PPos(cmd.Context(), r, max, misere, amax, a.instrumentRun())
			if err != nil {
				return err
			}
			return out.write(cmd, pposResult{pp})
		},
	}
	requiredInt(cmd, &max, "max", "largest pile size B (required)")
	cmd.Flags().BoolVar(&misere, "misere", false, "misère play")
	amax = -1
	requiredInt(cmd, &amax, "amax", "only pairs with a ≤ A (to cut the box's ragged edge)")
	addOutput(cmd, &out, pposResult{})
	addOutputFile(cmd, &out)
	return cmd
}
