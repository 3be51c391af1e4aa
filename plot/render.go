package plot

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strings"

	"github.com/grundy/grundy/engine"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Formats are the file formats Render writes.
var Formats = []string{"png", "svg", "pdf"}

// MaxSide is the largest --max Render draws in format (a grid of
// (MaxSide+1)² cells), so that a front end refuses a larger heatmap before
// solving it. A vector format writes every cell as a shape: on 10⁶ cells
// a PDF took 0.7 GB to draw and 25 MB of file, growing linearly, so it
// stops at 2¹⁸ cells (≈ 6 MB). PNG paints cells into a fixed number of
// pixels, ≈ 1.5 µs a cell: 2²⁴ cells take half a minute and are already
// finer than the pixels of a picture a metre high.
func MaxSide(format string) int {
	if format == "png" {
		return 1<<12 - 1
	}
	return 1<<9 - 1
}

// FormatOf is the format named by a file's extension.
func FormatOf(file string) (string, error) {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(file), "."))
	for _, f := range Formats {
		if ext == f {
			return f, nil
		}
	}
	return "", fmt.Errorf("output %q: extension must be .png, .svg or .pdf", file)
}

// discreteMax is the largest value drawn with a discrete palette; larger
// ranges use a continuous colour map and a colour bar.
const discreteMax = 11

// Colours used throughout. P-positions are black in every view so they
// stand out; overlay marks are white (agreement) and red (disagreement).
var (
	colorP     = color.RGBA{0, 0, 0, 255}
	colorN     = color.RGBA{0xe8, 0xe8, 0xe8, 255}
	colorAgree = color.RGBA{255, 255, 255, 255}
	colorWrong = color.RGBA{0xff, 0x10, 0x10, 255}
	// discrete holds values 1..11: ColorBrewer's Paired without its two
	// darkest entries doubled, bright enough to leave black to P.
	discrete = []color.RGBA{
		{0xa6, 0xce, 0xe3, 255}, {0x1f, 0x78, 0xb4, 255}, {0xb2, 0xdf, 0x8a, 255},
		{0x33, 0xa0, 0x2c, 255}, {0xfb, 0x9a, 0x99, 255}, {0xe3, 0x1a, 0x1c, 255},
		{0xfd, 0xbf, 0x6f, 255}, {0xff, 0x7f, 0x00, 255}, {0xca, 0xb2, 0xd6, 255},
		{0x6a, 0x3d, 0x9a, 255}, {0xff, 0xff, 0x99, 255},
	}
)

// Colors returns the colour of every value 0..g.MaxValue() of a heatmap. In the sg view
// 0 (a P-position) is black; in the outcome view P is black and N pale
// grey; in the rem view the colour follows R and P-positions are marked by
// a dot on top (see Render).
func Colors(g *engine.Heatmap) []color.RGBA {
	top := g.MaxValue()
	cols := make([]color.RGBA, top+1)
	if g.What == engine.OutcomeOf {
		cols[0] = colorP
		if top >= 1 {
			cols[1] = colorN
		}
		return cols
	}
	first := 1
	if g.What == engine.Rem {
		first = 0
	}
	if g.What == engine.SG {
		cols[0] = colorP
	}
	if top <= discreteMax {
		for v := first; v <= top; v++ {
			cols[v] = discrete[(v+len(discrete)-1)%len(discrete)]
		}
		return cols
	}
	cm := colorMap(g)
	for v := first; v <= top; v++ {
		c, _ := cm.At(float64(v))
		r, gg, b, _ := c.RGBA()
		cols[v] = color.RGBA{uint8(r >> 8), uint8(gg >> 8), uint8(b >> 8), 255}
	}
	return cols
}

// colorMap is the continuous map of values beyond discreteMax.
func colorMap(g *engine.Heatmap) palette.ColorMap {
	cm := moreland.SmoothBlueRed()
	lo := 1.0
	if g.What == engine.Rem {
		lo = 0
	}
	cm.SetMin(lo)
	cm.SetMax(math.Max(float64(g.MaxValue()), lo+1))
	return cm
}

// Size is the default drawing size: a square heatmap and a legend strip.
// MinHeight is the least height that holds the titles, the axes and the
// colour bar (at 2.5 cm the bar's height came out negative and gonum
// panicked; 2.8 cm was the least that drew every kind).
const (
	DefaultHeight = 16 * vg.Centimeter
	MinHeight     = 4 * vg.Centimeter
	legendWidth   = 5.5 * vg.Centimeter
)

