package main

import (
	"cmp"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy/grundy/engine"
	"github.com/spf13/cobra"
)

// An OEIS b-file is one sequence as "n a(n)" lines, n consecutive from the
// offset (https://oeis.org/wiki/B-files); lines starting with # are
// comments, which say here what the sequence is and why to believe it.
type bfile struct {
	comments []string
	offset   int
	terms    []*big.Int
}

// WriteText makes a bfile a result of the text format.
func (b bfile) WriteText(w io.Writer) error {
	var s strings.Builder
	for _, c := range b.comments {
		s.WriteString("# " + c + "\n")
	}
	for i, t := range b.terms {
		fmt.Fprintf(&s, "%d %s\n", b.offset+i, t)
	}
	_, err := io.WriteString(w, s.String())
	return err
}

// Bfile is `grundy bfile`.
func (commands) Bfile(a *app) *cobra.Command {
	var max, count, budget int
	var misere bool
	var column, step, what string
	out := output{format: "text", formats: []string{"text"}}
	cmd := &cobra.Command{
		Use:   "bfile ppos GAME --max B | sequence CODE --max N | line GAME START --step D --count N",
		Short: "An OEIS b-file (n a(n) lines) of a sequence grundy computes",
		Long: `bfile writes a sequence as an OEIS b-file: "n a(n)" lines, headed by #
comments saying what the sequence is and how it was computed.

  ppos GAME --max B [--column a|b] [--misere]
      the P-positions (a, b), a ≤ b, of a two-pile ruleset ordered by b
      then a: every one with b ≤ B, so the terms are a complete prefix;
      a(n) is a (or b with --column b), from n = 0.
  sequence CODE --max N
      G(0), …, G(N) of a take-and-break game (as grundy sequence).
  line GAME START --step D --count N [--what G|Gm|R|Rm]
      the value at START + n·D for n = 0, …, N−1, each by grundy value
      (a search, or a proved theorem when it cannot fit --budget: the
      header says which).`,
		Example: `  grundy bfile ppos wythoff --max 100
  grundy bfile sequence 0.07 --max 1000 -o b000000.txt
  grundy bfile line nim 0,5 --step 1,0 --count 20`,
		Args: cobra.MinimumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			var b bfile
			var err error
			switch args[0] {
			case "ppos":
				b, err = a.bfilePPos(cmd, args[1:], max, misere, column)
			case "sequence":
				b, err = a.bfileSequence(cmd, args[1:], max)
			case "line":
				b, err = a.bfileLine(cmd, args[1:], step, count, what, budget)
			default:
				return fmt.Errorf("bfile %q: want ppos, sequence or line", args[0])
			}
			if err != nil {
				return err
			}
			return out.write(cmd, b)
		},
	}
	requiredInt(cmd, &max, "max", "ppos: the largest pile B; sequence: the largest heap N")
	requiredInt(cmd, &count, "count", "line: the number of terms")
	addBudget(cmd, &budget)
	cmd.Flags().BoolVar(&misere, "misere", false, "ppos: misère play")
	cmd.Flags().StringVar(&column, "column", "a", "ppos: a or b")
	cmd.Flags().StringVar(&step, "step", "", "line: the step D added per term, such as 1,0")
	cmd.Flags().StringVar(&what, "what", "G", "line: G, Gm, R or Rm")
	addOutputFile(cmd, &out)
	return cmd
}

func (a *app) bfilePPos(cmd *cobra.Command, args []string, max int, misere bool, column string) (bfile, error) {
	if len(args) != 1 {
		return bfile{}, fmt.Errorf("bfile ppos: give one ruleset, not %d arguments", len(args))
	}
	if !given(cmd, "max") || max < 0 {
		return bfile{}, fmt.Errorf("--max: give the largest pile size, at least 0")
	}
	if column != "a" && column != "b" {
		return bfile{}, fmt.Errorf("--column %q: want a or b", column)
	}
	r, err := a.parseGame(args[0])
	if err != nil {
		return bfile{}, err
	}
	pp, err := engine.PPos(cmd.Context(), r, max, misere, -1, a.instrumentRun())
	if err != nil {
		return bfile{}, err
	}
	// Ordered by b, the pairs with b ≤ B are all there are up to that b,
	// whatever the ruleset: a prefix with no gap, as a b-file must be.
	pairs := make([][2]int, 0, len(pp.Pairs))
	for _, p := range pp.Pairs {
		if p[0] > p[1] {
			p[0], p[1] = p[1], p[0]
		}
		pairs = append(pairs, p)
	}
	slices.SortFunc(pairs, func(x, y [2]int) int { return cmp.Or(cmp.Compare(x[1], y[1]), cmp.Compare(x[0], y[0])) })
	pairs = slices.Compact(pairs)
	i := 0
	if column == "b" {
		i = 1
	}
	play := "normal"
	if misere {
		play = "misère"
	}
	b := bfile{comments: []string{
		fmt.Sprintf("P-positions (a(n), b(n)), a ≤ b, of %s in %s play, ordered by b then a; this file: %s(n)", pp.Game, play, column),
		fmt.Sprintf("every P-position with b ≤ %d: %d pairs, computed by grundy's exhaustive %s solver over [0,%d]²", max, len(pairs), pp.Method, max),
	}}
	for _, p := range pairs {
		b.terms = append(b.terms, big.NewInt(int64(p[i])))
	}
	return b, nil
}

