package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/grundy/grundy/engine/prover"
	"github.com/grundy/grundy/internal/atomicfile"
	"github.com/grundy/grundy/prove"
	"github.com/grundy/grundy/theory"
	"github.com/spf13/cobra"
)

// Prove is `grundy prove`.
func (commands) Prove(a *app) *cobra.Command {
	var out output
	var all, automata bool
	var game string
	var maxStates int
	var solverName, emit, rangeSpec, record string
	var timeout, claimBudget time.Duration
	var workers int
	cmd := &cobra.Command{
		Use:   "prove [ID... | FILE.claims] [--all]",
		Short: "Prove the papers' closed forms for all positions with an SMT solver",
		Long: `prove turns a claim's Presburger formula and the ruleset's moves into SMT-LIB
problems — for a set of P-positions, stability (no move from the set into
it) and absorption (from every other position a move into it); for values,
the mex or remoteness recursion — and runs an SMT solver (z3 or cvc5) on
each. A claim is PROVED for every position when every problem is
unsatisfiable; REFUTED with a counterexample position taken from the
solver's model and confirmed by exhaustive search; otherwise UNKNOWN
(timeout, solver gave up, or a model exhaustive search cannot confirm).

Parameters are fixed per run: the games and pile counts of the claim's
default checks, or --range to vary them (e.g. s=1..6,t=1..6).
--record FILE merges the proved results into a ledger (theory/proved.json is
the committed one that 'check' and 'value' report from).

A claim file FILE.claims (docs/claims.md) is proved claim by claim, and its
proofs are recorded beside it in FILE.proved.json (or --record FILE), each
under the claim's normalized text, so that an edited claim is never trusted
on an old proof; 'grundy check FILE.claims' reads them.

--automata proves, instead, the claims that have finite automata (docs/automata.md):
the claim's set is built as an automaton over a numeration system (base 2,
Zeckendorf, 002's U) from its statement, the moves from the rule with the
adders, and stability and absorption (or the mex conditions for a value)
are decided as first-order statements; a failure names a counterexample
position. --record theory/automatic.json merges the proofs into the automata
ledger (trust automata-proved); --game proves on that ruleset only.`,
		Example: `  grundy prove 000/prop-11.1
  grundy prove 002/thm-11 --range s=1..6,t=1..6 --json
  grundy prove --all --emit /tmp/smt --record theory/proved.json
  grundy prove my.claims
  grundy prove --automata 002/sec3-vile --game wythoff:s=2,t=2`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			asJSON := out.format == "json"
			if automata {
				if maxStates < 1000 {
					return fmt.Errorf("--max-states %d: give at least 1000", maxStates)
				}
				automataMaxStates(maxStates)
				return proveAutomata(cmd, args, all, asJSON, game, record)
			}
			printer := &out
			out := cmd.OutOrStdout()
			set, err := selectClaimSet(args, all)
			if err != nil {
				return err
			}
			claims, reg := set.claims, set.reg
			note := theory.LedgerNote
			if set.ledger != "" {
				// A claim file's proofs go beside it unless --record
				// says where.
				note = theory.FileLedgerNote
				if !cmd.Flags().Changed("record") {
					record = set.ledger
				}
			}
			rng, err := prove.ParseRange(rangeSpec)
			if err != nil {
				return err
			}
			if err := positiveDuration("timeout", timeout, "60s"); err != nil {
				return err
			}
			if claimBudget < 0 {
				return fmt.Errorf("--claim-timeout %v: give a positive duration such as 5m, or 0 for none", claimBudget)
			}
			if workers < 1 {
				return fmt.Errorf("--jobs %d: give at least 1", workers)
			}
			solver, err := findSolvers(cmd, solverName)
			if err != nil {
				return err
			}
			type job = prover.ProveJob
			var jobs []job
			var skipped []string
			for _, c := range claims {
				if c.Formula == nil {
					skipped = append(skipped, fmt.Sprintf("%s: not expressible — its closed form is Go code, not a Presburger formula", c.ID))
					continue
				}
				ins, err := prove.Instances(c, rng)
				if err != nil {
					if all {
						skipped = append(skipped, fmt.Sprintf("%s: %v", c.ID, err))
						continue
					}
					return err
				}
				if len(ins) == 0 {
					skipped = append(skipped, fmt.Sprintf("%s: no instance (the claim speaks of none of the ranged parameters)", c.ID))
				}
				for _, in := range ins {
					if _, err := prove.Encode(in.Ruleset, in.Piles); err != nil {
						skipped = append(skipped, fmt.Sprintf("%s on %s: not expressible — %v", c.ID, in.Ruleset.Name(), err))
						continue
					}
					jobs = append(jobs, job{Claim: c, Instance: in})
				}
			}
			opt := prove.Options{Solvers: solver, Timeout: timeout, EmitDir: emit}
			date := time.Now().UTC().Format("2006-01-02")
			var recs []theory.Record
			var ran []prove.Result
			var ranKeys []string // each result's ledger identity
			counts := map[prove.Status]int{}
			emitResult := func(j job, res prove.Result) error {
				ran = append(ran, res)
				ranKeys = append(ranKeys, ledgerKey(j.Claim.LedgerKey(), res.Game, res.Piles))
				counts[res.Status]++
				if res.Status == prove.Proved {
					rec, err := prove.NewRecord(j.Claim, j.Instance, res, date)
					if err != nil {
						return err
					}
					recs = append(recs, rec)
				}
				if record != "" {
					// Merged as results come: an interrupted run keeps
					// what it proved.
					if err := writeLedger(record, note, ranKeys, recs); err != nil {
						return err
					}
				}
				return printer.print(out, proveResult{res})
			}
			// First the direct proofs; a claim whose domain moves can
			// leave waits for the second pass, where it may rest on the
			// claims proved directly (here or in the committed ledger).
			direct := map[string]bool{}
			key := func(id string, in prove.Instance) string {
				return fmt.Sprintf("%s|%s|%d", id, in.Ruleset.Name(), in.Piles)
			}
			type pending struct {
				j   job
				res prove.Result
			}
			var waiting []pending
			// An interrupted run still writes every result it finished:
			// those the first pass held for the second are written as
			// they stand.
			held := map[string]bool{}
			flushHeld := func(err error) error {
				for _, w := range waiting {
					if k := key(w.j.Claim.ID, w.j.Instance); held[k] {
						held[k] = false
						if err := emitResult(w.j, w.res); err != nil {
							return failure{err}
						}
					}
				}
				return failure{err}
			}
			report, finish := a.progress(fmt.Sprintf("proving %d claims and games on %d workers", len(jobs), workers))
			err = prover.ProveJobs(cmd.Context(), jobs, prover.ProveOptions{Prove: opt, Workers: workers, Budget: claimBudget, Progress: report}, func(j job, res prove.Result) error {
				if res.Status == prove.Proved {
					direct[key(j.Claim.ID, j.Instance)] = true
				}
				if res.Status == prove.Unknown && len(res.Obligations) == 1 && res.Obligations[0].Name == "closure" {
					waiting = append(waiting, pending{j, res})
					held[key(j.Claim.ID, j.Instance)] = true
					return nil
				}
				return emitResult(j, res)
			})
			finish()
			if err != nil {
				return flushHeld(err)
			}
			// Second pass, in parallel and within the budget like the
			// first: the claims the waiting ones could rest on that this
			// run has not proved for their game yet (their default checks
			// differ) are proved directly, and shown; then each waiting
			// claim is derived from those proved.
			var refJobs []job
			tried := map[string]bool{}
			for _, w := range waiting {
				for _, ref := range candidateRefs(reg, w.j.Claim, w.j.Instance) {
					k := key(ref.ID, w.j.Instance)
					if _, recorded := reg.Proof(ref, w.j.Instance.Ruleset, w.j.Instance.Piles); direct[k] || tried[k] || recorded {
						continue
					}
					tried[k] = true
					refJobs = append(refJobs, job{Claim: ref, Instance: w.j.Instance})
				}
			}
			if len(refJobs) > 0 {
				report, finish := a.progress(fmt.Sprintf("proving %d claims other claims may rest on", len(refJobs)))
				err = prover.ProveJobs(cmd.Context(), refJobs, prover.ProveOptions{Prove: opt, Workers: workers, Budget: claimBudget, Progress: report}, func(j job, res prove.Result) error {
					if res.Status == prove.Proved {
						direct[key(j.Claim.ID, j.Instance)] = true
					}
					return emitResult(j, res)
				})
				finish()
				if err != nil {
					return flushHeld(err)
				}
			}
			var derive []job
			first := map[string]prove.Result{} // the first pass's result, by key
			for _, w := range waiting {
				if refs := provedRefs(reg, w.j.Claim, w.j.Instance, direct, key); len(refs) > 0 {
					derive = append(derive, job{Claim: w.j.Claim, Instance: w.j.Instance, Via: refs})
					first[key(w.j.Claim.ID, w.j.Instance)] = w.res
					continue
				}
				held[key(w.j.Claim.ID, w.j.Instance)] = false
				if err := emitResult(w.j, w.res); err != nil {
					return failure{err}
				}
			}
			if len(derive) > 0 {
				report, finish := a.progress(fmt.Sprintf("deriving %d claims from proved ones", len(derive)))
				err = prover.ProveJobs(cmd.Context(), derive, prover.ProveOptions{Prove: opt, Workers: workers, Budget: claimBudget, Progress: report}, func(j job, derived prove.Result) error {
					res := first[key(j.Claim.ID, j.Instance)]
					held[key(j.Claim.ID, j.Instance)] = false
					if derived.Status != prove.Unknown {
						res = derived
					} else {
						res.Reason += "; from " + strings.Join(derived.Via, ", ") + ": " + derived.Reason
					}
					return emitResult(job{Claim: j.Claim, Instance: j.Instance}, res)
				})
				finish()
				if err != nil {
					return flushHeld(err)
				}
			}
			if !asJSON {
				fmt.Fprintf(out, "%d proofs with %s: %d proved, %d refuted, %d unknown\n",
					len(ran), solver, counts[prove.Proved], counts[prove.Refuted], counts[prove.Unknown])
				if len(skipped) > 0 {
					fmt.Fprintf(out, "not attempted:\n")
					for _, s := range skipped {
						fmt.Fprintf(out, "  %s\n", s)
					}
				}
			} else {
				for _, s := range skipped {
					fmt.Fprintf(cmd.ErrOrStderr(), "grundy prove: not attempted: %s\n", s)
				}
			}
			if record != "" {
				if err := writeLedger(record, note, ranKeys, recs); err != nil {
					return failure{err}
				}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "prove every claim that has a Presburger formula (with --automata: an automaton)")
	cmd.Flags().BoolVar(&automata, "automata", false, "prove with finite automata over numeration systems instead of SMT")
	cmd.Flags().StringVar(&game, "game", "", "with --automata: prove on this ruleset only")
	cmd.Flags().IntVar(&maxStates, "max-states", 150_000, "with --automata: most states of any automaton built (subset constructions beyond it give unknown)")
	addOutput(cmd, &out, proveResult{})
	cmd.Flags().StringVar(&solverName, "solver", "auto", "SMT solver: z3, cvc5, or a list run at once (z3,cvc5), the first answer counting; auto: every one installed")
	cmd.Flags().DurationVar(&timeout, "timeout", 60*time.Second, "time limit per SMT problem")
	cmd.Flags().DurationVar(&claimBudget, "claim-timeout", 0, "time budget per claim and game, all its problems together (0: none); over it the claim is unknown")
	cmd.Flags().IntVar(&workers, "jobs", runtime.NumCPU(), "claims proved at once (each runs its own solver processes)")
	cmd.Flags().StringVar(&emit, "emit", "", "keep the SMT-LIB problems in this directory")
	cmd.Flags().StringVar(&rangeSpec, "range", "", "parameter ranges, e.g. s=1..6,t=1..6 (default: each claim's checks)")
	cmd.Flags().StringVar(&record, "record", "", "merge proved results into this ledger file (e.g. theory/proved.json)")
	return cmd
}

func writeProof(w io.Writer, r prove.Result) error {
	var parts []string
	for _, o := range r.Obligations {
		part := fmt.Sprintf("%s %s %.2fs", o.Name, o.Status, o.Seconds)
		if o.Solver != r.Solver && o.Solver != "" {
			part += " by " + o.Solver
		}
		parts = append(parts, part)
	}
	_, err := fmt.Fprintf(w, "%s %s  %s, %d piles  %s  %.2fs  (%s)\n", strings.ToUpper(string(r.Status)), r.ID, r.Game, r.Piles,
		r.Solver, r.Seconds, strings.Join(parts, ", "))
	if err != nil {
		return err
	}
	if ce := r.Counterexample; ce != nil {
		_, err = fmt.Fprintf(w, "    counterexample (%s): claimed %s, exhaustive search %s (solver's position %s)\n",
			ce.Pos, ce.Claimed, ce.Computed, ce.Model)
	}
	for _, o := range r.Obligations {
		if o.Note != "" && err == nil {
			_, err = fmt.Fprintf(w, "    %s: %s\n", o.Name, o.Note)
		}
	}
	if r.Reason != "" && len(r.Obligations) == 0 && err == nil {
		_, err = fmt.Fprintf(w, "    %s\n", r.Reason)
	}
	return err
}

// ledgerKey names a result in a ledger: the claim's ledger identity, game
// and pile count.
func ledgerKey(id, game string, piles int) string { return fmt.Sprintf("%s|%s|%d", id, game, piles) }

// writeLedger merges this run into the ledger at path, headed by note:
// records of the games and pile counts proved now (ran, by ledgerKey)
// replace old ones, and a game this run failed to prove loses its old
// record.
func writeLedger(path, note string, ran []string, recs []theory.Record) error {
	var old theory.Ledger
	if b, err := os.ReadFile(path); err == nil {
		if err := json.Unmarshal(b, &old); err != nil {
			return fmt.Errorf("ledger %s: %w", path, err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	redone := map[string]bool{}
	for _, k := range ran {
		redone[k] = true
	}
	var merged []theory.Record
	for _, rec := range old.Records {
		if !redone[ledgerKey(rec.ID, rec.Game, rec.Piles)] {
			merged = append(merged, rec)
		}
	}
	// Two labels of a claim file may state one claim: one record each.
	seen := map[string]bool{}
	for _, rec := range recs {
		if k := ledgerKey(rec.ID, rec.Game, rec.Piles); !seen[k] {
			seen[k] = true
			merged = append(merged, rec)
		}
	}
	return atomicfile.Write(path, func(w io.Writer) error { return theory.WriteLedgerNote(w, note, merged) })
}

// provedRefs lists the claims c may rest on for in: same family, pile
// count and quantity, with a formula, proved directly for in — in this
// run or by a direct record of reg's ledger.
func provedRefs(reg *theory.Registry, c *theory.Claim, in prove.Instance, direct map[string]bool, key func(string, prove.Instance) string) []*theory.Claim {
	var refs []*theory.Claim
	for _, ref := range candidateRefs(reg, c, in) {
		rec, recorded := reg.Proof(ref, in.Ruleset, in.Piles)
		if direct[key(ref.ID, in)] || recorded && len(rec.Via) == 0 {
			refs = append(refs, ref)
		}
	}
	return refs
}

// findSolvers reads --solver: a comma-separated list, or auto for every
// known solver on PATH (at least one).
func findSolvers(cmd *cobra.Command, spec string) (prove.Portfolio, error) {
	var out prove.Portfolio
	if strings.TrimSpace(spec) == "auto" {
		var missing []string
		for _, name := range prove.Solvers {
			s, err := prove.FindSolver(cmd.Context(), name)
			if err != nil {
				missing = append(missing, err.Error())
				continue
			}
			out = append(out, s)
		}
		if len(out) == 0 {
			return nil, failure{fmt.Errorf("%w: %s", prove.ErrNoSolver, strings.Join(missing, "; "))}
		}
		return out, nil
	}
	for _, name := range strings.Split(spec, ",") {
		s, err := prove.FindSolver(cmd.Context(), strings.TrimSpace(name))
		if err != nil {
			if errors.Is(err, prove.ErrNoSolver) {
				return nil, failure{err}
			}
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// candidateRefs lists the claims c could rest on for in: another claim
// with a formula, of the same quantity, speaking of in.
func candidateRefs(reg *theory.Registry, c *theory.Claim, in prove.Instance) []*theory.Claim {
	var out []*theory.Claim
	for _, ref := range reg.All() {
		if ref != c && ref.Quantity == c.Quantity && ref.Formula != nil && ref.Applies(in.Ruleset, in.Piles) {
			out = append(out, ref)
		}
	}
	return out
}
