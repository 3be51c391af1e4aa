package main

import (
	"fmt"
	"strings"

	"github.com/grundy/grundy/games"
	"github.com/spf13/cobra"
)

// Games is `grundy games`.
func (commands) Games(a *app) *cobra.Command {
	var out output
	var rulesOf string
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List every ruleset with its parameters, rule and source",
		Long: "List every ruleset with its parameters, rule and source. With --rules NAME, print the family's\n" +
			"definition in the rule language (docs/rules.md): copy it to a file, change it, and give the file\n" +
			"as a ruleset (grundy value my.rules:k=3 1,2,3).",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			if cmd.Flags().Changed("rules") {
				text, ok := games.RulesOf(rulesOf)
				if !ok {
					return fmt.Errorf("--rules %q: no such family (run `grundy games` for the list)", rulesOf)
				}
				_, err := fmt.Fprint(cmd.OutOrStdout(), text)
				return err
			}
			return out.write(cmd, gamesResult{})
		},
	}
	addOutput(cmd, &out, gamesResult{})
	cmd.Flags().StringVar(&rulesOf, "rules", "", "print the rule file of family `NAME` instead of the list")
	return cmd
}

func params(f games.Family) string {
	if len(f.Params) == 0 {
		return "—"
	}
	parts := make([]string, len(f.Params))
	for i, p := range f.Params {
		parts[i] = fmt.Sprintf("%s=%d", p.Name, p.Default)
	}
	return strings.Join(parts, ",")
}
