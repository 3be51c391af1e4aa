package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"

	"github.com/grundy/grundy/cluster"
)

// workerIdentity is the identity a worker polls with: the SDK's default
// (pid@host@queue) and what the cost model needs to know of it, which a
// coordinator reads back from the task queue's pollers (machinesOf).
func workerIdentity(queue string, activities, tiersThreads int) string {
	host, _ := os.Hostname()
	cores := runtime.GOMAXPROCS(0)
	if tiersThreads <= 0 {
		tiersThreads = cores
	}
	return fmt.Sprintf("%d@%s@%s cores=%d activities=%d tiers-threads=%d", os.Getpid(), host, queue, cores, max(activities, 1), tiersThreads)
}

// machinesOf groups the identities of a task queue's pollers by machine
// (the host between the first two @): each machine's cores count once,
// however many workers it runs, and each worker's activity slots add up.
// A poller whose identity does not carry them (an older worker, another
// program) counts one core and one slot.
func machinesOf(identities []string) cluster.Machines {
	cores := map[string]int{}
	var m cluster.Machines
	for _, id := range identities {
		parts := strings.SplitN(id, "@", 3)
		if len(parts) < 3 {
			continue
		}
		c, t, a := 1, 1, 1
		for _, f := range strings.Fields(parts[2]) {
			k, v, _ := strings.Cut(f, "=")
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				continue
			}
			switch k {
			case "cores":
				c = n
			case "tiers-threads":
				t = n
			case "activities":
				a = n
			}
		}
		cores[parts[1]] = max(cores[parts[1]], c)
		m.Slots += a
		if t = min(t, c); m.BatchCores == 0 || t < m.BatchCores {
			m.BatchCores = t
		}
	}
	for _, c := range cores {
		m.Count++
		m.Cores += c
	}
	return m
}

// pollingMachines is the machines of the workers that polled queue's
// activities in the last minute, waiting up to wait for a first one.
func pollingMachines(ctx context.Context, cl client.Client, queue string, wait time.Duration) (cluster.Machines, error) {
	deadline := time.Now().Add(wait)
	for {
		resp, err := cl.DescribeTaskQueue(ctx, queue, enums.TASK_QUEUE_TYPE_ACTIVITY)
		if err != nil {
			return cluster.Machines{}, fmt.Errorf("describe task queue %s: %w", queue, err)
		}
		var ids []string
		for _, p := range resp.GetPollers() {
			if t := p.GetLastAccessTime(); t == nil || time.Since(t.AsTime()) < time.Minute {
				ids = append(ids, p.GetIdentity())
			}
		}
		if m := machinesOf(ids); m.Count > 0 || time.Now().After(deadline) {
			return m, nil
		}
		select {
		case <-ctx.Done():
			return cluster.Machines{}, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// parseBatch reads solve's --batch-positions before anything is dialled:
// a number of positions (given), or auto.
func parseBatch(flag string) (n uint64, given bool, err error) {
	if flag == "auto" {
		return 0, false, nil
	}
	n, err = strconv.ParseUint(flag, 10, 64)
	if err != nil {
		return 0, false, badInput{fmt.Errorf("--batch-positions %q: give a number of positions or auto", flag)}
	}
	return n, true, nil
}

// autoBatch is --batch-positions auto: what cluster.DefaultCost chooses
// for the machines m seen polling the queue (or, when none polls yet, for
// parallel one-core slots).
func autoBatch(m cluster.Machines, queue string, p *cluster.Plan, parallel int) uint64 {
	seen := fmt.Sprintf("workers on %d machine(s), %d cores in all, %d threads a batch", m.Count, m.Cores, m.BatchCores)
	if m.Count == 0 {
		m = cluster.Machines{Cores: parallel, BatchCores: 1}
		seen = fmt.Sprintf("no worker polls %s yet: assuming %d one-core slots (--parallel)", queue, parallel)
	}
	n := cluster.DefaultCost.BatchPositions(p, m)
	batched := 0
	for s := range p.Tiers() {
		if p.Solver.Index.TierSize(s) <= n {
			batched++
		}
	}
	logf("cost model (%s): runs of tiers of at most %d positions in one activity, %d of %d tiers", seen, n, batched, p.Tiers())
	return n
}
