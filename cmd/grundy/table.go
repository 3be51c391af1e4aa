package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/internal/atomicfile"
	"github.com/grundy/grundy/render"
	"github.com/grundy/grundy/solve"
	"github.com/spf13/cobra"
)

func init() {
	var box boxFlags
	var format, output, tableDir string
	cmd := &cobra.Command{
		Use:   "table GAME --piles N --max B",
		Short: "Every position of a box with G, G⁻, R and R⁻",
		Example: `  grundy table slow-moore:k=2 --piles 3 --max 4 --format md
  grundy table wythoff --piles 2 --max 30 --format latex -o wythoff.tex`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if tableDir == "" {
				if err := box.check(); err != nil {
					return err
				}
			}
			if !slices.Contains(render.TableFormats, format) {
				return fmt.Errorf("--format %q: want one of %s", format, strings.Join(render.TableFormats, ", "))
			}
			r, err := games.Parse(args[0])
			if err != nil {
				return err
			}
			var t *solve.Table
			if tableDir != "" {
				t, err = engine.StoredTable(cmd.Context(), tableDir, r, box.piles, box.max)
			} else {
				report, finish := progress("solving")
				t, err = engine.SolveBox(cmd.Context(), r, box.piles, box.max, solve.AllKinds, engine.Options{Progress: report})
				finish()
			}
			if err != nil {
				return storedErr(err)
			}
			write := func(w io.Writer) error { return render.Table(w, t, format) }
			if output != "" && output != "-" {
				err = atomicfile.Write(output, write)
			} else {
				err = write(cmd.OutOrStdout())
			}
			if err != nil {
				return failure{err}
			}
			// The table formats have no room for it; see README, Table checksums.
			fmt.Fprintf(cmd.ErrOrStderr(), "grundy: checksum %s (kinds %s)\n", t.Checksum(), t.Kinds)
			return nil
		},
	}
	addBoxFlags(cmd, &box)
	addTableFlag(cmd, &tableDir)
	cmd.Flags().StringVar(&format, "format", "csv", "csv, json (one object per line), md or latex")
	cmd.Flags().StringVarP(&output, "output", "o", "", "write to this file (atomically) instead of stdout")
	root.AddCommand(cmd)
}
