package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/cluster"
	"github.com/grundy/grundy/cmd/grundy-worker/internal/flow"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/render"
	"github.com/grundy/grundy/solve"
	"github.com/spf13/cobra"
	"go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
)

// newRoot builds the command tree afresh for each run (no package state
// shared between runs or tests).
func newRoot() *cobra.Command {
	var lf logFlags
	root := &cobra.Command{
		Use:           "grundy-worker",
		Short:         "Solve grundy boxes on a Temporal cluster with tables in object storage",
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(*cobra.Command, []string) error {
			return lf.setup(os.Stderr)
		},
	}
	lf.add(root)
	root.AddCommand(runCommand(), solveCommand(), localCommand(), fetchCommand(), checkCommand(), verifyCommand(), repairCommand(), statusCommand(), cancelCommand())
	return root
}

// runCommand is `grundy-worker run`.
func runCommand() *cobra.Command {
	var c conn
	var cache string
	var pollers, slots, threads, tiersThreads int
	var delay time.Duration
	var metricsAddr string
	cmd := &cobra.Command{
		Use:   "run",
		Short: "Run a worker: poll the task queue for solves and shards until interrupted",
		Long: `run polls the task queue for solves and shards until interrupted (SIGINT or
SIGTERM). With --metrics-address it serves Prometheus metrics at /metrics
(the Temporal SDK's temporal_* and grundy_worker_*: tiers sealed,
positions solved, bytes read, written and fetched, failed attempts by
cause), /livez (the process answers) and /readyz (the worker polls and
the Temporal frontend answers) for Kubernetes probes.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			reg := newRegistry()
			ready := &workerReady{}
			if metricsAddr != "" {
				// Served before dialling, so that liveness holds while
				// Temporal is awaited and readiness says why not.
				addr, err := serveMetrics(ctx, metricsAddr, reg, ready.check)
				if err != nil {
					return err
				}
				logf("metrics on http://%s/metrics, probes at /livez and /readyz", addr)
			}
			c.metrics = newPromHandler(reg)
			cl, err := c.dial(ctx)
			if err != nil {
				return err
			}
			defer cl.Close()
			opts := flow.WorkerOptions(pollers, slots)
			opts.Identity = workerIdentity(c.queue, slots, tiersThreads)
			acts := &flow.Activities{CacheDir: cache, Workers: threads, TiersWorkers: tiersThreads, ShardDelay: delay, Log: logger(),
				Identity: opts.Identity}
			defer acts.Close()
			reg.MustRegister(workerCollector(acts))
			w := worker.New(cl, c.queue, opts)
			acts.Register(w)
			if err := w.Start(); err != nil {
				return err
			}
			ready.mu.Lock()
			ready.cl = cl
			ready.mu.Unlock()
			ready.started()
			logf("polling %s on %s as %s (%d pollers, %d shards at once, %d threads each)", c.queue, c.address, opts.Identity, pollers, slots, max(threads, 1))
			<-ctx.Done()
			w.Stop()
			return nil
		},
	}
	c.add(cmd)
	cmd.Flags().StringVar(&metricsAddr, "metrics-address", "", "serve /metrics, /livez and /readyz on HOST:PORT (e.g. :9090; default: none)")
	cmd.Flags().StringVar(&cache, "cache", "", "directory for the tiers this worker reads (default: a directory under $TMPDIR)")
	cmd.Flags().IntVar(&pollers, "pollers", 8, "pollers per task type (the SDK's default is 2)")
	cmd.Flags().IntVar(&slots, "activities", runtime.GOMAXPROCS(0), "shards computed at once")
	cmd.Flags().IntVar(&threads, "threads", 1, "goroutines per shard")
	cmd.Flags().IntVar(&tiersThreads, "tiers-threads", runtime.GOMAXPROCS(0), "goroutines of a run of small tiers solved in one activity (solve --batch-positions)")
	cmd.Flags().DurationVar(&delay, "shard-delay", 0, "sleep before each shard (fault-injection tests only)")
	cmd.Flags().MarkHidden("shard-delay")
	return cmd
}

// jobFlags are the flags that describe a box.
type jobFlags struct {
	piles, max int
	kinds      string
	per        uint64
	parallel   int
	storeURL   string
	// chosen is set when job chose the shard size (ShardSize), neither
	// given nor the store's.
	chosen bool
}

func (f *jobFlags) add(cmd *cobra.Command) {
	cmd.Flags().IntVar(&f.piles, "piles", 0, "number of piles")
	cmd.Flags().IntVar(&f.max, "max", -1, "largest pile")
	cmd.Flags().StringVar(&f.kinds, "kinds", "G,Gm", "values to compute: any of G, Gm, R, Rm")
	cmd.Flags().Uint64Var(&f.per, "shard-positions", 0, "most positions per shard (default: the store's job's, or chosen from the largest tier and --parallel)")
	cmd.Flags().IntVar(&f.parallel, "parallel", 16, "shards the cluster runs at once (workers × their --activities); sizes the shards when --shard-positions is not given (solve: default the workers polling, else 16)")
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
	kinds, err := grundy.ParseKinds(f.kinds)
	if err != nil {
		return cluster.Job{}, fmt.Errorf("--kinds: %w", err)
	}
	j := cluster.NewJob(r.Name(), f.piles, f.max, kinds, f.per)
	if f.per == 0 {
		if j.ShardPositions, err = f.shardSize(j); err != nil {
			return cluster.Job{}, err
		}
	}
	if _, err := cluster.NewPlan(j); err != nil {
		return cluster.Job{}, err
	}
	return j, nil
}

// shardSize is the positions per shard of the store's job when it holds
// this box (so that a resubmit without --shard-positions continues it),
// or else the size cluster.ShardSize chooses for --parallel.
func (f *jobFlags) shardSize(j cluster.Job) (uint64, error) {
	ctx, cancel := context.WithTimeout(context.Background(), cluster.ProbeTimeout)
	defer cancel()
	if st, err := cluster.Open(ctx, f.storeURL); err == nil {
		old, err := st.Job(ctx)
		st.Close()
		if err == nil && old.Game == j.Game && old.Piles == j.Piles && old.Max == j.Max && old.Kinds == j.Kinds {
			return old.ShardPositions, nil
		}
	}
	if f.parallel < 1 {
		return 0, errors.New("--parallel: give a positive number of shards run at once")
	}
	largest, err := cluster.LargestTier(j)
	if err != nil {
		return 0, err
	}
	f.chosen = true
	return cluster.ShardSize(largest, f.parallel), nil
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

// solveCommand is `grundy-worker solve`.
func solveCommand() *cobra.Command {
	var c conn
	var f jobFlags
	var id string
	var tiersPerRun int
	var batchFlag string
	var hb time.Duration
	var asJSON bool
	var metricsAddr string
	cmd := &cobra.Command{
		Use:   "solve GAME --piles N --max B --store URL",
		Short: "Start a solve on the cluster, or rejoin the one running, wait for it and print its counts",
		Long: `solve starts the workflow that solves the box into the store, or attaches to
it if it is already running (the workflow ID is derived from the store and
the box, or given with --id), waits until it finishes and prints the counts
and checksum as grundy count does. Killing solve does not stop the
workflow: run it again to wait for the result. With --metrics-address it
serves grundy_solve_tiers, grundy_solve_tiers_sealed and
grundy_solve_failed_attempts_total (by cause) with the Temporal SDK's
client metrics at /metrics, and /livez and /readyz.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			j, err := f.job(args[0])
			if err != nil {
				return err
			}
			batch, batchGiven, err := parseBatch(batchFlag)
			if err != nil {
				return err
			}
			// Both ends are probed before the workflow starts: an
			// unreachable store would otherwise only show as workers
			// retrying their first shard for minutes.
			if err := probeStore(cmd.Context(), f.storeURL); err != nil {
				return err
			}
			var m *coordMetrics
			if metricsAddr != "" {
				reg := newRegistry()
				m = &coordMetrics{}
				reg.MustRegister(m.collector())
				c.metrics = newPromHandler(reg)
				addr, err := serveMetrics(cmd.Context(), metricsAddr, reg, func(context.Context) error { return nil })
				if err != nil {
					return err
				}
				logf("metrics on http://%s/metrics", addr)
			}
			cl, err := c.dial(cmd.Context())
			if err != nil {
				return err
			}
			defer cl.Close()
			p, err := cluster.NewPlan(j)
			if err != nil {
				return badInput{err}
			}
			// The workers polling tell the cost model what to batch
			// and, unless --parallel says, how many shards run at once.
			sizeBySlots := f.chosen && !cmd.Flags().Changed("parallel")
			var machines cluster.Machines
			if !batchGiven || sizeBySlots {
				if machines, err = pollingMachines(cmd.Context(), cl, c.queue, 15*time.Second); err != nil {
					if cmd.Context().Err() != nil {
						return err
					}
					// A server that will not list pollers (an API key
					// without the right) leaves the defaults.
					logf("cannot see the workers polling: %s", oneLine(err))
				}
			}
			if !batchGiven {
				batch = autoBatch(machines, c.queue, p, f.parallel)
			}
			largest, err := cluster.LargestTier(j)
			if err != nil {
				return err
			}
			switch {
			case f.chosen && batch >= largest:
				// No tier is split: shards only cut tiers into objects,
				// and one a tier costs the fewest requests and digests.
				j.ShardPositions = cluster.BatchedShardSize(largest)
			case sizeBySlots && machines.Slots > 0:
				j.ShardPositions = cluster.ShardSize(largest, machines.Slots)
			}
			if id == "" {
				id = workflowID(f.storeURL, j)
			}
			run, err := cl.ExecuteWorkflow(cmd.Context(), client.StartWorkflowOptions{
				ID:                       id,
				TaskQueue:                c.queue,
				WorkflowIDConflictPolicy: enums.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
				WorkflowIDReusePolicy:    enums.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE,
			}, flow.WorkflowName, flow.Input{Store: f.storeURL, Job: j, TiersPerRun: tiersPerRun, Heartbeat: hb, BatchPositions: batch})
			if err != nil {
				return fmt.Errorf("start workflow %s: %s", id, flow.Cause(err))
			}
			logf("workflow %s (run %s) solving %s, %d piles ≤ %d into %s", id, run.GetRunID(), j.Game, j.Piles, j.Max, f.storeURL)
			m.setTiers(p.Tiers())
			stop := showProgress(cmd.Context(), cl, id, m)
			var res cluster.Result
			err = run.Get(cmd.Context(), &res)
			stop()
			if err := cmd.Context().Err(); err != nil {
				logf("workflow %s keeps running; rejoin it with the same command, or stop it with grundy-worker cancel --store URL", id)
				return err
			}
			var gone *serviceerror.NotFound
			if errors.As(err, &gone) {
				// A dev server restarted without its state file, or a
				// namespace's retention passed: the sealed tiers are
				// in the store.
				return fmt.Errorf("workflow %s is gone from Temporal (%s): run solve again; it continues from the tiers sealed in the store", id, oneLine(err))
			}
			if err != nil {
				return fmt.Errorf("workflow %s: %s", id, flow.Cause(err))
			}
			m.setSealed(p.Tiers())
			if res.Reread > 0 {
				logf("the %d tiers sealed before this run were read back and match their manifests", res.Reread)
			} else {
				logf("every tier was computed by this run and checked as it was sealed")
			}
			return printCount(&res, asJSON)
		},
	}
	c.add(cmd)
	f.add(cmd)
	cmd.Flags().StringVar(&id, "id", "", "workflow ID (default: derived from the store URL and the box)")
	cmd.Flags().IntVar(&tiersPerRun, "tiers-per-run", 20, "tiers per workflow run before it continues as new")
	cmd.Flags().StringVar(&batchFlag, "batch-positions", "auto", "solve each run of tiers of at most this many positions in one activity, on one worker (0: every tier in shards; auto: chosen by the cost model for the workers polling)")
	cmd.Flags().DurationVar(&hb, "heartbeat", 30*time.Second, "heartbeat timeout: how soon a dead worker's shard is retried elsewhere")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object, as grundy count --json")
	cmd.Flags().StringVar(&metricsAddr, "metrics-address", "", "serve /metrics, /livez and /readyz on HOST:PORT while waiting (default: none)")
	return cmd
}

