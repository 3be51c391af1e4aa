package main

import (
	"fmt"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/render"
	"github.com/grundy/grundy/theory"
	"github.com/spf13/cobra"
)

func init() {
	var format string
	var asJSON bool
	var max int
	cmd := &cobra.Command{
		Use:   "findings [PAPER...]",
		Short: "List every error of the papers that exhaustive computation exposes",
		Long: `findings checks every claim (as 'grundy check --all' does, or the claims of
the papers named, e.g. 003) and reports each printed claim that fails: its
statement, every kind of failure with its smallest counterexample, the
verdict, what each candidate reading of it gives, and grundy's corrections
with how far they are established (smt-proved or checked in a box).
README's "What the audit finds" is this command's Markdown output.`,
		Example: `  grundy findings
  grundy findings 002 --format md
  grundy findings --json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON {
				format = "json"
			}
			switch format {
			case "text", "json", "md":
			default:
				return fmt.Errorf("--format %q: want text, json or md", format)
			}
			if max < 0 {
				return fmt.Errorf("--max %d: give a positive largest pile size", max)
			}
			claims, err := selectClaims(args, len(args) == 0)
			if err != nil {
				return err
			}
			var results []theory.Result
			if err := audit(cmd.Context(), claims, max, func(a render.Audited) error {
				results = append(results, a.Result)
				return nil
			}); err != nil {
				return err
			}
			fs := catalog.Registry().Findings(results)
			out := cmd.OutOrStdout()
			switch format {
			case "json":
				for _, f := range fs {
					if err := render.JSON(out, f); err != nil {
						return failure{err}
					}
				}
				return nil
			case "md":
				return wrapWrite(render.FindingsMarkdown(out, fs))
			}
			return wrapWrite(render.Findings(out, fs))
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "text, json (one finding a line) or md")
	cmd.Flags().BoolVar(&asJSON, "json", false, "alias of --format json")
	cmd.Flags().IntVar(&max, "max", 0, "largest pile size of every box (default: each claim's own)")
	root.AddCommand(cmd)
}
