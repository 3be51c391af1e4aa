package engine

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unsafe"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
)

// What selects the value a heatmap shows.
type What string

const (
	SG        What = "sg"      // Sprague–Grundy value
	OutcomeOf What = "outcome" // P or N
	Rem       What = "rem"     // remoteness
)

// ParseWhat reads sg, outcome or rem.
func ParseWhat(s string) (What, error) {
	switch w := What(s); w {
	case SG, OutcomeOf, Rem:
		return w, nil
	}
	return "", &grundy.OptionError{Option: "what", Value: strconv.Quote(s), Reason: "want sg, outcome or rem"}
}

// A Slice is a two-dimensional family of positions: every pile fixed
// except pile X and pile Y, which run over 0..max.
type Slice struct {
	Piles []int // fixed sizes; the entries at X and Y are ignored
	X, Y  int   // indices of the free piles
}

// ParseSlice reads a slice such as "x,y" or "3,x,y,7": comma-separated
// pile sizes with exactly one x (the horizontal axis) and one y.
func ParseSlice(s string) (Slice, error) {
	fields := strings.Split(s, ",")
	sl := Slice{Piles: make([]int, len(fields)), X: -1, Y: -1}
	for i, f := range fields {
		f = strings.TrimSpace(f)
		switch f {
		case "x", "X":
			if sl.X >= 0 {
				return Slice{}, fmt.Errorf("slice %q: x appears twice", s)
			}
			sl.X = i
		case "y", "Y":
			if sl.Y >= 0 {
				return Slice{}, fmt.Errorf("slice %q: y appears twice", s)
			}
			sl.Y = i
		default:
			n, err := strconv.Atoi(f)
			if err != nil || n < 0 {
				return Slice{}, fmt.Errorf("slice %q, pile %d: %q is neither x, y nor a pile size", s, i+1, f)
			}
			sl.Piles[i] = n
		}
	}
	if sl.X < 0 || sl.Y < 0 {
		return Slice{}, fmt.Errorf("slice %q: give one x and one y, such as x,y or 3,x,y,7", s)
	}
	return sl, nil
}

func (sl Slice) String() string {
	parts := make([]string, len(sl.Piles))
	for i, n := range sl.Piles {
		switch i {
		case sl.X:
			parts[i] = "x"
		case sl.Y:
			parts[i] = "y"
		default:
			parts[i] = strconv.Itoa(n)
		}
	}
	return strings.Join(parts, ",")
}

// At is the position of the slice at (x, y).
func (sl Slice) At(x, y int) grundy.Position {
	p := make(grundy.Position, len(sl.Piles))
	copy(p, sl.Piles)
	p[sl.X], p[sl.Y] = x, y
	return p
}

// A HeatmapSpec says what to plot.
type HeatmapSpec struct {
	Max    int    // the free piles run over 0..Max
	Slice  string // "" means "x,y"
	Misere bool
	What   What // "" means SG
	// MaxPositions, if not zero, refuses boxes of more positions with an
	// error wrapping ErrHeatmapTooBig that names the limit.
	MaxPositions uint64
}

// A Heatmap holds the values of every position of a slice, computed
// exhaustively: plain data, which package plot draws.
type Heatmap struct {
	Game   string
	Slice  Slice
	Max    int
	Misere bool
	What   What
	Method grundy.Method
	// Values[y*(Max+1)+x] are the values at Slice.At(x, y).
	Values []grundy.Values
	// Overlay, if set, is the overlay applied by WithOverlay.
	Overlay *Marks
}

// ErrHeatmapTooBig is wrapped by errors about grids beyond a caller's limit.
var ErrHeatmapTooBig = errors.New("heatmap too big")

