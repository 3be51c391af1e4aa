package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy/grundy/cluster"
	commonpb "go.temporal.io/api/common/v1"
	failurepb "go.temporal.io/api/failure/v1"
	workflowpb "go.temporal.io/api/workflow/v1"
)

// TestOps fills a store, then: cancel's workflow ID (from the store's
// job) is solve's (from the flags); verify passes; a flipped bit makes
// verify name the object and the repair command; repair without --tier
// drops that tier on; status shows the tiers left.
func TestOps(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	f := jobFlags{piles: 4, max: 5, kinds: "G,Gm", per: 6, storeURL: dir}
	j, err := f.job("slow-exact:k=2")
	if err != nil {
		t.Fatal(err)
	}
	st, err := openStore(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cache, _ := cluster.NewCache(t.TempDir())
	defer cache.Close()
	res, err := cluster.SolveLocal(ctx, st, j, &cluster.Worker{Cache: cache}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := st.Job(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := workflowID(dir, j), workflowID(dir, stored); a != b {
		t.Errorf("solve's workflow ID %s, cancel's %s", a, b)
	}

	var out strings.Builder
	if err := verify(ctx, &out, st); err != nil || !strings.Contains(out.String(), "21 of 21 sealed") || !strings.Contains(out.String(), res.Checksum+", as result.json says") {
		t.Errorf("verify of a sound store: %v\n%s", err, out.String())
	}
	m, err := st.Manifest(ctx, 7)
	if err != nil {
		t.Fatal(err)
	}
	key := m.Shards[0].Key
	path := filepath.Join(dir, filepath.FromSlash(key))
	b, _ := os.ReadFile(path)
	b[0] ^= 0x10
	os.WriteFile(path, b, 0o644)
	err = verify(ctx, &out, st)
	if err == nil || !strings.Contains(err.Error(), key) || !strings.Contains(err.Error(), "repair --store "+dir+" --tier 7") {
		t.Errorf("verify with a flipped bit in %s: %v", key, err)
	}

	root := newRoot()
	root.SetArgs([]string{"repair", "--store", dir})
	if err := root.ExecuteContext(ctx); err != nil {
		t.Fatalf("repair: %v", err)
	}
	s, err := st.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := printStatus(&out, dir, s, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "7 of 21 sealed") || !strings.Contains(out.String(), "tier 7 ") || strings.Contains(out.String(), "finished") {
		t.Errorf("status after repairing tier 7:\n%s", out.String())
	}
	if _, err := cluster.SolveLocal(ctx, st, j, &cluster.Worker{Cache: cache}, nil, nil); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := verify(ctx, &out, st); err != nil || !strings.Contains(out.String(), res.Checksum) {
		t.Errorf("verify after repair and solving again: %v\n%s", err, out.String())
	}
}

// TestAutoShards: without --shard-positions a new store's job gets the
// size ShardSize chooses for the box's largest tier, and a store that
// holds the box keeps its own size.
func TestAutoShards(t *testing.T) {
	dir := t.TempDir()
	f := jobFlags{piles: 5, max: 20, kinds: "G,Gm", parallel: 8, storeURL: dir}
	j, err := f.job("slow-exact:k=2")
	if err != nil {
		t.Fatal(err)
	}
	largest, err := cluster.LargestTier(j)
	if err != nil {
		t.Fatal(err)
	}
	if want := cluster.ShardSize(largest, 8); j.ShardPositions != want || want >= 1<<20 {
		t.Errorf("auto shard positions %d, want ShardSize(%d, 8) = %d, under the old 2^20", j.ShardPositions, largest, want)
	}
	st, err := cluster.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.Init(context.Background(), cluster.NewJob("slow-exact:k=2", 5, 20, 0, 777)); err != nil {
		t.Fatal(err)
	}
	if j, err := f.job("slow-exact:k=2"); err != nil || j.ShardPositions != 777 {
		t.Errorf("a store holding the box with 777 positions per shard: job %+v, %v; want 777", j, err)
	}
}

func TestOpenStoreMissing(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none")
	if _, err := openStore(context.Background(), missing); err == nil || !errors.As(err, new(badInput)) {
		t.Errorf("openStore(%s) = %v, want bad input", missing, err)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Errorf("openStore created %s", missing)
	}
}

// TestRetryNote: the coordinator shows a failed attempt once, with its
// message on one line, and counts the other activities retrying.
func TestRetryNote(t *testing.T) {
	act := func(id string, attempt int32, msg string) *workflowpb.PendingActivityInfo {
		a := &workflowpb.PendingActivityInfo{ActivityId: id, ActivityType: &commonpb.ActivityType{Name: "grundy.SolveShard"},
			Attempt: attempt, MaximumAttempts: 20, LastWorkerIdentity: "w1"}
		if msg != "" {
			a.LastFailure = &failurepb.Failure{Message: msg}
		}
		return a
	}
	seen := map[string]int32{}
	acts := []*workflowpb.PendingActivityInfo{act("5", 1, ""), act("6", 3, "store s3://b\nunreachable"), act("7", 2, "x")}
	want := "grundy.SolveShard (activity 6) attempt 2 of 20 failed on w1: store s3://b unreachable (1 more activities retrying)"
	if got := retryNote(acts, seen); got != want {
		t.Errorf("retryNote = %q, want %q", got, want)
	}
	if got := retryNote(acts, seen); !strings.HasPrefix(got, "grundy.SolveShard (activity 7) attempt 1 of 20 failed on w1: x") {
		t.Errorf("retryNote the second time = %q, want activity 7's", got)
	}
	if got := retryNote(acts, seen); got != "" {
		t.Errorf("retryNote with every failure shown = %q, want none", got)
	}
	acts[1].Attempt = 4
	if got := retryNote(acts, seen); !strings.Contains(got, "(activity 6) attempt 3 of 20") {
		t.Errorf("retryNote after another attempt of 6 = %q", got)
	}
}
