package flow

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
	"gocloud.dev/blob"

	"github.com/grundy/grundy/cluster"
)

// Names of the check workflow and its activity.
const (
	CheckWorkflowName = "grundy.CheckShards"
	CheckShardName    = "grundy.CheckShard"
)

// CheckInput runs `grundy check ARGS` split into Shards parts, one
// activity each, each writing its shard file to the store under
// check/.
type CheckInput struct {
	Store  string   `json:"store"`
	Args   []string `json:"args"` // claim IDs or --all, and --max B
	Shards int      `json:"shards"`
}

// CheckShardInput is one part.
type CheckShardInput struct {
	Store string   `json:"store"`
	Args  []string `json:"args"`
	Shard int      `json:"shard"`
	Of    int      `json:"of"`
}

// CheckKey is the store key of shard i of n.
func CheckKey(i, n int) string { return fmt.Sprintf("check/check-shard-%04d-of-%04d.json", i, n) }

// CheckShards is the workflow: the parts run anywhere, each retried on
// its own; it returns the keys of the shard files, which `grundy check
// --merge` joins.
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
		futures[i] = workflow.ExecuteActivity(ctx, CheckShardName, CheckShardInput{Store: in.Store, Args: in.Args, Shard: i, Of: in.Shards})
	}
	keys := make([]string, in.Shards)
	for i, f := range futures {
		if err := f.Get(ctx, &keys[i]); err != nil {
			return nil, fmt.Errorf("check shard %d/%d: %w", i, in.Shards, err)
		}
	}
	return keys, nil
}

// CheckShard runs one part with the grundy program and stores its file.
func (a *Activities) CheckShard(ctx context.Context, in CheckShardInput) (string, error) {
	defer a.heartbeat(ctx)()
	grundy := a.Grundy
	if grundy == "" {
		grundy = "grundy"
	}
	dir, err := os.MkdirTemp("", "grundy-check")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	args := append(append([]string{"check"}, in.Args...), "--shard", fmt.Sprintf("%d/%d", in.Shard, in.Of), "--out", dir)
	var stderr strings.Builder
	cmd := exec.CommandContext(ctx, grundy, args...)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		msg := fmt.Sprintf("grundy %s: %v: %s", strings.Join(args, " "), err, lastLine(stderr.String()))
		var exit *exec.ExitError
		if errors.As(err, &exit) && exit.ExitCode() == 2 {
			// Bad input: retrying cannot help.
			return "", temporal.NewNonRetryableApplicationError(msg, badJob, nil)
		}
		return "", errors.New(msg)
	}
	b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("check-shard-%04d-of-%04d.json", in.Shard, in.Of)))
	if err != nil {
		return "", err
	}
	st, err := cluster.Open(ctx, in.Store)
	if err != nil {
		return "", err
	}
	defer st.Close()
	key := CheckKey(in.Shard, in.Of)
	if err := st.Bucket().WriteAll(ctx, key, b, &blob.WriterOptions{ContentType: "application/json"}); err != nil {
		return "", err
	}
	activity.RecordHeartbeat(ctx)
	return key, nil
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}