// SolveHeatmap solves every position the spec covers, stopping with ctx
// and reporting to opt.Progress. It solves the box of
// every position with as many piles as the slice, each at most the
// largest of Max and the fixed piles, since a slice is not closed under
// moves.
func SolveHeatmap(ctx context.Context, r grundy.Ruleset, spec HeatmapSpec, opt Options) (*Heatmap, error) {
	if spec.Max < 0 {
		return nil, &grundy.OptionError{Option: "max", Value: strconv.Itoa(spec.Max), Reason: "give the largest pile size, at least 0"}
	}
	if spec.What == "" {
		spec.What = SG
	}
	if spec.Slice == "" {
		spec.Slice = "x,y"
	}
	sl, err := ParseSlice(spec.Slice)
	if err != nil {
		return nil, err
	}
	if err := r.Validate(make(grundy.Position, len(sl.Piles))); err != nil {
		return nil, fmt.Errorf("%s with slice %s (%d piles): %w", r.Name(), sl, len(sl.Piles), err)
	}
	top := spec.Max
	for i, n := range sl.Piles {
		if i != sl.X && i != sl.Y && n > top {
			top = n
		}
	}
	if spec.MaxPositions > 0 {
		est := solve.EstimateBox(r, solve.BoxSpec{Piles: len(sl.Piles), Max: top})
		if !est.Positions.IsUint64() || est.Positions.Uint64() > spec.MaxPositions {
			return nil, fmt.Errorf("%w: slice %s with x, y ≤ %d needs the box of %d piles ≤ %d, %s positions, over the limit of %d",
				ErrHeatmapTooBig, sl, spec.Max, len(sl.Piles), top, est.PositionsString(), spec.MaxPositions)
		}
	}
	t, err := SolveBox(ctx, r, len(sl.Piles), top, grundy.AllKinds, opt)
	if err != nil {
		return nil, err
	}
	side := spec.Max + 1
	g := &Heatmap{Game: r.Name(), Slice: sl, Max: spec.Max, Misere: spec.Misere, What: spec.What,
		Method: grundy.MethodBox, Values: make([]grundy.Values, side*side)}
	for y := range side {
		for x := range side {
			v, ok := t.Lookup(sl.At(x, y))
			if !ok {
				return nil, fmt.Errorf("internal error: %s outside the solved box", sl.At(x, y))
			}
			g.Values[y*side+x] = v
		}
	}
	return g, nil
}

// HeatmapMemory is what SolveHeatmap holds at its peak for spec, in
// closed form: the box solved whole (its tables, index and buffers, and
// the two-pile line solver's lines where it solves the box) and the grid
// of values. It is 0 for a spec SolveHeatmap refuses at once.
func HeatmapMemory(r grundy.Ruleset, spec HeatmapSpec) float64 {
	sl, err := ParseSlice(sliceOrXY(spec.Slice))
	if err != nil || spec.Max < 0 {
		return 0
	}
	top := spec.Max
	for i, n := range sl.Piles {
		if i != sl.X && i != sl.Y {
			top = max(top, n)
		}
	}
	est := solve.EstimateBox(r, solve.BoxSpec{Piles: len(sl.Piles), Max: top})
	side := float64(spec.Max) + 1
	return est.Memory() + side*side*float64(unsafe.Sizeof(grundy.Values{}))
}

func sliceOrXY(s string) string {
	if s == "" {
		return "x,y"
	}
	return s
}

// Side is the number of cells along each axis.
func (g *Heatmap) Side() int { return g.Max + 1 }

// At returns the values at (x, y).
func (g *Heatmap) At(x, y int) grundy.Values { return g.Values[y*g.Side()+x] }

// IsP reports whether (x, y) is a P-position of the grid's play.
func (g *Heatmap) IsP(x, y int) bool {
	v := g.At(x, y)
	if g.Misere {
		return v.OutcomeMisere() == grundy.P
	}
	return v.Outcome() == grundy.P
}

// Value is the number the grid shows at (x, y): G or R of its play, or for
// outcomes 0 for P and 1 for N.
func (g *Heatmap) Value(x, y int) int {
	v := g.At(x, y)
	switch {
	case g.What == OutcomeOf && g.IsP(x, y):
		return 0
	case g.What == OutcomeOf:
		return 1
	case g.What == Rem && g.Misere:
		return v.Rm
	case g.What == Rem:
		return v.R
	case g.Misere:
		return v.Gm
	}
	return v.G
}

// MaxValue is the largest value shown.
func (g *Heatmap) MaxValue() int {
	m := 0
	for y := range g.Side() {
		for x := range g.Side() {
			m = max(m, g.Value(x, y))
		}
	}
	return m
}

// Play names the grid's play.
func (g *Heatmap) Play() string {
	if g.Misere {
		return "misère"
	}
	return "normal"
}

// Quantity names the value shown, with its play.
func (g *Heatmap) Quantity() string {
	switch {
	case g.What == OutcomeOf:
		return "outcome"
	case g.What == Rem && g.Misere:
		return "R⁻"
	case g.What == Rem:
		return "R"
	case g.Misere:
		return "G⁻"
	}
	return "G"
}

// Title names the ruleset, the value, the play and the slice.
func (g *Heatmap) Title() string {
	return fmt.Sprintf("%s: %s, %s play, positions (%s), x, y ≤ %d", g.Game, g.Quantity(), g.Play(), g.Slice, g.Max)
}
