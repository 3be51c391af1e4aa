package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/render"
	"github.com/spf13/cobra"
)

func init() {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List every ruleset with its parameters, rule and source",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			out := cmd.OutOrStdout()
			if asJSON {
				for _, f := range games.Families {
					if err := render.JSON(out, familyJSON(f)); err != nil {
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
	cmd.Flags().BoolVar(&asJSON, "json", false, "one JSON object per ruleset")
	root.AddCommand(cmd)
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

type paramJSON struct {
	Name    string `json:"name"`
	Default int    `json:"default"`
	Min     int    `json:"min"`
	Doc     string `json:"doc"`
}

func familyJSON(f games.Family) any {
	ps := make([]paramJSON, len(f.Params))
	for i, p := range f.Params {
		ps[i] = paramJSON{p.Name, p.Default, p.Min, p.Doc}
	}
	return struct {
		Name   string      `json:"name"`
		Params []paramJSON `json:"params"`
		Piles  string      `json:"piles"`
		Rule   string      `json:"rule"`
		Source string      `json:"source"`
	}{f.Name, ps, f.Piles, f.Rule, f.Source}
}
