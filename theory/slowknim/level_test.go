package slowknim

import (
	"math/big"
	"slices"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// TestTetrisLevel checks the symmetric statement of T_{n,k}(x) = c
// (tetrisLevel) against the definition (3) by exhaustive packing, at every
// vector of piles ≤ 3 in any order (it must not need them sorted) and
// every c from −1 to 6.
func TestTetrisLevel(t *testing.T) {
	for n := 1; n <= 5; n++ {
		for k := 1; k <= n; k++ {
			level := tetrisLevel(n, k)
			x := make([]int, n)
			var each func(i int)
			each = func(i int) {
				if i < n {
					for v := 0; v <= 3; v++ {
						x[i] = v
						each(i + 1)
					}
					return
				}
				want := packings(x, k)
				env := make([]*big.Int, n+1)
				for j, v := range x {
					env[j] = big.NewInt(int64(v))
				}
				for c := -1; c <= 6; c++ {
					env[n] = big.NewInt(int64(c))
					if got := level.Bool(env); got != (c == want) {
						t.Errorf("level T_{%d,%d}%v = %d is %v, but T = %d", n, k, x, c, got, want)
					}
				}
			}
			each(0)
		}
	}
}

// TestLevelsAgree checks each claim's Level against its Formula: on
// the canonical positions of a box, Level(x, c) holds exactly for
// c = Formula(x), and Level is the same on every order of the piles.
func TestLevelsAgree(t *testing.T) {
	for _, c := range Claims() {
		if c.Level == nil {
			continue
		}
		for _, in := range c.Checks {
			r, err := games.Parse(in.Game)
			if err != nil {
				t.Fatal(err)
			}
			n, top := in.Piles, min(in.Max, 4)
			if n > 5 {
				top = min(top, 2)
			}
			f, level := c.Formula(r, n), c.Level(r, n)
			p := make(grundy.Position, n)
			var each func(i int)
			each = func(i int) {
				if i < n {
					for v := 0; v <= top; v++ {
						p[i] = v
						each(i + 1)
					}
					return
				}
				sorted := slices.Sorted(slices.Values(p))
				env := make([]*big.Int, n+1)
				for j, v := range sorted {
					env[j] = big.NewInt(int64(v))
				}
				want := f.Int(env[:n]).Int64()
				for j, v := range p {
					env[j] = big.NewInt(int64(v))
				}
				for v := int64(-1); v <= want+2; v++ {
					env[n] = big.NewInt(v)
					if got := level.Bool(env); got != (v == want) {
						t.Errorf("%s on %s: level at (%v), c = %d is %v; the formula gives %d at (%v)", c.ID, in.Game, p, v, got, want, sorted)
					}
				}
			}
			each(0)
		}
	}
}
