package flow

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/grundy/grundy/cluster"
	"github.com/grundy/grundy/solve"
)

// Names under which the workflow and activities are registered.
const (
	WorkflowName = "grundy.SolveBox"
	InitName     = "grundy.Init"
	ShardName    = "grundy.SolveShard"
	TiersName    = "grundy.SolveTiers"
	SealName     = "grundy.SealTier"
	FinishName   = "grundy.Finish"
)

// DefaultTaskQueue is the task queue workers poll unless told otherwise.
const DefaultTaskQueue = "grundy"

// Input starts or continues a solve.
type Input struct {
	Store string      `json:"store"`
	Job   cluster.Job `json:"job"`
	// Next is the first tier this run computes; tiers below it are
	// sealed.
	Next int `json:"next"`
	// TiersPerRun is how many tiers one run computes before it continues
	// as new; zero means 20.
	TiersPerRun int `json:"tiers_per_run"`
	// Heartbeat is the activities' heartbeat timeout; zero means 30 s.
	Heartbeat time.Duration `json:"heartbeat"`
	// MaxHistory is the history length (events) after which a run
	// continues as new before its next tier; zero means 10,000.
	MaxHistory int `json:"max_history"`
	// Started is false on the first run, which records the job in the
	// store and skips the tiers a previous workflow sealed.
	Started bool `json:"started"`
	// Resumed is how many tiers were sealed before the first run began;
	// finishing reads their objects back, since no run of this workflow
	// checked them.
	Resumed int `json:"resumed"`
	// BatchPositions, if positive, makes each run of consecutive tiers
	// of at most this many positions one activity (TiersInput), which
	// solves them on one worker with all its cores: a tier that small
	// costs about as much to compute there as the barrier (a round of
	// activities, a seal and a workflow task, ≈ 0.1 s) splitting it
	// costs. Workflows
	// started before this field existed ignore it (VersionBatches).
	BatchPositions uint64 `json:"batch_positions,omitempty"`
}

// TiersInput solves the tiers From..To−1 in one activity.
type TiersInput struct {
	Store string      `json:"store"`
	Job   cluster.Job `json:"job"`
	From  int         `json:"from"`
	To    int         `json:"to"`
}

// Workflow versions, as workflow.GetVersion records them: a worker of
// this version replays a history any earlier version recorded, so
// workers can be upgraded one at a time while workflows run
// (docs/cluster.md, "Upgrading workers"; TestReplayHistories).
const (
	// VersionChange names the change ID under which the versions below
	// are recorded.
	VersionChange = "grundy.solve"
	// VersionBatches: runs of small tiers (Input.BatchPositions) are
	// one TiersName activity each. Before it (workflow.DefaultVersion)
	// every tier is a round of shard activities and a seal.
	VersionBatches workflow.Version = 1
	// VersionLocalSeal: a tier's seal is a local activity, run by the
	// worker that runs the workflow task, which saves the barrier a
	// round trip through the server (an activity task and a workflow
	// task). Before it the seal was an activity.
	VersionLocalSeal workflow.Version = 2
)

// ShardInput is one shard's activity.
type ShardInput struct {
	Store string      `json:"store"`
	Job   cluster.Job `json:"job"`
	Index int         `json:"index"`
	Shard solve.Shard `json:"shard"`
}

// SealInput seals one tier.
type SealInput struct {
	Store string             `json:"store"`
	Job   cluster.Job        `json:"job"`
	Sum   int                `json:"sum"`
	Refs  []cluster.ShardRef `json:"refs"`
}

// Sealed is what sealing a tier returns to the workflow.
type Sealed struct {
	Sum    int    `json:"sum"`
	SHA256 string `json:"sha256"`
	Bytes  int64  `json:"bytes"`
}

// ProgressQuery is the query that returns a running solve's Progress.
const ProgressQuery = "progress"

// Progress is the tier being computed (Tiers once all are sealed); when
// a run of tiers is computed in one activity, Through is its last.
type Progress struct {
	Tier    int `json:"tier"`
	Tiers   int `json:"tiers"`
	Through int `json:"through,omitempty"`
}

