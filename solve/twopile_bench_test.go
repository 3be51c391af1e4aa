package solve

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/grundy/grundy/games"
)

// BenchmarkTwoPile compares the two-pile line solver (path=lines) with the
// generic box solver (path=generic, which lists every option) on boxes
// [0,B]², all four values, B = 100, 400, 1000, 4000 where each finishes in
// minutes. Besides wall time it reports CPU time per box (cpu-ns/op, both
// cores together: the line solver runs two passes at once) and the growth
// exponent of that CPU time fitted between successive sizes (cpu-exp:
// CPU ∝ B^cpu-exp).
func BenchmarkTwoPile(b *testing.B) {
	ladder := []int{100, 400, 1000, 4000}
	for _, c := range []struct {
		game                 string
		linesMax, genericMax int
	}{
		{"wythoff", 4000, 400},
		{"wythoff:s=1,t=3", 4000, 400},
		{"wythoff-oe:s=1,t=2", 4000, 400},
		{"wythoff:s=2,t=1", 1000, 100},
	} {
		r, _ := games.Parse(c.game)
		for _, path := range []string{"lines", "generic"} {
			var prev float64
			prevB := 0
			for _, max := range ladder {
				if path == "lines" && max > c.linesMax || path == "generic" && max > c.genericMax {
					continue
				}
				spec := BoxSpec{Piles: 2, Max: max, Generic: path == "generic"}
				b.Run(fmt.Sprintf("game=%s/path=%s/B=%d", c.game, path, max), func(b *testing.B) {
					start := cpuTime()
					for b.Loop() {
						if _, err := SolveBox(context.Background(), r, spec); err != nil {
							b.Fatal(err)
						}
					}
					cpu := float64(cpuTime()-start) / float64(b.N)
					b.ReportMetric(cpu, "cpu-ns/op")
					if prevB > 0 && cpu > 0 && prev > 0 {
						b.ReportMetric(math.Log(cpu/prev)/math.Log(float64(max)/float64(prevB)), "cpu-exp")
					}
					prev, prevB = cpu, max
				})
			}
		}
	}
}
