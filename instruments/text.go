package instruments

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/internal/plural"
)

// The WriteText methods write answers for people; the CLI prints them
// unless asked for JSON.

// WriteText writes the classification as aligned text.
func (c Classification) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "box        %s (%s, %d terminal, %d swap)\n", c.Box, plural.Count(c.Positions, "position"), c.Terminal, c.Swap)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "G\tG⁻\tcount\tsmallest\t")
	for _, cc := range c.Classes {
		fmt.Fprintf(tw, "%d\t%d\t%d\t(%s)\t\n", cc.G, cc.Gm, cc.Count, cc.Smallest)
	}
	tw.Flush()
	for _, v := range c.Verdicts {
		fmt.Fprintf(w, "%s\n", v)
	}
	for _, l := range c.Lists {
		more := ""
		if l.Truncated {
			more = " (first ones only)"
		}
		fmt.Fprintf(w, "(%d,%d)-positions%s: %s\n", l.G, l.Gm, more, joinPositions(l.Positions))
	}
	_, err := fmt.Fprintf(w, "method     %s\n", c.Method)
	return err
}

func joinPositions(ps []string) string {
	if len(ps) == 0 {
		return "none"
	}
	return "(" + strings.Join(ps, ") (") + ")"
}

// WriteText writes the parity verdict and the function (or the values
// seen per parity vector when it is not one).
func (r ParityResult) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "box        %s, %s play\n%s\n", r.Box, r.Play, r.Verdict)
	if r.Verdict.Holds {
		// Grouped by value, as 000 Props 10–11 state them.
		var order []string
		groups := map[string][]string{}
		for _, row := range r.Function {
			v := row.Values[0]
			if groups[v] == nil {
				order = append(order, v)
			}
			groups[v] = append(groups[v], "("+row.Parity+")")
		}
		slicesSortValues(order)
		for _, v := range order {
			fmt.Fprintf(w, "  %s = %-3s if p(x) ∈ {%s}\n", label(r.Play == "misère", r.What), v, strings.Join(groups[v], ", "))
		}
	} else {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "  parity\tvalues\tpositions\tsmallest")
		for _, row := range r.Function {
			fmt.Fprintf(tw, "  (%s)\t%s\t%d\t(%s)\n", row.Parity, strings.Join(row.Values, " "), row.Count, row.Smallest)
		}
		tw.Flush()
	}
	_, err := fmt.Fprintf(w, "method     %s\n", r.Method)
	return err
}

func slicesSortValues(vs []string) {
	for i := 1; i < len(vs); i++ {
		for j := i; j > 0 && compareValues(vs[j], vs[j-1]) < 0; j-- {
			vs[j], vs[j-1] = vs[j-1], vs[j]
		}
	}
}

// WriteText writes one shift verdict.
func (v Verdict) WriteText(w io.Writer) error {
	_, err := fmt.Fprintf(w, "box        %s\n%s\nmethod     %s\n", v.Box, v, grundy.MethodBox)
	return err
}

// WriteText lists the shift vectors that hold.
func (s ShiftSearch) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "box        %s\n%d of %d nonzero vectors with entries ≤ %d are %ss in the box:\n",
		s.Box, len(s.Holds), s.Tested, s.Bound, s.Kind.name())
	for _, v := range s.Holds {
		fmt.Fprintf(w, "  %s\n", v)
	}
	_, err := fmt.Fprintf(w, "method     %s\n", s.Method)
	return err
}

// WriteText writes the exceptions listed (the minimal ones unless r.All)
// grouped by x1, runs over the last pile folded as in 003's tables,
// minimal ones marked with *.
func (r ExceptionsResult) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "box        %s (%d non-terminal positions)\n%s\n%s\n%s\n", r.Box, r.NonTerminal, r.Normal, r.Misere, r.Monotone)
	shown := "the minimal ones (003 Prop 1) follow"
	if r.All {
		shown = "all follow, minimal ones marked *"
	}
	fmt.Fprintf(w, "%s, %d minimal; %s; \"y+\" = every last pile from y to the box max %d; keep i = the move keeps pile x_i\n",
		plural.Count(r.Total, "exception"), r.Minimal, shown, r.Box.Max)
	x1 := -1
	for _, run := range r.Runs() {
		if run.Prefix[0] != x1 {
			x1 = run.Prefix[0]
			fmt.Fprintf(w, "x1 = %d\n", x1)
		}
		last := fmt.Sprint(run.Last)
		switch {
		case run.ToMax:
			last += "+"
		case run.LastTo > run.Last:
			last += fmt.Sprintf("..%d", run.LastTo)
		}
		mark := " "
		if run.Minimal {
			mark = "*"
		}
		keeps := make([]string, len(run.First.Optimal))
		for i, m := range run.First.Optimal {
			keeps[i] = fmt.Sprint(m.Keep)
		}
		fmt.Fprintf(w, " %s (%s, %s)  R⁻ = %d  M-move keeps %d → R⁻ %d; optimal keeps %s\n",
			mark, grundyJoin(run.Prefix), last, run.First.Rm, run.First.MMove.Keep, run.First.MMove.Rm, strings.Join(keeps, ","))
	}
	_, err := fmt.Fprintf(w, "method     %s\n", r.Method)
	return err
}

