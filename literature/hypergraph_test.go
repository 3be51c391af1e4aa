package literature

import (
	"math/big"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// TestHypergraphEvals: the Go claims' formulas at positions worked by
// hand (Bouton's nim-sum; Moore's condition, a multiple of k+1 piles
// with a 1 in each binary digit), so a formula that agreed with the
// solver by being vacuous would fail here.
func TestHypergraphEvals(t *testing.T) {
	byID := map[string]func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool){}
	for _, c := range hypergraphClaims("arxiv-1903.08138") {
		byID[c.ID] = c.Eval
	}
	for _, tc := range []struct {
		claim, game string
		pos         []int
		want        int64
	}{
		{"arxiv-1903.08138/bouton", "hypergraph-nim-2", []int{3, 5}, 6},    // 011 ⊕ 101
		{"arxiv-1903.08138/bouton", "hypergraph-nim-3", []int{1, 2, 3}, 0}, // 01 ⊕ 10 ⊕ 11
		{"arxiv-1903.08138/bouton", "hypergraph-nim-3", []int{4, 1, 0}, 5},
		{"arxiv-1903.08138/moore", "hypergraph-moore-4-2", []int{1, 1, 1, 0}, 1},    // three 1s in digit 0
		{"arxiv-1903.08138/moore", "hypergraph-moore-4-2", []int{1, 1, 0, 0}, 0},    // two
		{"arxiv-1903.08138/moore", "hypergraph-moore-4-2", []int{1, 2, 3, 0}, 0},    // digit 0: two; digit 1: two
		{"arxiv-1903.08138/moore", "hypergraph-moore-4-2", []int{3, 5, 6, 0}, 0},    // 011 101 110: two 1s in each digit, not three
		{"arxiv-1903.08138/moore", "hypergraph-moore-4-2", []int{3, 3, 3, 0}, 1},    // three in each digit
		{"arxiv-1903.08138/moore", "hypergraph-proper-nim-4", []int{2, 2, 2, 2}, 1}, // four 1s in digit 1, k+1 = 4
		{"arxiv-1903.08138/moore", "hypergraph-proper-nim-4", []int{2, 2, 2, 0}, 0},
	} {
		r, err := games.Parse(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		p := make(grundy.BigPosition, len(tc.pos))
		for i, v := range tc.pos {
			p[i] = bigOf(v)
		}
		got, ok := byID[tc.claim](r, p)
		if !ok || got.Int64() != tc.want {
			t.Errorf("%s on %s at %v = %v (%v), want %d", tc.claim, tc.game, tc.pos, got, ok, tc.want)
		}
	}
}
