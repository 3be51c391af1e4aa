package main

import (
	"github.com/grundy/grundy/engine"
	"github.com/spf13/cobra"
)

// Count is `grundy count`.
func (commands) Count(a *app) *cobra.Command {
	var out output
	var box boxFlags
	var tableDir string
	cmd := &cobra.Command{
		Use:   "count GAME --piles N --max B",
		Short: "Count positions, P-positions and G, G⁻ histograms of a box",
		Example: `  grundy count slow-exact:k=2 --piles 6 --max 40 --json
  grundy count slow-exact:k=2 --table se2-6x100`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			if tableDir == "" {
				if err := box.check(); err != nil {
					return err
				}
			}
			r, err := a.parseGame(args[0])
			if err != nil {
				return err
			}
			var c engine.Count
			if tableDir != "" {
				report, finish := a.progress("reading")
				c, err = engine.StoredCount(cmd.Context(), tableDir, r, box.piles, box.max, a.engineOptions(report))
				finish()
			} else {
				report, finish := a.progress("solving")
				c, err = engine.CountBox(cmd.Context(), r, box.piles, box.max, a.engineOptions(report))
				finish()
			}
			if err != nil {
				return storedErr(err)
			}
			return out.write(cmd, countResult{c})
		},
	}
	addBoxFlags(cmd, &box)
	addTableFlag(cmd, &tableDir)
	addOutput(cmd, &out, countResult{})
	return cmd
}
