package prover

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/grundy/grundy/proof/smt"
	"github.com/grundy/grundy/theory"
)

// A ProveJob is one claim on one game and pile count, proved directly, or
// derived from the claims Via (proved for the same game and pile count)
// when Via is set.
type ProveJob struct {
	Claim    *theory.Claim
	Instance smt.Instance
	Via      []*theory.Claim
}

// ProveOptions tune ProveJobs.
type ProveOptions struct {
	Prove   smt.Options
	Workers int // jobs proved at once (each runs its own solver processes)
	// Budget is the CPU time of all the solver processes of one job
	// together (smt.Options.CPUBudget); 0: none.
	Budget time.Duration
	// Progress, if set, hears of the jobs done of all.
	Progress func(done, total uint64)
}

// ProveJobs proves jobs on opt.Workers goroutines (their solvers run as
// separate processes, so this spreads over the cores), each job within
// opt.Budget of solver CPU time when it is positive, and hands each result to emit as soon as it is
// done — so a slow claim holds back neither the output nor the ledger,
// and an interrupted run still hands over every result finished. A
// job over its budget gives an Unknown result saying so; any other error
// stops the run.
func ProveJobs(ctx context.Context, jobs []ProveJob, o ProveOptions, emit func(ProveJob, smt.Result) error) error {
	opt, budget := o.Prove, o.Budget
	opt.Progress = nil // one bar for the whole run, not one per job
	if opt.Cache == nil {
		// Jobs of one run share the problems they have in common.
		opt.Cache = smt.NewCache()
	}
	return runJobs(ctx, jobs, o.Workers, func(ctx context.Context, j ProveJob) (smt.Result, error) {
		return proveOne(ctx, j, opt, budget)
	}, o.Progress, emit)
}

// runJobs is ProveJobs with the proof of one job given. An interrupted
// run still hands over every result finished, before or as it stopped.
func runJobs(ctx context.Context, jobs []ProveJob, workers int, run func(context.Context, ProveJob) (smt.Result, error),
	progress func(done, total uint64), emit func(ProveJob, smt.Result) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type outcome struct {
		i   int
		res smt.Result
		err error
	}
	results := make(chan outcome, len(jobs))
	next := make(chan int)
	go func() {
		defer close(next)
		for i := range jobs {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range max(1, workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				res, err := run(ctx, jobs[i])
				results <- outcome{i, res, err}
			}
		}()
	}
	for done := range len(jobs) {
		var o outcome
		select {
		case o = <-results:
		case <-ctx.Done():
			// Interrupted: the jobs stop with the context; what finished
			// (before or as it stopped) is still written.
			wg.Wait()
			close(results)
			for o := range results {
				if o.err == nil {
					if err := emit(jobs[o.i], o.res); err != nil {
						return err
					}
				}
			}
			return ctx.Err()
		}
		if o.err != nil {
			return o.err
		}
		if err := emit(jobs[o.i], o.res); err != nil {
			return err
		}
		if progress != nil {
			progress(uint64(done+1), uint64(len(jobs)))
		}
	}
	return nil
}

// proveOne proves one job within its CPU budget.
func proveOne(ctx context.Context, j ProveJob, opt smt.Options, budget time.Duration) (res smt.Result, err error) {
	opt.CPUBudget = budget
	if len(j.Via) > 0 {
		res, err = smt.ProveFrom(ctx, j.Claim, j.Instance, j.Via, opt)
	} else {
		res, err = smt.Prove(ctx, j.Claim, j.Instance, opt)
	}
	if errors.Is(err, smt.ErrOverBudget) {
		res = smt.Result{ID: j.Claim.ID, Game: j.Instance.Ruleset.Name(), Piles: j.Instance.Piles, Params: smt.Params(j.Instance.Ruleset),
			Solver: opt.Solvers.String(), Status: smt.Unknown, Obligations: []smt.ObligationResult{},
			Reason: fmt.Sprintf("over the per-claim CPU budget (%v of solver CPU time)", budget)}
		for _, ref := range j.Via {
			res.Via = append(res.Via, ref.ID)
		}
		return res, nil
	}
	return res, err
}
