package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/proof/search"
	"github.com/grundy/grundy/prover"
	"github.com/grundy/grundy/theory/discovered"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// Discover is `grundy discover`.
func (commands) Discover(a *app) *cobra.Command {
	var piles, max, validate, atoms, maxPeriod int
	var what, solverName, record, corrects string
	var out output
	var noProve bool
	var timeout, budget time.Duration
	cmd := &cobra.Command{
		Use:   "discover GAME --piles N --max B [--what P|Pm|G|Gm]",
		Short: "Find a formula for the P-positions or values of a ruleset from a box, and prove it",
		Long: `discover solves the box of N piles ≤ B, looks for the smallest formula
over atoms of the papers' shapes (parities of sums of piles, residues,
small values, signs of linear forms of the sorted piles, lines for two
piles) that gives the quantity on every position of the box, checks it on
a larger box (--validate, default B + B/2), and proves it for every
position with an SMT solver, refitting on a counterexample within --budget.
Rulesets whose moves remove exactly k tokens are split by the total mod k
(each class is a game of its own) and each part is fitted separately.

Status per part: proved (for every position), checked (holds in both
boxes, not proved), refuted (the validation box or a confirmed SMT
counterexample disagrees), none (no formula of at most --atoms atoms fits).
--record FILE merges the parts found into a ledger of discoveries
(theory/discovered/discoveries.json is the committed one). --format claims prints the
parts found as a claim file that 'grundy check' and 'grundy prove' take
back (docs/claims.md); with --corrects LABEL they are stated as corrections
of that file's claim LABEL.`,
		Example: `  grundy discover slow-moore:k=2 --piles 5 --max 12
  grundy discover slow-exact:k=2 --piles 5 --max 16 --json
  grundy discover bounded-greedy:k=3 --piles 2 --max 40 --what P
  grundy discover slow-exact:k=2 --piles 2 --max 20 --format claims > fix.claims`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			if corrects != "" && (out.format != "claims" || !engine.ValidClaimLabel(corrects)) {
				return fmt.Errorf("--corrects %q: give a claim file's label (letters, digits, _ . / @ + -) with --format claims", corrects)
			}
			if err := positiveDuration("timeout", timeout, "60s"); err != nil {
				return err
			}
			if err := positiveDuration("budget", budget, "5m"); err != nil {
				return err
			}
			r, err := a.parseGame(args[0])
			if err != nil {
				return err
			}
			q := grundy.Quantity(what)
			switch q {
			case grundy.QP, grundy.QPm, grundy.QG, grundy.QGm:
			default:
				return fmt.Errorf("--what %q: want P, Pm, G or Gm", what)
			}
			if piles < 1 || max < 0 {
				return fmt.Errorf("--piles %d --max %d: give at least one pile and a non-negative max", piles, max)
			}
			if validate != 0 && validate < max {
				return fmt.Errorf("--validate %d is smaller than --max %d", validate, max)
			}
			if atoms < 1 || atoms > 12 {
				return fmt.Errorf("--atoms %d: give 1 to 12", atoms)
			}
			if maxPeriod < 0 {
				return fmt.Errorf("--max-period %d: give a positive period, or 0 for half the validation box", maxPeriod)
			}
			opt := search.Options{What: q, Piles: piles, Max: max, ValidateMax: validate, MaxAtoms: atoms,
				Prove: !noProve, ProveTimeout: timeout, Budget: budget, MaxPeriod: maxPeriod}
			if f, ok := a.stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
				opt.Progress = func(stage string) { fmt.Fprintf(f, "\r\033[K%s…", stage) }
				defer fmt.Fprint(f, "\r\033[K")
			}
			if opt.Prove {
				if opt.Solvers, err = findSolvers(cmd, solverName); err != nil {
					return err
				}
			}
			res, err := prover.Discover(cmd.Context(), r, opt)
			if err != nil {
				return err
			}
			if record != "" {
				if err := prover.RecordDiscovery(record, res, time.Now()); err != nil {
					return failure{err}
				}
			}
			return out.write(cmd, discoveryClaims{discoveryResult{res}, corrects})
		},
	}
	f := cmd.Flags()
	f.IntVar(&piles, "piles", 0, "number of piles")
	f.IntVar(&max, "max", 0, "largest pile of the box fitted")
	f.IntVar(&validate, "validate", 0, "largest pile of the validation box (default max + max/2)")
	f.IntVar(&atoms, "atoms", 8, "most atoms in a formula")
	f.IntVar(&maxPeriod, "max-period", 0, "longest period of a one-pile sequence tried (0: half the validation box)")
	f.StringVar(&what, "what", "P", "quantity: P, Pm (misère P-positions), G or Gm")
	f.BoolVar(&noProve, "no-prove", false, "fit and validate only")
	f.StringVar(&solverName, "solver", "auto", "SMT solvers: z3, cvc5, a comma-separated list, or auto")
	f.DurationVar(&timeout, "timeout", 60*time.Second, "time limit per SMT problem")
	f.DurationVar(&budget, "budget", 5*time.Minute, "time for the prove-and-refit loop of each part")
	f.StringVar(&record, "record", "", "merge the parts found into this ledger (e.g. theory/discovered/discoveries.json)")
	f.StringVar(&corrects, "corrects", "", "with --format claims: label the claims `LABEL`.fix…, corrections of the claim LABEL of a claim file")
	addOutput(cmd, &out, discoveryClaims{})
	cmd.MarkFlagRequired("piles")
	cmd.MarkFlagRequired("max")
	return cmd
}

