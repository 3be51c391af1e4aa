package games

import (
	"slices"
	"testing"

	"github.com/grundy/grundy"
)

// linesOptions lists the options of (x, y) from a line description.
// Positions compare in canonical form: Options may list one of two
// mirror images only.
func linesOptions(r grundy.Ruleset, mv grundy.TwoPileMoves, x, y int) []string {
	var out []string
	p := [2]int{x, y}
	for i := range 2 {
		if mv.LargestOnly && p[i] < p[1-i] {
			continue
		}
		for n := 1; n <= p[i]; n++ {
			if mv.Single[i].Allows(n) {
				q := p
				q[i] -= n
				out = append(out, key(r, q[0], q[1]))
			}
		}
	}
	for k := 1; k <= x; k++ {
		for l := 1; l <= y; l++ {
			if mv.Diagonal.Allows(k, l) {
				out = append(out, key(r, x-k, y-l))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestTwoPileMovesMatchOptions checks every line description against the
// ruleset's own Options: the two-pile solver relies on it being exact.
func TestTwoPileMovesMatchOptions(t *testing.T) {
	specs := []string{"bounded-nim:k=1", "bounded-nim:k=3", "greedy-nim", "bounded-greedy:k=2"}
	for _, f := range Families {
		if f.Piles != "2" {
			continue
		}
		for _, params := range []string{"", ":s=1,t=3", ":s=2,t=1", ":s=3,t=2"} {
			specs = append(specs, f.Name+params)
		}
		if f.Params[0].Name == "K" {
			specs = append(specs, f.Name+":K=1", f.Name+":K=3,s=2,t=4", f.Name+":K=4,s=1,t=5")
		}
	}
	for _, spec := range specs {
		r, err := Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		tp, ok := r.(grundy.TwoPile)
		if !ok {
			t.Errorf("%s does not describe its moves as lines", spec)
			continue
		}
		mv := tp.TwoPileMoves()
		for x := 0; x <= 14; x++ {
			for y := 0; y <= 14; y++ {
				var want []string
				r.Options(grundy.Position{x, y}, func(q grundy.Position) bool {
					want = append(want, key(r, q[0], q[1]))
					return true
				})
				slices.Sort(want)
				want = slices.Compact(want)
				if got := linesOptions(r, mv, x, y); !slices.Equal(got, want) {
					t.Fatalf("%s at (%d,%d): lines give %v, Options %v", spec, x, y, got, want)
				}
			}
		}
	}
}

func key(r grundy.Ruleset, x, y int) string {
	return grundy.Canonical(r, grundy.Position{x, y}).String()
}
