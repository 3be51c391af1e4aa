package literature_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/literature"
)

// tribonacciPair is the n-th pair (B_n − A_n, C_n − B_n) of Fokkink and
// Rust's table by the letter-position formulas, in big integers and
// nothing else: with r the greedy Tribonacci representation of n − 1
// (places 1, 2, 4, 7, 13, …) and [w] a digit string's value, A_n =
// [r0] + 1, B_n = [r01] + 1, C_n = [r011] + 1.
func tribonacciPair(n *big.Int) (x, y *big.Int) {
	m := new(big.Int).Sub(n, big.NewInt(1))
	places := []*big.Int{big.NewInt(1), big.NewInt(2), big.NewInt(4)}
	for places[len(places)-1].Cmp(m) <= 0 {
		k := len(places)
		places = append(places, new(big.Int).Add(new(big.Int).Add(places[k-1], places[k-2]), places[k-3]))
	}
	places = append(places, nil, nil, nil)
	for k := len(places) - 3; k < len(places); k++ {
		places[k] = new(big.Int).Add(new(big.Int).Add(places[k-1], places[k-2]), places[k-3])
	}
	// shifted[s] = [r·0^s]: each digit of r moved up s places.
	shifted := [4]*big.Int{new(big.Int), new(big.Int), new(big.Int), new(big.Int)}
	left := new(big.Int).Set(m)
	for i := len(places) - 4; i >= 0; i-- {
		if places[i].Cmp(left) <= 0 {
			left.Sub(left, places[i])
			for s := range shifted {
				shifted[s].Add(shifted[s], places[i+s])
			}
		}
	}
	a := new(big.Int).Add(shifted[1], big.NewInt(1)) // [r0] + 1
	b := new(big.Int).Add(shifted[2], big.NewInt(2)) // [r01] + 1 = [r00] + 1 + 1
	c := new(big.Int).Add(shifted[3], big.NewInt(4)) // [r011] + 1 = [r000] + 2 + 1 + 1
	return b.Sub(b, a), c.Sub(c, new(big.Int).Add(shifted[2], big.NewInt(2)))
}

// TestSplythoffValueLarge: at piles of 40 digits, where no table reaches,
// grundy value answers Splythoff from the automaton kept in
// p-tribonacci's ledger record, with trust automata-proved: a pair of the
// table computed by the letter-position formulas (checked first against
// the word's pairs for n ≤ 2000) is P either way round, and the positions
// one token away on the second pile are N (a move on that pile joins two
// positions sharing the first pile, so at most one of them is P).
func TestSplythoffValueLarge(t *testing.T) {
	word := literature.TribonacciTable(1 << 13)
	if len(word) <= 2000 {
		t.Fatalf("the word gives %d pairs", len(word))
	}
	for n := 1; n <= 2000; n++ {
		x, y := tribonacciPair(big.NewInt(int64(n)))
		if x.Int64() != int64(word[n][0]) || y.Int64() != int64(word[n][1]) {
			t.Fatalf("pair %d by the formulas (%v, %v), by the word %v", n, x, y, word[n])
		}
	}
	r, err := games.Parse("splythoff")
	if err != nil {
		t.Fatal(err)
	}
	n, _ := new(big.Int).SetString("1000000000000000000000000000000000000000000000", 10)
	x, y := tribonacciPair(n)
	if len(y.String()) < 40 {
		t.Fatalf("pair %v has %d digits", n, len(y.String()))
	}
	one := big.NewInt(1)
	for _, tc := range []struct {
		pos  grundy.BigPosition
		want string
	}{
		{grundy.BigPosition{x, y}, "P"},
		{grundy.BigPosition{y, x}, "P"},
		{grundy.BigPosition{x, new(big.Int).Add(y, one)}, "N"},
		{grundy.BigPosition{x, new(big.Int).Sub(y, one)}, "N"},
	} {
		v, err := engine.Evaluate(context.Background(), r, tc.pos, engine.Options{Method: grundy.MethodTheorem})
		if err != nil {
			t.Fatalf("value splythoff %v: %v", tc.pos, err)
		}
		if v.Outcome != tc.want {
			t.Errorf("value splythoff %v: outcome %q, want %s", tc.pos, v.Outcome, tc.want)
		}
		if v.Trust.Kind != grundy.TrustAutomataProved {
			t.Errorf("value splythoff %v: trust %s, want automata-proved", tc.pos, v.Trust.Kind)
		}
	}
}
