package main

import (
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/instruments"
	"github.com/spf13/cobra"
)

// Parity is `grundy parity`.
func (commands) Parity(a *app) *cobra.Command {
	var out output
	var misere bool
	var box boxFlags
	var what string
	cmd := &cobra.Command{
		Use:   "parity GAME --piles N --max B",
		Short: "Is G (or G⁻, or the outcome) a function of the parity vector? (000 Props 10–11)",
		Long: `parity decides, over a box, whether the value of a position depends only on
the parity vector of its sorted form (000 §2). If it does, it prints that
function grouped by value, as 000 Props 10–11 state it; if not, the smallest
pair of positions with one parity vector and different values.`,
		Example: `  grundy parity slow-moore:k=2 --piles 3 --max 12
  grundy parity slow-moore:k=2 --piles 5 --max 8 --what outcome
  grundy parity slow-moore:k=2 --piles 6 --max 5 --what outcome --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			if err := box.check(); err != nil {
				return err
			}
			r, err := a.parseGame(args[0])
			if err != nil {
				return err
			}
			if what != "sg" && what != "outcome" {
				return errorf("--what %q: want sg or outcome", what)
			}
			res, err := engine.Parity(cmd.Context(), r, box.piles, box.max, instruments.ParityOptions{Misere: misere, What: what}, a.instrumentRun())
			if err != nil {
				return err
			}
			return printResult(cmd, &out, res)
		},
	}
	addBoxFlags(cmd, &box)
	addOutput(cmd, &out, instrumentResult{})
	cmd.Flags().BoolVar(&misere, "misere", false, "misère play (G⁻)")
	cmd.Flags().StringVar(&what, "what", "sg", "sg (the Sprague–Grundy value) or outcome (P or N)")
	return cmd
}
