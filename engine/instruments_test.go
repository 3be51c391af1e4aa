package engine

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/instruments"
	"github.com/grundy/grundy/solve"
)

// phases records the phases an InstrumentRun reports, in order.
func phases(limits solve.Limits) (InstrumentRun, *[]string) {
	var seen []string
	return InstrumentRun{Limits: limits, Progress: func(what string) (func(uint64, uint64), func()) {
		seen = append(seen, what)
		return func(uint64, uint64) {}, func() {}
	}}, &seen
}

// TestInstrumentsPlan: each instrument verb solves its box, then scans
// it, reporting both phases; the P-positions of Wythoff's game up to 10
// are (0,0) and the pairs (⌊nφ⌋, ⌊nφ²⌋) = (1,2), (3,5), (4,7), (6,10)
// (Wythoff 1907), listed a ≤ b as the piles are interchangeable.
func TestInstrumentsPlan(t *testing.T) {
	wythoff, err := games.Parse("wythoff")
	if err != nil {
		t.Fatal(err)
	}
	run, seen := phases(solve.Limits{})
	pp, err := PPos(context.Background(), wythoff, 10, false, -1, run)
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]int{{0, 0}, {1, 2}, {3, 5}, {4, 7}, {6, 10}}
	if !slices.Equal(pp.Pairs, want) {
		t.Errorf("PPos(wythoff, max 10) = %v, want %v", pp.Pairs, want)
	}
	if w := []string{"solving", "collecting"}; !slices.Equal(*seen, w) {
		t.Errorf("PPos phases = %q, want %q", *seen, w)
	}
}

// TestInstrumentsRefuseByEstimate: a box or a scan beyond the limits is
// refused before any phase begins; a search names the vectors it would
// try: C(2+4, 4) = 15 nondecreasing vectors of 4 entries ≤ 2.
func TestInstrumentsRefuseByEstimate(t *testing.T) {
	tiny := solve.Limits{Memory: 1 << 30, Work: 100, Search: 100}
	nim, err := games.Parse("nim")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range []struct {
		name string
		call func(InstrumentRun) error
	}{
		{"classify", func(r InstrumentRun) error {
			_, err := Classify(ctx, nim, 3, 10, instruments.ClassifyOptions{}, r)
			return err
		}},
		{"shift", func(r InstrumentRun) error {
			_, err := CheckShift(ctx, nim, grundy.Position{0, 1, 1}, 10, instruments.ShiftOptions{Kind: "P"}, r)
			return err
		}},
		{"search", func(r InstrumentRun) error {
			_, err := SearchShifts(ctx, nim, 4, 8, 2, instruments.ShiftOptions{Kind: "P"}, r)
			var se *ShiftSearchError
			if errors.As(err, &se) && (se.Bound != 2 || se.Vectors < 14.5 || se.Vectors > 15.5) {
				t.Errorf("search refused with %d, %g vectors; want 2, 15", se.Bound, se.Vectors)
			} else if !errors.As(err, &se) {
				t.Errorf("search refused with %v, want a ShiftSearchError", err)
			}
			return err
		}},
		{"exceptions", func(r InstrumentRun) error {
			_, err := Exceptions(ctx, 5, 12, instruments.ExceptionsOptions{}, r)
			return err
		}},
	} {
		run, seen := phases(tiny)
		if err := c.call(run); !errors.Is(err, solve.ErrTooBig) {
			t.Errorf("%s within %v: %v, want a refusal (solve.ErrTooBig)", c.name, tiny, err)
		}
		if len(*seen) > 0 {
			t.Errorf("%s refused after phases %q, want before any", c.name, *seen)
		}
	}
}
