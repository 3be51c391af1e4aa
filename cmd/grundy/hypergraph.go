package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/grundy/grundy/hypernim"
	"github.com/grundy/grundy/internal/plural"
	"github.com/spf13/cobra"
)

// hypergraphWork bounds the steps of one hypergraph run (about a minute
// of CPU at the solver's few ns a step).
const hypergraphWork = 2e10

// Hypergraph is `grundy hypergraph`.
func (commands) Hypergraph(a *app) *cobra.Command {
	var out output
	var n, maxPile int
	var only string
	var claims bool
	cmd := &cobra.Command{
		Use:   "hypergraph [EDGES] --vertices N --max B",
		Short: "hypergraph NIM: the Jenkyns–Mayberry formula and the Tetris property, per hypergraph, on a box",
		Long: `hypergraph solves NIM_H — the piles are the vertices 1..N of a hypergraph
H and a move strictly decreases every pile of one edge (Boros, Gurvich,
Ho, Makino, Mursic) — on the box [0,B]^N, and says per hypergraph whether
its SG function equals the Jenkyns–Mayberry formula there (JM) and whether
every move lowers the SG value there (Tetris), with the first position
that says no. With EDGES ("{1,2} {2,3}") it answers for that hypergraph;
without, for every hypergraph on N vertices up to isomorphism whose edges
cover the vertices (--only graphs, uniform or symmetric narrows them; 5
vertices or more need it). --claims checks the printed claims of the
papers instead. Verdicts hold on the box only; docs/hypergraph.md says
what the formula is and where it comes from.`,
		Example: `  grundy hypergraph "{1,2} {2,3} {1,3}" --vertices 3 --max 8
  grundy hypergraph --vertices 4 --max 6 --format csv
  grundy hypergraph --vertices 5 --only graphs --max 8
  grundy hypergraph --claims --max 10`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			if !given(cmd, "max") {
				return fmt.Errorf("--max: give the largest pile of the box, at least 0")
			}
			if err := atLeast(cmd, "max", maxPile, 0, "the largest pile"); err != nil {
				return err
			}
			if claims {
				if len(args) > 0 || given(cmd, "vertices") || given(cmd, "only") {
					return fmt.Errorf("--claims checks the papers' claims on their own hypergraphs: give no EDGES, --vertices or --only")
				}
				var rows []claimRow
				for _, c := range hypernim.Claims() {
					row := claimRow{Claim: c, Status: "not stateable"}
					if c.Stateable {
						o, err := c.Check(cmd.Context(), maxPile)
						if err != nil {
							return err
						}
						row.Outcome, row.Status = o, "fail"
						if o.Holds {
							row.Status = "pass"
						}
					}
					rows = append(rows, row)
				}
				return out.write(cmd, hyperClaimsResult(rows))
			}
			if !given(cmd, "vertices") {
				return fmt.Errorf("--vertices: give the number of piles, 1 to %d", hypernim.MaxVertices)
			}
			if n < 1 || n > hypernim.MaxVertices {
				return fmt.Errorf("--vertices %d: a hypergraph here has 1 to %d vertices", n, hypernim.MaxVertices)
			}
			if n*maxPile > hypernim.MaxSG {
				return fmt.Errorf("--max %d on %d vertices: SG values may reach %d, past the %d the solver represents; at most --max %d", maxPile, n, n*maxPile, hypernim.MaxSG, hypernim.MaxSG/n)
			}
			fam, err := hypernim.ParseFamily(only)
			if err != nil {
				return fmt.Errorf("--only: %w", err)
			}
			var hs []hypernim.Hypergraph
			if len(args) == 1 {
				if given(cmd, "only") {
					return fmt.Errorf("--only chooses among every hypergraph: give it without EDGES")
				}
				h, err := hypernim.Parse(n, args[0])
				if err != nil {
					return err
				}
				if !h.Covers() {
					return fmt.Errorf("edges %s leave a vertex in no edge: its pile never moves (the papers assume every vertex is covered)", h)
				}
				hs, fam = []hypernim.Hypergraph{h}, -1
			} else {
				if fam == hypernim.All {
					if c := hypernim.EnumerateCount(n, nil); c > hypernim.MaxEnumerate {
						return fmt.Errorf("every hypergraph on %d vertices: %d labelled edge families to walk, over the limit of %d; narrow with --only graphs, uniform or symmetric", n, c, hypernim.MaxEnumerate)
					}
				}
				if hs, err = hypernim.Hypergraphs(n, fam); err != nil {
					return err
				}
			}
			limit := hypergraphWork
			if a.limits.Work > 0 {
				limit = min(limit, float64(a.limits.Work))
			}
			if w := hypernim.Work(hs, maxPile); w > limit {
				return fmt.Errorf("%s on [0,%d]^%d: %.2g steps, over the limit of %.2g; lower --max or narrow with --only", plural.Count(len(hs), "hypergraph"), maxPile, n, w, limit)
			}
			report, finish := a.progress("solving")
			res := hyperResult{Vertices: n, Max: maxPile, Only: "given"}
			if fam >= 0 {
				res.Only = fam.String() + ", up to isomorphism"
			}
			for i, h := range hs {
				r, err := hypernim.Classify(cmd.Context(), h, maxPile)
				if err != nil {
					finish()
					return err
				}
				res.Rows = append(res.Rows, r)
				report(uint64(i+1), uint64(len(hs)))
			}
			finish()
			return out.write(cmd, res)
		},
	}
	addOutput(cmd, &out, hyperResult{})
	intFlag(cmd, &n, "vertices", 0, "the vertices (piles) of the hypergraphs")
	requiredInt(cmd, &maxPile, "max", "the largest pile of the box")
	cmd.Flags().StringVar(&only, "only", "all", "which hypergraphs without EDGES: all, graphs, uniform or symmetric")
	cmd.Flags().BoolVar(&claims, "claims", false, "check the papers' printed claims on boxes of at most --max per pile")
	return cmd
}

