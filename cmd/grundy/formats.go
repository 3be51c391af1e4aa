package main

import (
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/render"
	"github.com/grundy/grundy/solve"
)

// The results of the engine in every format the output layer offers.
// Tabular formats give a position one column per pile (x1, x2, …).

func valueResult(v engine.Value) result {
	header := append(pileHeader(pileCount(v.Pos)), "G", "Gm", "R", "Rm", "outcome", "outcome_misere", "method")
	rows := func(emit func([]string) error) error {
		return emit(append(piles(v.Pos), cell(v.G), cell(v.Gm), cell(v.R), cell(v.Rm), v.Outcome, v.OutcomeMisere, string(v.Method)))
	}
	return result{
		JSON: v,
		Text: func(w io.Writer) error { return render.Value(w, v) },
		CSV:  func(w io.Writer) error { return csvRows(w, header, rows) },
		MD:   func(w io.Writer) error { return mdRows(w, header, 0, rows) },
	}
}

func movesResult(m engine.Moves) result {
	header := append(pileHeader(pileCount(m.Pos)), "G", "Gm", "R", "Rm", "winning", "optimal")
	rows := func(emit func([]string) error) error {
		for _, mv := range m.Moves {
			opt := ""
			if mv.Optimal != nil {
				opt = strconv.FormatBool(*mv.Optimal)
			}
			if err := emit(append(piles(mv.To), cell(mv.G), cell(mv.Gm), cell(mv.R), cell(mv.Rm), strconv.FormatBool(mv.Winning), opt)); err != nil {
				return err
			}
		}
		return nil
	}
	return result{
		JSON: m,
		Text: func(w io.Writer) error { return render.Moves(w, m) },
		CSV:  func(w io.Writer) error { return csvRows(w, header, rows) },
		MD:   func(w io.Writer) error { return mdRows(w, header, 0, rows) },
	}
}

// countResult: the tabular formats give the histograms, one row per
// value (G = 0 counts the P-positions of normal play, G⁻ = 0 those of
// misère play).
func countResult(c engine.Count) result {
	header := []string{"value", "G", "Gm"}
	rows := func(emit func([]string) error) error {
		for v := range max(len(c.GHist), len(c.GmHist)) {
			if err := emit([]string{strconv.Itoa(v), histAt(c.GHist, v), histAt(c.GmHist, v)}); err != nil {
				return err
			}
		}
		return nil
	}
	return result{
		JSON: c,
		Text: func(w io.Writer) error { return render.Count(w, c) },
		CSV:  func(w io.Writer) error { return csvRows(w, header, rows) },
		MD:   func(w io.Writer) error { return mdRows(w, header, 1, rows) },
		LaTeX: func(w io.Writer) error {
			return latexRows(w, fmt.Sprintf("%s, %s, each at most %d: how many positions have each value; computed by grundy (%s)", render.GameName(c.Game), solve.Piles(c.Piles), c.Max, c.Method),
				[]string{"value", "$\\mathcal{G}$", "$\\mathcal{G}^-$"}, 1, rows)
		},
	}
}

func tableResult(t *solve.Table) result {
	return result{
		CSV:       func(w io.Writer) error { return render.Table(w, t, "csv") },
		MD:        func(w io.Writer) error { return render.Table(w, t, "md") },
		LaTeX:     func(w io.Writer) error { return render.Table(w, t, "latex") },
		jsonLines: func(w io.Writer) error { return render.Table(w, t, "json") },
	}
}

// instrumentResult is the result of an instrument: text and JSON.
func instrumentResult(v interface{ WriteText(io.Writer) error }) result {
	return result{JSON: v, Text: v.WriteText}
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
