package flow

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/workflow"
	"gocloud.dev/blob"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/cluster"
	"github.com/grundy/grundy/cluster/s3fake"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

// run executes the workflow in the SDK's test environment, following
// Continue-As-New, and returns the result and the number of runs.
func run(t *testing.T, s *testsuite.WorkflowTestSuite, in Input, register func(*testsuite.TestWorkflowEnvironment)) (*cluster.Result, int) {
	t.Helper()
	for runs := 1; ; runs++ {
		env := s.NewTestWorkflowEnvironment()
		register(env)
		env.ExecuteWorkflow(WorkflowName, in)
		if !env.IsWorkflowCompleted() {
			t.Fatal("workflow did not complete")
		}
		err := env.GetWorkflowError()
		var cont *workflow.ContinueAsNewError
		if errors.As(err, &cont) {
			if cont.WorkflowType.Name != WorkflowName {
				t.Fatalf("continued as %s", cont.WorkflowType.Name)
			}
			if err := converter.GetDefaultDataConverter().FromPayloads(cont.Input, &in); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("workflow: %v", err)
		}
		var res cluster.Result
		if err := env.GetWorkflowResult(&res); err != nil {
			t.Fatal(err)
		}
		return &res, runs
	}
}

func expected(t *testing.T, game string, piles, max int) (string, solve.Stats) {
	t.Helper()
	r, err := games.Parse(game)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: piles, Max: max, Kinds: grundy.KindG | grundy.KindGm})
	if err != nil {
		t.Fatal(err)
	}
	st, err := tab.Stats()
	if err != nil {
		t.Fatal(err)
	}
	return tab.Checksum(), st
}

func check(t *testing.T, res *cluster.Result, sum string, st solve.Stats) {
	t.Helper()
	if res.Checksum != sum || res.P != st.P || res.Pm != st.Pm || !slices.Equal(res.GHist, st.GHist) || !slices.Equal(res.GmHist, st.GmHist) {
		t.Errorf("workflow gave checksum %s, P %d, Pm %d, %v, %v; in memory %s, %d, %d, %v, %v",
			res.Checksum, res.P, res.Pm, res.GHist, res.GmHist, sum, st.P, st.Pm, st.GHist, st.GmHist)
	}
}

// TestWorkflow solves boxes through the workflow, continuing as new every
// few tiers, and expects the in-memory table's checksum and counts.
func TestWorkflow(t *testing.T) {
	for _, c := range []struct {
		game       string
		piles, max int
		per        uint64
	}{
		{"slow-exact:k=2", 5, 5, 13},
		{"nim", 3, 4, 3},
	} {
		var s testsuite.WorkflowTestSuite
		dir := t.TempDir()
		acts := &Activities{CacheDir: t.TempDir(), Workers: 2}
		defer acts.Close()
		in := Input{Store: dir, Job: cluster.NewJob(c.game, c.piles, c.max, 0, c.per), TiersPerRun: 4, Heartbeat: time.Minute}
		res, runs := run(t, &s, in, func(env *testsuite.TestWorkflowEnvironment) { acts.Register(env) })
		sum, st := expected(t, c.game, c.piles, c.max)
		check(t, res, sum, st)
		if tiers := c.piles*c.max + 1; runs != (tiers+3)/4 {
			t.Errorf("%s: %d runs for %d tiers, 4 per run", c.game, runs, tiers)
		}
	}
}

// TestWorkflowBatches: with BatchPositions the runs of small tiers are
// one activity each; the table is the in-memory one's, every tier
// committed as its planned shards, in fewer runs.
func TestWorkflowBatches(t *testing.T) {
	var s testsuite.WorkflowTestSuite
	dir := t.TempDir()
	acts := &Activities{CacheDir: t.TempDir(), Workers: 1, TiersWorkers: 2}
	defer acts.Close()
	var mu sync.Mutex
	var batches [][2]int
	shards := 0
	in := Input{Store: dir, Job: cluster.NewJob("slow-exact:k=2", 5, 6, 0, 9), TiersPerRun: 4, BatchPositions: 20}
	res, runs := run(t, &s, in, func(env *testsuite.TestWorkflowEnvironment) {
		acts.Register(env)
		env.RegisterActivityWithOptions(func(ctx context.Context, in TiersInput) error {
			mu.Lock()
			batches = append(batches, [2]int{in.From, in.To})
			mu.Unlock()
			return acts.SolveTiers(ctx, in)
		}, activity.RegisterOptions{Name: TiersName})
		env.RegisterActivityWithOptions(func(ctx context.Context, in ShardInput) (cluster.ShardRef, error) {
			mu.Lock()
			shards++
			mu.Unlock()
			return acts.SolveShard(ctx, in)
		}, activity.RegisterOptions{Name: ShardName})
	})
	sum, st := expected(t, "slow-exact:k=2", 5, 6)
	check(t, res, sum, st)
	p, _ := cluster.NewPlan(in.Job)
	want := p.Batches(0, p.Tiers(), 20)
	var got [][2]int
	for _, b := range want {
		if p.Solver.Index.TierSize(b[0]) <= 20 {
			got = append(got, b)
		}
	}
	if !slices.Equal(batches, got) || len(batches) < 2 || shards == 0 {
		t.Errorf("batches %v, want %v; %d shard activities (want some)", batches, got, shards)
	}
	if runs >= (p.Tiers()+3)/4 {
		t.Errorf("%d runs for %d tiers in %d steps, 4 tiers per run", runs, p.Tiers(), len(want))
	}
}

