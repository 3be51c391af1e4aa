package solve

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy/grundy"
)

// sortedBelow counts the non-decreasing tuples v with v[i] ≤ x[i] (x
// sorted): the canonical positions a search from x may reach when every
// pile is interchangeable. From pile i on with every pile ≥ lo, a tuple
// either puts lo at pile i and goes on, or has all of them above lo.
func sortedBelow(x []int) float64 {
	memo := map[[2]int]float64{}
	var count func(i, lo int) float64
	count = func(i, lo int) float64 {
		switch {
		case i == len(x):
			return 1
		case lo > x[i]:
			return 0
		}
		if c, ok := memo[[2]int{i, lo}]; ok {
			return c
		}
		c := count(i+1, lo) + count(i, lo+1)
		memo[[2]int{i, lo}] = c
		return c
	}
	return count(0, 0)
}

// TestReachBound holds ReachBound to a brute-force count of the sorted
// tuples below nim positions: exact up to ReachExactTop, an upper bound
// past it, exact there too when the piles are equal or all but the
// largest are tiny, and never more than m! times the count.
func TestReachBound(t *testing.T) {
	r := mustParse(t, "nim")
	rng := rand.New(rand.NewPCG(1, 2))
	check := func(x []int, exact bool) {
		t.Helper()
		want := sortedBelow(x)
		p := make(grundy.Position, len(x))
		copy(p, x)
		got := ReachBound(r, p.Big())
		fact := 1.0
		for i := 2; i <= len(x); i++ {
			fact *= float64(i)
		}
		switch {
		case exact && got != want:
			t.Errorf("ReachBound(nim, %v) = %g, want %g", x, got, want)
		case got < want || got > fact*want:
			t.Errorf("ReachBound(nim, %v) = %g, want within [%g, %g]", x, got, want, fact*want)
		}
	}
	for range 30 {
		m := 1 + rng.IntN(3)
		x := make([]int, m)
		for i := range x {
			x[i] = rng.IntN(300)
		}
		slices.Sort(x)
		check(x, true)
	}
	big := ReachExactTop + 1000
	check([]int{big, big}, true)
	check([]int{0, 0, big}, true)
	check([]int{big / 2, big}, false)
	check([]int{7, big / 3, big}, false)
}
