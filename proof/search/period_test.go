package search

import "testing"

// mexSubtraction is the Sprague–Grundy sequence of the subtraction game
// with subtraction set moves, by the mex over the moves: the definition,
// independent of any solver.
func mexSubtraction(moves []int, n int) []int {
	g := make([]int, n)
	for x := range g {
		seen := map[int]bool{}
		for _, m := range moves {
			if m <= x {
				seen[g[x-m]] = true
			}
		}
		for seen[g[x]] {
			g[x]++
		}
	}
	return g
}

// TestFindPeriod: the periods of subtraction games, from sequences
// computed by the mex. S(2,5,7) has period 22 (issue 35); S(2,5) period
// 7, by hand: g(0..3) = 0 0 1 1, g(4) = mex{g(2)} = 0, g(5) = mex{g(3),
// g(0)} = 2, g(6) = mex{g(4), g(1)} = 1, g(7) = mex{g(5), g(2)} = 0.
func TestFindPeriod(t *testing.T) {
	for _, tt := range []struct {
		moves     []int
		len       int
		bound     int
		pre, per  int
		ok        bool
		firstVals []int
	}{
		{[]int{1, 2}, 30, 10, 0, 3, true, []int{0, 1, 2}},             // bounded Nim, k = 2: x mod 3
		{[]int{2, 5}, 40, 10, 0, 7, true, []int{0, 0, 1, 1, 0, 2, 1}}, // by hand
		{[]int{2, 5, 7}, 200, 50, 0, 22, true, nil},
		{[]int{2, 5, 7}, 200, 21, 0, 0, false, nil}, // period 22 > bound
		{[]int{2, 5, 7}, 40, 50, 0, 0, false, nil},  // not shown twice in 40 values
	} {
		s := mexSubtraction(tt.moves, tt.len)
		p, ok := FindPeriod(s, tt.bound)
		if ok != tt.ok || ok && (p.Preperiod != tt.pre || p.Period != tt.per) {
			t.Errorf("FindPeriod(S%v, %d values, bound %d) = %+v, %v; want pre-period %d, period %d, %v", tt.moves, tt.len, tt.bound, p, ok, tt.pre, tt.per, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		for i, v := range tt.firstVals {
			if p.Values[i] != v {
				t.Errorf("S%v: value %d = %d, want %d", tt.moves, i, p.Values[i], v)
			}
		}
		// The period holds far beyond the data it was found on.
		long := mexSubtraction(tt.moves, 2000)
		for n, v := range long {
			if p.At(n) != v {
				t.Errorf("S%v: period %d gives %d at %d, the mex %d", tt.moves, p.Period, p.At(n), n, v)
				break
			}
		}
	}
	// A pre-period, and no period in a sequence that only ends
	// periodically.
	s := []int{5, 4, 0, 1, 0, 1, 0, 1, 0, 1}
	if p, ok := FindPeriod(s, 4); !ok || p.Preperiod != 2 || p.Period != 2 {
		t.Errorf("FindPeriod(%v) = %+v, %v; want pre-period 2, period 2", s, p, ok)
	}
	s = []int{0, 1, 2, 3, 4, 5, 6, 7, 7, 7}
	if p, ok := FindPeriod(s, 4); ok {
		t.Errorf("FindPeriod(%v) = %+v, want none", s, p)
	}
}
