package search_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/proof/search"
)

// 001 Theorem 2 from a box alone: in bounded greedy nim with k = 2 and two
// piles, x is a P-position iff x2 − x1 ≡ 0 (mod 3).
func ExampleDiscover() {
	r, _ := games.Parse("bounded-greedy:k=2")
	res, err := search.Discover(context.Background(), r, search.Options{What: grundy.QP, Piles: 2, Max: 20})
	if err != nil {
		fmt.Println(err)
		return
	}
	p := res.Parts[0]
	fmt.Println(p.Math)
	fmt.Println(p.Status, "in the box of piles ≤", res.ValidateMax)
	// Output:
	// x ∈ P ⇔ x2 − x1 ≡ 0 (mod 3)
	// checked in the box of piles ≤ 30
}

// The subtraction game S(2,5): its Sprague–Grundy sequence, by the mex,
// repeats with period 7 from the start.
func ExampleFindPeriod() {
	g := make([]int, 30)
	for x := range g {
		seen := map[int]bool{}
		for _, m := range []int{2, 5} {
			if m <= x {
				seen[g[x-m]] = true
			}
		}
		for seen[g[x]] {
			g[x]++
		}
	}
	p, ok := search.FindPeriod(g, 14)
	fmt.Println(ok, p.Preperiod, p.Period, p.Values)
	// Output: true 0 7 [0 0 1 1 0 2 1]
}
