package cluster

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"gocloud.dev/blob"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

var boxes = []struct {
	game       string
	piles, max int
	kinds      grundy.Kinds
	per        uint64
}{
	{"slow-exact:k=2", 5, 6, 0, 17},
	{"slow-exact:k=2", 4, 5, grundy.AllKinds, 5},
	{"slow-moore:k=3", 4, 4, 0, 9},
	{"nim", 3, 5, 0, 4},      // reads every lower tier
	{"exco-nim", 3, 4, 0, 3}, // ordered first pile
	{"moore:k=2", 3, 4, 0, 1000},
}

// want is the box's table solved in memory, checked by solve's tests
// against a naive solver.
func want(t *testing.T, game string, piles, max int, kinds grundy.Kinds) (*solve.Table, solve.Stats) {
	t.Helper()
	if kinds == 0 {
		kinds = grundy.KindG | grundy.KindGm
	}
	r, err := games.Parse(game)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: piles, Max: max, Kinds: kinds})
	if err != nil {
		t.Fatal(err)
	}
	g, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: piles, Max: max, Kinds: grundy.KindG | grundy.KindGm})
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.Stats()
	if err != nil {
		t.Fatal(err)
	}
	return tab, st
}

func checkResult(t *testing.T, name string, res *Result, tab *solve.Table, st solve.Stats) {
	t.Helper()
	if res.Checksum != tab.Checksum() {
		t.Errorf("%s: checksum %s from the store, %s in memory", name, res.Checksum, tab.Checksum())
	}
	if res.Positions != tab.Index.Size() || res.P != st.P || res.Pm != st.Pm || !slices.Equal(res.GHist, st.GHist) || !slices.Equal(res.GmHist, st.GmHist) {
		t.Errorf("%s: counts %d positions, P %d, Pm %d, %v, %v; in memory %d, %d, %d, %v, %v", name,
			res.Positions, res.P, res.Pm, res.GHist, res.GmHist, tab.Index.Size(), st.P, st.Pm, st.GHist, st.GmHist)
	}
}

