package cluster

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/grundy/grundy/solve"
)

// flipBit flips one bit of the first committed object of tier s and
// returns its key.
func flipBit(t *testing.T, dir string, st *Store, s int) string {
	t.Helper()
	m, err := st.Manifest(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	key := m.Shards[0].Key
	path := filepath.Join(dir, filepath.FromSlash(key))
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 4
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return key
}

// TestVerifyRepair flips a bit in a sealed tier's object: verify names
// the object, solving again refuses it (finishing reads the old tiers
// back), repair drops the tier and the later ones, and solving again
// recomputes them to the in-memory table's checksum.
func TestVerifyRepair(t *testing.T) {
	ctx := context.Background()
	const game, piles, mx, per = "slow-exact:k=2", 4, 5, 7
	tab, stats := want(t, game, piles, mx, 0)
	dir := t.TempDir()
	st, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cache, _ := NewCache(t.TempDir())
	defer cache.Close()
	j := NewJob(game, piles, mx, 0, per)
	res, err := SolveLocal(ctx, st, j, &Worker{Cache: cache}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Reread != 0 {
		t.Errorf("a fresh solve re-read %d tiers, want 0", res.Reread)
	}
	v, err := st.Verify(ctx, nil)
	if err != nil {
		t.Fatalf("Verify of a sound store: %v", err)
	}
	tiers := tab.Index.Tiers()
	if v.Sealed != tiers || !v.Finished || v.Result.Checksum != tab.Checksum() {
		t.Errorf("Verify = %d of %d sealed, finished %v, checksum %s; want %d, true, %s", v.Sealed, v.Tiers, v.Finished, v.Result.Checksum, tiers, tab.Checksum())
	}

	const bad = 9
	key := flipBit(t, dir, st, bad)
	_, err = st.Verify(ctx, nil)
	var te *TierError
	if !errors.As(err, &te) || te.Tier != bad || !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), key) {
		t.Fatalf("Verify after flipping a bit of %s = %v, want a corrupt tier %d naming it", key, err, bad)
	}
	if _, err := SolveLocal(ctx, st, j, &Worker{Cache: cache}, nil, nil); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("solving the finished job again with a flipped bit = %v, want ErrCorrupt", err)
	}

	n, err := st.Repair(ctx, te.Tier)
	if err != nil || n != tiers-bad {
		t.Fatalf("Repair(%d) = %d, %v; want %d manifests dropped", te.Tier, n, err, tiers-bad)
	}
	s, err := st.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// The dropped tier's objects stay (uncommitted) until it is sealed again.
	shards := int((tab.Index.TierSize(bad) + per - 1) / per)
	if s.Sealed != bad || s.Finished || s.Shards != shards || s.Written != shards {
		t.Errorf("Status after repair: %d sealed, finished %v, %d of %d shards written; want %d, false, %d of %d", s.Sealed, s.Finished, s.Written, s.Shards, bad, shards, shards)
	}
	res, err = SolveLocal(ctx, st, j, &Worker{Cache: cache}, nil, nil)
	if err != nil {
		t.Fatalf("solving after repair: %v", err)
	}
	checkResult(t, "after repair", res, tab, stats)
	if res.Reread != bad {
		t.Errorf("the solve after repair re-read %d tiers, want the %d kept", res.Reread, bad)
	}
	if _, err := st.Verify(ctx, nil); err != nil {
		t.Errorf("Verify after repair: %v", err)
	}
	s, err = st.Status(ctx)
	if err != nil || !s.Finished || s.Sealed != tiers || s.Checksum != tab.Checksum() || s.SealedPos != tab.Index.Size() {
		t.Errorf("Status of the finished job = %+v, %v", s, err)
	}
	if _, err := st.Repair(ctx, tiers); !errors.Is(err, ErrNoTier) {
		t.Errorf("Repair(%d) of a %d-tier job succeeded", tiers, tiers)
	}
}

