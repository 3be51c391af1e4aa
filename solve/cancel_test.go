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
// it tests for a hang, not for speed. The deadline is short because such a
// hang shows at the first check, 65,536 steps in, whatever the deadline:
// a longer one only burns CPU.
func TestSearchStopsWhenCancelled(t *testing.T) {
	for _, tc := range []struct {
		name string
		pos  grundy.Position
	}{
		// Both reach about 10^12 positions: no search finishes first.
		{"slow-exact:k=2", grundy.Position{1000001, 2000004, 2500000}},
		{"bounded-nim:k=3", grundy.Position{1000001, 2000004}},
	} {
		const deadline = 100 * time.Millisecond
		name := tc.name
		r, err := games.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), deadline)
		start := time.Now()
		_, err = Search{Ruleset: r, Budget: 1 << 30}.Solve(ctx, tc.pos)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Search(%s, %v) with a %v deadline = %v, want the deadline", name, tc.pos, deadline, err)
		}
		if d := time.Since(start); d > 30*time.Second {
			t.Errorf("Search(%s) took %v to notice its deadline", name, d)
		}
	}
}
