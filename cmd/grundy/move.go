package main

import (
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/render"
	"github.com/spf13/cobra"
)

func init() {
	var asJSON, misere bool
	var budget int
	var method string
	cmd := &cobra.Command{
		Use:   "move GAME POS",
		Short: "Every move from a position, marking the winning and remoteness-optimal ones",
		Example: `  grundy move wythoff 4,7
  grundy move slow-exact:k=2 1,2,3,3,3 --misere --json`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, p, err := engine.Parse(args[0], args[1])
			if err != nil {
				return err
			}
			report, finish := progress("searching")
			m, err := engine.ListMoves(cmd.Context(), r, p, misere, engine.Options{Budget: budget, Method: method, Progress: report})
			finish()
			if err != nil {
				return err
			}
			if asJSON {
				return wrapWrite(render.JSON(cmd.OutOrStdout(), m))
			}
			return wrapWrite(render.Moves(cmd.OutOrStdout(), m))
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	cmd.Flags().BoolVar(&misere, "misere", false, "judge moves by misère play")
	addBudget(cmd, &budget)
	addMethod(cmd, &method)
	root.AddCommand(cmd)
}
