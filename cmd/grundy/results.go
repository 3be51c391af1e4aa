package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/octal"
	"github.com/grundy/grundy/instruments"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/proof/search"
	"github.com/grundy/grundy/proof/smt"
	"github.com/grundy/grundy/render"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/store"
	"github.com/grundy/grundy/theory"
)

// The results commands print. Each has the methods of the formats it can
// be written in (see output.go): WriteText for text, JSONValue or
// WriteJSONLines for json, Table for csv and md, LaTeXTable or WriteLaTeX
// for latex. Tabular formats give a position one column per pile (x1,
// x2, …).

// valueResult is `grundy value`'s.
type valueResult struct{ engine.Value }

func (v valueResult) WriteText(w io.Writer) error { return render.Value(w, v.Value) }
func (v valueResult) JSONValue() any              { return v.Value.JSON() }
func (v valueResult) Table() table {
	return table{
		Header: append(pileHeader(pileCount(v.Pos)), "G", "Gm", "R", "Rm", "outcome", "outcome_misere", "method"),
		Rows: func(emit func([]string) error) error {
			return emit(append(piles(v.Pos), cell(v.G), cell(v.Gm), cell(v.R), cell(v.Rm), v.Outcome, v.OutcomeMisere, string(v.Method)))
		},
	}
}

// movesResult is `grundy move`'s.
type movesResult struct{ engine.Moves }

func (m movesResult) WriteText(w io.Writer) error { return render.Moves(w, m.Moves) }
func (m movesResult) JSONValue() any              { return m.Moves.JSON() }
func (m movesResult) Table() table {
	return table{
		Header: append(pileHeader(pileCount(m.Pos)), "G", "Gm", "R", "Rm", "winning", "optimal"),
		Rows: func(emit func([]string) error) error {
			for _, mv := range m.Moves.Moves {
				opt := ""
				if mv.Optimal != nil {
					opt = strconv.FormatBool(*mv.Optimal)
				}
				if err := emit(append(piles(mv.To), cell(mv.G), cell(mv.Gm), cell(mv.R), cell(mv.Rm), strconv.FormatBool(mv.Winning), opt)); err != nil {
					return err
				}
			}
			return nil
		},
	}
}

// countResult is `grundy count`'s: the tabular formats give the
// histograms, one row per value (G = 0 counts the P-positions of normal
// play, G⁻ = 0 those of misère play).
type countResult struct{ engine.Count }

func (c countResult) WriteText(w io.Writer) error { return render.Count(w, c.Count) }
func (c countResult) JSONValue() any              { return c.Count }
func (c countResult) Table() table {
	return table{Header: []string{"value", "G", "Gm"}, Right: 1, Rows: c.rows}
}
func (c countResult) LaTeXTable() table {
	return table{Header: []string{"value", "$\\mathcal{G}$", "$\\mathcal{G}^-$"}, Right: 1, Rows: c.rows,
		Caption: fmt.Sprintf("%s, %s, each at most %d: how many positions have each value; computed by grundy (%s)",
			render.GameName(c.Game), plural.Piles(c.Piles), c.Max, c.Method)}
}

func (c countResult) rows(emit func([]string) error) error {
	for v := range max(len(c.GHist), len(c.GmHist)) {
		if err := emit([]string{strconv.Itoa(v), histAt(c.GHist, v), histAt(c.GmHist, v)}); err != nil {
			return err
		}
	}
	return nil
}

// tableResult is `grundy table`'s: every position of a box, written by
// render.Table in each format (JSON one position a line).
type tableResult struct{ *solve.Table }

func (t tableResult) WriteCSV(w io.Writer) error       { return render.Table(w, t.Table, "csv") }
func (t tableResult) WriteMarkdown(w io.Writer) error  { return render.Table(w, t.Table, "md") }
func (t tableResult) WriteLaTeX(w io.Writer) error     { return render.Table(w, t.Table, "latex") }
func (t tableResult) WriteJSONLines(w io.Writer) error { return render.Table(w, t.Table, "json") }

// instrumentResult is the result of an instrument: its text and its JSON.
type instrumentResult struct{ v texter }

func (r instrumentResult) WriteText(w io.Writer) error { return r.v.WriteText(w) }
func (r instrumentResult) JSONValue() any              { return r.v }

// pposResult is `grundy ppos`'s: the P-positions as 002's tables print
// them, in every format.
type pposResult struct{ instruments.PPositions }

func (p pposResult) JSONValue() any { return p.PPositions }

// findingsResult is `grundy findings`'s: JSON one finding a line.
type findingsResult []theory.Finding

func (fs findingsResult) WriteText(w io.Writer) error     { return render.Findings(w, fs) }
func (fs findingsResult) WriteMarkdown(w io.Writer) error { return render.FindingsMarkdown(w, fs) }
func (fs findingsResult) WriteJSONLines(w io.Writer) error {
	for _, f := range fs {
		if err := render.JSON(w, f); err != nil {
			return err
		}
	}
	return nil
}

// auditedResult is one claim of `grundy check`, which prints them as they
// are checked (and a shard file holds in every format).
type auditedResult struct{ engine.Audited }

