package smt

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestCacheSolvesOnce: the same problem sent by two claims at once (only
// the comment line differs) is solved once and both get the solver's
// answer; a different problem is not taken from the cache, and the same
// under a shorter limit is, the solver having answered well within it.
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
	if a, err := c.solve(context.Background(), s, body, filepath.Join(dir, "l.smt2"), 1, 5*time.Second, nil); err != nil || !a.Shared || a.CPU != 0 {
		t.Fatalf("a shorter limit: shared %v, CPU %.3f, %v; want the answer shared at no CPU", a.Shared, a.CPU, err)
	}
	if got := c.Hits(); got != 4 {
		t.Errorf("Hits() = %d after a new problem and a shorter limit, want 4", got)
	}
}

// TestCacheTimeoutLimits: a timeout answers the same problem under a
// limit no longer than the one it hit, not under a longer one (the
// solver might decide it there), and an identical problem being solved
// is waited for whatever its limit.
func TestCacheTimeoutLimits(t *testing.T) {
	t.Parallel() // mostly waits on fake solvers; reads no package state the sequential tests change
	// A fake that answers "timeout" without spending CPU: what is tested
	// is which limit a remembered timeout serves, not the CPU limit
	// itself (TestCPULimit).
	p := Portfolio{fake(t, "slow-timeout.sh")}
	dir := t.TempDir()
	runs := func() int {
		b, _ := os.ReadFile(filepath.Join(dir, "log"))
		return strings.Count(string(b), "run ")
	}
	c := NewCache()
	ask := func(name string, limit time.Duration) Answer {
		a, err := c.solve(context.Background(), p, cubes, filepath.Join(dir, name+".smt2"), 0, limit, nil)
		if err != nil || a.Result != "timeout" {
			t.Fatalf("%s: %s, %v; want timeout", name, a.Result, err)
		}
		return a
	}
	// Two at once: one runs the solver, the other waits for it and
	// takes its answer.
	var wg sync.WaitGroup
	answers := make([]Answer, 2)
	for i := range answers {
		wg.Go(func() { answers[i] = ask(fmt.Sprint("first", i), time.Second) })
	}
	wg.Wait()
	if answers[0].Shared == answers[1].Shared || runs() != 1 {
		t.Errorf("two at once: shared %v, %v, %d solver runs; want one solved, one shared", answers[0].Shared, answers[1].Shared, runs())
	}
	if a := ask("longer", 2*time.Second); a.Shared || runs() != 2 {
		t.Errorf("a longer limit: shared %v, %d solver runs; want solved again", a.Shared, runs())
	}
	if a := ask("shorter", time.Second); !a.Shared || runs() != 2 {
		t.Errorf("a shorter limit after a timeout: shared %v, %d solver runs; want shared", a.Shared, runs())
	}
}

// TestCacheServes: which remembered answers serve which limits.
func TestCacheServes(t *testing.T) {
	s := time.Second
	unsat := Answer{Result: "unsat", CPU: 7, Tries: []Try{{Result: "unsat", CPU: 3}, {Result: "stopped", CPU: 4}}}
	timeout := Answer{Result: "timeout", CPU: 120}
	for _, tc := range []struct {
		e     cacheEntry
		limit time.Duration
		want  bool
	}{
		{cacheEntry{limit: 60 * s, ans: unsat, ok: true}, 3 * s, true},    // decided at 3 s of CPU
		{cacheEntry{limit: 60 * s, ans: unsat, ok: true}, 2 * s, false},   // not within 2 s
		{cacheEntry{limit: 60 * s, ans: timeout, ok: true}, 58 * s, true}, // a claim's budget cut it
		{cacheEntry{limit: 60 * s, ans: timeout, ok: true}, 60 * s, true},
		{cacheEntry{limit: 2 * s, ans: timeout, ok: true}, 60 * s, false},
		{cacheEntry{limit: 60 * s, ans: unsat, ok: false}, 60 * s, false}, // a failed run
	} {
		if got := tc.e.serves(tc.limit); got != tc.want {
			t.Errorf("%s under %v (CPU %v) serves %v: %v, want %v", tc.e.ans.Result, tc.e.limit, tc.e.ans.decidedWithin(), tc.limit, got, tc.want)
		}
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
