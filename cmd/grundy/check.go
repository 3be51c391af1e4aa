package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/render"
	"github.com/grundy/grundy/theory"
	"github.com/spf13/cobra"
)

// Check is `grundy check`.
func (commands) Check(a *app) *cobra.Command {
	var format output
	var all, list bool
	var max int
	var shard, outDir, merge string
	cmd := &cobra.Command{
		Use:   "check [ID... | FILE.claims] [--all]",
		Short: "Re-check the papers' theorems and tables against exhaustive computation",
		Long: `check verifies each claim of the papers (see --list) against the exhaustive
box solver on its default boxes (or with --max B as the largest pile). Every
claim is registered as the paper prints it; where the OCR is ambiguous, each
candidate reading is a claim ID.reading-…, and where the printed statement is
false, grundy's correction is a claim ID.corrected… that says what it changed.

For each claim check prints PASS or FAIL with its role (as printed, reading,
correction), statement, every box with the positions checked, every kind of
failure with its smallest counterexample, a verdict, and its trust:
smt-proved (grundy's ledger, solver and date), automata-proved (system,
states, date), paper-proof, classical, checked (in a box only), refuted. A claim's
ID selects it with its readings and corrections ("000/bouton", not
"000/bouton.misere"); a prefix that is no claim's ID selects the claims under
it ("002" is every claim of paper 002, "000/prop-11" every part of Prop. 11),
and so does a glob ('004/thm-2*': Theorem 2 and every part of it).

A claim file FILE.claims states claims as text, one a line, such as
"P[nim, 2 piles] iff x1 == x2" (docs/claims.md); check treats each as a
paper's claim, with the proofs of 'grundy prove FILE.claims' read from
FILE.proved.json beside it. --list --format claims prints the papers'
closed forms as claim text.

A run can be split for batch systems: --shard i/N --out DIR checks claim j
of the selection (in registry order) when j mod N = i and writes the results
to DIR; --merge DIR prints the unsplit run's output, byte for byte, from
the N shards (any --format check prints).`,
		Example: `  grundy check --all
  grundy check 000/cor-18.3
  grundy check 002/thm-14 --max 60 --json
  grundy check --list
  grundy check my.claims --max 40
  grundy check --list --format claims
  grundy check --all --shard 3/8 --out shards && grundy check --merge shards`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if format.format == "claims" && !format.asJSON {
				// Not a format of check's results: the papers' closed
				// forms as claim text (docs/claims.md).
				if !list {
					return errors.New("--format claims goes with --list (the papers' closed forms as claim text)")
				}
				return wrapWrite(writeClaimsList(cmd.OutOrStdout()))
			}
			if err := format.check(cmd); err != nil {
				return err
			}
			asJSON := format.format == "json"
			if err := checkClaimMax(cmd, max); err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if list {
				return wrapWrite(listClaims(cmd, asJSON))
			}
			if merge != "" {
				if len(args) > 0 || all || shard != "" || outDir != "" || given(cmd, "max") {
					return errors.New("--merge: give no claim IDs, --all, --shard, --out or --max (the shards hold the run)")
				}
				return runCheckMerge(cmd, merge, format.format)
			}
			if shard != "" {
				if _, _, err := parseShard(shard); err != nil {
					return err
				}
			}
			if (shard != "") != (outDir != "") {
				return errors.New("--shard i/N and --out DIR go together: give --out DIR for the shard's file")
			}
			set, err := a.selectClaimSet(args, all)
			if err != nil {
				return err
			}
			claims := set.claims
			if shard != "" && set.ledger != "" {
				return errors.New("--shard: give claim IDs or --all, not a claim file")
			}
			if shard != "" {
				return a.runCheckShard(cmd, engine.ClaimSelection{All: all, IDs: args}, max, shard, outDir)
			}
			counts := map[grundy.ClaimStatus]int{}
			// The whole audit in text leads with its findings, so it is
			// kept whole and printed after; otherwise each claim is
			// printed as it is checked.
			lead := all && !asJSON
			var kept []engine.Audited
			err = a.auditIn(cmd.Context(), set.reg, claims, max, lead, func(au engine.Audited) error {
				counts[au.Status]++
				if lead {
					kept = append(kept, au)
					return nil
				}
				return format.print(out, auditedResult{au})
			})
			if err != nil {
				return err
			}
			if lead {
				return wrapWrite(render.AuditReport(out, engine.NewAuditReport(true, kept)))
			}
			if !asJSON {
				return wrapWrite(render.CheckSummary(out, len(claims), counts))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "check every claim")
	cmd.Flags().BoolVar(&list, "list", false, "list the claims with their citations, readings and corrections")
	cmd.Flags().StringVar(&shard, "shard", "", "check only shard `i/N` of the claims (j mod N = i) and write it to --out")
	cmd.Flags().StringVar(&outDir, "out", "", "directory for --shard's file")
	cmd.Flags().StringVar(&merge, "merge", "", "print the run whose shards are in `DIR`")
	addOutput(cmd, &format, auditedResult{})
	cmd.Flags().Lookup("format").Usage += "; with --list also claims (the papers' closed forms as claim text)"
	requiredInt(cmd, &max, "max", "largest pile size of every box (default: each claim's own)")
	return cmd
}

// checkClaimMax checks the --max of check and findings: omitted, each
// claim keeps its own boxes; given, it must be at least 1.
func checkClaimMax(cmd *cobra.Command, max int) error {
	return atLeast(cmd, "max", max, 1, "the largest pile size of the boxes")
}

// auditIn checks each claim in turn (engine.Audit), judged in reg (nil:
// the papers'), with a progress bar per claim; a failed emit is a failure. With
// held — the command prints nothing until every claim is checked, as
// findings and check --all in text do (the whole audit takes minutes) —
// the progress is of the run: claims checked of all, with the time taken
// and left, rather than of each claim.
func (a *app) auditIn(ctx context.Context, reg *theory.Registry, claims []*theory.Claim, max int, held bool, emit func(engine.Audited) error) error {
	progress := a.progress
	if held {
		report, finish := a.progress("checking claims")
		defer finish()
		total, done := uint64(len(claims)), uint64(0)
		report(0, total)
		progress = func(string) (func(uint64, uint64), func()) {
			return func(uint64, uint64) {}, func() { done++; report(done, total) }
		}
	}
	var emitErr error
	err := engine.Audit(ctx, claims, engine.AuditOptions{Max: max, Registry: reg, Progress: progress, Limits: a.limits}, func(au engine.Audited) error {
		emitErr = emit(au)
		return emitErr
	})
	if err != nil && err == emitErr {
		return failure{err}
	}
	return err
}

// selectClaims are the papers' claims that IDs or --all select.
func selectClaims(args []string, all bool) ([]*theory.Claim, error) {
	if all && len(args) > 0 {
		return nil, errors.New("give claim IDs or --all, not both")
	}
	if !all && len(args) == 0 {
		return nil, errors.New("give claim IDs (see --list) or --all")
	}
	return engine.ClaimSelection{All: all, IDs: args}.Claims()
}

// A listedClaim is one line of `check --list --json`.
type listedClaim struct {
	ID        string `json:"id"`
	Citation  string `json:"citation"`
	Statement string `json:"statement"`
	Quote     string `json:"quote,omitempty"`
	Game      string `json:"game"`
	Quantity  string `json:"quantity"`
	Support   string `json:"support"`
	ReadingOf string `json:"reading_of,omitempty"`
	Reading   string `json:"reading,omitempty"`
	Corrects  string `json:"corrects,omitempty"`
	Change    string `json:"change,omitempty"`
	// WeakeningOf and Weakening: a statement weaker than a printed one.
	WeakeningOf string `json:"weakening_of,omitempty"`
	Weakening   string `json:"weakening,omitempty"`
	Finite      bool   `json:"finite,omitempty"`
	Note        string `json:"note,omitempty"`
	Refuted     string `json:"refuted,omitempty"`
}

func listClaims(cmd *cobra.Command, asJSON bool) error {
	out := cmd.OutOrStdout()
	claims := engine.Registry().All()
	if asJSON {
		for _, c := range claims {
			err := render.JSON(out, listedClaim{c.ID, c.Citation(), c.Statement, c.Quote, c.Family, string(c.Quantity),
				string(c.Support), c.ReadingOf, c.Reading, c.Corrects, c.Change, c.WeakeningOf, c.Weakening, c.Finite, c.Note, c.Refuted})
			if err != nil {
				return err
			}
		}
		return nil
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tGAME\tGIVES\tSUPPORT\tREF\tSTATEMENT")
	for _, c := range claims {
		support := string(c.Support)
		if c.Refuted != "" {
			support += ", refuted at (" + c.Refuted + ")"
		}
		stmt := strings.TrimSpace(c.Statement)
		switch {
		case c.ReadingOf != "":
			stmt = "[reading: " + c.Reading + "] " + stmt
		case c.Corrects != "":
			stmt = "[correction: " + c.Change + "] " + stmt
		case c.WeakeningOf != "":
			stmt = "[weakening of " + c.WeakeningOf + ": " + c.Weakening + "] " + stmt
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", c.ID, c.Family, c.Quantity, support, c.Ref, stmt)
	}
	return tw.Flush()
}