func TestStatusRate(t *testing.T) {
	t0 := time.Date(2026, 11, 26, 7, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		s    Status
		rate float64
		eta  time.Duration
		ok   bool
	}{
		{Status{Positions: 300, SealedPos: 100, Started: t0, LastSealed: t0.Add(10 * time.Second)}, 10, 20 * time.Second, true},
		{Status{Positions: 300, SealedPos: 300, Started: t0, LastSealed: t0.Add(time.Minute)}, 5, 0, true},
		{Status{Positions: 300, SealedPos: 0, Started: t0}, 0, 0, false},
		{Status{Positions: 300, SealedPos: 100, LastSealed: t0}, 0, 0, false},
		{Status{Positions: 300, SealedPos: 100, Started: t0, LastSealed: t0}, 0, 0, false},
	} {
		eta, ok := c.s.ETA()
		if r := c.s.Rate(); r != c.rate || eta != c.eta || ok != c.ok {
			t.Errorf("%+v: Rate, ETA = %g, %v, %v; want %g, %v, %v", c.s, r, eta, ok, c.rate, c.eta, c.ok)
		}
	}
}

// TestProbe: a store that answers passes; a closed port and a missing
// bucket are reported at once, in one line.
func TestProbe(t *testing.T) {
	// Mostly waits (on the S3 client's retries, or for a stall): in
	// parallel with the others that do.
	t.Parallel()
	ctx := context.Background()
	good := fakeS3(t, "grundy")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String()
	l.Close()
	for i, c := range []struct {
		url, want string
	}{
		{t.TempDir(), ""},
		{good, ""},
		{strings.Replace(good, "s3://grundy?", "s3://other?", 1), "no such bucket"},
		{"s3://grundy?endpoint=" + closed + "&use_path_style=true&region=us-east-1", "unreachable"},
	} {
		// The unreachable ones wait on the S3 client's retries: together.
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			t.Parallel()
			st, err := Open(ctx, c.url)
			if err != nil {
				t.Fatal(err)
			}
			began := time.Now()
			err = st.Probe(ctx)
			took := time.Since(began)
			st.Close()
			switch {
			case c.want == "" && err != nil:
				t.Errorf("Probe(%s) = %v, want nil", c.url, err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n")):
				t.Errorf("Probe(%s) = %v, want one line saying %q", c.url, err, c.want)
			}
			if took > ProbeTimeout+5*time.Second {
				t.Errorf("Probe(%s) took %v, more than %v", c.url, took, ProbeTimeout)
			}
		})
	}
}

func TestShardSize(t *testing.T) {
	for _, c := range []struct {
		largest  uint64
		parallel int
		want     uint64
	}{
		{1 << 20, 8, 1 << 15},        // 32 shards: 4 per slot
		{1 << 20, 0, 1 << 18},        // one slot
		{100, 8, MinShard},           // tiny tiers: one shard
		{1 << 40, 8, 1<<40/4000 + 1}, // capped by MaxShardsPerTier (2^40/4000 is not whole)
		{1 << 30, 8, 1 << 23},        // 32 shards of MaxShard
		{1 << 33, 8, 1 << 23},        // 2^33/32 > MaxShard; 1024 shards of it, under 4000
	} {
		if got := ShardSize(c.largest, c.parallel); got != c.want {
			t.Errorf("ShardSize(%d, %d) = %d, want %d", c.largest, c.parallel, got, c.want)
		}
	}
}

// TestStall: an S3 server that stops answering fails a shard's read after
// Store.Stall without a byte, retryably (not as corrupt), instead of
// holding it for hours.
func TestStall(t *testing.T) {
	// Mostly waits (on the S3 client's retries, or for a stall): in
	// parallel with the others that do.
	t.Parallel()
	ctx := context.Background()
	var hang atomic.Bool
	st := storeBehind(t, func(w http.ResponseWriter, r *http.Request) bool {
		if hang.Load() && r.Method == http.MethodGet && strings.Contains(r.URL.Path, "shard-") {
			select {
			case <-r.Context().Done():
			case <-time.After(time.Minute):
			}
			return true
		}
		return false
	})
	solveNim3(t, st)
	hang.Store(true)
	st.Stall = 300 * time.Millisecond
	var slow []string
	var mu sync.Mutex
	st.Slow = func(op, key string, waited time.Duration) {
		mu.Lock()
		defer mu.Unlock()
		slow = append(slow, fmt.Sprintf("%s %s after %v", op, key, waited))
	}
	began := time.Now()
	_, err := st.ReadTier(ctx, 4, io.Discard)
	if took := time.Since(began); err == nil || !strings.Contains(err.Error(), "no byte for 300ms") || errors.Is(err, ErrCorrupt) || took > 10*time.Second {
		t.Errorf("reading a tier from a hung server: %v after %v; want a stall error, not corrupt, within seconds", err, took)
	}
	if Classify(err) != FaultStall || !Classify(err).Retryable() {
		t.Errorf("a stall classified %s, want stall, retryable", Classify(err))
	}
	// Slow was told once, a quarter of the way to the limit.
	mu.Lock()
	defer mu.Unlock()
	if len(slow) != 1 || !strings.HasPrefix(slow[0], "read tiers/000004/") {
		t.Errorf("Slow called %q, want once for the read", slow)
	}
}

