package cluster

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/grundy/grundy/solve"
)

// TestBatches: the steps cover the tiers in order; a batch is a maximal
// run of small tiers, every other tier a step of its own.
func TestBatches(t *testing.T) {
	p, err := NewPlan(NewJob("slow-exact:k=2", 3, 4, 0, 2))
	if err != nil {
		t.Fatal(err)
	}
	// Tier sizes of 3 piles ≤ 4 (multisets of {0..4} by sum), by hand:
	// 1 1 2 3 4 4 5 4 4 3 2 1 1.
	sizes := []uint64{1, 1, 2, 3, 4, 4, 5, 4, 4, 3, 2, 1, 1}
	for s, n := range sizes {
		if got := p.Solver.Index.TierSize(s); got != n {
			t.Fatalf("tier %d has %d positions, by hand %d", s, got, n)
		}
	}
	for _, c := range []struct {
		from, to int
		small    uint64
		want     [][2]int
	}{
		{0, 13, 0, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}, {7, 8}, {8, 9}, {9, 10}, {10, 11}, {11, 12}, {12, 13}}},
		{0, 13, 3, [][2]int{{0, 4}, {4, 5}, {5, 6}, {6, 7}, {7, 8}, {8, 9}, {9, 13}}},
		{0, 13, 4, [][2]int{{0, 6}, {6, 7}, {7, 13}}},
		{2, 11, 4, [][2]int{{2, 6}, {6, 7}, {7, 11}}},
		{0, 13, 5, [][2]int{{0, 13}}},
		{5, 5, 5, nil},
	} {
		if got := p.Batches(c.from, c.to, c.small); !slices.Equal(got, c.want) {
			t.Errorf("Batches(%d, %d, %d) = %v, want %v", c.from, c.to, c.small, got, c.want)
		}
	}
}

// TestSolveTiers fills stores with runs of small tiers solved in one
// process (SolveTiers) and the others shard by shard, and expects the
// in-memory table's checksum and counts and the objects of the
// shard-by-shard path; a batch interrupted after some tiers, and a store
// repaired from a middle tier, are continued to the same table.
func TestSolveTiers(t *testing.T) {
	ctx := context.Background()
	for _, c := range boxes {
		tab, stats := want(t, c.game, c.piles, c.max, c.kinds)
		job := NewJob(c.game, c.piles, c.max, c.kinds, c.per)
		p, err := NewPlan(job)
		if err != nil {
			t.Fatal(err)
		}
		// A threshold between the sizes, so that batches and single
		// tiers alternate; then one that batches every tier.
		var sizes []uint64
		for s := range p.Tiers() {
			sizes = append(sizes, p.Solver.Index.TierSize(s))
		}
		slices.Sort(sizes)
		for _, small := range []uint64{sizes[len(sizes)/2], sizes[len(sizes)-1]} {
			name := fmt.Sprintf("%s/%d≤%d/%s/per=%d/batch=%d", c.game, c.piles, c.max, c.kinds, c.per, small)
			dir := t.TempDir()
			st, err := Open(ctx, dir)
			if err != nil {
				t.Fatal(err)
			}
			cache, _ := NewCache(t.TempDir())
			w := &Worker{Cache: cache, Workers: 2, Batch: small}
			// Interrupt the first batch after its third tier.
			if _, err := st.Init(ctx, job); err != nil {
				t.Fatal(err)
			}
			first := p.Batches(0, p.Tiers(), small)[0]
			if first[1]-first[0] > 3 {
				cctx, cancel := context.WithCancel(ctx)
				err := w.SolveTiers(cctx, st, p, first[0], first[1], "a", func(s int, _ bool) {
					if s == first[0]+2 {
						cancel()
					}
				})
				if !errors.Is(err, context.Canceled) {
					t.Errorf("%s: interrupted batch: %v", name, err)
				}
				if sealed, _ := st.Init(ctx, job); sealed != first[0]+3 {
					t.Errorf("%s: %d tiers sealed after the interrupted batch, want %d", name, sealed, first[0]+3)
				}
				// The retry reports the three tiers as sealed before it
				// (now false), then the others as sealed now.
				var before, now []int
				err = w.SolveTiers(ctx, st, p, first[0], first[1], "b", func(s int, n bool) {
					if n {
						now = append(now, s)
					} else {
						before = append(before, s)
					}
				})
				if err != nil || len(before) != 3 || before[0] != first[0] || len(now) != first[1]-first[0]-3 || now[0] != first[0]+3 {
					t.Errorf("%s: the retried batch reported %v sealed before and %v now (%v); want the first 3 of %v before", name, before, now, err, first)
				}
			}
			res, err := SolveLocal(ctx, st, job, w, solve.Local{Workers: 2}, nil)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkResult(t, name, res, tab, stats)
			checkCommitted(t, name, st, p)
			// Repair from the middle; solve again.
			if _, err := st.Repair(ctx, p.Tiers()/2); err != nil {
				t.Fatal(err)
			}
			if res, err = SolveLocal(ctx, st, job, w, solve.Local{Workers: 2}, nil); err != nil {
				t.Fatalf("%s: after repair: %v", name, err)
			}
			checkResult(t, name+"/repaired", res, tab, stats)
			checkCommitted(t, name+"/repaired", st, p)
			cache.Close()
			st.Close()
		}
	}
}

