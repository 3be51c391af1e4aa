package engine

import (
	"fmt"

	"github.com/grundy/grundy"
)

// A Predictor says whether a theorem predicts p to be a P-position; ok is
// false where the theorem says nothing about p.
type Predictor interface {
	Predicts(p grundy.Position) (isP, ok bool)
}

// PredictorFunc adapts a function to [Predictor].
type PredictorFunc func(p grundy.Position) (isP, ok bool)

func (f PredictorFunc) Predicts(p grundy.Position) (bool, bool) { return f(p) }

// An Overlay is a theorem's prediction of the P-positions of one play.
type Overlay struct {
	ID     string // short name shown in the legend
	Source string // paper and theorem
	Misere bool   // the play the prediction is about
	Predictor
}

// A Mark is what an overlay says about one cell.
type Mark uint8

const (
	Silent Mark = iota // the theorem says nothing here
	AgreeP             // predicted P, computed P
	AgreeN             // predicted N, computed N
	WrongP             // predicted P, computed N
	WrongN             // predicted N, computed P
)

// Disagrees reports whether the prediction contradicts the computed value.
func (m Mark) Disagrees() bool { return m == WrongP || m == WrongN }

// Marks are an overlay applied to a grid.
type Marks struct {
	Overlay
	Cells         []Mark // indexed like Heatmap.Values
	Disagreements int
}

// WithOverlay compares o's predictions with the computed outcomes of every
// cell and records them in g.Overlay.
func (g *Heatmap) WithOverlay(o Overlay) error {
	if o.Misere != g.Misere {
		return fmt.Errorf("overlay %s predicts %s play but the plot is of %s play", o.ID, playName(o.Misere), g.Play())
	}
	m := &Marks{Overlay: o, Cells: make([]Mark, len(g.Values))}
	for y := range g.Side() {
		for x := range g.Side() {
			isP, ok := o.Predicts(g.Slice.At(x, y))
			if !ok {
				continue
			}
			var mk Mark
			switch computed := g.IsP(x, y); {
			case isP && computed:
				mk = AgreeP
			case isP:
				mk = WrongP
			case computed:
				mk = WrongN
			default:
				mk = AgreeN
			}
			if mk.Disagrees() {
				m.Disagreements++
			}
			m.Cells[y*g.Side()+x] = mk
		}
	}
	g.Overlay = m
	return nil
}

func playName(misere bool) string {
	if misere {
		return "misère"
	}
	return "normal"
}
