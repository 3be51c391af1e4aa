package automatic

import (
	"testing"

	"github.com/grundy/grundy/decide/numeration"
)

func TestEstimateBytes(t *testing.T) {
	const base = 64 << 20
	for _, tc := range []struct {
		sys       numeration.System
		n, states int
		want      int64
	}{
		// 2 piles: 2^4 = 16 letters of a position and its follower; two
		// automata × 1000 states × (4·16 + 100) bytes, and the base.
		{numeration.Base(2), 2, 1000, base + 2*1000*(4*16+100)},
		{numeration.Zeckendorf(), 2, 1000, base + 2*1000*(4*16+100)},
		// Nim on 4 piles: 2^8 = 256 letters.
		{numeration.Base(2), 4, 150_000, base + 2*150_000*(4*256+100)},
		// U(2,2) has the digits 0..3: 4^4 = 256 letters.
		{numeration.U(2, 2), 2, 1000, base + 2*1000*(4*256+100)},
	} {
		if got := EstimateBytes(tc.sys, tc.n, tc.states); !got.IsInt64() || got.Int64() != tc.want {
			t.Errorf("EstimateBytes(%s, %d, %d) = %s, want %d", tc.sys, tc.n, tc.states, got, tc.want)
		}
	}
}

// TestStatesFor: the bound is the largest whose estimate fits.
func TestStatesFor(t *testing.T) {
	for _, tc := range []struct {
		sys numeration.System
		n   int
		mem uint64
	}{
		{numeration.Base(2), 2, 1 << 30},
		{numeration.U(2, 2), 2, 6 << 30},
		{numeration.U(3, 3), 2, 100 << 20},
		{numeration.Base(2), 4, 16 << 30},
	} {
		got := StatesFor(tc.sys, tc.n, tc.mem)
		if got <= 0 {
			t.Errorf("StatesFor(%s, %d, %d) = %d", tc.sys, tc.n, tc.mem, got)
			continue
		}
		fits := func(s int) bool { return EstimateBytes(tc.sys, tc.n, s).Uint64() <= tc.mem }
		if !fits(got) || fits(got+1) {
			t.Errorf("StatesFor(%s, %d, %d) = %d: fits %v, one more fits %v", tc.sys, tc.n, tc.mem, got, fits(got), fits(got+1))
		}
	}
	if got := StatesFor(numeration.Base(2), 2, 1<<20); got != 0 {
		t.Errorf("StatesFor with 1 MiB = %d, want 0 (below the base)", got)
	}
}