// Render draws g in format (png, svg or pdf) at height h (0 for the
// default, at least MinHeight) and writes it to w.
func Render(w io.Writer, g *engine.Heatmap, format string, h vg.Length) error {
	if h <= 0 {
		h = DefaultHeight
	}
	if h < MinHeight {
		return fmt.Errorf("plot height %.3g cm: at least %.3g cm holds the titles, axes and colour bar", float64(h/vg.Centimeter), float64(MinHeight/vg.Centimeter))
	}
	width := h + legendWidth
	c, err := draw.NewFormattedCanvas(width, h, format)
	if err != nil {
		return fmt.Errorf("plot format %q: %w", format, err)
	}
	dc := draw.New(c)
	drawHeatmap(g, dc, width, h)
	if _, err := c.WriteTo(w); err != nil {
		return err
	}
	return nil
}

func drawHeatmap(g *engine.Heatmap, dc draw.Canvas, width, h vg.Length) {
	cols := Colors(g)
	p := gplot.New()
	p.Title.Text = g.Title()
	if m := g.Overlay; m != nil {
		p.Title.Text += fmt.Sprintf("\noverlay %s (%s): %d disagreements", m.ID, m.Source, m.Disagreements)
	}
	p.Title.Text = glyphSafe(p.Title.Text)
	p.Title.TextStyle.Font.Size = 10
	p.X.Label.Text = fmt.Sprintf("x = pile %d", g.Slice.X+1)
	p.Y.Label.Text = fmt.Sprintf("y = pile %d", g.Slice.Y+1)
	p.X.Min, p.X.Max = -0.5, float64(g.Max)+0.5
	p.Y.Min, p.Y.Max = -0.5, float64(g.Max)+0.5
	p.X.Tick.Marker = intTicks{}
	p.Y.Tick.Marker = intTicks{}
	p.Add(&cells{g: g, cols: cols})
	p.Draw(draw.Crop(dc, 0, -legendWidth, 0, 0))

	strip := draw.Crop(dc, width-legendWidth, 0, 0, 0)
	leg := gplot.NewLegend()
	leg.Top = true
	leg.Left = true
	leg.TextStyle.Font.Size = 9
	top := len(cols) - 1
	continuous := g.What != engine.OutcomeOf && top > discreteMax
	switch {
	case g.What == engine.OutcomeOf:
		addEntry(&leg, "P-position", swatch{fill: colorP})
		addEntry(&leg, "N-position", swatch{fill: colorN})
	case continuous && g.What == engine.SG:
		addEntry(&leg, g.Quantity()+" = 0 (P)", swatch{fill: colorP})
	case !continuous:
		for v := 0; v <= top; v++ {
			label := fmt.Sprintf("%s = %d", g.Quantity(), v)
			if g.What == engine.SG && v == 0 {
				label += " (P)"
			}
			addEntry(&leg, label, swatch{fill: cols[v]})
		}
	}
	if g.What == engine.Rem {
		addEntry(&leg, "P-position ("+g.Quantity()+" even)", swatch{glyph: &draw.GlyphStyle{Shape: draw.CircleGlyph{}, Color: colorP, Radius: 3}})
	}
	if m := g.Overlay; m != nil {
		addEntry(&leg, "predicted P", swatch{fill: colorP, glyph: &draw.GlyphStyle{Shape: draw.RingGlyph{}, Color: colorAgree, Radius: 3}})
		addEntry(&leg, fmt.Sprintf("disagreement (%d)", m.Disagreements), swatch{fill: colorN, glyph: &draw.GlyphStyle{Shape: draw.CrossGlyph{}, Color: colorWrong, Radius: 4}})
	}
	legendCanvas := strip
	if continuous {
		// The colour bar takes the upper half; the legend the lower.
		half := (strip.Max.Y - strip.Min.Y) / 2
		bar := gplot.New()
		cm := colorMap(g)
		bar.Add(&plotter.ColorBar{ColorMap: cm, Vertical: true})
		bar.HideX()
		bar.Title.Text = glyphSafe(g.Quantity())
		bar.Title.TextStyle.Font.Size = 10
		bar.Y.Tick.Marker = intTicks{}
		bar.Draw(draw.Crop(strip, legendWidth/4, -legendWidth/3, half, -vg.Centimeter/2))
		legendCanvas = draw.Crop(strip, 0, 0, 0, -half)
	}
	leg.Draw(draw.Crop(legendCanvas, 2*vg.Millimeter, 0, 0, -vg.Centimeter))
}

