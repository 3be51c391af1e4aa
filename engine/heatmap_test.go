package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

func TestParseSlice(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    string // String() of the parsed slice, "" for an error
		x, y    int
		wantErr string
	}{
		{in: "x,y", want: "x,y", x: 0, y: 1},
		{in: "y,x", want: "y,x", x: 1, y: 0},
		{in: "3, x, y ,7", want: "3,x,y,7", x: 1, y: 2},
		{in: "x,x", wantErr: "x appears twice"},
		{in: "x,3", wantErr: "give one x and one y"},
		{in: "x,y,-1", wantErr: `"-1" is neither`},
		{in: "x,y,z", wantErr: `"z" is neither`},
	} {
		sl, err := ParseSlice(tc.in)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParseSlice(%q) error = %v, want one containing %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || sl.String() != tc.want || sl.X != tc.x || sl.Y != tc.y {
			t.Errorf("ParseSlice(%q) = %v (x %d, y %d), %v; want %s (x %d, y %d)", tc.in, sl, sl.X, sl.Y, err, tc.want, tc.x, tc.y)
		}
	}
}

func compute(t *testing.T, game string, spec HeatmapSpec) *Heatmap {
	t.Helper()
	r, err := games.Parse(game)
	if err != nil {
		t.Fatal(err)
	}
	g, err := SolveHeatmap(context.Background(), r, spec, Options{})
	if err != nil {
		t.Fatalf("SolveHeatmap(%s, %+v): %v", game, spec, err)
	}
	return g
}

// Nim's G is the nim-sum of the piles (Bouton; 000 §1.1), in every slice.
func TestComputeNimIsNimSum(t *testing.T) {
	for _, slice := range []string{"x,y", "5,x,y", "y,2,x"} {
		g := compute(t, "nim", HeatmapSpec{Max: 9, Slice: slice})
		for y := range g.Side() {
			for x := range g.Side() {
				want := 0
				for _, n := range g.Slice.At(x, y) {
					want ^= n
				}
				if got := g.Value(x, y); got != want {
					t.Fatalf("slice %s: G%v = %d, want %d", slice, g.Slice.At(x, y), got, want)
				}
			}
		}
	}
}

// Misère Nim (000 §1.1): with every pile ≤ 1 the position is P iff the
// number of non-empty piles is odd; otherwise iff the nim-sum is 0.
func TestComputeMisereNimOutcome(t *testing.T) {
	g := compute(t, "nim", HeatmapSpec{Max: 6, Misere: true, What: OutcomeOf})
	for y := range g.Side() {
		for x := range g.Side() {
			want := x^y == 0
			if x <= 1 && y <= 1 {
				want = (x+y)%2 == 1
			}
			if got := g.IsP(x, y); got != want {
				t.Errorf("misère nim %d,%d: P = %v, want %v", x, y, got, want)
			}
			if g.Value(x, y) != map[bool]int{true: 0, false: 1}[want] {
				t.Errorf("outcome value at %d,%d = %d", x, y, g.Value(x, y))
			}
		}
	}
}

func TestComputeBadInput(t *testing.T) {
	r, _ := games.Parse("wythoff")
	for _, tc := range []struct {
		spec HeatmapSpec
		want string
	}{
		{HeatmapSpec{Max: -1}, "max -1: give the largest pile size, at least 0"},
		{HeatmapSpec{Max: 3, Slice: "1,x,y"}, "3 piles"},
		{HeatmapSpec{Max: 3, Slice: "x"}, "give one x and one y"},
	} {
		_, err := SolveHeatmap(context.Background(), r, tc.spec, Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("SolveHeatmap(wythoff, %+v) error = %v, want one containing %q", tc.spec, err, tc.want)
		}
	}
}

// wythoff-pairs is the registry's 002/eq-2 under its short name.
func TestWythoffPairs(t *testing.T) {
	// Classic Wythoff (s = t = 1): the pairs (⌊nφ⌋, ⌊nφ²⌋), by hand.
	r, _ := games.Parse("wythoff")
	o, err := LookupOverlay(r, 2, "wythoff-pairs:s=1,t=1")
	if err != nil {
		t.Fatal(err)
	}
	pairs := map[[2]int]bool{{0, 0}: true, {1, 2}: true, {3, 5}: true, {4, 7}: true, {6, 10}: true, {8, 13}: true, {9, 15}: true}
	for x := 0; x <= 15; x++ {
		for y := 0; y <= 15; y++ {
			want := pairs[[2]int{x, y}] || pairs[[2]int{y, x}]
			if got, ok := o.Predicts(grundy.Position{x, y}); got != want || !ok {
				t.Errorf("wythoff-pairs:s=1,t=1 Predicts(%d,%d) = %v, %v; want %v, true", x, y, got, ok, want)
			}
		}
	}
}

