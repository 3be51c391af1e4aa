package flow

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
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
}

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

// Progress is the tier being computed (Tiers once all are sealed).
type Progress struct {
	Tier  int `json:"tier"`
	Tiers int `json:"tiers"`
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
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		// A shard of the largest boxes runs for minutes; a dead worker
		// is noticed by its missing heartbeats, not by this.
		StartToCloseTimeout: 6 * time.Hour,
		HeartbeatTimeout:    hb,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:        time.Second,
			BackoffCoefficient:     2,
			MaximumInterval:        30 * time.Second,
			MaximumAttempts:        20,
			NonRetryableErrorTypes: []string{badJob, corrupt},
		},
	})
	// Planning is deterministic (the box's index), so it runs in the
	// workflow rather than in an activity whose result would fill the
	// history.
	p, err := cluster.NewPlan(in.Job)
	if err != nil {
		return nil, temporal.NewNonRetryableApplicationError(err.Error(), badJob, err)
	}
	next := in.Next
	current := next
	// Coordinators poll this to show progress.
	err = workflow.SetQueryHandler(ctx, ProgressQuery, func() (Progress, error) {
		return Progress{Tier: current, Tiers: p.Tiers()}, nil
	})
	if err != nil {
		return nil, err
	}
	if !in.Started {
		var sealed int
		if err := workflow.ExecuteActivity(ctx, InitName, in).Get(ctx, &sealed); err != nil {
			return nil, err
		}
		next = max(next, sealed)
		in.Started = true
	}
	for s := next; s < p.Tiers(); s++ {
		current = s
		if s > next && (s-next >= per || historyFull(ctx, in.MaxHistory)) {
			in.Next = s
			return nil, workflow.NewContinueAsNewError(ctx, WorkflowName, in)
		}
		shards := p.Shards(s)
		futures := make([]workflow.Future, len(shards))
		for i, sh := range shards {
			futures[i] = workflow.ExecuteActivity(ctx, ShardName, ShardInput{Store: in.Store, Job: in.Job, Index: i, Shard: sh})
		}
		refs := make([]cluster.ShardRef, len(shards))
		for i, f := range futures {
			if err := f.Get(ctx, &refs[i]); err != nil {
				return nil, fmt.Errorf("tier %d shard %d: %w", s, i, err)
			}
		}
		var sealed Sealed
		if err := workflow.ExecuteActivity(ctx, SealName, SealInput{Store: in.Store, Job: in.Job, Sum: s, Refs: refs}).Get(ctx, &sealed); err != nil {
			return nil, fmt.Errorf("sealing tier %d: %w", s, err)
		}
	}
	current = p.Tiers()
	var res cluster.Result
	if err := workflow.ExecuteActivity(ctx, FinishName, in).Get(ctx, &res); err != nil {
		return nil, err
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
	// ShardDelay is slept before each shard, only to let fault-injection
	// tests kill a worker while it holds a shard.
	ShardDelay time.Duration
	// Grundy is the grundy program that check shards run; empty means
	// "grundy" on PATH.
	Grundy string
	// Log, if set, receives a line as each shard begins and ends.
	Log io.Writer

	mu     sync.Mutex
	stores map[string]*cluster.Store
	caches map[string]*cluster.Cache
	plans  map[cluster.Job]*cluster.Plan
}

// Register registers the workflow and activities with w.
func (a *Activities) Register(w worker.Registry) {
	w.RegisterWorkflowWithOptions(Solve, workflow.RegisterOptions{Name: WorkflowName})
	w.RegisterActivityWithOptions(a.Init, activity.RegisterOptions{Name: InitName})
	w.RegisterActivityWithOptions(a.SolveShard, activity.RegisterOptions{Name: ShardName})
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
			return nil, nil, temporal.NewNonRetryableApplicationError(err.Error(), badJob, err)
		}
		a.plans[j] = p
	}
	st := a.stores[url]
	if st == nil {
		var err error
		if st, err = cluster.Open(ctx, url); err != nil {
			return nil, nil, err
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

// heartbeat records heartbeats until the returned stop is called, at a
// third of the heartbeat timeout.
func heartbeat(ctx context.Context) (stop func()) {
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
				activity.RecordHeartbeat(ctx)
			}
		}
	}()
	return func() { close(done) }
}

// classify marks errors that retrying cannot fix.
func classify(err error) error {
	if errors.Is(err, cluster.ErrCorrupt) {
		return temporal.NewNonRetryableApplicationError(err.Error(), corrupt, err)
	}
	return err
}

// Init records the job in the store and returns how many tiers are
// already sealed.
func (a *Activities) Init(ctx context.Context, in Input) (int, error) {
	st, _, err := a.open(ctx, in.Store, in.Job)
	if err != nil {
		return 0, err
	}
	n, err := st.Init(ctx, in.Job)
	if errors.Is(err, cluster.ErrOtherJob) {
		return 0, temporal.NewNonRetryableApplicationError(err.Error(), badJob, err)
	}
	return n, err
}

// SolveShard computes one shard and writes it under a key unique to this
// attempt.
func (a *Activities) SolveShard(ctx context.Context, in ShardInput) (cluster.ShardRef, error) {
	defer heartbeat(ctx)()
	info := activity.GetInfo(ctx)
	if a.Log != nil {
		fmt.Fprintf(a.Log, "begin tier %d shard %d attempt %d\n", in.Shard.Sum, in.Index, info.Attempt)
	}
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
		return cluster.ShardRef{}, err
	}
	c, err := a.cache(in.Store)
	if err != nil {
		return cluster.ShardRef{}, err
	}
	w := &cluster.Worker{Cache: c, Workers: a.Workers}
	token := fmt.Sprintf("%s-%s-%d", info.WorkflowExecution.RunID, info.ActivityID, info.Attempt)
	ref, err := w.SolveShard(ctx, st, p, in.Index, in.Shard, token)
	if err != nil {
		return ref, classify(err)
	}
	if a.Log != nil {
		// The figures measure shard throughput (BENCHMARKS.md).
		fmt.Fprintf(a.Log, "end tier %d shard %d attempt %d\t%d positions %d bytes %.3f s, %d bytes fetched by this worker\n",
			in.Shard.Sum, in.Index, info.Attempt, in.Shard.Hi-in.Shard.Lo, ref.Bytes, time.Since(began).Seconds(), c.FetchedBytes())
	}
	return ref, nil
}

// Seal checks a tier's shards and writes its manifest.
func (a *Activities) Seal(ctx context.Context, in SealInput) (Sealed, error) {
	defer heartbeat(ctx)()
	st, p, err := a.open(ctx, in.Store, in.Job)
	if err != nil {
		return Sealed{}, err
	}
	m, err := st.Seal(ctx, p, in.Sum, in.Refs)
	if err != nil {
		return Sealed{}, classify(err)
	}
	return Sealed{Sum: m.Sum, SHA256: m.SHA256, Bytes: m.Bytes()}, nil
}

// Finish checks every tier and writes the table's checksum and counts.
func (a *Activities) Finish(ctx context.Context, in Input) (*cluster.Result, error) {
	defer heartbeat(ctx)()
	st, p, err := a.open(ctx, in.Store, in.Job)
	if err != nil {
		return nil, err
	}
	res, err := st.Finish(ctx, p)
	if err != nil {
		return nil, classify(err)
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
	}
}
