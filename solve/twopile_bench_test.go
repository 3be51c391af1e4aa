package solve

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/grundy/grundy/games"
)

var genericMax = 1000 // the generic path is Θ(B³) options for wythoff: skip it beyond

// BenchmarkTwoPile compares the two-pile line solver (path=lines) with the
// generic box solver (path=generic) on wythoff boxes [0,B]², all four
// values, and reports the growth exponent fitted between successive sizes
// (ns per box ∝ B^exp). For s > 1 (wythoff:s=2,t=1) the cone sweep.
func BenchmarkTwoPile(b *testing.B) {
	for _, game := range []string{"wythoff", "wythoff:s=1,t=3", "wythoff:s=2,t=1"} {
		r, _ := games.Parse(game)
		for _, path := range []string{"lines", "generic"} {
			var prev time.Duration
			prevB := 0
			for _, max := range []int{100, 400, 1000, 4000} {
				if path == "generic" && (max > genericMax || game == "wythoff:s=2,t=1" && max > 400) {
					continue
				}
				if path == "lines" && game == "wythoff:s=2,t=1" && max > 1000 {
					continue
				}
				spec := BoxSpec{Piles: 2, Max: max, Generic: path == "generic"}
				b.Run(fmt.Sprintf("game=%s/path=%s/B=%d", game, path, max), func(b *testing.B) {
					for b.Loop() {
						if _, err := SolveBox(context.Background(), r, spec); err != nil {
							b.Fatal(err)
						}
					}
					per := b.Elapsed() / time.Duration(b.N)
					if prevB > 0 {
						b.ReportMetric(math.Log(float64(per)/float64(prev))/math.Log(float64(max)/float64(prevB)), "exp")
					}
					prev, prevB = per, max
				})
			}
		}
	}
}
