package web

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/big"
	"net/http"

	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/plot"
)

// A heatmapJSON is a grid for the page to draw: every array is indexed by
// y·(max+1)+x, the position at (x, y) being the slice with x and y filled.
type heatmapJSON struct {
	Game          string   `json:"game"`
	Slice         string   `json:"slice"`
	Max           int      `json:"max"`
	Misere        bool     `json:"misere"`
	What          string   `json:"what"`
	Quantity      string   `json:"quantity"`
	Title         string   `json:"title"`
	Method        string   `json:"method"`
	G             []int    `json:"G"`
	Gm            []int    `json:"Gm"`
	R             []int    `json:"R"`
	Rm            []int    `json:"Rm"`
	Value         []int    `json:"value"`  // the value drawn
	P             []bool   `json:"P"`      // P-position of the grid's play
	Colors        []string `json:"colors"` // colour of each value drawn
	Overlay       string   `json:"overlay,omitempty"`
	Marks         []string `json:"marks,omitempty"` // "", agreeP, agreeN, wrongP, wrongN
	Disagreements int      `json:"disagreements"`
}

var markNames = map[engine.Mark]string{engine.Silent: "", engine.AgreeP: "agreeP", engine.AgreeN: "agreeN", engine.WrongP: "wrongP", engine.WrongN: "wrongN"}

func (s *Server) grid(ctx context.Context, q query) (*engine.Heatmap, error) {
	r, err := s.game(q)
	if err != nil {
		return nil, err
	}
	spec := engine.HeatmapSpec{Slice: q.str("slice"), MaxPositions: s.MaxPositions}
	if spec.Max, err = q.integer("max", 20); err != nil {
		return nil, err
	}
	if spec.Max < 0 {
		return nil, fmt.Errorf("parameter max=%d: want at least 0", spec.Max)
	}
	if spec.Max > s.MaxSide {
		return nil, tooLarge("parameter max=%d exceeds the server limit of %d", spec.Max, s.MaxSide)
	}
	if spec.Misere, err = q.flag("misere"); err != nil {
		return nil, err
	}
	what := q.str("what")
	if what == "" {
		what = "sg"
	}
	if spec.What, err = engine.ParseWhat(what); err != nil {
		return nil, err
	}
	var o engine.Overlay
	id := q.str("overlay")
	if id != "" {
		sl, err := engine.ParseSlice(sliceOr(spec.Slice))
		if err != nil {
			return nil, err
		}
		if o, err = engine.LookupOverlay(r, len(sl.Piles), id); err != nil {
			return nil, err
		}
	}
	if c := heatmapCost(s, q); c.refuse != nil {
		return nil, c.refuse
	}
	g, err := engine.SolveHeatmap(ctx, r, spec, s.engineOptions())
	if err != nil {
		return nil, err
	}
	if id != "" {
		if err := g.WithOverlay(o); err != nil {
			return nil, err
		}
	}
	return g, nil
}

func (s *Server) heatmap(ctx context.Context, q query) (any, error) {
	g, err := s.grid(ctx, q)
	if err != nil {
		return nil, err
	}
	n := len(g.Values)
	out := heatmapJSON{Game: g.Game, Slice: g.Slice.String(), Max: g.Max, Misere: g.Misere,
		What: string(g.What), Quantity: g.Quantity(), Title: g.Title(), Method: string(g.Method),
		G: make([]int, n), Gm: make([]int, n), R: make([]int, n), Rm: make([]int, n),
		Value: make([]int, n), P: make([]bool, n)}
	for y := range g.Side() {
		for x := range g.Side() {
			i := y*g.Side() + x
			v := g.Values[i]
			out.G[i], out.Gm[i], out.R[i], out.Rm[i] = v.G, v.Gm, v.R, v.Rm
			out.Value[i], out.P[i] = g.Value(x, y), g.IsP(x, y)
		}
	}
	for _, c := range plot.Colors(g) {
		out.Colors = append(out.Colors, fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B))
	}
	if m := g.Overlay; m != nil {
		out.Overlay, out.Disagreements = m.ID, m.Disagreements
		out.Marks = make([]string, n)
		for i, mk := range m.Cells {
			out.Marks[i] = markNames[mk]
		}
	}
	return out, nil
}

// plotImage answers with the heatmap drawn by plot.Render, as PNG or SVG.
func (s *Server) plotImage(w http.ResponseWriter, r *http.Request) {
	format := r.URL.Query().Get("format")
	if format == "" {
		format = "png"
	}
	ctype := map[string]string{"png": "image/png", "svg": "image/svg+xml", "pdf": "application/pdf"}[format]
	if ctype == "" {
		writeError(w, http.StatusBadRequest, fmt.Errorf("parameter format=%q: want png, svg or pdf", format))
		return
	}
	out, err := s.run(r, func(ctx context.Context, q query) (any, error) {
		// An operator's --max-side may exceed what a format draws.
		if max, err := q.integer("max", 20); err == nil && max > plot.MaxSide(format) {
			return nil, tooLarge("parameter max=%d: a %s heatmap draws up to max=%d", max, format, plot.MaxSide(format))
		}
		g, err := s.grid(ctx, q)
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		if err := plot.Render(&buf, g, format, 0); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	}, heatmapCost)
	if err != nil {
		writeError(w, statusOf(err), err)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Write(out.([]byte))
}

func sliceOr(s string) string {
	if s == "" {
		return "x,y"
	}
	return s
}

// heatmapCost is the box a heatmap solves (every pile up to its slice's
// fixed size, or up to max on the axes), as solve estimates it in closed
// form: its positions times the followers each reads, and the memory of
// its tables, index and (for a two-pile ruleset) the line solver's lines,
// which its parameters size, with the grid and the answer built from it.
func heatmapCost(s *Server, q query) cost {
	sl, err := engine.ParseSlice(sliceOr(q.str("slice")))
	max, ierr := q.integer("max", 20)
	r, gerr := s.game(q)
	if err != nil || ierr != nil || gerr != nil || max < 0 || max > s.MaxSide {
		return cost{}
	}
	top := max
	for i, n := range sl.Piles {
		if i != sl.X && i != sl.Y {
			top = mx(top, n)
		}
	}
	est := engine.EstimateBox(r, len(sl.Piles), top, 0)
	// The engine's box and grid, and the answer built from the grid: six
	// arrays of a word a cell, their JSON text or the drawn image.
	side := float64(max) + 1
	mem := engine.HeatmapMemory(r, engine.HeatmapSpec{Slice: q.str("slice"), Max: max}) + side*side*heatmapAnswerBytes
	c := cost{work: est.Work, mem: math.MaxUint64}
	if mem < math.MaxUint64 {
		c.mem = uint64(mem)
	}
	if c.mem > s.RequestMemory {
		c.refuse = tooLarge("the heatmap's box needs about %s, over the server's limit of %s a request", plural.Bytes(bigOf(mem)), bytesOf(s.RequestMemory))
	}
	return c
}

// heatmapAnswerBytes is what the answer holds a cell beside the grid:
// heatmapJSON's arrays (five ints and a bool), the marks, and the
// encoder's text of them.
const heatmapAnswerBytes = 5*8 + 1 + 16 + 64

func mx(a, b int) int {
	if a > b {
		return a
	}
	return b
}

func bigOf(f float64) *big.Int {
	b, _ := big.NewFloat(f).Int(nil)
	return b
}

func bytesOf(n uint64) string { return plural.Bytes(new(big.Int).SetUint64(n)) }
