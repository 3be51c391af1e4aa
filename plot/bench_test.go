package plot

import (
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
)

// BenchmarkHeatmap measures solving a Wythoff grid (the baseline every
// picture pays) against drawing it as PNG and SVG, over a ladder of sizes.
func BenchmarkHeatmap(b *testing.B) {
	r, _ := games.Parse("wythoff")
	for _, max := range []int{25, 50, 100} {
		b.Run(fmt.Sprintf("max=%d/compute", max), func(b *testing.B) {
			for b.Loop() {
				if _, err := engine.SolveHeatmap(context.Background(), r, engine.HeatmapSpec{Max: max}, engine.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		g, err := engine.SolveHeatmap(context.Background(), r, engine.HeatmapSpec{Max: max}, engine.Options{})
		if err != nil {
			b.Fatal(err)
		}
		o, err := engine.LookupOverlay(r, 2, "wythoff-pairs:s=1,t=1")
		if err != nil {
			b.Fatal(err)
		}
		if err := g.WithOverlay(o); err != nil {
			b.Fatal(err)
		}
		for _, format := range []string{"png", "svg"} {
			b.Run(fmt.Sprintf("max=%d/render-%s", max, format), func(b *testing.B) {
				for b.Loop() {
					if err := Render(io.Discard, g, format, 0); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
