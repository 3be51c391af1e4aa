package main

import (
	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/spf13/cobra"
)

// Move is `grundy move`.
func (commands) Move(a *app) *cobra.Command {
	var misere bool
	var out output
	var budget int
	var method string
	cmd := &cobra.Command{
		Use:   "move GAME POS",
		Short: "Every move from a position, marking the winning and remoteness-optimal ones",
		Example: `  grundy move wythoff 4,7
  grundy move slow-exact:k=2 1,2,3,3,3 --misere --json`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkSearchFlags(cmd, &out, budget, method); err != nil {
				return err
			}
			r, p, err := a.parseGamePos(args[0], args[1])
			if err != nil {
				return err
			}
			report, finish := a.progress("searching")
			m, err := engine.ListMoves(cmd.Context(), r, p, misere, engine.Options{Budget: a.capBudget(budget), Method: grundy.Method(method), Progress: report, Limits: a.limits})
			finish()
			if err != nil {
				return err
			}
			return out.write(cmd, movesResult{m})
		},
	}
	addOutput(cmd, &out, movesResult{})
	cmd.Flags().BoolVar(&misere, "misere", false, "judge moves by misère play")
	addBudget(cmd, &budget)
	addMethod(cmd, &method)
	return cmd
}