func writeDiscovery(w io.Writer, res *search.Result) {
	fmt.Fprintf(w, "game       %s\n", res.Game)
	fmt.Fprintf(w, "piles      %d\n", res.Piles)
	fmt.Fprintf(w, "quantity   %s\n", res.What)
	fmt.Fprintf(w, "fitted on  piles ≤ %d (%s), validated on piles ≤ %d (%s)\n",
		res.Max, plural.Count(res.Positions, "position"), res.ValidateMax, plural.Count(res.Validated, "position"))
	for i, p := range res.Parts {
		fmt.Fprintln(w)
		if p.Domain != "" {
			fmt.Fprintf(w, "part %d: %s\n", i+1, p.Domain)
		}
		if p.Math != "" {
			fmt.Fprintf(w, "  formula  %s\n", p.Math)
			fmt.Fprintf(w, "  LaTeX    %s\n", p.LaTeX)
			fmt.Fprintf(w, "  size     %s, %s\n", plural.Count(p.Atoms, "atom"), plural.Count(p.Literals, "literal"))
		}
		fmt.Fprintf(w, "  status   %s\n", discoveryStatus(res, p))
		if p.Note != "" {
			fmt.Fprintf(w, "  note     %s\n", p.Note)
		}
		if p.Proof != nil {
			var obs []string
			for _, o := range p.Proof.Obligations {
				obs = append(obs, fmt.Sprintf("%s %s", o.Name, o.Status))
			}
			fmt.Fprintf(w, "  proof    %s (%s; %.2fs): %s\n", p.Proof.Status, p.Proof.Solver, p.Proof.Seconds, strings.Join(obs, ", "))
		}
		if p.Refits > 0 {
			fmt.Fprintf(w, "  refits   %d (after SMT counterexamples)\n", p.Refits)
		}
	}
	if a := res.Automaton; a != nil {
		fmt.Fprintf(w, "\nautomaton (no formula fits; learned from piles ≤ %d)\n", res.Max)
		if a.System != "" {
			fmt.Fprintf(w, "  system   %s\n", a.System)
			fmt.Fprintf(w, "  states   %d (minimal, dead state included)\n", a.States)
		}
		status := string(a.Status)
		switch a.Status {
		case discovered.StatusProved:
			status = fmt.Sprintf("proved for all positions of %s (automata: stability and absorption decided)", plural.Piles(res.Piles))
		case discovered.StatusChecked:
			status = fmt.Sprintf("checked in the box of piles ≤ %d, not proved", res.ValidateMax)
		}
		fmt.Fprintf(w, "  status   %s\n", status)
		if a.Proof != nil {
			var obs []string
			for _, o := range a.Proof.Obligations {
				ob := fmt.Sprintf("%s %s %.2fs", o.Name, o.Status, o.Seconds)
				if o.Counterexample != "" {
					ob += " at " + o.Counterexample
				}
				obs = append(obs, ob)
			}
			fmt.Fprintf(w, "  proof    %s (%.2fs): %s\n", a.Proof.Status, a.Proof.Seconds, strings.Join(obs, ", "))
		}
		if a.Note != "" {
			fmt.Fprintf(w, "  note     %s\n", a.Note)
		}
		for _, t := range a.Tried {
			fmt.Fprintf(w, "  tried    %s\n", t)
		}
	}
	if s := res.Sum; s != nil && s.Holds {
		// Shown when the values are a nim-sum (one pile: always), the
		// finding; that most games' values are not is in the JSON.
		title := "nim-sum of one-pile sequences"
		if res.Piles == 1 {
			title = "one-pile sequence"
		}
		fmt.Fprintf(w, "\n%s (on the %s of piles ≤ %d)\n", title, plural.Count(s.Checked, "position"), res.ValidateMax)
		for i, per := range s.Periods {
			name := "g"
			if len(s.Periods) > 1 {
				name = fmt.Sprintf("g%d", i+1)
			}
			if per == nil {
				fmt.Fprintf(w, "  %-8s no period ≤ %d fits on the box\n", name, s.PeriodBound)
				continue
			}
			fmt.Fprintf(w, "  %-8s pre-period %d, period %d: %s\n", name, per.Preperiod, per.Period, periodText(per))
		}
		if s.Claim != "" {
			fmt.Fprintf(w, "  claim    %s\n", s.Claim)
			status := fmt.Sprintf("checked in the box of piles ≤ %d, not proved", res.ValidateMax)
			if s.Proof != "" {
				status += ": " + s.Proof
			}
			switch s.Status {
			case discovered.StatusProved:
				status = fmt.Sprintf("proved for all positions of %s (%s)", plural.Piles(res.Piles), s.Proof)
			case discovered.StatusRefuted:
				status = fmt.Sprintf("refuted (%s)", s.Proof)
			}
			fmt.Fprintf(w, "  status   %s\n", status)
		}
		fmt.Fprintf(w, "  note     %s\n", s.Note)
	}
	fmt.Fprintf(w, "\n%.1fs, %s heap\n", res.Seconds, discoveryBytes(res.MemoryBytes))
}

