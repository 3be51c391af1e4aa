package render

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// A Drawing is an automaton to draw: states numbered from 0 (the initial
// one), and edges labelled by the letters (digit tuples) that take them.
type Drawing struct {
	Title  string   // a comment line: what the automaton accepts
	Tracks []string // what each track reads (x1, x2, …, g)
	Accept []bool
	Edges  []Edge
}

// An Edge is every letter from one state to another.
type Edge struct {
	From, To int
	Letters  []string // each "d1 d2 …", one digit a track
}

// Dot writes d in Graphviz's language: accepting states double circles,
// an arrow into state 0.
func Dot(w io.Writer, d Drawing) error {
	var b strings.Builder
	fmt.Fprintf(&b, "// %s\n// letters: (%s)\ndigraph automaton {\n  rankdir=LR;\n  node [shape=circle];\n  start [shape=point];\n  start -> q0;\n",
		d.Title, strings.Join(d.Tracks, ", "))
	for q, acc := range d.Accept {
		shape := "circle"
		if acc {
			shape = "doublecircle"
		}
		fmt.Fprintf(&b, "  q%d [label=\"%d\", shape=%s];\n", q, q, shape)
	}
	for _, e := range d.Edges {
		fmt.Fprintf(&b, "  q%d -> q%d [label=\"%s\"];\n", e.From, e.To, strings.Join(e.Letters, "\\n"))
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// TikZ writes d as a tikzpicture of TikZ's automata library, the states
// on a circle.
func TikZ(w io.Writer, d Drawing) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%% %s\n%% letters: (%s); needs \\usetikzlibrary{automata,positioning,arrows}\n", d.Title, strings.Join(d.Tracks, ", "))
	b.WriteString("\\begin{tikzpicture}[shorten >=1pt, auto, >=stealth, every state/.style={minimum size=7mm}]\n")
	n := len(d.Accept)
	r := 0.8 * float64(n)
	if r < 2 {
		r = 2
	}
	for q, acc := range d.Accept {
		opts := "state"
		if q == 0 {
			opts += ",initial"
		}
		if acc {
			opts += ",accepting"
		}
		angle := 180 - 360*float64(q)/float64(n)
		x, y := r*math.Cos(angle*math.Pi/180), r*math.Sin(angle*math.Pi/180)
		if n == 1 {
			x, y = 0, 0
		}
		fmt.Fprintf(&b, "  \\node[%s] (q%d) at (%.2f,%.2f) {$%d$};\n", opts, q, x, y, q)
	}
	b.WriteString("  \\path[->]\n")
	for _, e := range d.Edges {
		how := "bend left=15"
		if e.From == e.To {
			how = "loop above"
		}
		fmt.Fprintf(&b, "    (q%d) edge[%s] node[font=\\scriptsize, align=center] {%s} (q%d)\n", e.From, how, strings.Join(e.Letters, "\\\\"), e.To)
	}
	b.WriteString("  ;\n\\end{tikzpicture}\n")
	_, err := io.WriteString(w, b.String())
	return err
}
