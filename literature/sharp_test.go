package literature

import (
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// directTerminalWythoff gives G and G⁻ of Wythoff's game on the terminal
// set x + y ≤ 2 straight from the definition (Wythoff's three move kinds
// written out, mex, misère terminal value 1), independent of package
// rules.
func directTerminalWythoff(max int) (g, gm [][]int) {
	g, gm = make([][]int, max+1), make([][]int, max+1)
	for x := range g {
		g[x], gm[x] = make([]int, max+1), make([]int, max+1)
	}
	for x := 0; x <= max; x++ {
		for y := 0; y <= max; y++ {
			if x+y <= 2 {
				gm[x][y] = 1
				continue
			}
			var vs, vms []int
			add := func(a, b int) { vs, vms = append(vs, g[a][b]), append(vms, gm[a][b]) }
			for a := 1; a <= x; a++ {
				add(x-a, y)
			}
			for a := 1; a <= y; a++ {
				add(x, y-a)
			}
			for a := 1; a <= min(x, y); a++ {
				add(x-a, y-a)
			}
			g[x][y], gm[x][y] = grundy.Mex(vs), grundy.Mex(vms)
		}
	}
	return g, gm
}

// TestTerminalWythoffSharp: the direct solver agrees with the rule
// wythoff-terminal:k=2; both properties of 2510.11767 hold up to 60 on
// it; and the bound 8 is sharp: (7,5) has G = 1 and is misère P, but is
// no P-position of Wythoff's game (docs/literature.md).
func TestTerminalWythoffSharp(t *testing.T) {
	const max = 60
	g, gm := directTerminalWythoff(max)
	r, err := games.Parse("wythoff-terminal:k=2")
	if err != nil {
		t.Fatal(err)
	}
	for x := 0; x <= 12; x++ {
		for y := 0; y <= 12; y++ {
			var vs []int
			r.Options(grundy.Position{x, y}, func(q grundy.Position) bool {
				vs = append(vs, g[q[0]][q[1]])
				return true
			})
			if got := grundy.Mex(vs); got != g[x][y] {
				t.Errorf("wythoff-terminal:k=2 at (%d,%d): mex of its options' G = %d, the direct solver %d", x, y, got, g[x][y])
			}
		}
	}
	for x := 0; x <= max; x++ {
		for y := 0; y <= max; y++ {
			w := WythoffP(bigOf(x), bigOf(y))
			if (x >= 8 || y >= 8) && ((g[x][y] == 1) != w || (gm[x][y] == 0) != w) {
				t.Errorf("(%d,%d): G = %d, G⁻ = %d, Wythoff P %v: a property of 2510.11767 fails", x, y, g[x][y], gm[x][y], w)
			}
		}
	}
	if g[7][5] != 1 || gm[7][5] != 0 || WythoffP(bigOf(7), bigOf(5)) {
		t.Errorf("(7,5): G = %d, G⁻ = %d, Wythoff P %v; want 1, 0, false (the bound 8 is sharp)", g[7][5], gm[7][5], WythoffP(bigOf(7), bigOf(5)))
	}
}
