package instruments

import (
	"context"
	"testing"
)

func ppos(t *testing.T, game string, max int, misere bool) PPositions {
	t.Helper()
	pp, err := PPos(context.Background(), table(t, game, 2, max), misere, -1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return pp
}

func hasPair(pp PPositions, a, b int) bool {
	for _, p := range pp.Pairs {
		if p == [2]int{a, b} {
			return true
		}
	}
	return false
}

// TestPPosTables checks 002's tables of P-positions.
func TestPPosTables(t *testing.T) {
	// Eq. (2) with s = t = 1 (Wythoff): (0,0), (1,2), (3,5), (4,7), (6,10), (8,13), by hand.
	pp := ppos(t, "wythoff", 13, false)
	want := [][2]int{{0, 0}, {1, 2}, {3, 5}, {4, 7}, {6, 10}, {8, 13}}
	if len(pp.Pairs) != len(want) {
		t.Errorf("wythoff P-positions %v, want %v", pp.Pairs, want)
	}
	for _, w := range want {
		if !hasPair(pp, w[0], w[1]) {
			t.Errorf("wythoff: (%d,%d) missing from %v", w[0], w[1], pp.Pairs)
		}
	}

	// Tables 1 and 2: P-generators of Γ_3 (s=2, t=4) — its P-positions with
	// both piles multiples of 3 (Theorem 3, Lemma 2(a)) — and P-positions
	// of the associated (2,2)-Wythoff game.
	a1 := []int{0, 3, 6, 9, 15, 18, 21, 27, 30, 33, 39, 42, 45, 48}
	b1 := []int{0, 12, 24, 36, 54, 66, 78, 96, 108, 120, 138, 150, 162, 174}
	pp = ppos(t, "wythoff-mod:K=3,s=2,t=4", 176, false)
	var gens [][2]int
	for _, p := range pp.Pairs {
		if p[0]%3 == 0 && p[1]%3 == 0 {
			gens = append(gens, p)
		}
	}
	if len(gens) != len(a1) {
		t.Errorf("Γ_3 generators %v, want %d of them (002 Table 1)", gens, len(a1))
	}
	for i := range a1 {
		if !hasPair(pp, a1[i], b1[i]) {
			t.Errorf("Γ_3: (%d,%d) of 002 Table 1 is not a P-position", a1[i], b1[i])
		}
		// Theorem 3: the whole block (A_n+α, B_n+β), α, β < K.
		for al := range 3 {
			for be := range 3 {
				if a1[i]+al <= b1[i]+be && !hasPair(pp, a1[i]+al, b1[i]+be) {
					t.Errorf("Γ_3: (%d,%d) is not a P-position (002 Theorem 3)", a1[i]+al, b1[i]+be)
				}
			}
		}
	}
	pp = ppos(t, "wythoff:s=2,t=2", 58, false)
	for i, a := range []int{0, 1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15, 16} {
		b := []int{0, 4, 8, 12, 18, 22, 26, 32, 36, 40, 46, 50, 54, 58}[i]
		if !hasPair(pp, a, b) {
			t.Errorf("(2,2)-Wythoff: (%d,%d) of 002 Table 2 is not a P-position", a, b)
		}
	}

	// Table 5: Γ_OE, s = 2, t = 3, normal play: (n, B_n) and (n, B′_n) with
	// B_n = 6n + 1 and B′_n = 0 for even n, B_n − 1 for odd n (Theorem 14).
	// The table prints B′_9 = 50; Theorem 14 and the computation give 54.
	pp = ppos(t, "wythoff-oe:s=2,t=3", 85, false)
	as, bs := pp.Columns()
	for n := 0; n <= 14; n++ {
		bp := 0
		if n%2 == 1 {
			bp = 6 * n
		}
		want := []int{min(bp, 6*n+1), max(bp, 6*n+1)}
		if as[n] != n || len(bs[n]) != 2 || bs[n][0] != want[0] || bs[n][1] != want[1] {
			t.Errorf("Γ_OE(2,3): a = %d has b = %v, want %v (002 Table 5, Theorem 14)", as[n], bs[n], want)
		}
	}

	// Table 6: Γ_OE in misère play. Its caption says s = t = 3, but its
	// numbers are those of s = t = 2 (H_n = 5n, H′_n = H_n − 1 for even
	// n ≥ 4 and 0 for odd n ≥ 3 by Theorem 16's (8) with s = t = 2; the
	// x = 2 pairs (2, 2s+t+3), (2, 2s+t+4) of its proof), except H′_14,
	// printed 64: the computation gives 69 = H_14 − 1.
	h := []int{2, 0, 9, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70}
	hp := []int{3, 1, 10, 0, 19, 0, 29, 0, 39, 0, 49, 0, 59, 0, 69}
	pp = ppos(t, "wythoff-oe:s=2,t=2", 70, true)
	as, bs = pp.Columns()
	for n := range h {
		want := []int{min(h[n], hp[n]), max(h[n], hp[n])}
		if as[n] != n || len(bs[n]) != 2 || bs[n][0] != want[0] || bs[n][1] != want[1] {
			t.Errorf("Γ_OE(2,2) misère: a = %d has b = %v, want %v (002 Table 6)", as[n], bs[n], want)
		}
	}
}