// Solve is the workflow.
func Solve(ctx workflow.Context, in Input) (*cluster.Result, error) {
	hb := in.Heartbeat
	if hb <= 0 {
		hb = 30 * time.Second
	}
	per := in.TiersPerRun
	if per <= 0 {
		per = 20
	}
	retry := &temporal.RetryPolicy{
		InitialInterval:        time.Second,
		BackoffCoefficient:     2,
		MaximumInterval:        30 * time.Second,
		MaximumAttempts:        20,
		NonRetryableErrorTypes: []string{badJob, corrupt},
	}
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		// A shard of the largest boxes runs for minutes; a dead worker
		// is noticed by its missing heartbeats, not by this.
		StartToCloseTimeout: 6 * time.Hour,
		HeartbeatTimeout:    hb,
		RetryPolicy:         retry,
	})
	// Planning is deterministic (the box's index), so it runs in the
	// workflow rather than in an activity whose result would fill the
	// history.
	p, err := cluster.NewPlan(in.Job)
	if err != nil {
		return nil, temporal.NewNonRetryableApplicationError(err.Error(), badJob, nil)
	}
	next := in.Next
	current, through := next, 0
	// Coordinators poll this to show progress.
	err = workflow.SetQueryHandler(ctx, ProgressQuery, func() (Progress, error) {
		return Progress{Tier: current, Tiers: p.Tiers(), Through: through}, nil
	})
	if err != nil {
		return nil, err
	}
	if !in.Started {
		var sealed int
		if err := workflow.ExecuteActivity(ctx, InitName, in).Get(ctx, &sealed); err != nil {
			return nil, failed("recording the job", err)
		}
		next = max(next, sealed)
		in.Started, in.Resumed = true, sealed
	}
	small := uint64(0)
	version := workflow.GetVersion(ctx, VersionChange, workflow.DefaultVersion, VersionLocalSeal)
	if version >= VersionBatches {
		small = in.BatchPositions
	}
	sealCtx, seal := ctx, workflow.ExecuteActivity
	if version >= VersionLocalSeal {
		// Sealing reads the tier's objects back: seconds for the
		// largest tiers, within which the SDK keeps the workflow task
		// alive.
		sealCtx, seal = workflow.WithLocalActivityOptions(ctx, workflow.LocalActivityOptions{
			StartToCloseTimeout: time.Hour,
			RetryPolicy:         retry,
		}), workflow.ExecuteLocalActivity
	}
	for _, step := range p.Batches(next, p.Tiers(), small) {
		s := step[0]
		current, through = s, 0
		if s > next && (s-next >= per || historyFull(ctx, in.MaxHistory)) {
			in.Next = s
			return nil, workflow.NewContinueAsNewError(ctx, WorkflowName, in)
		}
		if small > 0 && p.Solver.Index.TierSize(s) <= small {
			through = step[1] - 1
			err := workflow.ExecuteActivity(ctx, TiersName, TiersInput{Store: in.Store, Job: in.Job, From: step[0], To: step[1]}).Get(ctx, nil)
			if err != nil {
				return nil, failed(fmt.Sprintf("tiers %d to %d", step[0], step[1]-1), err)
			}
			continue
		}
		shards := p.Shards(s)
		futures := make([]workflow.Future, len(shards))
		for i, sh := range shards {
			futures[i] = workflow.ExecuteActivity(ctx, ShardName, ShardInput{Store: in.Store, Job: in.Job, Index: i, Shard: sh})
		}
		refs := make([]cluster.ShardRef, len(shards))
		for i, f := range futures {
			if err := f.Get(ctx, &refs[i]); err != nil {
				return nil, failed(fmt.Sprintf("tier %d shard %d", s, i), err)
			}
		}
		var sealed Sealed
		if err := seal(sealCtx, SealName, SealInput{Store: in.Store, Job: in.Job, Sum: s, Refs: refs}).Get(ctx, &sealed); err != nil {
			return nil, failed(fmt.Sprintf("sealing tier %d", s), err)
		}
	}
	current = p.Tiers()
	var res cluster.Result
	if err := workflow.ExecuteActivity(ctx, FinishName, in).Get(ctx, &res); err != nil {
		return nil, failed("finishing", err)
	}
	return &res, nil
}