// periodText writes a sequence's pre-period and period: "1 4 | 0 0 1 1 0 2 1".
func periodText(p *search.Period) string {
	var pre, per []string
	for i, v := range p.Values {
		if i < p.Preperiod {
			pre = append(pre, fmt.Sprint(v))
		} else {
			per = append(per, fmt.Sprint(v))
		}
	}
	if len(pre) == 0 {
		return "(" + strings.Join(per, " ") + ")"
	}
	return strings.Join(pre, " ") + " (" + strings.Join(per, " ") + ")"
}

// writeDiscoveryLaTeX writes each part's formula as a display with its
// status, for a paper.
func writeDiscoveryLaTeX(w io.Writer, res *search.Result) {
	fmt.Fprintf(w, "%% grundy discover %s, %s, %s: fitted on piles ≤ %d, validated on piles ≤ %d\n",
		res.Game, plural.Piles(res.Piles), res.What, res.Max, res.ValidateMax)
	for _, p := range res.Parts {
		fmt.Fprintf(w, "%% %s\n", discoveryStatus(res, p))
		body := p.LaTeX
		if body == "" {
			body = "\\text{no formula found}"
		}
		if p.DomainLaTeX != "" {
			body = "\\text{for } " + p.DomainLaTeX + ": \\quad " + body
		}
		fmt.Fprintf(w, "\\[ %s \\]\n", body)
	}
}

func discoveryStatus(res *search.Result, p search.Part) string {
	switch p.Status {
	case discovered.StatusProved:
		return fmt.Sprintf("proved for all positions of %s (%s)", plural.Piles(res.Piles), p.Proof.Solver)
	case discovered.StatusChecked:
		return fmt.Sprintf("checked in the box of piles ≤ %d, not proved", res.ValidateMax)
	case discovered.StatusRefuted:
		if p.Disagreement != nil {
			return fmt.Sprintf("refuted at %s (formula %d, computed %d)", p.Disagreement.Pos, p.Disagreement.Formula, p.Disagreement.Computed)
		}
		if p.Proof != nil && p.Proof.Counterexample != nil {
			return "refuted at " + p.Proof.Counterexample.Pos
		}
		return "refuted"
	}
	return "no formula found"
}

func discoveryBytes(b uint64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20))
	}
	return fmt.Sprintf("%d KiB", b>>10)
}
