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
	} {
		r := worker.NewWorkflowReplayer()
		r.RegisterWorkflowWithOptions(Solve, workflow.RegisterOptions{Name: WorkflowName})
		if err := r.ReplayWorkflowHistoryFromJSONFile(nil, c.file); err != nil {
			t.Errorf("%s (%s): %v", c.file, c.what, err)
		}
	}
}
