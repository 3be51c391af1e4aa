package prover

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/grundy/grundy/proof/smt"
	"github.com/grundy/grundy/theory"
)

// TestInterruptedRunWritesFinished: when the run is interrupted, every
// result already finished is still handed over (issue 24: an interrupted
// prove --all --json wrote 16 of 44 finished results).
func TestInterruptedRunWritesFinished(t *testing.T) {
	for range 20 { // the select between a result and Ctrl-C is random
		jobs := make([]ProveJob, 8)
		for i := range jobs {
			jobs[i] = ProveJob{Claim: &theory.Claim{ID: fmt.Sprint(i)}}
		}
		ctx, cancel := context.WithCancel(context.Background())
		var mu sync.Mutex
		finished := map[string]bool{}
		// Jobs 0–5 finish at once; 6 and 7 wait for Ctrl-C.
		run := func(ctx context.Context, j ProveJob) (smt.Result, error) {
			if j.Claim.ID >= "6" {
				<-ctx.Done()
				return smt.Result{}, ctx.Err()
			}
			mu.Lock()
			finished[j.Claim.ID] = true
			if len(finished) == 6 {
				cancel() // Ctrl-C once six are done
			}
			mu.Unlock()
			return smt.Result{ID: j.Claim.ID, Status: smt.Proved}, nil
		}
		var written []string
		err := runJobs(ctx, jobs, 8, run, nil, func(j ProveJob, res smt.Result) error {
			written = append(written, res.ID)
			return nil
		})
		if err == nil {
			t.Fatal("runJobs after Ctrl-C returned no error")
		}
		if len(written) != 6 {
			t.Fatalf("interrupted after 6 results finished, %d written: %v", len(written), written)
		}
	}
}
