package render

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/solve"
)

// JSON writes v as one line of JSON.
func JSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

func intOrDash(p *big.Int) string {
	if p == nil {
		return "—"
	}
	return p.String()
}

// Value writes a position's values as aligned text.
func Value(w io.Writer, v engine.Value) error {
	method := string(v.Method)
	if v.Searched > 0 {
		method = fmt.Sprintf("%s (%s)", v.Method, plural.Count(v.Searched, "position"))
	}
	_, err := fmt.Fprintf(w, "game      %s\nposition  %s\nG         %s\nG⁻        %s\nR         %s\nR⁻        %s\noutcome   %s (normal), %s (misère)\nmethod    %s\n",
		GameName(v.Game), v.Pos, intOrDash(v.G), intOrDash(v.Gm), intOrDash(v.R), intOrDash(v.Rm),
		orDash(v.Outcome), orDash(v.OutcomeMisere), method)
	if err != nil {
		return err
	}
	return Sources(w, v)
}

// Sources writes why each number of v can be believed: one line for an
// exhaustive answer, one per quantity for a theorem answer.
func Sources(w io.Writer, v engine.Value) error {
	if len(v.Sources) == 0 {
		_, err := fmt.Fprintf(w, "trust     %s\n", v.Trust)
		return err
	}
	label := map[grundy.Quantity]string{grundy.QG: "G", grundy.QGm: "G⁻", grundy.QR: "R", grundy.QRm: "R⁻", grundy.QP: "P", grundy.QPm: "P⁻"}
	for _, q := range []grundy.Quantity{grundy.QG, grundy.QP, grundy.QR, grundy.QGm, grundy.QPm, grundy.QRm} {
		if t, ok := v.Sources[q]; ok {
			if _, err := fmt.Fprintf(w, "trust     %-2s %s\n", label[q], t); err != nil {
				return err
			}
		}
	}
	return Gaps(w, v.Gaps)
}

// maxGapClaims is how many silent claims a gap line names before "and N
// more".
const maxGapClaims = 3

