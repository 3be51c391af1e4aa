package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/grundy/grundy/internal/atomicfile"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/proof/smt"
	"github.com/grundy/grundy/prover"
	"github.com/grundy/grundy/theory"
	"github.com/spf13/cobra"
)

// Prove is `grundy prove`.
func (commands) Prove(a *app) *cobra.Command {
	var out output
	var all, automata bool
	var game string
	var maxStates int
	var solverName, emit, rangeSpec, record, profile string
	var force bool
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
unsatisfiable and exhaustive search of the claim's box (at most 20,000
positions) agrees; REFUTED with a counterexample position taken from the
solver's model, or from that box, confirmed by exhaustive search; otherwise
UNKNOWN (timeout, solver gave up, or a model exhaustive search cannot
confirm). IDs select claims as check's do: an ID that claim (with its
readings and corrections), a prefix or a glob ('002/thm-9*') what is under it.

Limits are CPU time: --timeout is what each solver may spend on one problem,
--claim-timeout what the solvers of one claim and game may spend together,
so a loaded machine gives the same verdicts as an idle one, only later; the
run never has more solver processes at once than CPUs. --profile FILE lists
every problem sent with its answer and CPU time (docs/prove.md).

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
ledger (trust automata-proved); --game proves on that ruleset only. Each
claim and game may take --claim-timeout of CPU time (default 10s, and 5m
for one the ledger has a record of), automata of at most --max-states
states, and the memory the process may; an unknown result names the bound
that stopped it (time, states, memory, learner).`,
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
				if maxStates != 0 && maxStates < 1000 {
					return fmt.Errorf("--max-states %d: give at least 1000, or 0 for the most that fit in memory", maxStates)
				}
				budget, recorded := prover.DefaultAutoBudget, prover.DefaultRecordedBudget
				if cmd.Flags().Changed("claim-timeout") {
					budget, recorded = claimBudget, claimBudget
				}
				if budget < 0 {
					return fmt.Errorf("--claim-timeout %v: give a positive duration such as 2m, or 0 for none", budget)
				}
				return a.proveAutomata(cmd, args, all, asJSON, game, record, maxStates, budget, recorded)
			}
			printer := &out
			out := cmd.OutOrStdout()
			set, err := a.selectClaimSet(args, all)
			if err != nil {
				return err
			}
			note := theory.LedgerNote
			if set.ledger != "" {
				// A claim file's proofs go beside it unless --record
				// says where.
				note = theory.FileLedgerNote
				if !cmd.Flags().Changed("record") {
					record = set.ledger
				}
			}
			rng, err := smt.ParseRange(rangeSpec)
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
			if err := checkOutputPath(cmd, "--profile", "profile", profile, force); err != nil {
				return err
			}
			solver, err := findSolvers(cmd, solverName)
			if err != nil {
				return err
			}
			run := prover.Run{Claims: set.claims, Registry: set.reg, Range: rng, All: all,
				Options: smt.Options{Solvers: solver, Timeout: timeout, EmitDir: emit},
				Workers: workers, Budget: claimBudget, Record: record, Note: note, Stage: a.progress}
			var problems profileLog
			if profile != "" {
				run.Options.Profile = problems.add
			}
			sum, err := prover.ProveClaims(cmd.Context(), run, func(res smt.Result) error {
				return printer.print(out, proveResult{res})
			})
			if profile != "" {
				// Written even when the run was interrupted: what was
				// solved was paid for.
				if perr := problems.write(profile); perr != nil && err == nil {
					return failure{perr}
				}
			}
			var f *prover.Failure
			if errors.As(err, &f) {
				return failure{f.Err}
			}
			if err != nil {
				return err
			}
			if !asJSON {
				fmt.Fprintf(out, "%s with %s: %d proved, %d refuted, %d unknown\n",
					plural.Count(sum.Ran, "proof"), solver, sum.Counts[smt.Proved], sum.Counts[smt.Refuted], sum.Counts[smt.Unknown])
				if len(sum.Skipped) > 0 {
					fmt.Fprintf(out, "not attempted:\n")
					for _, s := range sum.Skipped {
						fmt.Fprintf(out, "  %s\n", s)
					}
				}
			} else {
				for _, s := range sum.Skipped {
					fmt.Fprintf(cmd.ErrOrStderr(), "grundy prove: not attempted: %s\n", s)
				}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "prove every claim that has a Presburger formula (with --automata: an automaton)")
	cmd.Flags().BoolVar(&automata, "automata", false, "prove with finite automata over numeration systems instead of SMT")
	cmd.Flags().StringVar(&game, "game", "", "with --automata: prove on this ruleset only")
	cmd.Flags().IntVar(&maxStates, "max-states", 0, "with --automata: most states of any automaton built, beyond which a proof is unknown (0: the most whose memory estimate fits in what the process may take)")
	addOutput(cmd, &out, proveResult{})
	cmd.Flags().StringVar(&solverName, "solver", "auto", "SMT solver: z3, cvc5, presburger (pure Go, no binary), or a list run at once (z3,cvc5), the first answer counting; auto: every one installed, else presburger")
	cmd.Flags().DurationVar(&timeout, "timeout", smt.DefaultTimeout, "CPU time limit of each solver on each SMT problem (a wall-clock safety net of 10× the limit + 10 s stops a solver that never gets the CPU)")
	cmd.Flags().DurationVar(&claimBudget, "claim-timeout", 0, "CPU-time budget per claim and game, all its solver processes together (0: none); over it the claim is unknown (with --automata: the proof's own CPU time; default "+prover.DefaultAutoBudget.String()+", "+prover.DefaultRecordedBudget.String()+" for an instance the ledger has a record of)")
	cmd.Flags().IntVar(&workers, "jobs", runtime.NumCPU(), "claims proved at once (their solver processes share one slot per CPU)")
	cmd.Flags().StringVar(&emit, "emit", "", "keep the SMT-LIB problems in this directory")
	cmd.Flags().StringVar(&rangeSpec, "range", "", "parameter ranges, e.g. s=1..6,t=1..6 (default: each claim's checks)")
	cmd.Flags().StringVar(&record, "record", "", "merge proved results into this ledger file (e.g. theory/proved.json)")
	cmd.Flags().StringVar(&profile, "profile", "", "write every SMT problem sent, with its answer and the solvers' CPU time, to this file (JSON lines)")
	cmd.Flags().BoolVar(&force, "force", false, "let --profile replace a read-only or executable file, or a file this command reads")
	return cmd
}

func writeProof(w io.Writer, r smt.Result) error {
	var parts []string
	for _, o := range r.Obligations {
		part := fmt.Sprintf("%s %s %.2fs", o.Name, o.Status, o.Seconds)
		if o.Solver != r.Solver && o.Solver != "" {
			part += " by " + o.Solver
		}
		parts = append(parts, part)
	}
	_, err := fmt.Fprintf(w, "%s %s  %s, %s  %s  %.2fs  (%s)\n", strings.ToUpper(string(r.Status)), r.ID, r.Game, plural.Count(r.Piles, "pile"),
		r.Solver, r.Seconds, strings.Join(parts, ", "))
	if err != nil {
		return err
	}
	if ce := r.Counterexample; ce != nil {
		from := "" // none when the confirming box, not a model, found it
		if ce.Model != "" {
			from = " (solver's position " + ce.Model + ")"
		}
		_, err = fmt.Fprintf(w, "    counterexample (%s): claimed %s, exhaustive search %s%s\n",
			ce.Pos, ce.Claimed, ce.Computed, from)
	}
	for _, o := range r.Obligations {
		if o.Note != "" && err == nil {
			_, err = fmt.Fprintf(w, "    %s: %s\n", o.Name, o.Note)
		}
	}
	// A reason is printed when the obligations do not say it: none ran,
	// or the confirming box overruled them.
	if r.Reason != "" && (len(r.Obligations) == 0 || r.Status != smt.Proved && r.Confirmed != "") && err == nil {
		_, err = fmt.Fprintf(w, "    %s\n", r.Reason)
	}
	return err
}

// findSolvers reads --solver: a comma-separated list, or auto for every
// known solver on PATH (at least one).
func findSolvers(cmd *cobra.Command, spec string) (smt.Portfolio, error) {
	out, err := prover.FindSolvers(cmd.Context(), spec)
	if errors.Is(err, smt.ErrNoSolver) {
		return nil, failure{err}
	}
	return out, err
}

// profileLog gathers the problems of a run for --profile.
type profileLog struct {
	mu       sync.Mutex
	problems []smt.Problem
}

func (l *profileLog) add(p smt.Problem) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.problems = append(l.problems, p)
}

// write puts one JSON object per problem, in the order they were
// answered, atomically into path.
func (l *profileLog) write(path string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return atomicfile.Write(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		for _, p := range l.problems {
			if err := enc.Encode(p); err != nil {
				return err
			}
		}
		return nil
	})
}
