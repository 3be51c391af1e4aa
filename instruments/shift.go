package instruments

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
)

// A ShiftKind names what a shift must preserve (004 §2).
type ShiftKind string

const (
	ShiftP   ShiftKind = "P"   // P-shift: x and x+y both P-positions or both not (normal play)
	ShiftPm  ShiftKind = "Pm"  // the same in misère play (004 §2: "(0,0,0,2,2) is not a P-shift in the misère version")
	ShiftG   ShiftKind = "g"   // g-shift: G(x) = G(x+y)
	ShiftGm  ShiftKind = "gm"  // g⁻-shift: G⁻(x) = G⁻(x+y)
	ShiftGpm ShiftKind = "gpm" // g±-shift: both
)

// ShiftKinds lists the kinds in the order the CLI documents them.
var ShiftKinds = []ShiftKind{ShiftP, ShiftPm, ShiftG, ShiftGm, ShiftGpm}

func (k ShiftKind) name() string {
	switch k {
	case ShiftP:
		return "P-shift"
	case ShiftPm:
		return "misère P-shift"
	case ShiftG:
		return "g-shift"
	case ShiftGm:
		return "g⁻-shift"
	case ShiftGpm:
		return "g±-shift"
	}
	return string(k)
}

// ShiftOptions restrict a shift check.
type ShiftOptions struct {
	Options
	Kind ShiftKind
	// Class restricts x to token sums ≡ Class mod Modulus, the subgame
	// Nim^1_{n,=k}[j] of 004 §1 when Modulus = k; nil means no restriction.
	Class   *int
	Modulus int
}

// ClassModulus is the modulus that splits r into subgames by token sum:
// k for Slow Exact k-Nim, whose every move removes exactly k tokens
// (004 §1), and 0 when r has no such invariant known to grundy.
func ClassModulus(r grundy.Ruleset, piles int) int {
	if u, ok := r.(grundy.UnitDecrements); ok {
		if lo, hi := u.UnitDecrementRange(piles); lo == hi {
			return lo
		}
	}
	return 0
}

// CheckShiftVector reports why y cannot be a shift vector of t's box.
func CheckShiftVector(t *solve.Table, y grundy.Position) error {
	if len(y) != t.Piles() {
		return fmt.Errorf("shift vector (%s) has %d entries, the box has %d piles", y, len(y), t.Piles())
	}
	for _, a := range y {
		if a < 0 {
			return fmt.Errorf("shift vector (%s) has a negative entry", y)
		}
	}
	from := t.Index.From
	for i := from + 1; i < len(y); i++ {
		if y[i] < y[i-1] {
			return fmt.Errorf("shift vector (%s) must be nondecreasing on the interchangeable piles %d..%d (004 §2), so that x+y stays sorted", y, from+1, len(y))
		}
	}
	return nil
}

func (o ShiftOptions) check(t *solve.Table) (Box, error) {
	box := boxOf(t)
	switch o.Kind {
	case ShiftP, ShiftPm, ShiftG, ShiftGm, ShiftGpm:
	default:
		return box, fmt.Errorf("unknown shift kind %q (want P, Pm, g, gm or gpm)", o.Kind)
	}
	if err := needKinds(t, grundy.KindG|grundy.KindGm, "shift"); err != nil {
		return box, err
	}
	if o.Class != nil {
		if o.Modulus < 1 {
			return box, &grundy.OptionError{Option: "class", Reason: "needs a modulus: " + t.Ruleset.Name() + " has no token-sum invariant", Needs: "modulus"}
		}
		if *o.Class < 0 || *o.Class >= o.Modulus {
			return box, &grundy.OptionError{Option: "class", Value: strconv.Itoa(*o.Class), Reason: fmt.Sprintf("want 0..%d", o.Modulus-1)}
		}
		box.Class, box.Modulus = o.Class, o.Modulus
	}
	return box, nil
}

// CheckShift decides whether y is a shift of the given kind in the box:
// for every canonical x with x and x+y in the box (and x in the class),
// the values agree. The witness is the smallest x where they do not.
func CheckShift(ctx context.Context, t *solve.Table, y grundy.Position, opt ShiftOptions) (Verdict, error) {
	box, err := opt.check(t)
	if err != nil {
		return Verdict{}, err
	}
	if err := CheckShiftVector(t, y); err != nil {
		return Verdict{}, err
	}
	return checkShift(ctx, t, y, opt, box)
}

