package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.temporal.io/api/enums/v1"
	workflowpb "go.temporal.io/api/workflow/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/converter"

	"github.com/grundy/grundy/cluster"
	"github.com/grundy/grundy/cmd/grundy-worker/internal/flow"
)

// retryQuiet is how long the coordinator keeps quiet about more failed
// attempts of one cause after reporting one: an outage of a minute makes
// a failed attempt every few seconds, and a line each would bury the
// rest.
const retryQuiet = 30 * time.Second

// A retryReporter turns what Temporal says of the pending activities
// into lines about failed attempts: each names the worker that ran the
// failed attempt (Temporal names only the last worker to start one,
// which after a retry began is the next attempt's), says the cause once,
// and repeats a cause at most every retryQuiet, counting the attempts
// it did not show.
type retryReporter struct {
	// workers[id][attempt] is the worker seen running an attempt.
	workers map[string]map[int32]string
	// reported[id] is the last attempt reported failed.
	reported map[string]int32
	// last[cause] is when a line last reported the cause; held counts
	// the failures of the cause not shown since.
	last map[string]time.Time
	held map[string]int
	// Retries counts the failed attempts seen, by cause (metrics).
	Retries map[string]int
}

func newRetryReporter() *retryReporter {
	return &retryReporter{workers: map[string]map[int32]string{}, reported: map[string]int32{},
		last: map[string]time.Time{}, held: map[string]int{}, Retries: map[string]int{}}
}

// beat decodes an activity's heartbeat details (flow.Beat); ok is false
// for none or another shape.
func beat(a *workflowpb.PendingActivityInfo) (b flow.Beat, ok bool) {
	d := a.GetHeartbeatDetails()
	if d == nil || len(d.GetPayloads()) == 0 {
		return b, false
	}
	if err := converter.GetDefaultDataConverter().FromPayloads(d, &b); err != nil || b.Worker == "" {
		return b, false
	}
	return b, true
}

// cause is a failure's error type (StoreUnreachable, Corrupt, …), or
// what timed out, for grouping and metrics.
func cause(a *workflowpb.PendingActivityInfo) string {
	f := a.GetLastFailure()
	if t := f.GetApplicationFailureInfo().GetType(); t != "" {
		return t
	}
	if t := f.GetTimeoutFailureInfo(); t != nil {
		// A worker that died is noticed by its missing heartbeats.
		return strings.ToLower(strings.TrimPrefix(t.GetTimeoutType().String(), "TIMEOUT_TYPE_")) + "_timeout"
	}
	return "other"
}

// note records what acts show and returns the lines to log at now.
func (r *retryReporter) note(acts []*workflowpb.PendingActivityInfo, now time.Time) []string {
	var lines []string
	for _, a := range acts {
		id := a.GetActivityId()
		seen := r.workers[id]
		if seen == nil {
			seen = map[int32]string{}
			r.workers[id] = seen
		}
		if a.GetState() == enums.PENDING_ACTIVITY_STATE_STARTED && a.GetLastWorkerIdentity() != "" {
			seen[a.GetAttempt()] = a.GetLastWorkerIdentity()
		}
		if b, ok := beat(a); ok {
			seen[b.Attempt] = b.Worker
		}
		failed := a.GetAttempt() - 1
		if failed < 1 || a.GetLastFailure() == nil || failed <= r.reported[id] {
			continue
		}
		newly := int(failed - max(r.reported[id], 0))
		r.reported[id] = failed
		c := cause(a)
		r.Retries[c] += newly
		if now.Sub(r.last[c]) < retryQuiet {
			r.held[c] += newly
			continue
		}
		worker := seen[failed]
		if worker == "" && a.GetState() != enums.PENDING_ACTIVITY_STATE_STARTED {
			// No later attempt has started: Temporal's last worker is
			// the failed attempt's.
			worker = a.GetLastWorkerIdentity()
		}
		if worker == "" {
			worker = "a worker not seen"
		}
		line := fmt.Sprintf("%s (activity %s) attempt %d of %d failed on %s: %s", a.GetActivityType().GetName(), id,
			failed, a.GetMaximumAttempts(), worker, cluster.Shorten(strings.Join(strings.Fields(a.GetLastFailure().GetMessage()), " "), 200))
		if h := r.held[c]; h > 0 {
			line += fmt.Sprintf(" (and %d more attempts failed for %s in the last %v)", h, c, now.Sub(r.last[c]).Round(time.Second))
		}
		r.last[c], r.held[c] = now, 0
		lines = append(lines, line)
	}
	return lines
}

// batchEvery is how often the coordinator reports the tier a run of
// small tiers has reached.
const batchEvery = 10 * time.Second

// A batchReporter follows a run of small tiers solved in one activity
// through the tier its heartbeats say it sealed (flow.Beat).
type batchReporter struct {
	last int // tier last reported
	at   time.Time
}

// note returns the tiers sealed from tier 0 on that a pending run of
// small tiers shows (0 if none does), and a line when it sealed another
// tier since the last line and that was at least batchEvery ago.
func (r *batchReporter) note(acts []*workflowpb.PendingActivityInfo, now time.Time) (sealed int, line string) {
	for _, a := range acts {
		b, ok := beat(a)
		if a.GetActivityType().GetName() != flow.TiersName || !ok || b.Sealed < 0 {
			continue
		}
		sealed = b.Sealed + 1
		if b.Sealed != r.last && now.Sub(r.at) >= batchEvery {
			r.last, r.at = b.Sealed, now
			line = fmt.Sprintf("tier %d sealed, in a run of small tiers on %s (attempt %d)", b.Sealed, b.Worker, b.Attempt)
		}
	}
	return sealed, line
}

// showProgress logs the workflow's tier when it changes, the tier a run
// of small tiers (one activity) has sealed at most every batchEvery, and
// failed attempts (retryReporter), polling every second until stop
// is called; m, if set, receives the figures.
func showProgress(ctx context.Context, cl client.Client, id string, m *coordMetrics) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		last := -1
		retries := newRetryReporter()
		batches := &batchReporter{last: -1}
		// Each look is two requests (describe, query): cheap for the
		// frontend, and what the coordinator's metrics are as fresh as.
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
			}
			// A retried activity is shown with its failure: an
			// unreachable store or a broken worker would otherwise
			// only show as a tier that does not move.
			if d, err := cl.DescribeWorkflowExecution(ctx, id, ""); err == nil {
				acts := d.GetPendingActivities()
				for _, line := range retries.note(acts, time.Now()) {
					warnf("%s", line)
				}
				m.retries(retries.Retries)
				if sealed, line := batches.note(acts, time.Now()); sealed > 0 {
					m.setSealed(sealed)
					if line != "" {
						logf("%s", line)
					}
				}
			}
			v, err := cl.QueryWorkflow(ctx, id, "", flow.ProgressQuery)
			var p flow.Progress
			if err != nil || v.Get(&p) != nil {
				continue
			}
			m.setTiers(p.Tiers)
			m.setSealed(p.Tier)
			if p.Tier == last {
				continue
			}
			last = p.Tier
			if p.Tier >= p.Tiers {
				logf("all %d tiers sealed; checking the table", p.Tiers)
			} else if p.Through > p.Tier {
				logf("tiers %d to %d of %d (small: one activity)", p.Tier, p.Through, p.Tiers)
			} else {
				logf("tier %d of %d", p.Tier, p.Tiers)
			}
		}
	}()
	return func() { close(done); <-finished }
}
