package theory

import (
	"math/big"
	"slices"
	"testing"
)

// TestAutoDFATribonacci reads a Tribonacci record's numbers as the
// system's greedy words, by hand: 12 = 7 + 4 + 1 is 1101, 23 = 13 + 7 + 2 +
// 1 is 11011; and a record with a third coefficient of another system is
// refused.
func TestAutoDFATribonacci(t *testing.T) {
	rec := &AutoDFA{A: 1, B: 1, C: 1, Tracks: 1, Digits: 2, Next: "0 0", Accept: "1"}
	a, err := rec.parse()
	if err != nil {
		t.Fatal(err)
	}
	for x, want := range map[int64][]int{12: {1, 1, 0, 1}, 23: {1, 1, 0, 1, 1}, 24: {1, 0, 0, 0, 0, 0}} {
		if got := a.repr(big.NewInt(x)); !slices.Equal(got, want) {
			t.Errorf("Tribonacci repr(%d) = %v, want %v", x, got, want)
		}
	}
	bad := *rec
	bad.C, bad.A, bad.Digits = 1, 2, 3
	if _, err := bad.parse(); err == nil {
		t.Error("a record over u_n = 2u_{n−1} + u_{n−2} + u_{n−3} was read")
	}
}
