package plot

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// Golden pictures, compared pixel by pixel (gonum/plot's fonts are
// embedded, so drawing is deterministic). Regenerate with -update and look
// at the result before committing it.
func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		file, game string
		spec       engine.HeatmapSpec
		overlay    *engine.Overlay
	}{
		{file: "wythoff-sg-12.png", game: "wythoff", spec: engine.HeatmapSpec{Max: 12}, overlay: &engine.Overlay{ID: "diagonal", Source: "wrong on purpose",
			Predictor: engine.PredictorFunc(func(p grundy.Position) (bool, bool) { return p[0] == p[1], true })}},
		{file: "slow-exact-rem-misere.png", game: "slow-exact:k=2", spec: engine.HeatmapSpec{Max: 10, Slice: "2,x,y", What: engine.Rem, Misere: true}},
		{file: "wythoff-outcome-misere.png", game: "wythoff", spec: engine.HeatmapSpec{Max: 10, What: engine.OutcomeOf, Misere: true}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			g := compute(t, tc.game, tc.spec)
			if tc.overlay != nil {
				if err := g.WithOverlay(*tc.overlay); err != nil {
					t.Fatal(err)
				}
			}
			var buf bytes.Buffer
			if err := Render(&buf, g, "png", 10*72/2.54); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", tc.file)
			if *update {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./plot -update to create it)", err)
			}
			if diff := pixelDiff(t, buf.Bytes(), want); diff > 0 {
				t.Errorf("%s: %d pixels differ from the golden image (regenerate with -update if intended)", tc.file, diff)
			}
		})
	}
}

func pixelDiff(t *testing.T, got, want []byte) int {
	t.Helper()
	a, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	b, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	if a.Bounds() != b.Bounds() {
		return a.Bounds().Dx() * a.Bounds().Dy()
	}
	n := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !sameColor(a, b, x, y) {
				n++
			}
		}
	}
	return n
}

func sameColor(a, b image.Image, x, y int) bool {
	r1, g1, b1, a1 := a.At(x, y).RGBA()
	r2, g2, b2, a2 := b.At(x, y).RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}