func grundyJoin(p []int) string {
	s := make([]string, len(p))
	for i, x := range p {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// WriteText writes the P-positions in rows n, a_n, b_n (and b′_n, … when
// some a has several b), fifteen columns a block, as 002's tables.
func (pp PPositions) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "box        %s, %s play: %d P-positions", pp.Box, pp.Play, len(pp.Pairs))
	if !pp.Ordered {
		fmt.Fprint(w, " with a ≤ b")
	}
	fmt.Fprintln(w)
	as, bs := pp.Columns()
	rows := 0
	for _, b := range bs {
		rows = max(rows, len(b))
	}
	const block = 15
	for start := 0; start < len(as); start += block {
		end := min(start+block, len(as))
		tw := tabwriter.NewWriter(w, 0, 0, 1, ' ', tabwriter.AlignRight)
		fmt.Fprint(tw, "n\t")
		for i := start; i < end; i++ {
			fmt.Fprintf(tw, "%d\t", i)
		}
		fmt.Fprint(tw, "\na_n\t")
		for i := start; i < end; i++ {
			fmt.Fprintf(tw, "%d\t", as[i])
		}
		for r := range rows {
			fmt.Fprintf(tw, "\n%s\t", bLabel(r, rows, "′", "b%s_n", "b_n[%d]"))
			for i := start; i < end; i++ {
				if r < len(bs[i]) {
					fmt.Fprintf(tw, "%d\t", bs[i][r])
				} else {
					fmt.Fprint(tw, "\t")
				}
			}
		}
		fmt.Fprintln(tw)
		tw.Flush()
	}
	_, err := fmt.Fprintf(w, "method     %s (pairs with a pile above %d are not shown)\n", pp.Method, pp.Box.Max)
	return err
}

// WriteCSV writes one row n,a,b per P-position, numbered n as the text
// and LaTeX tables number their columns (an a with two b's gives two rows
// with one n).
func (pp PPositions) WriteCSV(w io.Writer) error {
	fmt.Fprintln(w, "n,a,b")
	as, bs := pp.Columns()
	for n, a := range as {
		for _, b := range bs[n] {
			if _, err := fmt.Fprintf(w, "%d,%d,%d\n", n, a, b); err != nil {
				return err
			}
		}
	}
	return nil
}

// WriteMarkdown writes one row per n: n, a_n and the b's of a_n.
func (pp PPositions) WriteMarkdown(w io.Writer) error {
	as, bs := pp.Columns()
	rows := 1
	for _, b := range bs {
		rows = max(rows, len(b))
	}
	fmt.Fprint(w, "| n | a_n |")
	for r := range rows {
		fmt.Fprintf(w, " %s |", bLabel(r, rows, "′", "b%s_n", "b_n[%d]"))
	}
	fmt.Fprint(w, "\n|---:|---:|")
	fmt.Fprintln(w, strings.Repeat("---:|", rows))
	for n, a := range as {
		fmt.Fprintf(w, "| %d | %d |", n, a)
		for r := range rows {
			if r < len(bs[n]) {
				fmt.Fprintf(w, " %d |", bs[n][r])
			} else {
				fmt.Fprint(w, "  |")
			}
		}
		if _, err := fmt.Fprintln(w); err != nil {
			return err
		}
	}
	return nil
}

// WriteLaTeX writes the table as 002 typesets it: a tabular per fifteen
// columns.
func (pp PPositions) WriteLaTeX(w io.Writer) error {
	fmt.Fprintf(w, "%% P-positions of %s, %s play, piles at most %d; computed by grundy (exhaustive box solver)\n", pp.Game, pp.Play, pp.Box.Max)
	as, bs := pp.Columns()
	rows := 0
	for _, b := range bs {
		rows = max(rows, len(b))
	}
	const block = 15
	for start := 0; start < len(as); start += block {
		end := min(start+block, len(as))
		fmt.Fprintf(w, "\\begin{tabular}{l%s}\n\\hline\n$n$", strings.Repeat("r", end-start))
		for i := start; i < end; i++ {
			fmt.Fprintf(w, " & %d", i)
		}
		fmt.Fprint(w, " \\\\\n\\hline\n$a_n$")
		for i := start; i < end; i++ {
			fmt.Fprintf(w, " & %d", as[i])
		}
		for r := range rows {
			fmt.Fprintf(w, " \\\\\n$%s$", bLabel(r, rows, "'", "b%s_n", "b_n^{(%d)}"))
			for i := start; i < end; i++ {
				if r < len(bs[i]) {
					fmt.Fprintf(w, " & %d", bs[i][r])
				} else {
					fmt.Fprint(w, " &")
				}
			}
		}
		if _, err := fmt.Fprint(w, " \\\\\n\\hline\n\\end{tabular}\n"); err != nil {
			return err
		}
	}
	return nil
}

// bLabel names the r-th row of b values: b_n, b′_n, b′′_n as in 002's
// tables, or numbered rows when there are more than three.
func bLabel(r, rows int, prime, primed, numbered string) string {
	if rows > 3 {
		return fmt.Sprintf(numbered, r+1)
	}
	return fmt.Sprintf(primed, strings.Repeat(prime, r))
}
