package solve

import (
	"context"
	"testing"

	"github.com/grundy/grundy"
)

// TestEachRank: ranges of ranks, cut anywhere, visit every position of
// the box once, at its Rank, with its values, as Each does.
func TestEachRank(t *testing.T) {
	for _, c := range smallBoxes {
		r := mustParse(t, c.game)
		tab, err := SolveBox(context.Background(), r, BoxSpec{Piles: c.piles, Max: c.max})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]grundy.Values{}
		tab.Each(func(p grundy.Position, v grundy.Values) bool {
			want[p.String()] = v
			return true
		})
		size := tab.Index.Size()
		for _, step := range []uint64{1, 7, size/3 + 1, size} {
			seen := 0
			for lo := uint64(0); lo < size; lo += step {
				next := lo
				tab.EachRank(lo, lo+step, func(rank uint64, p grundy.Position, v grundy.Values) bool {
					if rank != next || tab.Index.Rank(p) != rank || want[p.String()] != v {
						t.Fatalf("%s, step %d: rank %d (want %d) at %v, Rank %d, values %+v, want %+v",
							c.game, step, rank, next, p, tab.Index.Rank(p), v, want[p.String()])
					}
					next++
					seen++
					return true
				})
			}
			if seen != len(want) {
				t.Errorf("%s, step %d: %d positions, want %d", c.game, step, seen, len(want))
			}
		}
	}
}
