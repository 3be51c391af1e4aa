package flow

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
	"gocloud.dev/blob"

	"github.com/grundy/grundy/cluster"
	"github.com/grundy/grundy/engine"
)

// Names of the check workflow and its activity.
const (
	CheckWorkflowName = "grundy.CheckShards"
	CheckShardName    = "grundy.CheckShard"
)

// CheckInput runs the audit of the selected claims split into Shards
// parts (engine.AuditShard), one activity each, each writing its shard
// file to the store under check/.
type CheckInput struct {
	Store     string                `json:"store"`
	Selection engine.ClaimSelection `json:"selection"`
	Max       int                   `json:"max"` // the largest pile of every box; 0 keeps each claim's own
	Shards    int                   `json:"shards"`
}

// CheckShardInput is one part.
type CheckShardInput struct {
	Store     string                `json:"store"`
	Selection engine.ClaimSelection `json:"selection"`
	Max       int                   `json:"max"`
	Shard     int                   `json:"shard"`
	Of        int                   `json:"of"`
}

// CheckKey is the store key of shard i of n.
func CheckKey(i, n int) string { return "check/" + engine.ShardName(i, n) }

// CheckShards is the workflow: the parts run anywhere, each retried on
// its own; it returns the keys of the shard files, which engine.ReadShards
// joins (`grundy check --merge`, `grundy-worker check`).
func CheckShards(ctx workflow.Context, in CheckInput) ([]string, error) {
	if in.Shards < 1 {
		return nil, temporal.NewNonRetryableApplicationError(fmt.Sprintf("%d shards", in.Shards), badJob, nil)
	}
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 6 * time.Hour,
		HeartbeatTimeout:    time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: 30 * time.Second,
			MaximumAttempts: 5, NonRetryableErrorTypes: []string{badJob},
		},
	})
	futures := make([]workflow.Future, in.Shards)
	for i := range futures {
		futures[i] = workflow.ExecuteActivity(ctx, CheckShardName, CheckShardInput{Store: in.Store, Selection: in.Selection, Max: in.Max, Shard: i, Of: in.Shards})
	}
	keys := make([]string, in.Shards)
	for i, f := range futures {
		if err := f.Get(ctx, &keys[i]); err != nil {
			return nil, fmt.Errorf("check shard %d/%d: %w", i, in.Shards, err)
		}
	}
	return keys, nil
}

// CheckShard audits one part in this process and stores its file. An
// audit's errors are its input's (an unknown claim, a box refused by its
// estimate): retrying cannot help.
func (a *Activities) CheckShard(ctx context.Context, in CheckShardInput) (string, error) {
	defer a.heartbeat(ctx)()
	s, err := engine.AuditShard(ctx, in.Selection, in.Shard, in.Of, engine.AuditOptions{Max: in.Max})
	if err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", temporal.NewNonRetryableApplicationError(fmt.Sprintf("check shard %d/%d: %v", in.Shard, in.Of, err), badJob, nil)
	}
	var b bytes.Buffer
	if err := s.Encode(&b); err != nil {
		return "", err
	}
	st, err := cluster.Open(ctx, in.Store)
	if err != nil {
		return "", err
	}
	defer st.Close()
	key := CheckKey(in.Shard, in.Of)
	if err := st.Bucket().WriteAll(ctx, key, b.Bytes(), &blob.WriterOptions{ContentType: "application/json"}); err != nil {
		return "", err
	}
	activity.RecordHeartbeat(ctx)
	return key, nil
}
