package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"

	"github.com/grundy/grundy/cluster"
	"github.com/grundy/grundy/cluster/flow"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/render"
	"github.com/grundy/grundy/solve"
)

var root = &cobra.Command{
	Use:           "grundy-worker",
	Short:         "Solve grundy boxes on a Temporal cluster with tables in object storage",
	SilenceUsage:  true,
	SilenceErrors: true,
}

// conn holds the flags that reach the Temporal frontend.
type conn struct {
	address, namespace, queue string
	wait                      time.Duration
}

func (c *conn) add(cmd *cobra.Command) {
	cmd.Flags().StringVar(&c.address, "address", envOr("TEMPORAL_ADDRESS", "127.0.0.1:7233"), "Temporal frontend HOST:PORT ($TEMPORAL_ADDRESS)")
	cmd.Flags().StringVar(&c.namespace, "namespace", envOr("TEMPORAL_NAMESPACE", "default"), "Temporal namespace ($TEMPORAL_NAMESPACE)")
	cmd.Flags().StringVar(&c.queue, "task-queue", flow.DefaultTaskQueue, "task queue the workers poll")
	cmd.Flags().DurationVar(&c.wait, "connect-timeout", 2*time.Minute, "how long to retry reaching the Temporal frontend")
}

// dial connects, retrying for a while: workers and coordinators are often
// started together with the server, or while it restarts.
func (c *conn) dial(ctx context.Context) (client.Client, error) {
	deadline := time.Now().Add(c.wait)
	for {
		cl, err := c.dialOnce()
		if err == nil || time.Now().After(deadline) {
			return cl, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func (c *conn) dialOnce() (client.Client, error) {
	cl, err := client.Dial(client.Options{
		HostPort:  c.address,
		Namespace: c.namespace,
		// The SDK logs every poll at info level; keep warnings.
		Logger: tlog.NewStructuredLogger(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))),
	})
	if err != nil {
		return nil, fmt.Errorf("connect to Temporal at %s: %w", c.address, err)
	}
	return cl, nil
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func init() {
	var c conn
	var cache string
	var pollers, slots, threads int
	var delay time.Duration
	cmd := &cobra.Command{
		Use:   "run",
		Short: "Run a worker: poll the task queue for solves and shards until interrupted",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cl, err := c.dial(cmd.Context())
			if err != nil {
				return err
			}
			defer cl.Close()
			acts := &flow.Activities{CacheDir: cache, Workers: threads, ShardDelay: delay, Log: os.Stderr, Grundy: grundyProgram()}
			defer acts.Close()
			w := worker.New(cl, c.queue, flow.WorkerOptions(pollers, slots))
			acts.Register(w)
			fmt.Fprintf(os.Stderr, "grundy-worker: polling %s on %s (%d pollers, %d shards at once, %d threads each)\n", c.queue, c.address, pollers, slots, max(threads, 1))
			if err := w.Start(); err != nil {
				return err
			}
			<-cmd.Context().Done()
			w.Stop()
			return nil
		},
	}
	c.add(cmd)
	cmd.Flags().StringVar(&cache, "cache", "", "directory for the tiers this worker reads (default: a directory under $TMPDIR)")
	cmd.Flags().IntVar(&pollers, "pollers", 8, "pollers per task type (the SDK's default is 2)")
	cmd.Flags().IntVar(&slots, "activities", runtime.GOMAXPROCS(0), "shards computed at once")
	cmd.Flags().IntVar(&threads, "threads", 1, "goroutines per shard")
	cmd.Flags().DurationVar(&delay, "shard-delay", 0, "sleep before each shard (fault-injection tests only)")
	cmd.Flags().MarkHidden("shard-delay")
	root.AddCommand(cmd)
}

// jobFlags are the flags that describe a box.
type jobFlags struct {
	piles, max int
	kinds      string
	per        uint64
	storeURL   string
}

func (f *jobFlags) add(cmd *cobra.Command) {
	cmd.Flags().IntVar(&f.piles, "piles", 0, "number of piles")
	cmd.Flags().IntVar(&f.max, "max", -1, "largest pile")
	cmd.Flags().StringVar(&f.kinds, "kinds", "G,Gm", "values to compute: any of G, Gm, R, Rm")
	cmd.Flags().Uint64Var(&f.per, "shard-positions", 1<<20, "most positions per shard")
	cmd.Flags().StringVar(&f.storeURL, "store", "", "object store URL (file:///dir, s3://bucket?…) or directory (required)")
}

// badInput marks errors in the command line (exit status 2).
type badInput struct{ error }

func (b badInput) Unwrap() error { return b.error }

func (f *jobFlags) job(game string) (cluster.Job, error) {
	j, err := f.check(game)
	if err != nil {
		return j, badInput{err}
	}
	return j, nil
}

func (f *jobFlags) check(game string) (cluster.Job, error) {
	if f.storeURL == "" {
		return cluster.Job{}, errors.New("--store: give the object store URL")
	}
	if f.piles < 1 || f.max < 0 {
		return cluster.Job{}, errors.New("--piles and --max: give a box, e.g. --piles 5 --max 12")
	}
	r, err := games.Parse(game)
	if err != nil {
		return cluster.Job{}, err
	}
	kinds, err := solve.ParseKinds(f.kinds)
	if err != nil {
		return cluster.Job{}, fmt.Errorf("--kinds: %w", err)
	}
	j := cluster.NewJob(r.Name(), f.piles, f.max, kinds, f.per)
	if _, err := cluster.NewPlan(j); err != nil {
		return cluster.Job{}, err
	}
	return j, nil
}

// printCount prints a result as grundy count does.
func printCount(res *cluster.Result, asJSON bool) error {
	r, err := games.Parse(res.Job.Game)
	if err != nil {
		return err
	}
	c := engine.CountStats(r, res.Job.Piles, res.Job.Max, solve.Stats{Positions: res.Positions, P: res.P, Pm: res.Pm, GHist: res.GHist, GmHist: res.GmHist}, res.Checksum)
	if asJSON {
		return render.JSON(os.Stdout, c)
	}
	return render.Count(os.Stdout, c)
}

func init() {
	var c conn
	var f jobFlags
	var id string
	var tiersPerRun int
	var hb time.Duration
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "solve GAME --piles N --max B --store URL",
		Short: "Start a solve on the cluster, or rejoin the one running, wait for it and print its counts",
		Long: `solve starts the workflow that solves the box into the store, or attaches to
it if it is already running (the workflow ID is derived from the store and
the box, or given with --id), waits until it finishes and prints the counts
and checksum as grundy count does. Killing solve does not stop the
workflow: run it again to wait for the result.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			j, err := f.job(args[0])
			if err != nil {
				return err
			}
			cl, err := c.dial(cmd.Context())
			if err != nil {
				return err
			}
			defer cl.Close()
			if id == "" {
				d := sha256.Sum256(fmt.Appendf(nil, "%s\n%+v", f.storeURL, j))
				id = "grundy-" + hex.EncodeToString(d[:8])
			}
			run, err := cl.ExecuteWorkflow(cmd.Context(), client.StartWorkflowOptions{
				ID:                       id,
				TaskQueue:                c.queue,
				WorkflowIDConflictPolicy: enums.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
				WorkflowIDReusePolicy:    enums.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE,
			}, flow.WorkflowName, flow.Input{Store: f.storeURL, Job: j, TiersPerRun: tiersPerRun, Heartbeat: hb})
			if err != nil {
				return fmt.Errorf("start workflow %s: %w", id, err)
			}
			fmt.Fprintf(os.Stderr, "grundy-worker: workflow %s (run %s) solving %s, %d piles ≤ %d into %s\n", id, run.GetRunID(), j.Game, j.Piles, j.Max, f.storeURL)
			stop := showProgress(cmd.Context(), cl, id)
			var res cluster.Result
			err = run.Get(cmd.Context(), &res)
			stop()
			if err != nil {
				return fmt.Errorf("workflow %s: %w", id, err)
			}
			return printCount(&res, asJSON)
		},
	}
	c.add(cmd)
	f.add(cmd)
	cmd.Flags().StringVar(&id, "id", "", "workflow ID (default: derived from the store URL and the box)")
	cmd.Flags().IntVar(&tiersPerRun, "tiers-per-run", 20, "tiers per workflow run before it continues as new")
	cmd.Flags().DurationVar(&hb, "heartbeat", 30*time.Second, "heartbeat timeout: how soon a dead worker's shard is retried elsewhere")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object, as grundy count --json")
	root.AddCommand(cmd)
}

// showProgress prints the workflow's tier on stderr when it changes, at
// most every few seconds, until stop is called.
func showProgress(ctx context.Context, cl client.Client, id string) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		last := -1
		t := time.NewTicker(3 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
			}
			v, err := cl.QueryWorkflow(ctx, id, "", flow.ProgressQuery)
			var p flow.Progress
			if err != nil || v.Get(&p) != nil || p.Tier == last {
				continue
			}
			last = p.Tier
			if p.Tier >= p.Tiers {
				fmt.Fprintf(os.Stderr, "grundy-worker: all %d tiers sealed; checking the table\n", p.Tiers)
			} else {
				fmt.Fprintf(os.Stderr, "grundy-worker: tier %d of %d\n", p.Tier, p.Tiers)
			}
		}
	}()
	return func() { close(done); <-finished }
}

func init() {
	var f jobFlags
	var cache string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "local GAME --piles N --max B --store URL",
		Short: "Solve a box into a store in this process, shard by shard, without Temporal",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			j, err := f.job(args[0])
			if err != nil {
				return err
			}
			st, err := cluster.Open(cmd.Context(), f.storeURL)
			if err != nil {
				return err
			}
			defer st.Close()
			if cache == "" {
				if cache, err = os.MkdirTemp("", "grundy-cache"); err != nil {
					return err
				}
				defer os.RemoveAll(cache)
			}
			c, err := cluster.NewCache(cache)
			if err != nil {
				return err
			}
			defer c.Close()
			start := time.Now()
			res, err := cluster.SolveLocal(cmd.Context(), st, j, &cluster.Worker{Cache: c, Workers: 1}, solve.Local{}, nil)
			if err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, "grundy-worker: %d positions, %d bytes of tiers in %d bytes of objects, %d fetched by the cache, in %s\n", res.Positions, res.Bytes, res.Stored, c.Fetched, time.Since(start).Round(time.Millisecond))
			return printCount(res, asJSON)
		},
	}
	f.add(cmd)
	cmd.Flags().StringVar(&cache, "cache", "", "directory for cached tiers (default: a temporary one)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object, as grundy count --json")
	root.AddCommand(cmd)
}

func init() {
	var storeURL, dir string
	cmd := &cobra.Command{
		Use:   "fetch --store URL -o DIR",
		Short: "Copy a finished table from the store to a directory that grundy --table reads",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if storeURL == "" || dir == "" {
				return badInput{errors.New("give --store URL and -o DIR")}
			}
			st, err := cluster.Open(cmd.Context(), storeURL)
			if err != nil {
				return err
			}
			defer st.Close()
			h, err := cluster.Export(cmd.Context(), st, dir)
			if err != nil {
				return err
			}
			fmt.Printf("table      %s\ngame       %s\nbox        %d piles, each ≤ %d\nkinds      %s\npositions  %d\ntiers      %d\nchecksum   %s\n",
				dir, h.Game, h.Piles, h.Max, h.Kinds, h.Positions, h.TierCount, h.Checksum)
			return nil
		},
	}
	cmd.Flags().StringVar(&storeURL, "store", "", "object store URL")
	cmd.Flags().StringVarP(&dir, "output", "o", "", "directory to write the table to")
	root.AddCommand(cmd)
}

// grundyProgram is the grundy program beside this one, or "grundy" to be
// found on PATH.
func grundyProgram() string {
	if self, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(self), "grundy")
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p
		}
	}
	return "grundy"
}

func init() {
	var c conn
	var storeURL, dir string
	var shards, max int
	var all, asJSON bool
	cmd := &cobra.Command{
		Use:   "check [ID...] [--all] --shards N --store URL -o DIR",
		Short: "Run grundy check in N shards as Temporal activities and print the merged report",
		Long: `check runs 'grundy check ID... --shard i/N' for i = 0..N−1 as activities on
the workers (each runs the grundy program beside it or on PATH), collects
the shard files from the store into DIR, and prints 'grundy check --merge
DIR': the report of the unsplit run, byte for byte.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if storeURL == "" || dir == "" || shards < 1 {
				return badInput{errors.New("give --shards N, --store URL and -o DIR")}
			}
			if all == (len(args) > 0) {
				return badInput{errors.New("give claim IDs or --all")}
			}
			checkArgs := args
			if all {
				checkArgs = []string{"--all"}
			}
			if given := cmd.Flags().Changed("max"); given {
				checkArgs = append(checkArgs, "--max", fmt.Sprint(max))
			}
			cl, err := c.dial(cmd.Context())
			if err != nil {
				return err
			}
			defer cl.Close()
			d := sha256.Sum256(fmt.Appendf(nil, "%s\n%q\n%d", storeURL, checkArgs, shards))
			id := "grundy-check-" + hex.EncodeToString(d[:8])
			run, err := cl.ExecuteWorkflow(cmd.Context(), client.StartWorkflowOptions{
				ID: id, TaskQueue: c.queue,
				WorkflowIDConflictPolicy: enums.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
				WorkflowIDReusePolicy:    enums.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE,
			}, flow.CheckWorkflowName, flow.CheckInput{Store: storeURL, Args: checkArgs, Shards: shards})
			if err != nil {
				return fmt.Errorf("start workflow %s: %w", id, err)
			}
			fmt.Fprintf(os.Stderr, "grundy-worker: workflow %s checking %s in %d shards\n", id, strings.Join(checkArgs, " "), shards)
			var keys []string
			if err := run.Get(cmd.Context(), &keys); err != nil {
				return fmt.Errorf("workflow %s: %w", id, err)
			}
			st, err := cluster.Open(cmd.Context(), storeURL)
			if err != nil {
				return err
			}
			defer st.Close()
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			for _, k := range keys {
				b, err := st.Bucket().ReadAll(cmd.Context(), k)
				if err != nil {
					return err
				}
				if err := os.WriteFile(filepath.Join(dir, filepath.Base(k)), b, 0o644); err != nil {
					return err
				}
			}
			merge := []string{"check", "--merge", dir}
			if asJSON {
				merge = append(merge, "--json")
			}
			m := exec.CommandContext(cmd.Context(), grundyProgram(), merge...)
			m.Stdout, m.Stderr = os.Stdout, os.Stderr
			return m.Run()
		},
	}
	c.add(cmd)
	cmd.Flags().BoolVar(&all, "all", false, "check every claim")
	cmd.Flags().IntVar(&max, "max", 0, "largest pile of every box (default: each claim's own)")
	cmd.Flags().IntVar(&shards, "shards", 0, "number of shards (activities)")
	cmd.Flags().StringVar(&storeURL, "store", "", "object store URL for the shard files")
	cmd.Flags().StringVarP(&dir, "output", "o", "", "directory to collect the shard files in")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the merged report as JSON")
	root.AddCommand(cmd)
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := root.ExecuteContext(ctx)
	if err == nil {
		return
	}
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(os.Stderr, "grundy-worker: interrupted")
		os.Exit(130)
	}
	fmt.Fprintf(os.Stderr, "grundy-worker: %v\n", err)
	if errors.As(err, new(badInput)) || strings.HasPrefix(err.Error(), "unknown ") || strings.Contains(err.Error(), "flag") {
		os.Exit(2)
	}
	os.Exit(1)
}