// localCommand is `grundy-worker local`.
func localCommand() *cobra.Command {
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
			logf("%d positions, %d bytes of tiers in %d bytes of objects, %d fetched by the cache, in %s", res.Positions, res.Bytes, res.Stored, c.Fetched, time.Since(start).Round(time.Millisecond))
			return printCount(res, asJSON)
		},
	}
	f.add(cmd)
	cmd.Flags().StringVar(&cache, "cache", "", "directory for cached tiers (default: a temporary one)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object, as grundy count --json")
	return cmd
}

// fetchCommand is `grundy-worker fetch`.
func fetchCommand() *cobra.Command {
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
	return cmd
}

// checkCommand is `grundy-worker check`.
func checkCommand() *cobra.Command {
	var c conn
	var storeURL, dir string
	var shards, max int
	var all, asJSON bool
	cmd := &cobra.Command{
		Use:   "check [ID...] [--all] --shards N --store URL -o DIR",
		Short: "Run grundy check in N shards as Temporal activities and print the merged report",
		Long: `check runs the audit of the claims given (or --all) in N shards, as
'grundy check ID... --shard i/N' would, as activities on the workers
(each audits its shard in its own process), collects the shard files
from the store into DIR, and prints what 'grundy check --merge DIR'
prints: the report of the unsplit run, byte for byte.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if storeURL == "" || dir == "" || shards < 1 {
				return badInput{errors.New("give --shards N, --store URL and -o DIR")}
			}
			if all == (len(args) > 0) {
				return badInput{errors.New("give claim IDs or --all")}
			}
			if cmd.Flags().Changed("max") && max < 1 {
				return badInput{fmt.Errorf("--max %d: give the largest pile size of the boxes, at least 1", max)}
			}
			sel := engine.ClaimSelection{All: all, IDs: args}
			if _, err := sel.Claims(); err != nil {
				return badInput{err}
			}
			cl, err := c.dial(cmd.Context())
			if err != nil {
				return err
			}
			defer cl.Close()
			d := sha256.Sum256(fmt.Appendf(nil, "%s\n%t %q\n%d\n%d", storeURL, all, args, max, shards))
			id := "grundy-check-" + hex.EncodeToString(d[:8])
			run, err := cl.ExecuteWorkflow(cmd.Context(), client.StartWorkflowOptions{
				ID: id, TaskQueue: c.queue,
				WorkflowIDConflictPolicy: enums.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
				WorkflowIDReusePolicy:    enums.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE,
			}, flow.CheckWorkflowName, flow.CheckInput{Store: storeURL, Selection: sel, Max: max, Shards: shards})
			if err != nil {
				return fmt.Errorf("start workflow %s: %w", id, err)
			}
			logf("workflow %s checking %s (max %d) in %d shards", id, sel, max, shards)
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
			report, err := engine.ReadShards(dir)
			if err != nil {
				return err
			}
			if asJSON {
				return render.AuditReportJSON(os.Stdout, report)
			}
			return render.AuditReport(os.Stdout, report)
		},
	}
	c.add(cmd)
	cmd.Flags().BoolVar(&all, "all", false, "check every claim")
	cmd.Flags().IntVar(&max, "max", 0, "largest pile of every box (default: each claim's own)")
	cmd.Flags().IntVar(&shards, "shards", 0, "number of shards (activities)")
	cmd.Flags().StringVar(&storeURL, "store", "", "object store URL for the shard files")
	cmd.Flags().StringVarP(&dir, "output", "o", "", "directory to collect the shard files in")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the merged report as JSON")
	return cmd
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := newRoot().ExecuteContext(ctx)
	if err == nil {
		return
	}
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(os.Stderr, "grundy-worker: interrupted")
		os.Exit(130)
	}
	if p := loggers.Load(); p != nil && p.json {
		// One format for every line, the last one too.
		p.own.Error(oneLine(err))
	} else {
		fmt.Fprintf(os.Stderr, "grundy-worker: %v\n", err)
	}
	if errors.As(err, new(badInput)) || strings.HasPrefix(err.Error(), "unknown ") || strings.Contains(err.Error(), "flag") {
		os.Exit(2)
	}
	os.Exit(1)
}
