package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/render"
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
			asJSON := out.format == "json"
			out := cmd.OutOrStdout()
			if asJSON {
				for _, f := range engine.Families() {
					if err := render.JSON(out, f); err != nil {
						return failure{err}
					}
				}
				return nil
			}
			tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "NAME\tPARAMETERS\tPILES\tRULE\tSOURCE")
			for _, f := range games.Families {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", f.Name, params(f), f.Piles, f.Rule, f.Source)
			}
			return tw.Flush()
		},
	}
	addOutput(cmd, &out, "text", "json")
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
