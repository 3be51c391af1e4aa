package engine

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/internal/memlimit"
	"github.com/grundy/grundy/solve"
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

// TestPriceLine: a line of terms is priced as the sum of its terms'
// answers, each of which keeps to the limits alone. The limits are set
// by hand so that the sums cross them where a hand count says.
func TestPriceLine(t *testing.T) {
	line := func(start string, step []int64, count int) Line {
		p, err := grundy.ParsePosition(start)
		if err != nil {
			t.Fatal(err)
		}
		l := Line{Start: p, Count: count}
		for _, d := range step {
			l.Step = append(l.Step, big.NewInt(d))
		}
		return l
	}
	huge := "100000000000000000000" // 10^20: no exhaustive method applies
	for _, c := range []struct {
		name    string
		game    string
		line    Line
		limits  solve.Limits
		refused bool
		want    string // in the refusal
	}{
		// 10⁶ terms of two 21-digit piles: at least 10⁶ · 43 characters ·
		// 150 steps = 6.45·10⁹, past a work limit of 10⁹ before any plan.
		{"count past the work limit", "nim", line(huge+","+huge, []int64{1, 1}, 1_000_000),
			solve.Limits{Memory: 1 << 30, Work: 1e9, Search: 1e9}, true, "at least"},
		// The same line, 1,000 terms: 6.45·10⁶ steps, within.
		{"count within", "nim", line(huge+","+huge, []int64{1, 1}, 1000),
			solve.Limits{Memory: 1 << 30, Work: 1e9, Search: 1e9}, false, ""},
		// nim on three piles n,n,n: the early terms search, each within a
		// search limit of 10⁵ steps (term 4, 5,5,5: at most 216 positions
		// × 16 followers × 3·log₂3 steps ≈ 1.6·10⁴), and their sum passes
		// it by term 8 or so.
		{"searches past the search limit", "nim", line("1,1,1", []int64{1, 1, 1}, 20),
			solve.Limits{Memory: 1 << 30, Work: 1e12, Search: 1e5}, true, "the search limit"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, _, err := Parse(c.game, "1")
			if err != nil {
				t.Fatal(err)
			}
			steps, err := PriceLine(context.Background(), r, c.line, Options{Limits: c.limits})
			var be *BudgetError
			if c.refused != errors.As(err, &be) {
				t.Fatalf("PriceLine = %g, %v; refused %v", steps, err, c.refused)
			}
			if c.refused && !strings.Contains(err.Error(), c.want) {
				t.Errorf("refusal %q does not say %q", err, c.want)
			}
			if !c.refused {
				// The sum of what each term's own plan says.
				var sum float64
				for n := range c.line.Count {
					p := c.line.Term(n)
					sum += PlanValue(r, p, Options{Limits: c.limits}).Steps(p)
				}
				if steps != sum {
					t.Errorf("PriceLine = %g, the terms' plans sum to %g", steps, sum)
				}
			}
		})
	}
}
