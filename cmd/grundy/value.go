package main

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"

	"github.com/spf13/cobra"
)

// Value is `grundy value`.
func (commands) Value(a *app) *cobra.Command {
	var out output
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
			if err := checkSearchFlags(cmd, &out, budget, method); err != nil {
				return err
			}
			r, p, err := a.parseGamePos(args[0], args[1])
			if err != nil {
				return err
			}
			var v engine.Value
			if tableDir != "" {
				v, err = engine.StoredValue(tableDir, r, p)
			} else {
				report, finish := a.progress("searching")
				v, err = engine.Evaluate(cmd.Context(), r, p, engine.Options{Budget: a.capBudget(budget), Method: grundy.Method(method), Progress: report, Limits: a.limits})
				finish()
			}
			if err != nil {
				return storedErr(err)
			}
			return out.write(cmd, valueResult{v})
		},
	}
	addOutput(cmd, &out, valueResult{})
	addBudget(cmd, &budget)
	addMethod(cmd, &method)
	addTableFlag(cmd, &tableDir)
	return cmd
}

func addBudget(cmd *cobra.Command, budget *int) {
	requiredInt(cmd, budget, "budget", "most positions a search may visit (default 100000000)")
}

// checkSearchFlags checks the flags of the commands that search one
// position, before any work.
func checkSearchFlags(cmd *cobra.Command, out *output, budget int, method string) error {
	if out != nil {
		if err := out.check(cmd); err != nil {
			return err
		}
	}
	if err := atLeast(cmd, "budget", budget, 1, "the most positions a search may visit"); err != nil {
		return err
	}
	switch grundy.Method(method) {
	case engine.Auto, grundy.MethodSearch, grundy.MethodTheorem:
		return nil
	}
	return fmt.Errorf("--method %q: want search or theorem", method)
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
