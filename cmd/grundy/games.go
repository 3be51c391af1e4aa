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
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List every ruleset with its parameters, rule and source",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := out.check(cmd); err != nil {
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
