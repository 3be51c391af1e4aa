package plot

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
)

func compute(t *testing.T, game string, spec engine.HeatmapSpec) *engine.Heatmap {
	t.Helper()
	r, err := games.Parse(game)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.SolveHeatmap(context.Background(), r, spec, engine.Options{})
	if err != nil {
		t.Fatalf("engine.SolveHeatmap(%s, %+v): %v", game, spec, err)
	}
	return g
}

func countRed(img image.Image) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r>>8 > 0xf0 && g>>8 < 0x30 && bl>>8 < 0x30 {
				n++
			}
		}
	}
	return n
}

// Red (disagreement) appears in the picture exactly when an overlay
// disagrees; no palette colour is that red.
func TestRenderMarksDisagreementsInRed(t *testing.T) {
	r, _ := games.Parse("wythoff")
	pairs, err := engine.LookupOverlay(r, 2, "wythoff-pairs:s=1,t=1")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		overlay engine.Overlay
		red     bool
	}{
		{pairs, false},
		{engine.Overlay{ID: "diagonal", Predictor: engine.PredictorFunc(func(p grundy.Position) (bool, bool) { return p[0] == p[1], true })}, true},
	} {
		g := compute(t, "wythoff", engine.HeatmapSpec{Max: 12})
		if err := g.WithOverlay(tc.overlay); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := Render(&buf, g, "png", 0); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		// The legend's cross is red too; the cells add far more.
		if n := countRed(img); (n > 200) != tc.red {
			t.Errorf("overlay %s: %d red pixels, want red cells %v", tc.overlay.ID, n, tc.red)
		}
	}
}

// At MinHeight Render draws every kind of picture — a colour bar (values
// beyond the discrete palette), an overlay's second title line,
// remoteness dots — in every format; below it, it refuses. At 2.5 cm the
// colour bar's height was negative and gonum panicked.
func TestRenderSmallest(t *testing.T) {
	o, err := engine.LookupOverlay(games.Nim{}, 2, "bouton")
	if err != nil {
		t.Fatal(err)
	}
	for _, what := range []engine.What{engine.SG, engine.Rem, engine.OutcomeOf} {
		g := compute(t, "nim", engine.HeatmapSpec{Max: 15, What: what})
		if err := g.WithOverlay(o); err != nil {
			t.Fatal(err)
		}
		for _, f := range Formats {
			var buf bytes.Buffer
			if err := Render(&buf, g, f, MinHeight); err != nil {
				t.Errorf("Render(nim %s, %s, MinHeight): %v", what, f, err)
			}
			if err := Render(&buf, g, f, MinHeight*0.6); err == nil {
				t.Errorf("Render(nim %s, %s, 0.6 MinHeight): no error", what, f)
			}
		}
	}
}

func TestRenderFormats(t *testing.T) {
	g := compute(t, "slow-exact:k=2", engine.HeatmapSpec{Max: 8, Slice: "2,x,y", What: engine.Rem, Misere: true})
	for _, tc := range []struct{ format, magic string }{
		{"png", "\x89PNG"}, {"svg", "<?xml"}, {"pdf", "%PDF"},
	} {
		var buf bytes.Buffer
		if err := Render(&buf, g, tc.format, 0); err != nil {
			t.Fatalf("Render %s: %v", tc.format, err)
		}
		if !bytes.HasPrefix(buf.Bytes(), []byte(tc.magic)) {
			t.Errorf("Render %s starts %q, want %q", tc.format, buf.Bytes()[:8], tc.magic)
		}
		if tc.format == "svg" && !strings.Contains(buf.String(), "R\u2212") {
			t.Errorf("svg lacks the quantity R− (R⁻) in its title or legend")
		}
	}
	if _, err := FormatOf("x.gif"); err == nil {
		t.Error("FormatOf(x.gif): no error")
	}
}
