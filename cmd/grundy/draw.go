package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/grundy/grundy/engine/prover"
	"github.com/grundy/grundy/render"
	"github.com/spf13/cobra"
)

// drawMaxStates bounds the automata drawn: past it a picture is no help.
const drawMaxStates = 300

// Draw is `grundy draw`.
func (commands) Draw(a *app) *cobra.Command {
	var out output
	cmd := &cobra.Command{
		Use:   "draw CERTIFICATE-DIR [--format dot|tikz]",
		Short: "Draw a proved automaton (Graphviz dot or TikZ) from a certificate",
		Long: `draw writes the claim's automaton of a certificate directory that
'grundy certify' wrote — the set of P-positions, or the value relation
G(x) = g, proved for every position — as Graphviz dot (dot -Tsvg draws it)
or as a TikZ picture (\usetikzlibrary{automata}). The automaton reads the
piles' digits in the certificate's number system, most significant first,
one digit a track; accepting states are double circles, state 0 the
initial one. Automata of more than 300 states are refused.`,
		Example: `  grundy certify 000/bouton --dir certs
  grundy draw certs/000_bouton_nim_n2 | dot -Tsvg > bouton.svg
  grundy draw certs/000_bouton_nim_n2 --format tikz -o bouton.tex`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			set, err := prover.ReadCertifiedSet(args[0])
			if err != nil {
				return fmt.Errorf("certificate %s: %w", args[0], err)
			}
			d, err := drawing(set)
			if err != nil {
				return fmt.Errorf("certificate %s: %w", args[0], err)
			}
			return out.write(cmd, drawingResult{d})
		},
	}
	addOutput(cmd, &out, drawingResult{})
	addOutputFile(cmd, &out)
	return cmd
}

// drawing groups the transitions of set by source and target state.
func drawing(set prover.CertifiedSet) (render.Drawing, error) {
	if n := len(set.Accept); n > drawMaxStates {
		return render.Drawing{}, fmt.Errorf("%d states: too many to draw (at most %d)", n, drawMaxStates)
	}
	var tracks []string
	for i := range set.Radix {
		if i < set.Piles {
			tracks = append(tracks, fmt.Sprintf("x%d", i+1))
		} else {
			tracks = append(tracks, "g")
		}
	}
	what := "the set of P-positions"
	switch set.Quantity {
	case "Pm":
		what = "the set of misère P-positions"
	case "G":
		what = "the value relation G(x) = g"
	case "Gm":
		what = "the value relation G⁻(x) = g"
	}
	d := render.Drawing{
		Title: fmt.Sprintf("%s on %s, %d piles: %s of the claim's certificate (%s); %s, most significant digit first",
			set.ID, set.Game, set.Piles, what, set.Statement, set.System),
		Tracks: tracks,
		Accept: set.Accept,
	}
	for q, next := range set.Next {
		at := map[int]int{} // target → index in d.Edges
		for l, to := range next {
			if to < 0 {
				continue
			}
			digits := make([]string, len(set.Radix))
			for i, m := 0, l; i < len(set.Radix); i++ {
				digits[i] = fmt.Sprint(m % set.Radix[i])
				m /= set.Radix[i]
			}
			i, ok := at[int(to)]
			if !ok {
				i = len(d.Edges)
				at[int(to)] = i
				d.Edges = append(d.Edges, render.Edge{From: q, To: int(to)})
			}
			d.Edges[i].Letters = append(d.Edges[i].Letters, strings.Join(digits, " "))
		}
	}
	return d, nil
}

// drawingResult is `grundy draw`'s: dot or TikZ.
type drawingResult struct{ render.Drawing }

func (d drawingResult) WriteDot(w io.Writer) error  { return render.Dot(w, d.Drawing) }
func (d drawingResult) WriteTikZ(w io.Writer) error { return render.TikZ(w, d.Drawing) }
