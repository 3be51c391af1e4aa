package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/render"
	"github.com/spf13/cobra"
)

// `grundy check --shard i/N --out DIR` and `--merge DIR`: the audit split
// for batch systems. The shard, its file and the report the shards join
// into are engine's (engine.AuditShard, engine.WriteShard,
// engine.ReadShards), rendered by render as the unsplit run is, so the
// CLI, a Kubernetes Indexed Job and the Temporal worker (cluster/flow)
// write and merge the same files the same way.

// parseShard reads "i/N".
func parseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("--shard %q: give i/N with 0 ≤ i < N, e.g. 0/4", s)
	}
	return i, n, nil
}

// runCheckShard audits shard spec ("i/N") of the selected claims and
// writes its file to dir.
func (a *app) runCheckShard(cmd *cobra.Command, sel engine.ClaimSelection, max int, spec, dir string) error {
	i, n, err := parseShard(spec)
	if err != nil {
		return err
	}
	if dir == "" {
		return errors.New("--shard: give --out DIR for the shard's file")
	}
	s, err := engine.AuditShard(cmd.Context(), sel, i, n, engine.AuditOptions{Max: max, Progress: a.progress, Limits: a.limits})
	if err != nil {
		return err
	}
	path, err := engine.WriteShard(dir, s)
	if err != nil {
		return failure{err}
	}
	_, err = fmt.Fprintf(cmd.ErrOrStderr(), "grundy: shard %d/%d: %d of %s checked, written to %s\n", i, n, len(s.Claims), plural.Count(s.Total, "claim"), path)
	return wrapWrite(err)
}

// runCheckMerge prints the output of the unsplit run from the shards in
// dir.
func runCheckMerge(cmd *cobra.Command, dir, format string) error {
	report, err := engine.ReadShards(dir)
	if err != nil {
		return fmt.Errorf("--merge: %w", err)
	}
	if format == "json" {
		return wrapWrite(render.AuditReportJSON(cmd.OutOrStdout(), report))
	}
	return wrapWrite(render.AuditReport(cmd.OutOrStdout(), report))
}
