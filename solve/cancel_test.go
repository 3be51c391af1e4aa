package solve

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// TestSearchStopsWhenCancelled: a search over piles of millions notices
// cancellation promptly (unranking such a box was once linear in the pile
// size, so 65,536 steps between checks took minutes). The bound is loose:
// it tests for a hang, not for speed.
func TestSearchStopsWhenCancelled(t *testing.T) {
	for _, tc := range []struct {
		name string
		pos  grundy.Position
	}{
		// Both reach about 10^12 positions: no search finishes first.
		{"slow-exact:k=2", grundy.Position{1000001, 2000004, 2500000}},
		{"bounded-nim:k=3", grundy.Position{1000001, 2000004}},
	} {
		name := tc.name
		r, err := games.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		start := time.Now()
		_, err = Search{Ruleset: r, Budget: 1 << 30}.Solve(ctx, tc.pos)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Search(%s, %v) with a 3s deadline = %v, want the deadline", name, tc.pos, err)
		}
		if d := time.Since(start); d > 30*time.Second {
			t.Errorf("Search(%s) took %v to notice its deadline", name, d)
		}
	}
}
