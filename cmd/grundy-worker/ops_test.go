package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/cluster"
	"github.com/grundy/grundy/cmd/grundy-worker/internal/flow"
	commonpb "go.temporal.io/api/common/v1"
	"go.temporal.io/api/enums/v1"
	failurepb "go.temporal.io/api/failure/v1"
	workflowpb "go.temporal.io/api/workflow/v1"
	"go.temporal.io/sdk/converter"
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

// TestRetryReporter: the coordinator names the worker of the attempt
// that failed (not the one running the next), says a cause once per
// retryQuiet with the count of attempts held back, and keeps lines short.
func TestRetryReporter(t *testing.T) {
	act := func(id string, attempt int32, state enums.PendingActivityState, worker string, f *failurepb.Failure) *workflowpb.PendingActivityInfo {
		return &workflowpb.PendingActivityInfo{ActivityId: id, ActivityType: &commonpb.ActivityType{Name: "grundy.SolveShard"},
			Attempt: attempt, MaximumAttempts: 20, State: state, LastWorkerIdentity: worker, LastFailure: f}
	}
	app := func(typ, msg string) *failurepb.Failure {
		return &failurepb.Failure{Message: msg, FailureInfo: &failurepb.Failure_ApplicationFailureInfo{ApplicationFailureInfo: &failurepb.ApplicationFailureInfo{Type: typ}}}
	}
	hbTimeout := &failurepb.Failure{Message: "activity Heartbeat timeout", FailureInfo: &failurepb.Failure_TimeoutFailureInfo{
		TimeoutFailureInfo: &failurepb.TimeoutFailureInfo{TimeoutType: enums.TIMEOUT_TYPE_HEARTBEAT}}}
	started, scheduled := enums.PENDING_ACTIVITY_STATE_STARTED, enums.PENDING_ACTIVITY_STATE_SCHEDULED
	r := newRetryReporter()
	t0 := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	step := func(at time.Duration, want []string, acts ...*workflowpb.PendingActivityInfo) {
		t.Helper()
		got := r.note(acts, t0.Add(at))
		if len(got) != len(want) {
			t.Fatalf("at %v: lines %q, want %d", at, got, len(want))
		}
		for i := range got {
			if !strings.HasPrefix(got[i], want[i]) || len(got[i]) > 400 || strings.Contains(got[i], "\n") {
				t.Errorf("at %v: line %q, want it to begin %q, on one short line", at, got[i], want[i])
			}
		}
	}
	// Attempt 1 of activity 6 runs on w1; w1 dies and attempt 2 starts
	// on w2 before the coordinator looks again: the line names w1.
	step(0, nil, act("6", 1, started, "w1", nil))
	step(3*time.Second, []string{"grundy.SolveShard (activity 6) attempt 1 of 20 failed on w1: activity Heartbeat timeout"},
		act("6", 2, started, "w2", hbTimeout))
	step(6*time.Second, nil, act("6", 2, started, "w2", hbTimeout))
	// A failure whose retry has not started: Temporal's last worker is
	// the failed attempt's. A long message is cut.
	long := "store unreachable: " + strings.Repeat("operation error S3: PutObject, exceeded maximum number of attempts, 3, ", 10)
	step(9*time.Second, []string{"grundy.SolveShard (activity 7) attempt 1 of 20 failed on w3: store unreachable: operation error"},
		act("7", 2, scheduled, "w3", app("StoreUnreachable", long)))
	// An attempt that began and failed between two looks, whose worker
	// only its heartbeat told.
	withBeat := act("10", 2, started, "w2", app("Other", "x"))
	payloads, err := converter.GetDefaultDataConverter().ToPayloads(flow.Beat{Worker: "w4", Attempt: 1, Sealed: -1})
	if err != nil {
		t.Fatal(err)
	}
	withBeat.HeartbeatDetails = payloads
	step(10*time.Second, []string{"grundy.SolveShard (activity 10) attempt 1 of 20 failed on w4: x"}, withBeat)
	// The outage goes on: more StoreUnreachable failures within 30 s of
	// the first line are held back, then counted in the next.
	for i := range 8 {
		step(time.Duration(12+3*i)*time.Second, nil, act("7", int32(3+i), scheduled, "w3", app("StoreUnreachable", "store unreachable: down")))
	}
	step(40*time.Second, []string{"grundy.SolveShard (activity 7) attempt 10 of 20 failed on w3: store unreachable: down (and 8 more attempts failed for StoreUnreachable in the last 31s)"},
		act("7", 11, scheduled, "w3", app("StoreUnreachable", "store unreachable: down")))
	if r.Retries["StoreUnreachable"] != 10 || r.Retries["heartbeat_timeout"] != 1 || r.Retries["Other"] != 1 {
		t.Errorf("retries by cause %v, want 10 StoreUnreachable, 1 heartbeat_timeout, 1 Other", r.Retries)
	}
}

// TestShellQuote: the repair hint's URL survives a shell: what sh reads
// back from the quoted text is the URL (checked by running sh).
func TestShellQuote(t *testing.T) {
	for _, url := range []string{
		"/tmp/store",
		"s3://grundy?endpoint=https://s3.example:9000&use_path_style=true&region=us-east-1&prefix=se2-7x100/",
		"file:///tmp/it's here",
		"",
	} {
		q := shellQuote(url)
		out, err := exec.Command("sh", "-c", "printf %s "+q).Output()
		if err != nil || string(out) != url {
			t.Errorf("sh read shellQuote(%q) = %s back as %q (%v)", url, q, out, err)
		}
	}
	if got := shellQuote("/tmp/store"); got != "/tmp/store" {
		t.Errorf("shellQuote(/tmp/store) = %s, want it bare", got)
	}
}

// TestBatchReporter: inside a run of small tiers (one activity) the
// coordinator reports the tier the heartbeats say was sealed, at most
// every batchEvery, and counts the tiers sealed for its metrics.
func TestBatchReporter(t *testing.T) {
	tiers := func(sealed int) []*workflowpb.PendingActivityInfo {
		p, err := converter.GetDefaultDataConverter().ToPayloads(flow.Beat{Worker: "w1", Attempt: 1, Sealed: sealed})
		if err != nil {
			t.Fatal(err)
		}
		return []*workflowpb.PendingActivityInfo{{ActivityId: "3", ActivityType: &commonpb.ActivityType{Name: flow.TiersName},
			Attempt: 1, State: enums.PENDING_ACTIVITY_STATE_STARTED, HeartbeatDetails: p}}
	}
	r := &batchReporter{last: -1}
	t0 := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		at     time.Duration
		sealed int // the heartbeat's
		want   string
	}{
		{0, -1, ""}, // begun, nothing sealed
		{time.Second, 4, "tier 4 sealed, in a run of small tiers on w1 (attempt 1)"},
		{5 * time.Second, 9, ""}, // within batchEvery of the last line
		{11 * time.Second, 9, "tier 9 sealed, in a run of small tiers on w1 (attempt 1)"},
		{25 * time.Second, 9, ""}, // no new tier
		{26 * time.Second, 30, "tier 30 sealed, in a run of small tiers on w1 (attempt 1)"},
	} {
		sealed, line := r.note(tiers(c.sealed), t0.Add(c.at))
		if line != c.want || sealed != c.sealed+1 {
			t.Errorf("at %v with tier %d sealed: %d sealed, line %q; want %d, %q", c.at, c.sealed, sealed, line, c.sealed+1, c.want)
		}
	}
}