// TestWriteStall: an S3 server that takes a shard's upload and never
// answers fails PutShard after Store.Stall without progress, retryably,
// instead of holding the shard for hours.
func TestWriteStall(t *testing.T) {
	// Mostly waits (on the S3 client's retries, or for a stall): in
	// parallel with the others that do.
	t.Parallel()
	ctx := context.Background()
	release := make(chan struct{})
	st := storeBehind(t, func(w http.ResponseWriter, r *http.Request) bool {
		if r.Method == http.MethodPut && strings.Contains(r.URL.Path, "shard-") {
			select {
			case <-r.Context().Done():
			case <-release:
			}
			return true
		}
		return false
	})
	// Before the server's Close (a cleanup), which waits for the handlers.
	t.Cleanup(func() { close(release) })
	var err error
	st.Stall = 300 * time.Millisecond
	for _, size := range []int{100, 3 * writeChunk} {
		began := time.Now()
		_, err = st.PutShard(ctx, solve.Shard{Sum: 1, Lo: 0, Hi: uint64(size)}, 0, "t", make([]byte, size), 1) // raw: not packed
		if took := time.Since(began); err == nil || !strings.Contains(err.Error(), "no progress for 300ms") || errors.Is(err, ErrCorrupt) || took > 10*time.Second {
			t.Errorf("writing %d bytes to a hung server: %v after %v; want a stall error, not corrupt, within seconds", size, err, took)
		}
	}
}

// TestReadErrors: a committed object that is gone is corrupt (its tier
// must be recomputed, retrying cannot help), but a store that does not
// answer is not: its shard is retried. (An outage during a read used to
// fail the whole workflow as corrupt.)
func TestReadErrors(t *testing.T) {
	// Mostly waits (on the S3 client's retries, or for a stall): in
	// parallel with the others that do.
	t.Parallel()
	ctx := context.Background()
	var down atomic.Bool
	st := storeBehind(t, func(w http.ResponseWriter, r *http.Request) bool {
		if !down.Load() {
			return false
		}
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
			conn.Close()
		}
		return true
	})
	solveNim3(t, st)
	m, err := st.Manifest(ctx, 4)
	if err != nil {
		t.Fatal(err)
	}
	m.Shards = m.Shards[:1]
	// The store goes away after the manifest was read.
	down.Store(true)
	if err := st.copyShard(ctx, m.Shards[0], io.Discard); err == nil || errors.Is(err, ErrCorrupt) {
		t.Errorf("reading from a store that closes every connection: %v, want an error that is not ErrCorrupt", err)
	}
	down.Store(false)
	if err := st.Bucket().Delete(ctx, m.Shards[0].Key); err != nil {
		t.Fatal(err)
	}
	if _, err := st.ReadTier(ctx, 4, io.Discard); !errors.Is(err, ErrMissing) || Classify(err) != FaultDamaged {
		t.Errorf("reading a tier whose committed object was deleted: %v, want ErrMissing", err)
	}
}

// storeBehind opens a Store on an S3 fake whose requests first go to
// intercept, which answers those it takes (returning true) itself: a
// hung, failing or vanished server.
func storeBehind(t *testing.T, intercept func(w http.ResponseWriter, r *http.Request) bool) *Store {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket("grundy"); err != nil {
		t.Fatal(err)
	}
	fake := gofakes3.New(backend).Server()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !intercept(w, r) {
			fake.ServeHTTP(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	st, err := Open(context.Background(), "s3://grundy?endpoint="+srv.URL+"&use_path_style=true&region=us-east-1")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// solveNim3 solves nim, 3 piles ≤ 3, into st.
func solveNim3(t *testing.T, st *Store) {
	t.Helper()
	cache, _ := NewCache(t.TempDir())
	defer cache.Close()
	if _, err := SolveLocal(context.Background(), st, NewJob("nim", 3, 3, 0, 4), &Worker{Cache: cache}, nil, nil); err != nil {
		t.Fatal(err)
	}
}
