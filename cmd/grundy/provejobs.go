package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/grundy/grundy/prove"
	"github.com/grundy/grundy/theory"
)

// A proveJob is one claim on one game and pile count, proved directly, or
// derived from the claims via (proved for the same game and pile count)
// when via is set.
type proveJob struct {
	c   *theory.Claim
	in  prove.Instance
	via []*theory.Claim
}

// proveParallel proves jobs on workers goroutines (their solvers run as
// separate processes, so this spreads over the cores), each job within
// budget when budget > 0, and hands each result to emit as soon as it is
// done — so a slow claim holds back neither the output nor the ledger,
// and an interrupted run still hands over every result finished. A
// job over its budget gives an Unknown result saying so; any other error
// stops the run.
func proveParallel(ctx context.Context, jobs []proveJob, opt prove.Options, workers int, budget time.Duration,
	progress func(done, total uint64), emit func(proveJob, prove.Result) error) error {
	opt.Progress = nil // one bar for the whole run, not one per job
	return runParallel(ctx, jobs, workers, func(ctx context.Context, j proveJob) (prove.Result, error) {
		return proveOne(ctx, j, opt, budget)
	}, progress, emit)
}

// runParallel is proveParallel with the proof of one job given.
func runParallel(ctx context.Context, jobs []proveJob, workers int, run func(context.Context, proveJob) (prove.Result, error),
	progress func(done, total uint64), emit func(proveJob, prove.Result) error) error {
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

// proveOne proves one job within its budget.
func proveOne(ctx context.Context, j proveJob, opt prove.Options, budget time.Duration) (res prove.Result, err error) {
	jctx := ctx
	if budget > 0 {
		var cancel context.CancelFunc
		jctx, cancel = context.WithTimeout(ctx, budget)
		defer cancel()
	}
	if len(j.via) > 0 {
		res, err = prove.ProveFrom(jctx, j.c, j.in, j.via, opt)
	} else {
		res, err = prove.Prove(jctx, j.c, j.in, opt)
	}
	if err != nil && ctx.Err() == nil && errors.Is(jctx.Err(), context.DeadlineExceeded) {
		res = prove.Result{ID: j.c.ID, Game: j.in.Ruleset.Name(), Piles: j.in.Piles, Params: prove.Params(j.in.Ruleset),
			Solver: opt.Solvers.String(), Status: prove.Unknown, Obligations: []prove.ObligationResult{},
			Reason: fmt.Sprintf("over the per-claim time budget (%v)", budget)}
		for _, ref := range j.via {
			res.Via = append(res.Via, ref.ID)
		}
		return res, nil
	}
	return res, err
}