func (a auditedResult) WriteText(w io.Writer) error { return render.CheckResult(w, a.Audited) }
func (a auditedResult) JSONValue() any              { return a.Audited }

// proveResult is one claim and game of `grundy prove`, printed as proved.
type proveResult struct{ smt.Result }

func (r proveResult) WriteText(w io.Writer) error { return writeProof(w, r.Result) }
func (r proveResult) JSONValue() any              { return r.Result }

// discoveryResult is `grundy discover`'s. Its JSON keeps <, > and & as
// they are (formulas hold them).
type discoveryResult struct{ *search.Result }

func (d discoveryResult) WriteText(w io.Writer) error {
	writeDiscovery(w, d.Result)
	return nil
}
func (d discoveryResult) WriteLaTeX(w io.Writer) error {
	writeDiscoveryLaTeX(w, d.Result)
	return nil
}
func (d discoveryResult) WriteJSONLines(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(d.Result)
}

// gamesResult is `grundy games`'s: a table of the families, or JSON one
// family a line.
type gamesResult struct{}

func (gamesResult) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tPARAMETERS\tPILES\tRULE\tSOURCE")
	for _, f := range games.Families {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", f.Name, params(f), f.Piles, f.Rule, f.Source)
	}
	return tw.Flush()
}
func (gamesResult) WriteJSONLines(w io.Writer) error {
	for _, f := range engine.Families() {
		if err := render.JSON(w, f); err != nil {
			return err
		}
	}
	return nil
}

// solvedResult is `grundy solve`'s: the table written.
type solvedResult struct{ engine.Solved }

func (s solvedResult) JSONValue() any { return s.Solved }
func (s solvedResult) WriteText(w io.Writer) error {
	_, err := fmt.Fprintf(w, "table      %s\ngame       %s\nbox        %s, each ≤ %d\nkinds      %s\npositions  %d\ntiers      %d\nchecksum   %s\n",
		s.Dir, s.Game, plural.Piles(s.Piles), s.Max, s.Kinds, s.Positions, s.Tiers, s.Checksum)
	return err
}

// verifiedResult is `grundy verify-table`'s.
type verifiedResult struct{ store.Report }

func (r verifiedResult) JSONValue() any { return r.Report }
func (r verifiedResult) WriteText(w io.Writer) error {
	state := "complete"
	if !r.Complete {
		state = "incomplete (resume with grundy solve --resume)"
	}
	_, err := fmt.Fprintf(w, "table      %s\ngame       %s\nbox        %s, each ≤ %d\nkinds      %s\ntiers      %d of %d verified, %s\nchecksum   %s\nOK\n",
		r.Dir, r.Game, plural.Piles(r.Piles), r.Max, r.Kinds, r.Tiers, r.Of, state, r.Checksum)
	return err
}

func histAt(h []uint64, v int) string {
	if v < len(h) {
		return strconv.FormatUint(h[v], 10)
	}
	return "0"
}

func cell(p *big.Int) string {
	if p == nil {
		return ""
	}
	return p.String()
}

func pileCount(pos string) int { return strings.Count(pos, ",") + 1 }

func piles(pos string) []string { return strings.Split(pos, ",") }

// sequenceResult is `grundy sequence`'s: G(0..max) of a take-and-break
// game, one value a row.
type sequenceResult struct{ *octal.Sequence }

func (s sequenceResult) WriteText(w io.Writer) error {
	how := "computed by mex over every option"
	if s.Method == octal.Sparse {
		how = fmt.Sprintf("computed by the sparse-space method (mask %#x, %d rare values)", s.Mask, s.Rare)
	}
	fmt.Fprintf(w, "# %s: G(0..%d), %s", s.Game.Name, len(s.G)-1, how)
	if s.Extended > 0 {
		fmt.Fprintf(w, " to n = %d; from there by the %s", s.Extended-1, s.Period)
	}
	fmt.Fprintln(w)
	for n := 0; n < len(s.G); n += 10 {
		fmt.Fprintf(w, "%d:", n)
		for _, v := range s.G[n:min(n+10, len(s.G))] {
			fmt.Fprintf(w, " %d", v)
		}
		if _, err := fmt.Fprintln(w); err != nil {
			return err
		}
	}
	return nil
}
func (s sequenceResult) JSONValue() any { return s.Sequence }
func (s sequenceResult) Table() table {
	return table{Header: []string{"n", "G"}, Right: 0, Rows: func(emit func([]string) error) error {
		for n, v := range s.G {
			if err := emit([]string{strconv.Itoa(n), strconv.FormatUint(uint64(v), 10)}); err != nil {
				return err
			}
		}
		return nil
	}}
}

// periodResult is `grundy sequence --period`'s.
type periodResult struct {
	Game, Code string
	Max        int
	Found      bool
	octal.Periodicity
}

func (p periodResult) WriteText(w io.Writer) error {
	name := p.Game
	if p.Code != p.Game {
		name = p.Code + " (" + p.Game + ")"
	}
	if !p.Found {
		_, err := fmt.Fprintf(w, "%s: no period in G(0..%d): %s\n", name, p.Max, p.Why)
		return err
	}
	_, err := fmt.Fprintf(w, "%s: %s\n", name, p.Periodicity)
	return err
}
func (p periodResult) JSONValue() any { return p }
