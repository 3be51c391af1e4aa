package smt

import (
	"context"
	"crypto/sha256"
	"os"
	"slices"
	"strings"
	"sync"
	"time"
)

// A Cache remembers the answers of one run, so that a problem sent twice
// is solved once: claims that are readings or corrections of one another
// share obligations (000 Prop. 7's four claims send the same closure
// problem on each game), and a problem being solved for one claim is
// waited for, not solved again, by another. The key is the problem's
// SMT-LIB text without its comment line and the solvers; the limits may
// differ (a claim's CPU budget cuts them), so an answer is given for
// another limit only when the solvers would have given it under that
// limit too: a sat or unsat answer found within it, or a timeout under a
// limit at least as long. The zero value is not ready: use NewCache. A
// Cache is safe for concurrent use.
type Cache struct {
	mu      sync.Mutex
	entries map[cacheKey][]*cacheEntry
	hits    int
}

type cacheKey struct {
	sum     [sha256.Size]byte
	solvers string
}

type cacheEntry struct {
	limit time.Duration
	done  chan struct{}
	ans   Answer
	ok    bool // false: the solving run failed (an error or a cancelled context); ask again
}

// serves says whether e's answer is the one a run under limit would give.
func (e *cacheEntry) serves(limit time.Duration) bool {
	if !e.ok {
		return false
	}
	switch e.ans.Result {
	case "sat", "unsat":
		return e.ans.decidedWithin() <= limit.Seconds()
	}
	return e.limit >= limit
}

// decidedWithin is the CPU time of the solver that decided a: the least
// among the tries that gave a's result (its whole CPU when none say).
func (a Answer) decidedWithin() float64 {
	t := a.CPU
	for _, try := range a.Tries {
		if try.Result == a.Result {
			t = min(t, try.CPU)
		}
	}
	return t
}

// NewCache returns an empty cache.
func NewCache() *Cache { return &Cache{entries: map[cacheKey][]*cacheEntry{}} }

// Hits is the number of answers given from the cache.
func (c *Cache) Hits() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits
}

// problemKey is the problem without its first line, the comment naming
// the obligation (which differs between claims sending the same problem).
func problemKey(script string) [sha256.Size]byte {
	if strings.HasPrefix(script, ";") {
		if _, rest, ok := strings.Cut(script, "\n"); ok {
			script = rest
		}
	}
	return sha256.Sum256([]byte(script))
}

// solve answers script from the cache, or runs p on it (writing file) and
// remembers the answer. A problem being solved under another limit is
// waited for first; a failed run is not remembered: whoever waited for it
// tries again under its own context.
func (c *Cache) solve(ctx context.Context, p Portfolio, script, file string, n int, limit time.Duration, slots *Slots) (Answer, error) {
	if c == nil {
		return p.Solve(ctx, script, file, n, limit, slots)
	}
	key := cacheKey{problemKey(script), p.String()}
	for {
		c.mu.Lock()
		var use, wait *cacheEntry
		for _, e := range c.entries[key] {
			select {
			case <-e.done:
				if e.serves(limit) {
					use = e
				}
			default:
				wait = e
			}
		}
		if use == nil && wait == nil {
			e := &cacheEntry{limit: limit, done: make(chan struct{})}
			c.entries[key] = append(c.entries[key], e)
			c.mu.Unlock()
			ans, err := p.Solve(ctx, script, file, n, limit, slots)
			c.mu.Lock()
			if err != nil {
				c.entries[key] = slices.DeleteFunc(c.entries[key], func(x *cacheEntry) bool { return x == e })
			} else {
				e.ans, e.ok = ans, true
			}
			c.mu.Unlock()
			close(e.done)
			return ans, err
		}
		if use != nil {
			c.hits++
			c.mu.Unlock()
			ans := use.ans
			ans.Model = append(ans.Model[:0:0], use.ans.Model...)
			// No solver ran for this one: its CPU was counted once, where
			// it was solved.
			ans.CPU, ans.Tries, ans.Shared = 0, nil, true
			ans.Reason = strings.TrimSpace(ans.Reason + " (answer shared with an identical problem)")
			if file != "" && ctx.Err() == nil {
				// --emit still keeps every problem sent.
				writeProblem(file, script)
			}
			return ans, nil
		}
		c.mu.Unlock()
		select {
		case <-wait.done:
		case <-ctx.Done():
			return Answer{}, ctx.Err()
		}
	}
}

// writeProblem keeps a problem answered from the cache in the emit
// directory, as if it had been sent.
func writeProblem(file, script string) { _ = os.WriteFile(file, []byte(script), 0o644) }
