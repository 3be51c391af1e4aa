package main

import (
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/render"
	"github.com/spf13/cobra"
)

func init() {
	var asJSON bool
	var box boxFlags
	var tableDir string
	cmd := &cobra.Command{
		Use:   "count GAME --piles N --max B",
		Short: "Count positions, P-positions and G, G⁻ histograms of a box",
		Example: `  grundy count slow-exact:k=2 --piles 6 --max 40 --json
  grundy count slow-exact:k=2 --table se2-6x100`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if tableDir == "" {
				if err := box.check(); err != nil {
					return err
				}
			}
			r, err := games.Parse(args[0])
			if err != nil {
				return err
			}
			var c engine.Count
			if tableDir != "" {
				report, finish := progress("reading")
				c, err = engine.StoredCount(cmd.Context(), tableDir, r, box.piles, box.max, engine.Options{Progress: report})
				finish()
			} else {
				report, finish := progress("solving")
				c, err = engine.CountBox(cmd.Context(), r, box.piles, box.max, engine.Options{Progress: report})
				finish()
			}
			if err != nil {
				return storedErr(err)
			}
			if asJSON {
				return wrapWrite(render.JSON(cmd.OutOrStdout(), c))
			}
			return wrapWrite(render.Count(cmd.OutOrStdout(), c))
		},
	}
	addBoxFlags(cmd, &box)
	addTableFlag(cmd, &tableDir)
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	root.AddCommand(cmd)
}