// TestSolveLocal fills a file store shard by shard and expects the
// in-memory table's checksum and counts.
func TestSolveLocal(t *testing.T) {
	for _, c := range boxes {
		name := fmt.Sprintf("%s/%d≤%d/%s/per=%d", c.game, c.piles, c.max, c.kinds, c.per)
		tab, st := want(t, c.game, c.piles, c.max, c.kinds)
		s, err := Open(context.Background(), t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		cache, err := NewCache(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		res, err := SolveLocal(context.Background(), s, NewJob(c.game, c.piles, c.max, c.kinds, c.per), &Worker{Cache: cache}, solve.Local{Workers: 3}, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkResult(t, name, res, tab, st)
		if again, err := s.Result(context.Background()); err != nil || again.Checksum != res.Checksum {
			t.Errorf("%s: result.json: %v, %v", name, again, err)
		}
		cache.Close()
	}
}

// TestRetriedShards: attempts that wrote a shard twice, or died after
// writing, leave objects the manifest does not commit; sealing deletes
// them, sealing again is harmless, and a changed object is refused.
func TestRetriedShards(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	j := NewJob("slow-exact:k=2", 4, 4, 0, 4)
	p, err := NewPlan(j)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Init(ctx, j); err != nil {
		t.Fatal(err)
	}
	cache, _ := NewCache(t.TempDir())
	w := &Worker{Cache: cache}
	const tier = 6
	for sum := range tier + 1 {
		var refs []ShardRef
		for i, sh := range p.Shards(sum) {
			// Two attempts; the workflow keeps the result of the second.
			if _, err := w.SolveShard(ctx, s, p, i, sh, "attempt-1"); err != nil {
				t.Fatal(err)
			}
			ref, err := w.SolveShard(ctx, s, p, i, sh, "attempt-2")
			if err != nil {
				t.Fatal(err)
			}
			refs = append(refs, ref)
		}
		if sum < tier {
			if _, err := s.Seal(ctx, p, sum, refs); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if len(refs) < 2 {
			t.Fatalf("tier %d has %d shards; the test needs several", tier, len(refs))
		}
		// A gap or a reordering is refused.
		if _, err := s.Seal(ctx, p, tier, refs[1:]); err == nil {
			t.Error("Seal accepted shards missing the first")
		}
		swapped := slices.Clone(refs)
		swapped[0], swapped[1] = swapped[1], swapped[0]
		if _, err := s.Seal(ctx, p, tier, swapped); err == nil {
			t.Error("Seal accepted shards out of order")
		}
		m, err := s.Seal(ctx, p, tier, refs)
		if err != nil {
			t.Fatal(err)
		}
		keys := listKeys(t, s, fmt.Sprintf("tiers/%06d/", tier))
		var wantKeys []string
		for _, r := range refs {
			wantKeys = append(wantKeys, r.Key)
		}
		wantKeys = append(wantKeys, manifestKey(tier))
		slices.Sort(wantKeys)
		if !slices.Equal(keys, wantKeys) {
			t.Errorf("after sealing: objects %v, want %v", keys, wantKeys)
		}
		if m2, err := s.Seal(ctx, p, tier, refs); err != nil || m2.SHA256 != m.SHA256 {
			t.Errorf("sealing again: %v, %v", m2, err)
		}
		// The tier's digest is the one the in-memory table has.
		tab, _ := want(t, j.Game, j.Piles, j.Max, 0)
		if d := tab.Tier(tier).Digest(); fmt.Sprintf("%x", d) != m.SHA256 {
			t.Errorf("tier %d digest %s, in memory %x", tier, m.SHA256, d)
		}
		// A shard object changed after sealing is detected on reading.
		if err := s.Bucket().WriteAll(ctx, refs[0].Key, bytes.Repeat([]byte{1}, int(refs[0].Bytes)), nil); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ReadTier(ctx, tier, io.Discard); !errors.Is(err, ErrCorrupt) {
			t.Errorf("reading a changed shard: %v, want ErrCorrupt", err)
		}
	}
	// Another job in the same store is refused.
	if _, err := s.Init(ctx, NewJob("slow-exact:k=2", 4, 5, 0, 4)); err == nil || !errors.Is(err, ErrOtherJob) {
		t.Errorf("Init of another job: %v", err)
	}
	if _, err := NewPlan(NewJob("slow-exact:k=2", 6, 40, 0, 10)); err == nil {
		t.Error("a plan of 11,877 shards in one tier was accepted")
	}
	if _, err := s.Manifest(ctx, tier+1); !errors.Is(err, ErrNotSealed) {
		t.Errorf("Manifest of an unsealed tier: %v", err)
	}
}

// TestResume: a solve stopped after some tiers continues from the sealed
// ones with a fresh cache and gives the same table.
func TestResume(t *testing.T) {
	ctx := context.Background()
	c := boxes[0]
	tab, st := want(t, c.game, c.piles, c.max, c.kinds)
	s, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	j := NewJob(c.game, c.piles, c.max, c.kinds, c.per)
	cache, _ := NewCache(t.TempDir())
	stop, cancel := context.WithCancel(ctx)
	_, err = SolveLocal(stop, s, j, &Worker{Cache: cache}, nil, func(done, total int) {
		if done == 9 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped solve: %v", err)
	}
	sealed, err := s.Init(ctx, j)
	if err != nil || sealed != 9 {
		t.Fatalf("after stopping at tier 9: %d tiers sealed, %v", sealed, err)
	}
	cache2, _ := NewCache(t.TempDir())
	var first int
	res, err := SolveLocal(ctx, s, j, &Worker{Cache: cache2}, nil, func(done, total int) {
		if first == 0 {
			first = done
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if first != 10 {
		t.Errorf("resumed solve started at tier %d, want 9", first-1)
	}
	checkResult(t, "resumed", res, tab, st)
}

func listKeys(t *testing.T, s *Store, prefix string) []string {
	t.Helper()
	var keys []string
	it := s.Bucket().List(&blob.ListOptions{Prefix: prefix})
	for {
		obj, err := it.Next(context.Background())
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, obj.Key)
	}
	slices.Sort(keys)
	return keys
}

// FakeS3 serves an in-memory S3 with one bucket on loopback and returns
// the store URL of a prefix in it.
func fakeS3(t *testing.T, bucket string) string {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket(bucket); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	return "s3://" + bucket + "?endpoint=" + srv.URL + "&use_path_style=true&region=us-east-1&prefix=jobs/a/"
}

// TestS3 fills a store in an S3-compatible server and reads it back.
func TestS3(t *testing.T) {
	ctx := context.Background()
	url := fakeS3(t, "grundy")
	c := boxes[0]
	tab, st := want(t, c.game, c.piles, c.max, c.kinds)
	s, err := Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	cache, _ := NewCache(filepath.Join(t.TempDir(), "cache"))
	defer cache.Close()
	res, err := SolveLocal(ctx, s, NewJob(c.game, c.piles, c.max, c.kinds, c.per), &Worker{Cache: cache}, solve.Local{Workers: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkResult(t, "s3", res, tab, st)
	// Every tier but the last is read by later ones, each fetched once.
	m, err := s.Manifest(ctx, tab.Index.Tiers()-1)
	if err != nil {
		t.Fatal(err)
	}
	if last := m.StoredBytes(); cache.Fetched != res.Stored-last {
		t.Errorf("the cache fetched %d bytes, want %d (every tier's objects but the last's, once)", cache.Fetched, res.Stored-last)
	}
	if res.Stored >= res.Bytes {
		t.Errorf("%d bytes of records stored in %d bytes: small values were not packed", res.Bytes, res.Stored)
	}
}