// historyFull reports whether the run's history is large enough to start
// afresh before the next tier: a tier of many shards adds three events and
// a shard reference per shard, and Temporal caps a history at 50,000 events
// and 50 MB.
func historyFull(ctx workflow.Context, events int) bool {
	if events <= 0 {
		events = 10_000
	}
	info := workflow.GetInfo(ctx)
	return info.GetContinueAsNewSuggested() || info.GetCurrentHistoryLength() > events || info.GetCurrentHistorySize() > 10<<20
}

// Error types the workflow does not retry.
const (
	badJob  = "BadJob"
	corrupt = "Corrupt"
)

// Activities computes shards on this worker, with a local cache of the
// tiers it reads.
type Activities struct {
	// CacheDir holds the cached tiers, one directory per store.
	CacheDir string
	// Workers is the number of goroutines per shard; zero means
	// GOMAXPROCS.
	Workers int
	// TiersWorkers is the number of goroutines of a run of small tiers
	// (SolveTiers), which runs alone; zero means GOMAXPROCS.
	TiersWorkers int
	// ShardDelay is slept before each shard, only to let fault-injection
	// tests kill a worker while it holds a shard.
	ShardDelay time.Duration
	// Stall bounds how long a store read may go without a byte before
	// the shard fails and is retried; zero means 2 minutes.
	Stall time.Duration
	// Log, if set, receives a line as each shard begins and ends, and
	// one for each failed attempt.
	Log *slog.Logger
	// Identity is this worker's Temporal identity, which heartbeats
	// carry so that a coordinator can name the worker of an attempt that
	// failed after another began.
	Identity string
	// Counters count what this worker did, for its metrics.
	Counters Counters

	mu     sync.Mutex
	stores map[string]*cluster.Store
	caches map[string]*cluster.Cache
	plans  map[cluster.Job]*cluster.Plan
}

func (a *Activities) log(level slog.Level, msg string, args ...any) {
	if a.Log != nil {
		a.Log.Log(context.Background(), level, msg, args...)
	}
}

// Counters are a worker's counts since it started. The zero value is
// ready to use.
type Counters struct {
	// TiersSealed counts the tiers this worker sealed (a seal, or a
	// tier of a batch), PositionsSolved the positions of the shards and
	// batched tiers it computed, retries included.
	TiersSealed, PositionsSolved atomic.Int64
	mu                           sync.Mutex
	failures                     map[Failure]int64
}

// A Failure is a failed activity attempt's activity and cause.
type Failure struct {
	Activity string
	Fault    cluster.Fault
}

// Failures are the failed attempts so far, by activity and cause.
func (c *Counters) Failures() map[Failure]int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.failures)
}

// Record counts a failed attempt.
func (c *Counters) Record(f Failure) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.failures == nil {
		c.failures = map[Failure]int64{}
	}
	c.failures[f]++
}

// Bytes are the bytes of objects this worker's stores read and wrote,
// and its caches fetched (a tier fetched once serves every shard).
func (a *Activities) Bytes() (read, written, fetched int64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, st := range a.stores {
		read += st.Read.Load()
		written += st.Written.Load()
	}
	for _, c := range a.caches {
		fetched += c.FetchedBytes()
	}
	return read, written, fetched
}

// A Beat is what an activity's heartbeats carry: which worker runs which
// attempt, and in a run of small tiers the last tier it sealed (−1
// before the first), so that the coordinator can show progress inside
// the one activity.
type Beat struct {
	Worker  string `json:"worker"`
	Attempt int32  `json:"attempt"`
	Sealed  int    `json:"sealed"`
}

// fail logs and counts a failed attempt and marks what retrying cannot
// fix as not retryable.
func (a *Activities) fail(ctx context.Context, what string, err error) error {
	info := activity.GetInfo(ctx)
	if ctx.Err() != nil {
		// Cancelled or timed out: not the attempt's own failure.
		return err
	}
	f := Failure{Activity: info.ActivityType.Name, Fault: cluster.Classify(err)}
	err = classify(err)
	a.Counters.Record(f)
	a.log(slog.LevelWarn, fmt.Sprintf("fail %s attempt %d: %s", what, info.Attempt, Cause(err)), "cause", f.Fault.String(), "retryable", !isNonRetryable(err))
	return err
}

