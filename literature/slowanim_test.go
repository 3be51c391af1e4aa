package literature

import (
	"fmt"
	"slices"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// TestSlowANimNm1IsSlowExact holds the rule of arXiv 2404.06608 to the
// abstract's "A={n-1}, which is the game Slow Exact k-Nim for k=n-1":
// slow-a-nim-nm1 on n piles has the followers of slow-exact:k=n-1, on
// every position of small boxes.
func TestSlowANimNm1IsSlowExact(t *testing.T) {
	a, err := games.Parse("slow-a-nim-nm1")
	if err != nil {
		t.Fatal(err)
	}
	for n := 2; n <= 4; n++ {
		e, err := games.Parse(fmt.Sprintf("slow-exact:k=%d", n-1))
		if err != nil {
			t.Fatal(err)
		}
		max, moves := []int{0, 0, 8, 5, 3}[n], 0
		p := make(grundy.Position, n)
		var rec func(i int)
		rec = func(i int) {
			if i == n {
				got, want := followers(a, p), followers(e, p)
				moves += len(got)
				if !slices.Equal(got, want) {
					t.Errorf("at (%s) on %d piles: slow-a-nim-nm1 moves to %v, slow-exact:k=%d to %v", p, n, got, n-1, want)
				}
				return
			}
			for v := 0; v <= max; v++ {
				p[i] = v
				rec(i + 1)
			}
		}
		rec(0)
		if moves == 0 {
			t.Errorf("%d piles: no position of the box has a move", n)
		}
	}
}
