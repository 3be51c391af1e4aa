package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/proof/automatic"
	"github.com/grundy/grundy/prover"
	"github.com/grundy/grundy/render"
	"github.com/grundy/grundy/theory"
	"github.com/spf13/cobra"
)

// proveAutomata is `grundy prove --automata`: the claims with automata
// (prover.AutomataTargets), each on its default games, or on --game.
func (a *app) proveAutomata(cmd *cobra.Command, args []string, all, asJSON bool, game, record string, maxStates int, budget, recorded time.Duration) error {
	out := cmd.OutOrStdout()
	var claims []*theory.Claim
	if all {
		if len(args) > 0 {
			return errors.New("give claim IDs or --all, not both")
		}
		var err error
		if claims, err = prover.AutomataTargets(); err != nil {
			return err
		}
	} else {
		set, err := a.selectClaimSet(args, false)
		if err != nil {
			return err
		}
		if set.ledger != "" && record != "" {
			return fmt.Errorf("%s: --record keeps the papers' automata proofs; a claim file's are proved from its formulas and not recorded", args[0])
		}
		for _, c := range set.claims {
			if set.ledger != "" {
				// A claim file's claim: its automaton is built from its
				// formula (base 2, the nim-sum ^ among its words).
				if !prover.HasFormulaAutomaton(c) {
					fmt.Fprintf(cmd.ErrOrStderr(), "grundy prove: not attempted: %s: no automaton for this claim (a where clause, or moves without an automaton)\n", c.ID)
					continue
				}
			} else if !prover.HasAutomaton(c.ID) {
				fmt.Fprintf(cmd.ErrOrStderr(), "grundy prove: not attempted: %s: no automaton for this claim\n", c.ID)
				continue
			}
			claims = append(claims, c)
		}
	}
	sum, err := prover.ProveAutomata(cmd.Context(), prover.AutoRun{Claims: claims, Game: game, Record: record, MaxStates: maxStates, Budget: budget, RecordedBudget: recorded},
		func(res automatic.Result) error {
			if asJSON {
				return render.JSON(out, res)
			}
			return writeAutoProof(out, res)
		})
	var f *prover.Failure
	if errors.As(err, &f) {
		return failure{f.Err}
	}
	if err != nil {
		return err
	}
	for _, why := range sum.Skipped {
		fmt.Fprintf(cmd.ErrOrStderr(), "grundy prove: not attempted: %s\n", why)
	}
	if !asJSON {
		by := ""
		if len(sum.Bounds) > 0 {
			var parts []string
			for _, b := range slices.Sorted(maps.Keys(sum.Bounds)) {
				parts = append(parts, fmt.Sprintf("%d %s", sum.Bounds[b], b))
			}
			by = " (stopped by " + strings.Join(parts, ", ") + ")"
		}
		fmt.Fprintf(out, "%d automata proofs: %d proved, %d refuted, %d unknown%s\n",
			sum.Ran, sum.Counts[automatic.Proved], sum.Counts[automatic.Refuted], sum.Counts[automatic.Unknown], by)
	}
	return nil
}

func writeAutoProof(w io.Writer, r automatic.Result) error {
	var parts []string
	for _, o := range r.Obligations {
		parts = append(parts, fmt.Sprintf("%s %s %.2fs", o.Name, o.Status, o.Seconds))
	}
	via := ""
	if len(r.Via) > 0 {
		via = ", automaton of " + strings.Join(r.Via, ", ")
	}
	_, err := fmt.Fprintf(w, "%s %s  %s, %s  %s, %s%s (moves %d)  %.2fs, %.2fs CPU  (%s)\n", strings.ToUpper(r.Status), r.ID, r.Game, plural.Piles(r.Piles),
		r.System, plural.Count(r.States, "state"), via, r.MoveStates, r.Seconds, r.CPU, strings.Join(parts, ", "))
	if r.Reason != "" && len(r.Obligations) == 0 && err == nil {
		_, err = fmt.Fprintf(w, "    %s\n", r.Reason)
	}
	if r.Bound != "" && err == nil {
		_, err = fmt.Fprintf(w, "    stopped by its %s bound\n", r.Bound)
	}
	for _, o := range r.Obligations {
		if o.Counterexample != "" && err == nil {
			_, err = fmt.Fprintf(w, "    %s: counterexample %s\n", o.Name, o.Counterexample)
		}
		if o.Note != "" && err == nil {
			_, err = fmt.Fprintf(w, "    %s: %s\n", o.Name, o.Note)
		}
	}
	return err
}
