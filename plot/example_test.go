package plot_test

import (
	"context"
	"fmt"
	"io"

	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/plot"
)

// Wythoff's game with both piles ≤ 10, solved and audited by engine against the pairs of
// 002 eq. (2), then drawn as SVG.
func Example() {
	r, _ := games.Parse("wythoff")
	g, err := engine.SolveHeatmap(context.Background(), r, engine.HeatmapSpec{Max: 10}, engine.Options{})
	if err != nil {
		panic(err)
	}
	o, _ := engine.LookupOverlay(r, 2, "wythoff-pairs:s=1,t=1")
	if err := g.WithOverlay(o); err != nil {
		panic(err)
	}
	fmt.Println(g.Title())
	fmt.Println("G(3,5) =", g.Value(3, 5), "P:", g.IsP(3, 5))
	fmt.Println("disagreements:", g.Overlay.Disagreements)
	fmt.Println(plot.Render(io.Discard, g, "svg", 0))
	// Output:
	// wythoff:s=1,t=1: G, normal play, positions (x,y), x, y ≤ 10
	// G(3,5) = 0 P: true
	// disagreements: 0
	// <nil>
}
