package prove

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// TestCacheSolvesOnce: the same problem sent by two claims at once (only
// the comment line differs) is solved once and both get the solver's
// answer; a different problem, or the same under another limit, is not
// taken from the cache.
func TestCacheSolvesOnce(t *testing.T) {
	s := needSolver(t)
	dir := t.TempDir()
	body := "(set-logic QF_LIA)\n(declare-const x0 Int)\n(assert (and (< 3 x0) (< x0 5)))\n(check-sat)\n(get-value (x0))\n"
	c := NewCache()
	var wg sync.WaitGroup
	answers := make([]Answer, 4)
	for i := range answers {
		wg.Go(func() {
			script := "; claim " + string(rune('A'+i)) + "\n" + body
			ans, err := c.solve(context.Background(), s, script, filepath.Join(dir, string(rune('a'+i))+".smt2"), 1, 10*time.Second, nil)
			if err != nil {
				t.Error(err)
			}
			answers[i] = ans
		})
	}
	wg.Wait()
	for i, a := range answers {
		if a.Result != "sat" || len(a.Model) != 1 || a.Model[0].Int64() != 4 {
			t.Errorf("answer %d = %s %v, want sat with x0 = 4", i, a.Result, a.Model)
		}
	}
	if got := c.Hits(); got != 3 {
		t.Errorf("Hits() = %d, want 3 (four identical problems, one solved)", got)
	}
	unsat := "(set-logic QF_LIA)\n(declare-const x0 Int)\n(assert (and (< 3 x0) (< x0 4)))\n(check-sat)\n(get-value (x0))\n"
	if a, err := c.solve(context.Background(), s, unsat, filepath.Join(dir, "u.smt2"), 1, 10*time.Second, nil); err != nil || a.Result != "unsat" {
		t.Errorf("another problem: %s, %v; want unsat", a.Result, err)
	}
	if _, err := c.solve(context.Background(), s, body, filepath.Join(dir, "l.smt2"), 1, 5*time.Second, nil); err != nil {
		t.Fatal(err)
	}
	if got := c.Hits(); got != 3 {
		t.Errorf("Hits() = %d after a new problem and a new limit, want 3", got)
	}
}

// TestCacheRetriesFailure: a run that fails (its context cancelled) is
// not remembered; the next caller solves the problem itself.
func TestCacheRetriesFailure(t *testing.T) {
	s := needSolver(t)
	dir := t.TempDir()
	body := "(set-logic QF_LIA)\n(declare-const x0 Int)\n(assert (= x0 7))\n(check-sat)\n(get-value (x0))\n"
	c := NewCache()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.solve(ctx, s, body, filepath.Join(dir, "a.smt2"), 1, 10*time.Second, nil); err == nil {
		t.Fatal("a cancelled solve gave no error")
	}
	a, err := c.solve(context.Background(), s, body, filepath.Join(dir, "b.smt2"), 1, 10*time.Second, nil)
	if err != nil || a.Result != "sat" || a.Model[0].Int64() != 7 {
		t.Errorf("after a failed run: %s %v, %v; want sat x0 = 7", a.Result, a.Model, err)
	}
	if c.Hits() != 0 {
		t.Errorf("Hits() = %d, want 0", c.Hits())
	}
}
