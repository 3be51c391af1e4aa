package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/grundy/grundy/prove"
	"github.com/grundy/grundy/theory"
)

// A ProveJob is one claim on one game and pile count, proved directly, or
// derived from the claims Via (proved for the same game and pile count)
// when Via is set.
type ProveJob struct {
	Claim    *theory.Claim
	Instance prove.Instance
	Via      []*theory.Claim
}

// ProveOptions tune ProveJobs.
type ProveOptions struct {
	Prove   prove.Options
	Workers int           // jobs proved at once (each runs its own solver processes)
	Budget  time.Duration // per job, all its problems together; 0: none
	// Progress, if set, hears of the jobs done of all.
	Progress func(done, total uint64)
}

// ProveJobs proves jobs on opt.Workers goroutines (their solvers run as
// separate processes, so this spreads over the cores), each job within
// opt.Budget when it is positive, and hands each result to emit as soon as it is
// done — so a slow claim holds back neither the output nor the ledger. A
// job over its budget gives an Unknown result saying so; any other error
// stops the run.
func ProveJobs(ctx context.Context, jobs []ProveJob, o ProveOptions, emit func(ProveJob, prove.Result) error) error {
	opt, workers, budget, progress := o.Prove, o.Workers, o.Budget, o.Progress
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type outcome struct {
		i   int
		res prove.Result
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
	opt.Progress = nil // one bar for the whole run, not one per job
	for range max(1, workers) {
		go func() {
			for i := range next {
				res, err := proveOne(ctx, jobs[i], opt, budget)
				results <- outcome{i, res, err}
			}
		}()
	}
	for done := range len(jobs) {
		var o outcome
		select {
		case o = <-results:
		case <-ctx.Done():
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

// proveOne proves one job within its budget.
func proveOne(ctx context.Context, j ProveJob, opt prove.Options, budget time.Duration) (res prove.Result, err error) {
	jctx := ctx
	if budget > 0 {
		var cancel context.CancelFunc
		jctx, cancel = context.WithTimeout(ctx, budget)
		defer cancel()
	}
	if len(j.Via) > 0 {
		res, err = prove.ProveFrom(jctx, j.Claim, j.Instance, j.Via, opt)
	} else {
		res, err = prove.Prove(jctx, j.Claim, j.Instance, opt)
	}
	if err != nil && ctx.Err() == nil && errors.Is(jctx.Err(), context.DeadlineExceeded) {
		res = prove.Result{ID: j.Claim.ID, Game: j.Instance.Ruleset.Name(), Piles: j.Instance.Piles, Params: prove.Params(j.Instance.Ruleset),
			Solver: opt.Solvers.String(), Status: prove.Unknown, Obligations: []prove.ObligationResult{},
			Reason: fmt.Sprintf("over the per-claim time budget (%v)", budget)}
		for _, ref := range j.Via {
			res.Via = append(res.Via, ref.ID)
		}
		return res, nil
	}
	return res, err
}