// TestWorkflowRetries: shard attempts that fail after writing their
// object (a worker dying between writing and reporting) are retried; the
// store ends with exactly one object per shard and the right table.
func TestWorkflowRetries(t *testing.T) {
	var s testsuite.WorkflowTestSuite
	dir := t.TempDir()
	acts := &Activities{CacheDir: t.TempDir(), Workers: 1}
	defer acts.Close()
	var mu sync.Mutex
	failed := map[string]bool{}
	flaky := func(ctx context.Context, in ShardInput) (cluster.ShardRef, error) {
		ref, err := acts.SolveShard(ctx, in)
		key := fmt.Sprint(in.Shard)
		mu.Lock()
		defer mu.Unlock()
		if err == nil && in.Index%2 == 1 && !failed[key] {
			failed[key] = true
			return cluster.ShardRef{}, errors.New("worker lost after writing")
		}
		return ref, err
	}
	in := Input{Store: dir, Job: cluster.NewJob("slow-exact:k=2", 4, 6, 0, 7), TiersPerRun: 100}
	res, _ := run(t, &s, in, func(env *testsuite.TestWorkflowEnvironment) {
		acts.Register(env)
		env.RegisterActivityWithOptions(flaky, activity.RegisterOptions{Name: ShardName})
	})
	sum, st := expected(t, "slow-exact:k=2", 4, 6)
	check(t, res, sum, st)
	if len(failed) < 10 {
		t.Fatalf("only %d shards failed once; the test means to retry many", len(failed))
	}
	// One committed object per shard, nothing else.
	ctx := context.Background()
	store, err := cluster.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	p, err := cluster.NewPlan(in.Job)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for sum := range p.Tiers() {
		m, err := store.Manifest(ctx, sum)
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Shards) != len(p.Shards(sum)) {
			t.Errorf("tier %d: %d shards committed, %d planned", sum, len(m.Shards), len(p.Shards(sum)))
		}
		want = append(want, fmt.Sprintf("tiers/%06d/manifest.json", sum))
		for _, r := range m.Shards {
			want = append(want, r.Key)
		}
	}
	var got []string
	it := store.Bucket().List(&blob.ListOptions{Prefix: "tiers/"})
	for {
		obj, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, obj.Key)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("objects left: %d, committed %d: %v", len(got), len(want), strings.Join(got, " "))
	}
}

// TestWorkflowBadJob: a box the solver refuses fails the workflow at once.
func TestWorkflowBadJob(t *testing.T) {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	acts := &Activities{CacheDir: t.TempDir()}
	acts.Register(env)
	env.ExecuteWorkflow(WorkflowName, Input{Store: t.TempDir(), Job: cluster.NewJob("slow-exact:k=3", 2, 5, 0, 10)})
	if err := env.GetWorkflowError(); err == nil || !strings.Contains(err.Error(), "slow-exact:k=3") {
		t.Errorf("bad job: %v", err)
	}
}

// TestWorkflowResubmitCorrupt: solving a finished job again reads its
// objects back, and a flipped bit fails the workflow with one line that
// names the object once.
func TestWorkflowResubmitCorrupt(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := cluster.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cache, _ := cluster.NewCache(t.TempDir())
	defer cache.Close()
	j := cluster.NewJob("slow-exact:k=2", 4, 4, 0, 5)
	if _, err := cluster.SolveLocal(ctx, st, j, &cluster.Worker{Cache: cache}, nil, nil); err != nil {
		t.Fatal(err)
	}
	var s testsuite.WorkflowTestSuite
	register := func(env *testsuite.TestWorkflowEnvironment) { (&Activities{CacheDir: t.TempDir()}).Register(env) }
	sum, stats := expected(t, "slow-exact:k=2", 4, 4)
	res, _ := run(t, &s, Input{Store: dir, Job: j}, register)
	check(t, res, sum, stats)
	if tiers := 4*4 + 1; res.Reread != tiers {
		t.Errorf("resubmitting the finished job re-read %d tiers, want all %d", res.Reread, tiers)
	}

	m, err := st.Manifest(ctx, 6)
	if err != nil {
		t.Fatal(err)
	}
	key := m.Shards[1].Key
	path := filepath.Join(dir, filepath.FromSlash(key))
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[0] ^= 1
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	env := s.NewTestWorkflowEnvironment()
	register(env)
	env.ExecuteWorkflow(WorkflowName, Input{Store: dir, Job: j})
	err = env.GetWorkflowError()
	msg := Cause(err)
	if err == nil || strings.Count(msg, key) != 1 || strings.Count(msg, "corrupt") != 1 || strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "finishing: ") {
		t.Errorf("resubmitting with a flipped bit in %s: Cause = %q (error %v)", key, msg, err)
	}
}

