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
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List every ruleset with its parameters, rule and source",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			return out.write(cmd, gamesResult{})
		},
	}
	addOutput(cmd, &out, gamesResult{})
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
