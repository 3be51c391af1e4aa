package engine

import (
	"context"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/internal/memlimit"
)

// TestPlanReadsMemoryOnce: a query plans once, so it reads the memory
// available once, whichever method answers: a theorem beyond any search
// (the position of issue 34, whose key width a search would once learn
// by building a 106 MB binomial table), the two-pile line solver, a
// search, and the moves of each. Each read is counted with the cache off.
func TestPlanReadsMemoryOnce(t *testing.T) {
	reads := 0
	oldRead, oldFresh := readLimits, limitsFresh
	readLimits = func() memlimit.Limits { reads++; return oldRead() }
	limitsFresh = -1
	t.Cleanup(func() {
		readLimits, limitsFresh = oldRead, oldFresh
		limits.Lock()
		limits.at = time.Time{}
		limits.Unlock()
	})
	for _, c := range []struct {
		game, pos string
		method    grundy.Method
	}{
		{"slow-exact:k=2", "1000000,1500000,2000000", grundy.MethodTheorem},
		{"wythoff", "3,5", grundy.MethodBox},
		{"nim", "3,4,5", grundy.MethodSearch},
	} {
		r, p, err := Parse(c.game, c.pos)
		if err != nil {
			t.Fatal(err)
		}
		reads = 0
		v, err := Evaluate(context.Background(), r, p, Options{})
		if err != nil {
			t.Fatalf("Evaluate(%s, %s): %v", c.game, c.pos, err)
		}
		if v.Method != c.method || reads != 1 {
			t.Errorf("Evaluate(%s, %s): method %s after %d reads of the memory, want %s after 1", c.game, c.pos, v.Method, reads, c.method)
		}
		reads = 0
		if _, err := ListMoves(context.Background(), r, p, false, Options{}); err != nil {
			t.Fatalf("ListMoves(%s, %s): %v", c.game, c.pos, err)
		}
		if reads != 1 {
			t.Errorf("ListMoves(%s, %s) read the memory %d times, want 1", c.game, c.pos, reads)
		}
	}
}

// TestPlanKeyWidth: the plan learns a search's key width from the box's
// size alone: 8-byte ranks below a position whose box ranks fit 64 bits,
// varint strings beyond.
func TestPlanKeyWidth(t *testing.T) {
	for _, c := range []struct {
		game, pos string
		ranked    bool
	}{
		{"slow-exact:k=2", "1000000,1500000,2000000", true},
		{"nim", "3,4,5", true},
		// Ten piles near 2^40: about (2^40)^10 / 10! sorted tuples, past 2^64.
		{"nim", "1099511627776,1099511627775,1099511627774,1099511627773,1099511627772,1099511627771,1099511627770,1099511627769,1099511627768,1099511627767", false},
	} {
		r, p, err := Parse(c.game, c.pos)
		if err != nil {
			t.Fatal(err)
		}
		pl := PlanValue(r, p, Options{})
		if pl.Search.Ranked != c.ranked {
			t.Errorf("PlanValue(%s, %s).Search.Ranked = %v, want %v", c.game, c.pos, pl.Search.Ranked, c.ranked)
		}
	}
}