// checkCommitted: every tier's manifest commits the planned shards.
func checkCommitted(t *testing.T, name string, st *Store, p *Plan) {
	t.Helper()
	for s := range p.Tiers() {
		m, err := st.Manifest(context.Background(), s)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		planned := p.Shards(s)
		if len(m.Shards) != len(planned) {
			t.Errorf("%s: tier %d: %d shards committed, %d planned", name, s, len(m.Shards), len(planned))
			continue
		}
		for i, r := range m.Shards {
			if r.Lo != planned[i].Lo || r.Hi != planned[i].Hi {
				t.Errorf("%s: tier %d shard %d: committed %d..%d, planned %d..%d", name, s, i, r.Lo, r.Hi, planned[i].Lo, planned[i].Hi)
			}
		}
	}
}

// TestSolveTiersWriteFails: a store that refuses the objects of one tier
// stops a batch with that error; the tiers before it are sealed (written
// while later ones were solved), none from it on, and the batch run again
// continues to the whole table.
func TestSolveTiersWriteFails(t *testing.T) {
	ctx := context.Background()
	const game, piles, max = "slow-exact:k=2", 5, 6
	tab, stats := want(t, game, piles, max, 0)
	job := NewJob(game, piles, max, 0, 17)
	p, err := NewPlan(job)
	if err != nil {
		t.Fatal(err)
	}
	const bad = 9
	var refuse atomic.Bool
	refuse.Store(true)
	st := storeBehind(t, func(w http.ResponseWriter, r *http.Request) bool {
		if refuse.Load() && r.Method == http.MethodPut && strings.Contains(r.URL.Path, fmt.Sprintf("tiers/%06d/shard-", bad)) {
			http.Error(w, "refused", http.StatusForbidden)
			return true
		}
		return false
	})
	cache, _ := NewCache(t.TempDir())
	defer cache.Close()
	w := &Worker{Cache: cache, Workers: 2}
	if _, err := st.Init(ctx, job); err != nil {
		t.Fatal(err)
	}
	var sealed []int
	err = w.SolveTiers(ctx, st, p, 0, p.Tiers(), "a", func(s int, _ bool) { sealed = append(sealed, s) })
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("tiers/%06d/", bad)) {
		t.Fatalf("SolveTiers with tier %d's writes refused: %v, want an error naming its object", bad, err)
	}
	if n, _ := st.Init(ctx, job); n != bad || !slices.Equal(sealed, []int{0, 1, 2, 3, 4, 5, 6, 7, 8}) {
		t.Errorf("after tier %d's writes were refused: %d tiers sealed, done called for %v; want %d, tiers 0 to %d", bad, n, sealed, bad, bad-1)
	}
	refuse.Store(false)
	w.Batch = 1 << 20
	res, err := SolveLocal(ctx, st, job, w, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkResult(t, "resumed", res, tab, stats)
	checkCommitted(t, "resumed", st, p)
}

// TestFinishSweeps: finishing deletes the objects no manifest commits (a
// retried shard's, left beside its tier's) and keeps every committed one.
func TestFinishSweeps(t *testing.T) {
	ctx := context.Background()
	st, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	solveNim3(t, st)
	job, err := st.Job(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPlan(job)
	if err != nil {
		t.Fatal(err)
	}
	strays := []string{shardKey(1, 0, "dead-attempt"), tierPrefix(p.Tiers()-1) + "junk"}
	for _, k := range strays {
		if err := st.Bucket().WriteAll(ctx, k, []byte("x"), nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.Finish(ctx, p, 0); err != nil {
		t.Fatal(err)
	}
	for _, k := range strays {
		if ok, err := st.Bucket().Exists(ctx, k); ok || err != nil {
			t.Errorf("after Finish, uncommitted %s exists: %v, %v", k, ok, err)
		}
	}
	if _, err := st.Finish(ctx, p, p.Tiers()); err != nil {
		t.Errorf("reading every committed object back after the sweep: %v", err)
	}
}