func isNonRetryable(err error) bool {
	var app *temporal.ApplicationError
	return errors.As(err, &app) && app.NonRetryable()
}

// Register registers the workflow and activities with w.
func (a *Activities) Register(w worker.Registry) {
	w.RegisterWorkflowWithOptions(Solve, workflow.RegisterOptions{Name: WorkflowName})
	w.RegisterActivityWithOptions(a.Init, activity.RegisterOptions{Name: InitName})
	w.RegisterActivityWithOptions(a.SolveShard, activity.RegisterOptions{Name: ShardName})
	w.RegisterActivityWithOptions(a.SolveTiers, activity.RegisterOptions{Name: TiersName})
	w.RegisterActivityWithOptions(a.Seal, activity.RegisterOptions{Name: SealName})
	w.RegisterActivityWithOptions(a.Finish, activity.RegisterOptions{Name: FinishName})
	w.RegisterWorkflowWithOptions(CheckShards, workflow.RegisterOptions{Name: CheckWorkflowName})
	w.RegisterActivityWithOptions(a.CheckShard, activity.RegisterOptions{Name: CheckShardName})
}

// Close closes the stores and removes the cached tiers.
func (a *Activities) Close() {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, c := range a.caches {
		c.Close()
	}
	for _, s := range a.stores {
		s.Close()
	}
	a.stores, a.caches = nil, nil
}

func (a *Activities) open(ctx context.Context, url string, j cluster.Job) (*cluster.Store, *cluster.Plan, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.stores == nil {
		a.stores, a.caches, a.plans = map[string]*cluster.Store{}, map[string]*cluster.Cache{}, map[cluster.Job]*cluster.Plan{}
	}
	p := a.plans[j]
	if p == nil {
		var err error
		if p, err = cluster.NewPlan(j); err != nil {
			return nil, nil, temporal.NewNonRetryableApplicationError(err.Error(), badJob, nil)
		}
		a.plans[j] = p
	}
	st := a.stores[url]
	if st == nil {
		var err error
		if st, err = cluster.Open(ctx, url); err != nil {
			return nil, nil, err
		}
		st.Stall = a.Stall
		if st.Stall <= 0 {
			st.Stall = 2 * time.Minute
		}
		limit := st.Stall
		st.Slow = func(op, key string, waited time.Duration) {
			a.log(slog.LevelWarn, fmt.Sprintf("store slow: %s %s: nothing for %v; the attempt fails at %v", op, key, waited, limit))
		}
		a.stores[url] = st
	}
	return st, p, nil
}

func (a *Activities) cache(url string) (*cluster.Cache, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if c := a.caches[url]; c != nil {
		return c, nil
	}
	d := sha256.Sum256([]byte(url))
	dir := a.CacheDir
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "grundy-worker-cache")
	}
	c, err := cluster.NewCache(filepath.Join(dir, hex.EncodeToString(d[:8])))
	if err != nil {
		return nil, err
	}
	a.caches[url] = c
	return c, nil
}

// beat is this attempt's heartbeat detail, sealed the last tier sealed.
func (a *Activities) beat(ctx context.Context, sealed int) Beat {
	return Beat{Worker: a.Identity, Attempt: activity.GetInfo(ctx).Attempt, Sealed: sealed}
}

// heartbeat records heartbeats until the returned stop is called, at a
// third of the heartbeat timeout, the first at once so that the
// coordinator learns the attempt's worker.
func (a *Activities) heartbeat(ctx context.Context) (stop func()) {
	activity.RecordHeartbeat(ctx, a.beat(ctx, -1))
	every := activity.GetInfo(ctx).HeartbeatTimeout / 3
	if every <= 0 {
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				activity.RecordHeartbeat(ctx, a.beat(ctx, -1))
			}
		}
	}()
	return func() { close(done) }
}

