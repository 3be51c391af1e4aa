package prove

import (
	"context"
	"crypto/sha256"
	"os"
	"strings"
	"sync"
	"time"
)

// A Cache remembers the answers of one run, so that a problem sent twice
// is solved once: claims that are readings or corrections of one another
// share obligations (000 Prop. 7's four claims send the same closure
// problem on each game), and a problem being solved for one claim is
// waited for, not solved again, by another. The key is the problem's
// SMT-LIB text without its comment line, the solvers and the time limit,
// so a cached answer is exactly the answer the solvers gave to that
// problem under that limit. The zero value is not ready: use NewCache.
// A Cache is safe for concurrent use.
type Cache struct {
	mu      sync.Mutex
	entries map[cacheKey]*cacheEntry
	hits    int
}

type cacheKey struct {
	sum     [sha256.Size]byte
	solvers string
	limit   time.Duration
}

type cacheEntry struct {
	done chan struct{}
	ans  Answer
	ok   bool // false: the solving run failed (an error or a cancelled context); ask again
}

// NewCache returns an empty cache.
func NewCache() *Cache { return &Cache{entries: map[cacheKey]*cacheEntry{}} }

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
// remembers the answer. A failed run is not remembered: whoever waited
// for it tries again under its own context.
func (c *Cache) solve(ctx context.Context, p Portfolio, script, file string, n int, limit time.Duration, slots *Slots) (Answer, error) {
	if c == nil {
		return p.Solve(ctx, script, file, n, limit, slots)
	}
	key := cacheKey{problemKey(script), p.String(), limit}
	for {
		c.mu.Lock()
		e, found := c.entries[key]
		if !found {
			e = &cacheEntry{done: make(chan struct{})}
			c.entries[key] = e
			c.mu.Unlock()
			ans, err := p.Solve(ctx, script, file, n, limit, slots)
			c.mu.Lock()
			if err != nil {
				delete(c.entries, key)
			} else {
				e.ans, e.ok = ans, true
			}
			c.mu.Unlock()
			close(e.done)
			return ans, err
		}
		c.mu.Unlock()
		select {
		case <-e.done:
		case <-ctx.Done():
			return Answer{}, ctx.Err()
		}
		if e.ok {
			c.mu.Lock()
			c.hits++
			c.mu.Unlock()
			ans := e.ans
			ans.Model = append(ans.Model[:0:0], e.ans.Model...)
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
	}
}

// writeProblem keeps a problem answered from the cache in the emit
// directory, as if it had been sent.
func writeProblem(file, script string) { _ = os.WriteFile(file, []byte(script), 0o644) }
