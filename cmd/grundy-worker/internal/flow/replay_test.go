package flow

import (
	"testing"

	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
)

// TestReplayHistories replays the histories of workflows that earlier
// versions of grundy-worker ran (recorded from a dev server with
// `temporal workflow show --output json`): a worker of this version must
// be able to take over a workflow an older worker started, which is what
// a rolling upgrade does (docs/cluster.md, "Upgrading workers"). A change
// to the workflow's sequence of commands without a workflow.GetVersion
// guard fails here with a nondeterminism error.
func TestReplayHistories(t *testing.T) {
	for _, c := range []struct{ file, what string }{
		{"testdata/history-v0.json", "v0: one activity per shard and a seal per tier (slow-exact:k=2, 2 piles ≤ 2, 1 position a shard)"},
		// A new coordinator's input (batch_positions 2) run by a v0
		// worker, which ignores the field: a v1 worker taking it over
		// must not batch (the workflow.GetVersion guard).
		{"testdata/history-v0-batch-input.json", "v0 worker, input with batch_positions 2"},
		{"testdata/history-v1.json", "v1 (VersionBatches): tiers 0–1 and 3–4 batched, tier 2 in 2 shards"},
		{"testdata/history-v2.json", "v2 (VersionLocalSeal): as v1, tier 2 sealed by a local activity"},
	} {
		r := worker.NewWorkflowReplayer()
		r.RegisterWorkflowWithOptions(Solve, workflow.RegisterOptions{Name: WorkflowName})
		if err := r.ReplayWorkflowHistoryFromJSONFile(nil, c.file); err != nil {
			t.Errorf("%s (%s): %v", c.file, c.what, err)
		}
	}
}