func checkShift(ctx context.Context, t *solve.Table, y grundy.Position, opt ShiftOptions, box Box) (Verdict, error) {
	z := make(grundy.Position, len(y))
	var bad smallest
	var checked uint64
	max := t.Max()
	err := scan(ctx, t, opt.Options, func(x grundy.Position, v grundy.Values) {
		if opt.Class != nil && x.Sum()%opt.Modulus != *opt.Class {
			return
		}
		for i := range x {
			z[i] = x[i] + y[i]
			if z[i] > max {
				return
			}
		}
		checked++
		w := t.At(t.Index.Rank(z))
		if !shiftAgrees(opt.Kind, v, w) {
			bad.offer(x, func() string { return shiftDetail(opt.Kind, x, z, v, w) })
		}
	})
	if err != nil {
		return Verdict{}, err
	}
	return bad.verdict(fmt.Sprintf("%s (%s)", opt.Kind.name(), y), "004 §2", box, checked), nil
}

func shiftAgrees(k ShiftKind, v, w grundy.Values) bool {
	switch k {
	case ShiftP:
		return (v.G == 0) == (w.G == 0)
	case ShiftPm:
		return (v.Gm == 0) == (w.Gm == 0)
	case ShiftG:
		return v.G == w.G
	case ShiftGm:
		return v.Gm == w.Gm
	}
	return v.G == w.G && v.Gm == w.Gm
}

func shiftDetail(k ShiftKind, x, z grundy.Position, v, w grundy.Values) string {
	switch k {
	case ShiftP, ShiftG:
		return fmt.Sprintf("G(%s) = %d, G(%s) = %d", x, v.G, z, w.G)
	case ShiftPm, ShiftGm:
		return fmt.Sprintf("G⁻(%s) = %d, G⁻(%s) = %d", x, v.Gm, z, w.Gm)
	}
	return fmt.Sprintf("(G, G⁻)(%s) = (%d, %d), (G, G⁻)(%s) = (%d, %d)", x, v.G, v.Gm, z, w.G, w.Gm)
}

// A ShiftSearch lists the shift vectors with entries at most Bound that
// hold in a box.
type ShiftSearch struct {
	Game   string        `json:"game"`
	Box    Box           `json:"box"`
	Kind   ShiftKind     `json:"kind"`
	Bound  int           `json:"bound"`
	Tested int           `json:"tested"` // nonzero candidate vectors tried
	Holds  []Verdict     `json:"holds"`  // one holding verdict per vector, in order
	Method grundy.Method `json:"method"`
}

// SearchShifts tries every nonzero vector with entries in 0..bound that
// is nondecreasing on the interchangeable piles, in lexicographic order,
// and keeps those that are shifts of the given kind in the box.
func SearchShifts(ctx context.Context, t *solve.Table, bound int, opt ShiftOptions) (ShiftSearch, error) {
	box, err := opt.check(t)
	if err != nil {
		return ShiftSearch{}, err
	}
	if bound < 0 {
		return ShiftSearch{}, &grundy.OptionError{Option: "bound", Value: strconv.Itoa(bound), Reason: "want a bound ≥ 0"}
	}
	s := ShiftSearch{Game: box.Game, Box: box, Kind: opt.Kind, Bound: bound, Holds: []Verdict{}, Method: grundy.MethodBox}
	n, from := t.Piles(), t.Index.From
	y := make(grundy.Position, n)
	inner := opt
	inner.Progress = nil
	var rec func(i int) error
	rec = func(i int) error {
		if i == n {
			if slices.Max(y) == 0 {
				return nil
			}
			s.Tested++
			if opt.Progress != nil {
				opt.Progress(uint64(s.Tested), 0)
			}
			v, err := checkShift(ctx, t, y, inner, box)
			if err != nil {
				return err
			}
			if v.Holds {
				s.Holds = append(s.Holds, v)
			}
			return nil
		}
		lo := 0
		if i > from {
			lo = y[i-1]
		}
		for a := lo; a <= bound; a++ {
			y[i] = a
			if err := rec(i + 1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := rec(0); err != nil {
		return ShiftSearch{}, err
	}
	return s, nil
}
