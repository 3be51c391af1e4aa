package solve

import (
	"math/rand/v2"
	"testing"
)

// TestMexFrom64: by hand, then against the definition (the least m ≥ 64
// not among the values) on random sets, with duplicates and values
// below 64 and far above.
func TestMexFrom64(t *testing.T) {
	run := func(from, n int) []int {
		var vs []int
		for v := from; v < from+n; v++ {
			vs = append(vs, v)
		}
		return vs
	}
	for _, c := range []struct {
		vs   []int
		want int
	}{
		{nil, 64},
		{[]int{64}, 65},
		{[]int{64, 65, 67}, 66},
		{[]int{1, 2, 63}, 64},
		{[]int{64, 64, 64}, 65},
		{[]int{65, 66}, 64},
		{run(64, 2000), 2064}, // past the stack's thousand
		{run(64, 1023), 1087},
		{append(run(64, 64), 200), 128},
	} {
		if got := mexFrom64(c.vs); got != c.want {
			t.Errorf("mexFrom64(%d values from %v) = %d, want %d", len(c.vs), c.vs[:min(len(c.vs), 4)], got, c.want)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		vs := make([]int, rng.IntN(1500))
		for i := range vs {
			vs[i] = rng.IntN(len(vs) + 130)
		}
		set := map[int]bool{}
		for _, v := range vs {
			set[v] = true
		}
		want := 64
		for set[want] {
			want++
		}
		if got := mexFrom64(vs); got != want {
			t.Fatalf("mexFrom64(%d values) = %d, want %d", len(vs), got, want)
		}
	}
}