// cells draws one filled square per position, and the marks on top.
type cells struct {
	g    *engine.Heatmap
	cols []color.RGBA
}

func (c *cells) Plot(dc draw.Canvas, p *gplot.Plot) {
	tx, ty := p.Transforms(&dc)
	g := c.g
	cell := tx(1) - tx(0)
	radius := min(cell*0.3, 4*vg.Millimeter)
	dot := draw.GlyphStyle{Shape: draw.CircleGlyph{}, Color: colorP, Radius: radius * 0.8}
	ring := draw.GlyphStyle{Shape: draw.RingGlyph{}, Color: colorAgree, Radius: radius}
	cross := draw.GlyphStyle{Shape: draw.CrossGlyph{}, Color: colorWrong, Radius: max(radius*1.3, vg.Millimeter)}
	for y := range g.Side() {
		for x := range g.Side() {
			x0, x1 := tx(float64(x)-0.5), tx(float64(x)+0.5)
			y0, y1 := ty(float64(y)-0.5), ty(float64(y)+0.5)
			dc.FillPolygon(c.cols[g.Value(x, y)], dc.ClipPolygonXY([]vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}))
		}
	}
	for y := range g.Side() {
		for x := range g.Side() {
			pt := vg.Point{X: tx(float64(x)), Y: ty(float64(y))}
			if g.What == engine.Rem && g.IsP(x, y) {
				dc.DrawGlyph(dot, pt)
			}
			if g.Overlay == nil {
				continue
			}
			switch m := g.Overlay.Cells[y*g.Side()+x]; {
			case m == engine.AgreeP:
				dc.DrawGlyph(ring, pt)
			case m.Disagrees():
				// A thick red square frame and a cross, visible at any
				// cell size and on any fill.
				dc.DrawGlyph(cross, pt)
				half := cell / 2
				dc.StrokeLines(draw.LineStyle{Color: colorWrong, Width: max(cell/8, vg.Points(1))},
					[]vg.Point{{X: pt.X - half, Y: pt.Y - half}, {X: pt.X + half, Y: pt.Y - half},
						{X: pt.X + half, Y: pt.Y + half}, {X: pt.X - half, Y: pt.Y + half}, {X: pt.X - half, Y: pt.Y - half}})
			}
		}
	}
}

func (c *cells) DataRange() (xmin, xmax, ymin, ymax float64) {
	m := float64(c.g.Max) + 0.5
	return -0.5, m, -0.5, m
}

// swatch is a legend thumbnail: a filled square and/or a glyph.
type swatch struct {
	fill  color.Color
	glyph *draw.GlyphStyle
}

func (s swatch) Thumbnail(c *draw.Canvas) {
	if s.fill != nil {
		pts := []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Max.Y}}
		c.FillPolygon(s.fill, c.ClipPolygonXY(pts))
	}
	if s.glyph != nil {
		c.DrawGlyph(*s.glyph, c.Center())
	}
}

// intTicks labels whole numbers only, about ten of them.
type intTicks struct{}

func (intTicks) Ticks(lo, hi float64) []gplot.Tick {
	a, b := int(math.Ceil(lo)), int(math.Floor(hi))
	if b < a {
		return nil
	}
	step := 1
	for _, s := range []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000} {
		step = s
		if (b-a)/s <= 10 {
			break
		}
	}
	var ts []gplot.Tick
	for v := a; v <= b; v++ {
		if v%step == 0 {
			ts = append(ts, gplot.Tick{Value: float64(v), Label: fmt.Sprint(v)})
		} else if step <= 10 || v%(step/5) == 0 {
			ts = append(ts, gplot.Tick{Value: float64(v)})
		}
	}
	return ts
}

// glyphSafe replaces the superscript minus of G⁻ and R⁻, which the
// embedded Liberation fonts lack, by a minus sign, which they have.
func glyphSafe(s string) string { return strings.ReplaceAll(s, "⁻", "−") }

func addEntry(l *gplot.Legend, label string, th gplot.Thumbnailer) { l.Add(glyphSafe(label), th) }