// Gaps writes why an outcome shown "—" is not given: one line per play,
// naming the claims that stop short of the position.
func Gaps(w io.Writer, gaps []engine.Gap) error {
	for _, g := range gaps {
		play := "normal"
		if g.Misere {
			play = "misère"
		}
		var parts []string
		for i, c := range g.Claims {
			if i == maxGapClaims {
				parts = append(parts, fmt.Sprintf("and %d more", len(g.Claims)-i))
				break
			}
			parts = append(parts, fmt.Sprintf("%s (%s) %s", c.ID, c.Trust.Kind, c.Why))
		}
		why := "no claim of grundy speaks of it here"
		switch {
		case g.Why != "":
			why = g.Why
		case len(parts) > 0:
			why = strings.Join(parts, "; ")
		}
		if _, err := fmt.Fprintf(w, "no        %s outcome: %s\n", play, why); err != nil {
			return err
		}
	}
	return nil
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// Moves writes a position's moves as a table, marking winning (W) and
// remoteness-optimal (*) moves of the chosen play.
func Moves(w io.Writer, m engine.Moves) error {
	play, g, r, o := "normal", m.G, m.R, m.Outcome
	if m.Misere {
		play, g, r, o = "misère", m.Gm, m.Rm, m.OutcomeMisere
	}
	count := fmt.Sprintf("%d move", len(m.Moves))
	if len(m.Moves) != 1 {
		count += "s"
	}
	if m.Note != "" {
		// Not every move: say how many are listed, and why not the rest.
		count += " listed"
		if len(m.Moves) == 0 {
			count = "no moves listed"
		}
	}
	fmt.Fprintf(w, "%s at %s, %s play: G%s = %s, R%s = %s, %s-position; %s\n",
		GameName(m.Game), m.Pos, play, minusIf(m.Misere), intOrDash(g), minusIf(m.Misere), intOrDash(r), o, count)
	if m.Note != "" {
		fmt.Fprintf(w, "  (%s)\n", m.Note)
	}
	if len(m.Moves) == 0 {
		return nil
	}
	width := len("to")
	for _, mv := range m.Moves {
		width = max(width, len(mv.To))
	}
	// An answer by theorem names the claims behind each move's values:
	// once when they are the same for all.
	shared := m.Moves[0].Source
	for _, mv := range m.Moves[1:] {
		if shared != nil && (mv.Source == nil || mv.Source.String() != shared.String()) {
			shared = nil
		}
	}
	if shared != nil {
		fmt.Fprintf(w, "  (moves judged by %s)\n", shared)
	}
	fmt.Fprintf(w, "  %-*s  %4s %4s %4s %4s\n", width, "to", "G", "G⁻", "R", "R⁻")
	for _, mv := range m.Moves {
		mark := ""
		if mv.Winning {
			mark = "W"
		}
		if mv.Optimal != nil && *mv.Optimal {
			mark += "*"
		}
		if mv.Source != nil && shared == nil {
			mark += "  " + mv.Source.String()
		}
		line := fmt.Sprintf("  %-*s  %4s %4s %4s %4s  %s", width, mv.To,
			intOrDash(mv.G), intOrDash(mv.Gm), intOrDash(mv.R), intOrDash(mv.Rm), mark)
		if _, err := fmt.Fprintln(w, strings.TrimRight(line, " ")); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintln(w, "W: to a P-position (a winning move); *: remoteness-optimal (fastest win, or slowest loss)")
	return err
}

func minusIf(misere bool) string {
	if misere {
		return "⁻"
	}
	return ""
}

// Count writes a box summary as text.
func Count(w io.Writer, c engine.Count) error {
	_, err := fmt.Fprintf(w, "game       %s\nbox        %s, each ≤ %d\npositions  %d\nP          %d (normal)\nP⁻         %d (misère)\nG hist     %s\nG⁻ hist    %s\nmethod     %s\nchecksum   %s\n",
		GameName(c.Game), plural.Piles(c.Piles), c.Max, c.Positions, c.P, c.Pm, hist(c.GHist), hist(c.GmHist), c.Method, c.Checksum)
	if err == nil && c.TableChecksum != "" {
		_, err = fmt.Fprintf(w, "           (of G, G⁻; the table's, of %s: %s, as its header says)\n", c.TableKinds, c.TableChecksum)
	}
	return err
}

func hist(h []uint64) string {
	parts := make([]string, len(h))
	for i, n := range h {
		parts[i] = fmt.Sprintf("%d:%d", i, n)
	}
	return strings.Join(parts, " ")
}

// TableFormats are the formats Table writes.
var TableFormats = []string{"csv", "json", "md", "latex"}

// Table writes every position of a solved box with G, G⁻, R and R⁻.
func Table(w io.Writer, t *solve.Table, format string) error {
	switch format {
	case "csv":
		return tableCSV(w, t)
	case "json":
		return tableJSON(w, t)
	case "md":
		return tableMarkdown(w, t)
	case "latex":
		return tableLaTeX(w, t)
	}
	return fmt.Errorf("unknown table format %q (want one of %s)", format, strings.Join(TableFormats, ", "))
}

// row is a CSV row: one column per pile, then the values.
func row(p grundy.Position, v grundy.Values) []string {
	cells := make([]string, 0, len(p)+4)
	for _, x := range p {
		cells = append(cells, strconv.Itoa(x))
	}
	return append(cells, strconv.Itoa(v.G), strconv.Itoa(v.Gm), strconv.Itoa(v.R), strconv.Itoa(v.Rm))
}

func tableCSV(w io.Writer, t *solve.Table) error {
	cw := csv.NewWriter(w)
	header := make([]string, 0, t.Piles()+4)
	for i := range t.Piles() {
		header = append(header, fmt.Sprintf("x%d", i+1))
	}
	cw.Write(append(header, "G", "Gm", "R", "Rm"))
	t.Each(func(p grundy.Position, v grundy.Values) bool {
		return cw.Write(row(p, v)) == nil
	})
	cw.Flush()
	return cw.Error()
}

type tableRow struct {
	Pos string `json:"pos"`
	G   int    `json:"G"`
	Gm  int    `json:"Gm"`
	R   int    `json:"R"`
	Rm  int    `json:"Rm"`
}

func tableJSON(w io.Writer, t *solve.Table) error {
	var err error
	t.Each(func(p grundy.Position, v grundy.Values) bool {
		err = JSON(w, tableRow{Pos: p.String(), G: v.G, Gm: v.Gm, R: v.R, Rm: v.Rm})
		return err == nil
	})
	return err
}

func tableMarkdown(w io.Writer, t *solve.Table) error {
	fmt.Fprintf(w, "| position | G | G⁻ | R | R⁻ |\n|---|---:|---:|---:|---:|\n")
	var err error
	t.Each(func(p grundy.Position, v grundy.Values) bool {
		_, err = fmt.Fprintf(w, "| (%s) | %d | %d | %d | %d |\n", strings.ReplaceAll(p.String(), ",", ", "), v.G, v.Gm, v.R, v.Rm)
		return err == nil
	})
	return err
}

// tableLaTeX writes a booktabs longtable, as researchers paste into papers.
func tableLaTeX(w io.Writer, t *solve.Table) error {
	fmt.Fprintf(w, "%% %s, %s, each at most %d; computed by grundy (exhaustive box solver)\n", GameName(t.Ruleset.Name()), plural.Piles(t.Piles()), t.Max())
	fmt.Fprintf(w, "\\begin{longtable}{lrrrr}\n\\toprule\n$x$ & $\\mathcal{G}$ & $\\mathcal{G}^-$ & $\\mathcal{R}$ & $\\mathcal{R}^-$ \\\\\n\\midrule\n\\endhead\n")
	var err error
	t.Each(func(p grundy.Position, v grundy.Values) bool {
		_, err = fmt.Fprintf(w, "$(%s)$ & %d & %d & %d & %d \\\\\n", strings.ReplaceAll(p.String(), ",", ", "), v.G, v.Gm, v.R, v.Rm)
		return err == nil
	})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "\\bottomrule\n\\end{longtable}\n")
	return err
}

// GameName is a ruleset's name for text: a name past 120 characters (an
// fdg of a million vectors loaded from a file) is cut, saying how much
// was left out; JSON keeps the whole name.
func GameName(name string) string {
	const most = 120
	if len(name) <= most {
		return name
	}
	cut := strings.ToValidUTF8(name[:most], "")
	return fmt.Sprintf("%s… (%d more bytes)", cut, len(name)-len(cut))
}
