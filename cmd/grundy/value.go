package main

import (
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/render"
	"github.com/spf13/cobra"
)

func init() {
	var asJSON bool
	var budget int
	var method string
	var tableDir string
	cmd := &cobra.Command{
		Use:   "value GAME POS",
		Short: "G, G⁻, R, R⁻ and outcomes of one position",
		Example: `  grundy value slow-exact:k=3 1,2,2,2,4,4
  grundy value wythoff 3,5 --json`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, p, err := engine.Parse(args[0], args[1])
			if err != nil {
				return err
			}
			var v engine.Value
			if tableDir != "" {
				v, err = engine.StoredValue(tableDir, r, p)
			} else {
				report, finish := progress("searching")
				v, err = engine.Evaluate(cmd.Context(), r, p, engine.Options{Budget: budget, Method: method, Progress: report})
				finish()
			}
			if err != nil {
				return storedErr(err)
			}
			if asJSON {
				return wrapWrite(render.JSON(cmd.OutOrStdout(), v))
			}
			return wrapWrite(render.Value(cmd.OutOrStdout(), v))
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	addBudget(cmd, &budget)
	addMethod(cmd, &method)
	addTableFlag(cmd, &tableDir)
	root.AddCommand(cmd)
}

func addBudget(cmd *cobra.Command, budget *int) {
	cmd.Flags().IntVar(budget, "budget", 0, "most positions a search may visit (default 100000000)")
}

func addMethod(cmd *cobra.Command, method *string) {
	cmd.Flags().StringVar(method, "method", "", "search or theorem (default: search when within the budget, else a proved theorem)")
}

func wrapWrite(err error) error {
	if err != nil {
		return failure{err}
	}
	return nil
}
