package main

import (
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/theory"
	"github.com/spf13/cobra"
)

// Findings is `grundy findings`.
func (commands) Findings(a *app) *cobra.Command {
	var out output
	var max int
	cmd := &cobra.Command{
		Use:   "findings [PAPER... | FILE.claims]",
		Short: "List every error of the papers that exhaustive computation exposes",
		Long: `findings checks every claim (as 'grundy check --all' does, or the claims of
the papers named, e.g. 003) and reports each printed claim that fails: its
statement, every kind of failure with its smallest counterexample, the
verdict, what each candidate reading of it gives, and grundy's corrections
with how far they are established (smt-proved or checked in a box).
README's "What the audit finds" is this command's Markdown output. Given a
claim file FILE.claims, it reports the file's claims that fail, with the
corrections the file states (docs/claims.md).

Nothing is printed until every claim is checked (the whole audit takes
minutes); meanwhile stderr shows the claims checked of all, a bar on a
terminal, else a line every 10 s.`,
		Example: `  grundy findings
  grundy findings 002 --format md
  grundy findings --json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			if err := checkClaimMax(cmd, max); err != nil {
				return err
			}
			set, err := a.selectClaimSet(args, len(args) == 0)
			if err != nil {
				return err
			}
			var results []theory.Result
			if err := a.auditIn(cmd.Context(), set.reg, set.claims, max, true, func(a engine.Audited) error {
				results = append(results, a.Result)
				return nil
			}); err != nil {
				return err
			}
			fs := set.reg.FindingsWithin(results, max)
			return out.write(cmd, findingsResult(fs))
		},
	}
	addOutput(cmd, &out, findingsResult{})
	requiredInt(cmd, &max, "max", "largest pile size of every box (default: each claim's own)")
	return cmd
}