// classify marks errors that retrying cannot fix (cluster.Fault), with
// the fault's error type, and words the store's errors. The message
// carries the error's text and the cause is left out, which would
// repeat it.
func classify(err error) error {
	var app *temporal.ApplicationError
	if err == nil || errors.As(err, &app) {
		return err
	}
	f := cluster.Classify(err)
	if f == cluster.FaultDamaged {
		return temporal.NewNonRetryableApplicationError(err.Error(), corrupt, nil)
	}
	if f == cluster.FaultOther {
		return err
	}
	var se *cluster.StoreError
	if !errors.As(err, &se) {
		err = &cluster.StoreError{Fault: f, Err: err}
	}
	if f.Retryable() {
		return temporal.NewApplicationError(err.Error(), faultType(f))
	}
	return temporal.NewNonRetryableApplicationError(err.Error(), faultType(f), nil)
}

// faultType is the error type a fault's activity failure carries: Store
// and the fault's name in CamelCase (StoreDenied, StoreTLS, …).
func faultType(f cluster.Fault) string {
	var b strings.Builder
	b.WriteString("Store")
	for _, part := range strings.Split(f.String(), "_") {
		if part == "tls" {
			b.WriteString("TLS")
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

// Init records the job in the store and returns how many tiers are
// already sealed.
func (a *Activities) Init(ctx context.Context, in Input) (int, error) {
	st, _, err := a.open(ctx, in.Store, in.Job)
	if err != nil {
		return 0, a.fail(ctx, "init", err)
	}
	// A store this worker cannot write, or that keeps chunked uploads
	// framed, fails the solve here rather than at the first seal.
	if err := st.ProbeWrite(ctx); err != nil {
		return 0, a.fail(ctx, "init", err)
	}
	n, err := st.Init(ctx, in.Job)
	if errors.Is(err, cluster.ErrOtherJob) || errors.Is(err, cluster.ErrVersion) {
		err = temporal.NewNonRetryableApplicationError(err.Error(), badJob, nil)
	}
	if err != nil {
		return 0, a.fail(ctx, "init", err)
	}
	a.log(slog.LevelInfo, fmt.Sprintf("init: job recorded in the store, %d tiers sealed before", n))
	return n, nil
}

// SolveShard computes one shard and writes it under a key unique to this
// attempt.
func (a *Activities) SolveShard(ctx context.Context, in ShardInput) (cluster.ShardRef, error) {
	defer a.heartbeat(ctx)()
	info := activity.GetInfo(ctx)
	what := fmt.Sprintf("tier %d shard %d", in.Shard.Sum, in.Index)
	a.log(slog.LevelInfo, fmt.Sprintf("begin %s attempt %d", what, info.Attempt))
	began := time.Now()
	if a.ShardDelay > 0 {
		select {
		case <-time.After(a.ShardDelay):
		case <-ctx.Done():
			return cluster.ShardRef{}, ctx.Err()
		}
	}
	st, p, err := a.open(ctx, in.Store, in.Job)
	if err != nil {
		return cluster.ShardRef{}, a.fail(ctx, what, err)
	}
	c, err := a.cache(in.Store)
	if err != nil {
		return cluster.ShardRef{}, a.fail(ctx, what, err)
	}
	w := &cluster.Worker{Cache: c, Workers: a.Workers}
	token := fmt.Sprintf("%s-%s-%d", info.WorkflowExecution.RunID, info.ActivityID, info.Attempt)
	ref, err := w.SolveShard(ctx, st, p, in.Index, in.Shard, token)
	if err != nil {
		return ref, a.fail(ctx, what, err)
	}
	a.Counters.PositionsSolved.Add(int64(in.Shard.Hi - in.Shard.Lo))
	// The figures measure shard throughput (BENCHMARKS.md).
	a.log(slog.LevelInfo, fmt.Sprintf("end %s attempt %d", what, info.Attempt), "positions", in.Shard.Hi-in.Shard.Lo,
		"bytes", ref.Bytes, "seconds", roundSeconds(time.Since(began)), "fetched_bytes", c.FetchedBytes())
	return ref, nil
}

func roundSeconds(d time.Duration) float64 { return float64(d.Milliseconds()) / 1000 }

// tiersLogEvery is how often a run of small tiers logs the tier it
// reached, between its begin and end lines.
const tiersLogEvery = 10 * time.Second

// SolveTiers solves a run of small tiers on this worker, sealing each;
// a retried attempt continues from the first tier not sealed.
func (a *Activities) SolveTiers(ctx context.Context, in TiersInput) error {
	defer a.heartbeat(ctx)()
	info := activity.GetInfo(ctx)
	what := fmt.Sprintf("tiers %d to %d", in.From, in.To-1)
	a.log(slog.LevelInfo, fmt.Sprintf("begin %s attempt %d", what, info.Attempt))
	began := time.Now()
	st, p, err := a.open(ctx, in.Store, in.Job)
	if err != nil {
		return a.fail(ctx, what, err)
	}
	c, err := a.cache(in.Store)
	if err != nil {
		return a.fail(ctx, what, err)
	}
	w := &cluster.Worker{Cache: c, Workers: a.TiersWorkers}
	token := fmt.Sprintf("%s-%s-%d", info.WorkflowExecution.RunID, info.ActivityID, info.Attempt)
	var positions uint64
	logged := time.Now()
	err = w.SolveTiers(ctx, st, p, in.From, in.To, token, func(s int, now bool) {
		activity.RecordHeartbeat(ctx, a.beat(ctx, s))
		if !now {
			return // sealed by an earlier attempt
		}
		n := p.Solver.Index.TierSize(s)
		positions += n
		a.Counters.TiersSealed.Add(1)
		a.Counters.PositionsSolved.Add(int64(n))
		if time.Since(logged) >= tiersLogEvery && s < in.To-1 {
			logged = time.Now()
			a.log(slog.LevelInfo, fmt.Sprintf("%s attempt %d: tier %d sealed", what, info.Attempt, s), "positions", positions, "seconds", roundSeconds(time.Since(began)))
		}
	})
	if err != nil {
		return a.fail(ctx, what, err)
	}
	a.log(slog.LevelInfo, fmt.Sprintf("end %s attempt %d", what, info.Attempt), "positions", positions,
		"seconds", roundSeconds(time.Since(began)), "fetched_bytes", c.FetchedBytes())
	return nil
}

// Seal checks a tier's shards and writes its manifest.
func (a *Activities) Seal(ctx context.Context, in SealInput) (Sealed, error) {
	defer a.heartbeat(ctx)()
	what := fmt.Sprintf("seal tier %d", in.Sum)
	st, p, err := a.open(ctx, in.Store, in.Job)
	if err != nil {
		return Sealed{}, a.fail(ctx, what, err)
	}
	m, err := st.Seal(ctx, p, in.Sum, in.Refs)
	if err != nil {
		return Sealed{}, a.fail(ctx, what, err)
	}
	a.Counters.TiersSealed.Add(1)
	return Sealed{Sum: m.Sum, SHA256: m.SHA256, Bytes: m.Bytes()}, nil
}

// Finish checks every tier and writes the table's checksum and counts.
func (a *Activities) Finish(ctx context.Context, in Input) (*cluster.Result, error) {
	defer a.heartbeat(ctx)()
	st, p, err := a.open(ctx, in.Store, in.Job)
	if err != nil {
		return nil, a.fail(ctx, "finish", err)
	}
	res, err := st.Finish(ctx, p, in.Resumed)
	if err != nil {
		return nil, a.fail(ctx, "finish", err)
	}
	return res, nil
}

// WorkerOptions are the options grundy's workers use: pollers per task
// type and shards run at once. More pollers than the SDK's default of 2
// were reported to make a 5-tier job 10× faster; here (SDK v1.50, dev
// server, 2 workers, 61 tiers) 2 and 8 pollers took the same time
// (BENCHMARKS.md), and idle pollers cost only long polls, so workers keep
// 8 by default.
func WorkerOptions(pollers, activities int) worker.Options {
	return worker.Options{
		MaxConcurrentActivityTaskPollers:   pollers,
		MaxConcurrentWorkflowTaskPollers:   pollers,
		MaxConcurrentActivityExecutionSize: activities,
		// Heartbeats carry a run of small tiers' progress (Beat), which
		// the coordinator shows: sent at least this often rather than
		// at 80 % of the heartbeat timeout (24 s by default).
		MaxHeartbeatThrottleInterval: 5 * time.Second,
	}
}
