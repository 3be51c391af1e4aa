package main

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/solve"
	"github.com/spf13/cobra"
)

// Table is `grundy table`.
func (commands) Table(a *app) *cobra.Command {
	var box boxFlags
	var out output
	var tableDir string
	cmd := &cobra.Command{
		Use:   "table GAME --piles N --max B",
		Short: "Every position of a box with G, G⁻, R and R⁻",
		Example: `  grundy table slow-moore:k=2 --piles 3 --max 4 --format md
  grundy table wythoff --piles 2 --max 30 --format latex -o wythoff.tex`,
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
			var t *solve.Table
			if tableDir != "" {
				t, err = engine.StoredTable(cmd.Context(), tableDir, r, box.piles, box.max)
			} else {
				report, finish := a.progress("solving")
				t, err = engine.SolveBox(cmd.Context(), r, box.piles, box.max, grundy.AllKinds, a.engineOptions(report))
				finish()
			}
			if err != nil {
				return storedErr(err)
			}
			report, finish := a.progress("writing bytes")
			out.progress = report
			err = out.write(cmd, tableResult{t})
			finish()
			if err != nil {
				return err
			}
			// The table formats have no room for it; see README, Table checksums.
			fmt.Fprintf(cmd.ErrOrStderr(), "grundy: checksum %s (kinds %s)\n", t.Checksum(), t.Kinds)
			return nil
		},
	}
	addBoxFlags(cmd, &box)
	addTableFlag(cmd, &tableDir)
	addOutput(cmd, &out, tableResult{})
	addOutputFile(cmd, &out)
	return cmd
}
