package main

import (
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/prove"
	"github.com/grundy/grundy/render"
	"github.com/grundy/grundy/theory"
	"github.com/spf13/cobra"
)

func init() {
	var out output
	var all, list bool
	var max int
	cmd := &cobra.Command{
		Use:   "check [ID...] [--all]",
		Short: "Re-check the papers' theorems and tables against exhaustive computation",
		Long: `check verifies each claim of the papers (see --list) against the exhaustive
box solver on its default boxes (or with --max B as the largest pile), and
prints PASS with the boxes and the number of positions checked, or FAIL
with the smallest counterexamples and a verdict. An ID may be a prefix:
"002" is every claim of paper 002, "000/prop-11" every part of Prop. 11.`,
		Example: `  grundy check --all
  grundy check 002/thm-14 --max 60 --json
  grundy check --list`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			asJSON := out.format == "json"
			if given(cmd, "max") && max < 1 {
				return fmt.Errorf("--max %d: give the largest pile size of the boxes, at least 1", max)
			}
			out := cmd.OutOrStdout()
			if list {
				return wrapWrite(listClaims(cmd, asJSON))
			}
			claims, err := selectClaims(args, all)
			if err != nil {
				return err
			}
			pass, fail := 0, 0
			for _, c := range claims {
				report, finish := progress(c.ID)
				res, err := theory.Check(cmd.Context(), c, theory.CheckOptions{
					Max: max, Progress: report, MemoryLimit: engine.AvailableMemory() * 3 / 4})
				finish()
				if err != nil {
					return err
				}
				if res.Status == "pass" {
					pass++
				} else {
					fail++
				}
				proved := prove.ProvedInstances(c)
				if asJSON {
					err = render.JSON(out, struct {
						theory.Result
						Proved []prove.Record `json:"proved"`
					}{res, append([]prove.Record{}, proved...)})
				} else {
					err = render.CheckResult(out, res)
					for _, rec := range proved {
						if err == nil {
							_, err = fmt.Fprintf(out, "    proved for all positions of %s, %d piles, by %s (%s)\n", rec.Game, rec.Piles, rec.Solver, rec.Date)
						}
					}
				}
				if err != nil {
					return failure{err}
				}
			}
			if !asJSON {
				fmt.Fprintf(out, "%d claims checked: %d pass, %d fail\n", pass+fail, pass, fail)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "check every claim")
	cmd.Flags().BoolVar(&list, "list", false, "list the claims with their citations")
	addOutput(cmd, &out, "text", "json")
	requiredInt(cmd, &max, "max", "largest pile size of every box (default: each claim's own)")
	root.AddCommand(cmd)
}

func selectClaims(args []string, all bool) ([]*theory.Claim, error) {
	if all {
		if len(args) > 0 {
			return nil, errors.New("give claim IDs or --all, not both")
		}
		return theory.All(), nil
	}
	if len(args) == 0 {
		return nil, errors.New("give claim IDs (see --list) or --all")
	}
	var out []*theory.Claim
	for _, id := range args {
		m := theory.Match(id)
		if len(m) == 0 {
			return nil, fmt.Errorf("no claim %q (see grundy check --list)", id)
		}
		out = append(out, m...)
	}
	return out, nil
}

func listClaims(cmd *cobra.Command, asJSON bool) error {
	out := cmd.OutOrStdout()
	if asJSON {
		for _, c := range theory.All() {
			err := render.JSON(out, struct {
				ID        string `json:"id"`
				Citation  string `json:"citation"`
				Statement string `json:"statement"`
				Game      string `json:"game"`
				Quantity  string `json:"quantity"`
				Status    string `json:"status"`
				Refuted   string `json:"refuted,omitempty"`
			}{c.ID, c.Citation(), c.Statement, c.Family, string(c.Quantity), string(c.Status), c.Refuted})
			if err != nil {
				return err
			}
		}
		return nil
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tGAME\tGIVES\tSTATUS\tREF\tSTATEMENT")
	for _, c := range theory.All() {
		status := string(c.Status)
		if c.Refuted != "" {
			status += ", refuted at (" + c.Refuted + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", c.ID, c.Family, c.Quantity, status, c.Ref, strings.TrimSpace(c.Statement))
	}
	return tw.Flush()
}