// apiError is an S3 client's error with its code, as the client's
// smithy.APIError carries it.
type apiError string

func (e apiError) Error() string     { return "api error " + string(e) }
func (e apiError) ErrorCode() string { return string(e) }

// TestClassify: what retrying cannot fix fails at once with its cause's
// type and words; an outage and an unexplained error are retried.
func TestClassify(t *testing.T) {
	for _, c := range []struct {
		err       error
		typ       string // "" for an error left as it is
		retryable bool
		words     string
	}{
		{apiError("InvalidAccessKeyId"), "StoreDenied", false, "AWS_ACCESS_KEY_ID"},
		{apiError("SignatureDoesNotMatch"), "StoreDenied", false, "denied"},
		{apiError("NoSuchBucket"), "StoreNoBucket", false, "no such bucket"},
		{fmt.Errorf("get: %w", x509.UnknownAuthorityError{}), "StoreTLS", false, "AWS_CA_BUNDLE"},
		{fmt.Errorf("%w: tiers/000001/x.bin", cluster.ErrChunked), "StoreChunked", false, "when_required"},
		{&net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}, "StoreUnreachable", true, "unreachable"},
		{apiError("SlowDown"), "StoreUnreachable", true, "unreachable"},
		{fmt.Errorf("%w: tiers/000001/x.bin", cluster.ErrCorrupt), corrupt, false, "corrupt"},
		{fmt.Errorf("%w: tiers/000001/x.bin", cluster.ErrMissing), corrupt, false, "missing"},
		{errors.New("something else"), "", true, "something else"},
	} {
		err := classify(c.err)
		var app *temporal.ApplicationError
		isApp := errors.As(err, &app)
		switch {
		case c.typ == "" && isApp:
			t.Errorf("classify(%v) = %v of type %s, want it unchanged", c.err, err, app.Type())
		case c.typ != "" && (!isApp || app.Type() != c.typ || app.NonRetryable() == c.retryable):
			t.Errorf("classify(%v) = %v, want type %s, retryable %v", c.err, err, c.typ, c.retryable)
		}
		if !strings.Contains(Cause(err), c.words) {
			t.Errorf("classify(%v) says %q, want %q in it", c.err, Cause(err), c.words)
		}
	}
}

// TestWorkflowWrongKey: workers whose key the store refuses fail the
// workflow at their first attempt, with the cause worded, instead of
// retrying it 20 times.
func TestWorkflowWrongKey(t *testing.T) {
	h, err := s3fake.New(s3fake.Options{Buckets: []string{"grundy"}, AccessKey: "right"})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	t.Setenv("AWS_ACCESS_KEY_ID", "wrong")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "wrong")
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	var logged strings.Builder
	acts := &Activities{CacheDir: t.TempDir(), Log: slog.New(slog.NewTextHandler(&logged, nil))}
	acts.Register(env)
	url := "s3://grundy?endpoint=" + srv.URL + "&use_path_style=true&region=us-east-1&prefix=a/"
	env.ExecuteWorkflow(WorkflowName, Input{Store: url, Job: cluster.NewJob("slow-exact:k=2", 3, 3, 0, 5)})
	err = env.GetWorkflowError()
	var app *temporal.ApplicationError
	if !errors.As(err, &app) || app.Type() != "StoreDenied" || !strings.HasPrefix(Cause(err), "recording the job: store denied access") {
		t.Errorf("a wrong key: %v, want the workflow failed as StoreDenied, recording the job", err)
	}
	if got := acts.Counters.Failures(); got[Failure{InitName, cluster.FaultDenied}] != 1 || len(got) != 1 {
		t.Errorf("failed attempts %v, want one of %s, denied", got, InitName)
	}
	if !strings.Contains(logged.String(), "fail init attempt 1: store denied access") {
		t.Errorf("the worker logged\n%s\nwant a line for the failed init", logged.String())
	}
}