// The closed forms must agree with the exhaustive values everywhere.
func TestOverlaysAgree(t *testing.T) {
	for _, tc := range []struct{ game, id string }{
		{"nim", "bouton"}, {"wythoff", "wythoff-pairs:s=1,t=1"},
		{"wythoff:s=2,t=3", "wythoff-pairs:s=2,t=3"}, {"wythoff:s=1,t=4", "wythoff-pairs:s=1,t=4"},
	} {
		g := compute(t, tc.game, HeatmapSpec{Max: 30})
		r, _ := games.Parse(tc.game)
		o, err := LookupOverlay(r, 2, tc.id)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.WithOverlay(o); err != nil {
			t.Fatal(err)
		}
		if g.Overlay.Disagreements != 0 {
			t.Errorf("%s: overlay %s disagrees at %d positions, want 0", tc.game, o.ID, g.Overlay.Disagreements)
		}
	}
	r, _ := games.Parse("wythoff")
	if _, err := LookupOverlay(r, 2, "bouton"); err == nil || !strings.Contains(err.Error(), "unknown for wythoff:s=1,t=1") {
		t.Errorf("LookupOverlay(wythoff, bouton) error = %v", err)
	}
}

// A deliberately wrong predictor ("P iff x = y") on Wythoff must be caught
// at every cell where it errs, and only there.
func TestOverlayMarksDisagreements(t *testing.T) {
	g := compute(t, "wythoff", HeatmapSpec{Max: 7})
	wrong := Overlay{ID: "diagonal", Predictor: PredictorFunc(func(p grundy.Position) (bool, bool) {
		return p[0] == p[1], true
	})}
	if err := g.WithOverlay(wrong); err != nil {
		t.Fatal(err)
	}
	// Wythoff P-positions with both piles ≤ 7: (0,0), (1,2), (3,5), (4,7)
	// and their mirrors.
	want := map[[2]int]Mark{{0, 0}: AgreeP, {1, 2}: WrongN, {2, 1}: WrongN, {3, 5}: WrongN, {5, 3}: WrongN, {4, 7}: WrongN, {7, 4}: WrongN}
	for i := 1; i <= 7; i++ {
		want[[2]int{i, i}] = WrongP
	}
	for y := range g.Side() {
		for x := range g.Side() {
			w, ok := want[[2]int{x, y}]
			if !ok {
				w = AgreeN
			}
			if got := g.Overlay.Cells[y*g.Side()+x]; got != w {
				t.Errorf("mark at %d,%d = %d, want %d", x, y, got, w)
			}
		}
	}
	if g.Overlay.Disagreements != 13 {
		t.Errorf("disagreements = %d, want 13", g.Overlay.Disagreements)
	}

	silent := Overlay{ID: "silent", Predictor: PredictorFunc(func(grundy.Position) (bool, bool) { return true, false })}
	if err := g.WithOverlay(silent); err != nil || g.Overlay.Disagreements != 0 {
		t.Errorf("silent overlay: %v, %d disagreements, want none", err, g.Overlay.Disagreements)
	}
	if err := g.WithOverlay(Overlay{ID: "m", Misere: true, Predictor: silent.Predictor}); err == nil {
		t.Error("misère overlay on a normal-play grid: no error")
	}
}

func FuzzParseSlice(f *testing.F) {
	for _, s := range []string{"x,y", "3,x,y,7", "y,x", "x,x", "1,2", "x, y ,-3", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sl, err := ParseSlice(s)
		if err != nil {
			return
		}
		again, err := ParseSlice(sl.String())
		if err != nil || again.String() != sl.String() || again.X != sl.X || again.Y != sl.Y {
			t.Errorf("ParseSlice(%q) = %v, which reparses as %v, %v", s, sl, again, err)
		}
		if p := sl.At(4, 5); p[sl.X] != 4 || p[sl.Y] != 5 {
			t.Errorf("ParseSlice(%q).At(4, 5) = %v", s, p)
		}
	})
}