func (a *app) bfileSequence(cmd *cobra.Command, args []string, max int) (bfile, error) {
	if len(args) != 1 {
		return bfile{}, fmt.Errorf("bfile sequence: give one take-and-break code, not %d arguments", len(args))
	}
	if !given(cmd, "max") || max < 0 {
		return bfile{}, fmt.Errorf("--max: give the largest heap, at least 0")
	}
	g, err := engine.ParseTakeBreak(args[0])
	if err != nil {
		return bfile{}, err
	}
	report, finish := a.progress("computing")
	seq, err := engine.SolveSequence(cmd.Context(), g, max, false, a.engineOptions(report))
	finish()
	if err != nil {
		return bfile{}, err
	}
	b := bfile{comments: []string{
		fmt.Sprintf("G(n), the Sprague-Grundy values of %s (code %s) for heaps n = 0..%d", g.Name, g.Code(), max),
		fmt.Sprintf("computed by grundy (%s mex computation of every heap)", seq.Method),
	}}
	for _, v := range seq.G {
		b.terms = append(b.terms, big.NewInt(int64(v)))
	}
	return b, nil
}

func (a *app) bfileLine(cmd *cobra.Command, args []string, step string, count int, what string, budget int) (bfile, error) {
	if len(args) != 2 {
		return bfile{}, fmt.Errorf("bfile line: give a ruleset and a start position, not %d arguments", len(args))
	}
	if !given(cmd, "count") || count < 1 {
		return bfile{}, fmt.Errorf("--count: give the number of terms, at least 1")
	}
	if err := atLeast(cmd, "budget", budget, 1, "the most positions a search may visit"); err != nil {
		return bfile{}, err
	}
	if !slices.Contains([]string{"G", "Gm", "R", "Rm"}, what) {
		return bfile{}, fmt.Errorf("--what %q: want G, Gm, R or Rm", what)
	}
	// The line as the user wrote it, pile by pile (Parse does not sort):
	// the canonical position a ruleset prints may be sorted.
	r, start, err := a.parseGamePos(args[0], args[1])
	if err != nil {
		return bfile{}, err
	}
	if step == "" {
		return bfile{}, fmt.Errorf("--step: give the step added per term, such as 1,0")
	}
	parts := strings.Split(step, ",")
	if len(parts) != len(start) {
		return bfile{}, fmt.Errorf("--step %s: %d piles, the start %s has %d", step, len(parts), args[1], len(start))
	}
	line := engine.Line{Start: start, Step: make([]*big.Int, len(parts)), Count: count}
	for i, s := range parts {
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil || n < 0 {
			return bfile{}, fmt.Errorf("--step %s: pile %d: %q is not a non-negative integer", step, i+1, s)
		}
		line.Step[i] = big.NewInt(n)
	}
	opt := engine.Options{Budget: a.capBudget(budget), Limits: a.limits}
	// The whole line is priced before its first term is answered: each
	// term alone keeps to the limits, their sum need not.
	if _, err := engine.PriceLine(cmd.Context(), r, line, opt); err != nil {
		return bfile{}, err
	}
	b := bfile{}
	trusts := map[string]bool{}
	var order []string
	game := r.Name()
	report, finish := a.progress("evaluating")
	defer finish()
	for n := range count {
		report(uint64(n), uint64(count))
		p := line.Term(n)
		v, err := engine.Evaluate(cmd.Context(), r, p, opt)
		if err != nil {
			return bfile{}, fmt.Errorf("term %d at %s: %w", n, p, err)
		}
		q := map[string]*big.Int{"G": v.G, "Gm": v.Gm, "R": v.R, "Rm": v.Rm}[what]
		if q == nil {
			return bfile{}, fmt.Errorf("term %d at %s: %s is not established by %s (%s)", n, v.Pos, what, v.Method, v.Trust.Kind)
		}
		game = v.Game
		t := fmt.Sprintf("%s: %s", v.Method, trustText(v))
		if !trusts[t] {
			trusts[t] = true
			order = append(order, t)
		}
		b.terms = append(b.terms, q)
	}
	b.comments = append(b.comments, fmt.Sprintf("%s of %s at %s + n·(%s), n = 0..%d", what, game, args[1], step, count-1))
	for _, t := range order {
		b.comments = append(b.comments, "by "+t)
	}
	return b, nil
}

// trustText is a value's trust in a line: kind, claims and detail.
func trustText(v engine.Value) string {
	s := string(v.Trust.Kind)
	if len(v.Trust.Claims) > 0 {
		s += " " + strings.Join(v.Trust.Claims, ", ")
	}
	if v.Trust.Detail != "" {
		s += " (" + v.Trust.Detail + ")"
	}
	return s
}