// hyperResult is `grundy hypergraph`'s: one row per hypergraph.
type hyperResult struct {
	Vertices int
	Max      int
	Only     string
	Rows     []hypernim.Result
}

func verdictCell(v hypernim.Verdict, tetris bool) string {
	switch {
	case v.Holds:
		return "yes"
	case tetris:
		return fmt.Sprintf("no: %s -> %s, SG %d -> %d", posString(v.At), posString(v.Through), v.Got, v.Want)
	}
	return fmt.Sprintf("no: SG%s = %d, JM %d", posString(v.At), v.Got, v.Want)
}

func posString(x []int) string {
	s := make([]string, len(x))
	for i, v := range x {
		s[i] = strconv.Itoa(v)
	}
	return "(" + strings.Join(s, ",") + ")"
}

func (r hyperResult) counts() (jm, tetris int) {
	for _, row := range r.Rows {
		if row.JM.Holds {
			jm++
		}
		if row.Tetris.Holds {
			tetris++
		}
	}
	return jm, tetris
}

func (r hyperResult) WriteText(w io.Writer) error {
	jm, tetris := r.counts()
	fmt.Fprintf(w, "# NIM_H on [0,%d]^%d, %s (%s): JM on the box %d, Tetris on the box %d; exhaustive on the box\n",
		r.Max, r.Vertices, plural.Count(len(r.Rows), "hypergraph"), r.Only, jm, tetris)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "EDGES\tNAMES\tJM\tTETRIS")
	for _, row := range r.Rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", row.H, strings.Join(row.Names, ", "), verdictCell(row.JM, false), verdictCell(row.Tetris, true))
	}
	return tw.Flush()
}

func (r hyperResult) JSONValue() any {
	type row struct {
		Edges  string
		Names  []string
		JM     hypernim.Verdict
		Tetris hypernim.Verdict
	}
	v := struct {
		Vertices, Max int
		Only          string
		Method        string
		Rows          []row
	}{Vertices: r.Vertices, Max: r.Max, Only: r.Only, Method: "exhaustive on the box (hypernim.Solve)"}
	for _, x := range r.Rows {
		v.Rows = append(v.Rows, row{x.H.String(), x.Names, x.JM, x.Tetris})
	}
	return v
}

func (r hyperResult) Table() table {
	return table{
		Header: []string{"edges", "names", "jm", "tetris"},
		Right:  4,
		Rows: func(emit func([]string) error) error {
			for _, row := range r.Rows {
				if err := emit([]string{row.H.String(), strings.Join(row.Names, "; "), verdictCell(row.JM, false), verdictCell(row.Tetris, true)}); err != nil {
					return err
				}
			}
			return nil
		},
	}
}

// claimRow is one printed claim and its check.
type claimRow struct {
	hypernim.Claim
	Status  string
	Outcome hypernim.Outcome
}

// hyperClaimsResult is `grundy hypergraph --claims`'s.
type hyperClaimsResult []claimRow

func (rs hyperClaimsResult) WriteText(w io.Writer) error {
	for _, r := range rs {
		fmt.Fprintf(w, "%s  %s\n  %s\n  %q\n  %s\n", r.Status, r.ID, r.Citation, r.Quote, r.Reading)
		if r.Outcome.Counter != "" {
			fmt.Fprintf(w, "  counterexample: %s\n", r.Outcome.Counter)
		}
		if r.Outcome.Checked != "" {
			fmt.Fprintf(w, "  checked: %s\n", r.Outcome.Checked)
		}
	}
	return nil
}

func (rs hyperClaimsResult) JSONValue() any {
	type row struct {
		ID, Citation, Quote, Reading, Status, Checked, Counter string
	}
	var out []row
	for _, r := range rs {
		out = append(out, row{r.ID, r.Citation, r.Quote, r.Reading, r.Status, r.Outcome.Checked, r.Outcome.Counter})
	}
	return out
}

func (rs hyperClaimsResult) Table() table {
	return table{
		Header: []string{"status", "id", "citation", "quote", "reading", "counterexample"},
		Right:  6,
		Rows: func(emit func([]string) error) error {
			for _, r := range rs {
				if err := emit([]string{r.Status, r.ID, r.Citation, r.Quote, r.Reading, r.Outcome.Counter}); err != nil {
					return err
				}
			}
			return nil
		},
	}
}
