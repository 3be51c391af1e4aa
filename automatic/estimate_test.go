package automatic

import (
	"testing"

	"github.com/grundy/grundy/automata"
)

func TestEstimateBytes(t *testing.T) {
	for _, tc := range []struct {
		sys       automata.System
		n, states int
		want      int64
	}{
		// 2^5 = 32 letters: 3 automata × 1000 states × (4·32 + 64) bytes.
		{automata.Base(2), 2, 1000, 3 * 1000 * 192},
		{automata.Zeckendorf(), 2, 1000, 3 * 1000 * 192},
		// Nim on 4 piles: 2^9 = 512 letters.
		{automata.Base(2), 4, 150_000, 3 * 150_000 * (4*512 + 64)},
		// U(2,2) has the digits 0..3: 4^5 = 1024 letters.
		{automata.U(2, 2), 2, 1000, 3 * 1000 * (4*1024 + 64)},
	} {
		if got := EstimateBytes(tc.sys, tc.n, tc.states); !got.IsInt64() || got.Int64() != tc.want {
			t.Errorf("EstimateBytes(%s, %d, %d) = %s, want %d", tc.sys, tc.n, tc.states, got, tc.want)
		}
	}
}
