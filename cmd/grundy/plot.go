package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/internal/atomicfile"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/plot"
	"github.com/spf13/cobra"
	"gonum.org/v1/plot/vg"
)

// The heights --size accepts, in cm.
const minPlotSize, maxPlotSize = float64(plot.MinHeight / vg.Centimeter), 100.0

// maxSide is plot.MaxSide within the app's plotMax.
func (a *app) maxSide(format string) int {
	most := plot.MaxSide(format)
	if a.plotMax > 0 {
		most = min(most, a.plotMax)
	}
	return most
}

// sideWhy says why a format draws no larger heatmap.
func sideWhy(format string) string {
	if format == "png" {
		return "its cells are then finer than the pixels"
	}
	return fmt.Sprintf("each cell is a shape in the file; a PNG goes up to --max %d", plot.MaxSide("png"))
}

// Plot is `grundy plot`.
func (commands) Plot(a *app) *cobra.Command {
	var spec engine.HeatmapSpec
	var what, output, overlay string
	var size float64
	var force bool
	cmd := &cobra.Command{
		Use:   "plot GAME --max B -o FILE",
		Short: "Heatmap (PNG, SVG or PDF) of G, outcome or remoteness over two piles or a slice",
		Long: `plot draws the value of every position of a two-pile ruleset with both
piles at most B — or of a slice of positions with more piles, two of them
free (x, y) and the others fixed — as a heatmap with a legend.
P-positions are black. --overlay marks the positions a closed form predicts
to be P-positions (white rings) and every disagreement with the computed
values (red frames and crosses).

Overlays: bouton (nim, 000 §1.1), wythoff-pairs:s=S,t=T ((s,t)-Wythoff,
002 eq. (2)), and the ID of every claim of 'grundy check' that gives the
P-positions, G or R of the ruleset (e.g. 002/thm-3); refuted claims too,
since the picture is an audit. A claim of misère play needs --misere.`,
		Example: `  grundy plot wythoff --max 40 -o wythoff.png
  grundy plot slow-exact:k=2 --max 20 --slice 3,x,y --what outcome -o slow.svg
  grundy plot nim --max 15 --overlay bouton -o nim.pdf`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if output == "" {
				return errors.New("-o: give the output file (.png, .svg or .pdf)")
			}
			format, err := plot.FormatOf(output)
			if err != nil {
				return err
			}
			if err := checkOutputFile(cmd, output, force); err != nil {
				return err
			}
			if !given(cmd, "max") || spec.Max < 0 {
				return errors.New("--max: give the largest pile size, at least 0")
			}
			// NaN fails both comparisons; a picture under plot.MinHeight
			// has no room for its titles, one over a metre no use (and
			// gigabytes of pixels).
			if !(size >= minPlotSize && size <= maxPlotSize) {
				return fmt.Errorf("--size %v: give the height in cm, from %v to %v", size, minPlotSize, maxPlotSize)
			}
			if most := a.maxSide(format); spec.Max > most {
				return fmt.Errorf("--max %d: a %s heatmap draws up to --max %d (%s)", spec.Max, strings.ToUpper(format), most, sideWhy(format))
			}
			if spec.What, err = engine.ParseWhat(what); err != nil {
				return err
			}
			r, err := a.parseGame(args[0])
			if err != nil {
				return err
			}
			var o engine.Overlay
			if overlay != "" {
				slice := spec.Slice
				if slice == "" {
					slice = "x,y"
				}
				sl, err := engine.ParseSlice(slice)
				if err != nil {
					return err
				}
				if o, err = engine.LookupOverlay(r, len(sl.Piles), overlay); err != nil {
					return err
				}
			}
			report, finish := a.progress("solving")
			g, err := engine.SolveHeatmap(cmd.Context(), r, spec, a.engineOptions(report))
			finish()
			if err != nil {
				return err
			}
			if overlay != "" {
				if err := g.WithOverlay(o); err != nil {
					return err
				}
			}
			err = atomicfile.WriteOutput(cmd.Context(), output, func(w io.Writer) error {
				// Drawing takes no context: it runs aside, so that Ctrl-C
				// returns at once and the temporary file is removed.
				return a.busy(cmd.Context(), "drawing", func() error {
					return plot.Render(w, g, format, vg.Length(size)*vg.Centimeter)
				})
			})
			if err != nil {
				if cmd.Context().Err() != nil {
					return cmd.Context().Err()
				}
				if errors.Is(err, atomicfile.ErrNotRegular) {
					return fmt.Errorf("-o %s: %w", output, errors.Unwrap(err))
				}
				return failure{err}
			}
			// The summary on stdout says what the picture shows, so an
			// audit can be read without opening it.
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "%s: %s, %s, method %s\n", output, g.Title(), plural.Count(len(g.Values), "position"), g.Method)
			if m := g.Overlay; m != nil {
				fmt.Fprintf(out, "overlay %s (%s): %s\n", m.ID, m.Source, plural.Count(m.Disagreements, "disagreement"))
			}
			return nil
		},
	}
	requiredInt(cmd, &spec.Max, "max", "largest size of the free piles (required)")
	cmd.Flags().StringVar(&spec.Slice, "slice", "", "positions to draw, such as 3,x,y,7 (default x,y)")
	cmd.Flags().BoolVar(&spec.Misere, "misere", false, "misère play")
	cmd.Flags().StringVar(&what, "what", "sg", "value to draw: sg, outcome or rem")
	cmd.Flags().StringVar(&overlay, "overlay", "", "mark a closed form's predicted P-positions and disagreements")
	cmd.Flags().StringVarP(&output, "output", "o", "", "output file: .png, .svg or .pdf (required)")
	cmd.Flags().Float64Var(&size, "size", 16, "height of the picture in cm, from 4 to 100")
	addForce(cmd, &force)
	return cmd
}
