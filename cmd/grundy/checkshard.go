package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/internal/atomicfile"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/internal/readfile"
	"github.com/grundy/grundy/render"
	"github.com/grundy/grundy/theory"
	"github.com/spf13/cobra"
)

// A check shard is one part of a `grundy check` run split with
// --shard i/N, so that a batch system (a Kubernetes Indexed Job, Temporal
// activities, …) can run the parts anywhere; --merge joins them into the
// output of the unsplit run, byte for byte. Claim j of the selection, in
// registry order, belongs to shard j mod N: deterministic, and it spreads
// each paper's claims (whose costs are alike) over the shards. A shard
// keeps each claim's output already rendered in every format, so merging
// only reorders, and cannot render differently from the unsplit run.

const (
	shardFormat  = "grundy-check-shard"
	shardVersion = 1
	// maxShard is the most bytes of a shard file read: a claim's results
	// take under a kilobyte, and the audit has a few hundred claims.
	maxShard = 64 << 20
)

// checkShard is the file a shard writes.
type checkShard struct {
	Format    string       `json:"format"`
	Version   int          `json:"version"`
	Shard     int          `json:"shard"`
	Of        int          `json:"of"`
	Selection []string     `json:"selection"` // claim IDs given, or ["--all"]
	Max       int          `json:"max"`       // --max, 0 for each claim's own
	Total     int          `json:"total"`     // claims selected, over all shards
	Claims    []shardClaim `json:"claims"`
}

type shardClaim struct {
	Index  int                `json:"index"` // in the selection
	ID     string             `json:"id"`
	Status grundy.ClaimStatus `json:"status"`
	Output map[string]string  `json:"output"` // by --format
}

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

// shardFile is shard i of n's file in dir.
func shardFile(dir string, i, n int) string {
	return filepath.Join(dir, fmt.Sprintf("check-shard-%04d-of-%04d.json", i, n))
}

// renderAudited renders one claim's result in every format check prints.
func renderAudited(a engine.Audited) (map[string]string, error) {
	out := map[string]string{}
	r := auditedResult{a}
	for _, name := range formatsOf(r) {
		var b bytes.Buffer
		if err := writerOf(name, r)(&b); err != nil {
			return nil, err
		}
		out[name] = b.String()
	}
	return out, nil
}

// writeShard writes a shard's file atomically.
func writeShard(dir string, s *checkShard) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return atomicfile.Write(shardFile(dir, s.Shard, s.Of), func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", " ")
		return enc.Encode(s)
	})
}

// readShards reads the shards in dir and checks that they are the N parts
// of one run, each claim in exactly one; it returns the claims in order.
func readShards(dir string) (*checkShard, []shardClaim, error) {
	files, err := filepath.Glob(filepath.Join(dir, "check-shard-*-of-*.json"))
	if err != nil {
		return nil, nil, err
	}
	if len(files) == 0 {
		return nil, nil, fmt.Errorf("--merge %s: no check-shard-*.json files", dir)
	}
	var first *checkShard
	seen := map[int]bool{}
	var claims []shardClaim
	for _, f := range files {
		b, err := readfile.Regular(f, "check shard", maxShard)
		if err != nil {
			return nil, nil, err
		}
		var s checkShard
		if err := json.Unmarshal(b, &s); err != nil || s.Format != shardFormat || s.Version != shardVersion {
			return nil, nil, fmt.Errorf("--merge: %s is not a check shard (version %d)", f, shardVersion)
		}
		if f != shardFile(dir, s.Shard, s.Of) {
			return nil, nil, fmt.Errorf("--merge: %s holds shard %d/%d", f, s.Shard, s.Of)
		}
		if first == nil {
			first = &s
		} else if s.Of != first.Of || s.Max != first.Max || s.Total != first.Total || !slices.Equal(s.Selection, first.Selection) {
			return nil, nil, fmt.Errorf("--merge: %s is a shard of another run (%d shards, selection %v, max %d) than %s",
				f, s.Of, s.Selection, s.Max, shardFile(dir, first.Shard, first.Of))
		}
		seen[s.Shard] = true
		for _, c := range s.Claims {
			if c.Index%s.Of != s.Shard || c.Index < 0 || c.Index >= s.Total {
				return nil, nil, fmt.Errorf("--merge: %s holds claim %d (%s), which is not its", f, c.Index, c.ID)
			}
			claims = append(claims, c)
		}
	}
	var missing []string
	for i := range first.Of {
		if !seen[i] {
			missing = append(missing, fmt.Sprintf("%d/%d", i, first.Of))
		}
	}
	if len(missing) > 0 {
		return nil, nil, fmt.Errorf("--merge %s: shards %s missing", dir, strings.Join(missing, ", "))
	}
	slices.SortFunc(claims, func(a, b shardClaim) int { return a.Index - b.Index })
	for i, c := range claims {
		if c.Index != i {
			return nil, nil, fmt.Errorf("--merge %s: claim %d missing or repeated", dir, i)
		}
	}
	if len(claims) != first.Total {
		return nil, nil, fmt.Errorf("--merge %s: %d claims, the run selected %d", dir, len(claims), first.Total)
	}
	return first, claims, nil
}

// checkSummary is the last line of check's text output.
func checkSummary(total int, counts map[grundy.ClaimStatus]int) string {
	summary := fmt.Sprintf("%s checked: %d pass, %d fail", plural.Count(total, "claim"), counts[grundy.ClaimPass], counts[grundy.ClaimFail])
	if n := counts[grundy.ClaimEmpty]; n > 0 {
		summary += fmt.Sprintf(", %d checked no position (box too small)", n)
	}
	return summary
}

// runCheckShard audits shard i of n of the selected claims and writes its
// file to dir.
func (a *app) runCheckShard(cmd *cobra.Command, claims []*theory.Claim, selection []string, max int, spec, dir string) error {
	i, n := 0, 1
	if spec != "" {
		var err error
		if i, n, err = parseShard(spec); err != nil {
			return err
		}
	}
	if dir == "" {
		return errors.New("--shard: give --out DIR for the shard's file")
	}
	s := &checkShard{Format: shardFormat, Version: shardVersion, Shard: i, Of: n, Selection: selection, Max: max, Total: len(claims), Claims: []shardClaim{}}
	var mine []*theory.Claim
	index := map[*theory.Claim]int{}
	for j, c := range claims {
		if j%n == i {
			mine = append(mine, c)
			index[c] = j
		}
	}
	k := 0
	err := a.audit(cmd.Context(), mine, max, func(a engine.Audited) error {
		out, err := renderAudited(a)
		if err != nil {
			return err
		}
		s.Claims = append(s.Claims, shardClaim{Index: index[mine[k]], ID: mine[k].ID, Status: a.Status, Output: out})
		k++
		return nil
	})
	if err != nil {
		return err
	}
	if err := writeShard(dir, s); err != nil {
		return failure{err}
	}
	_, err = fmt.Fprintf(cmd.ErrOrStderr(), "grundy: shard %d/%d: %d of %s checked, written to %s\n", i, n, len(mine), plural.Count(len(claims), "claim"), shardFile(dir, i, n))
	return wrapWrite(err)
}

// findingsHead prints what `check --all` leads with: the counts and one
// line per finding (render.FindingsSummary).
func findingsHead(w io.Writer, audited []engine.Audited, total int, counts map[grundy.ClaimStatus]int) error {
	results := make([]theory.Result, len(audited))
	for i, a := range audited {
		results[i] = a.Result
	}
	return wrapWrite(render.FindingsSummary(w, engine.Findings(results), total, counts))
}

// runCheckMerge prints the output of the unsplit run from the shards in
// dir.
func runCheckMerge(cmd *cobra.Command, dir, format string) error {
	first, claims, err := readShards(dir)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	counts := map[grundy.ClaimStatus]int{}
	if format == "text" && slices.Equal(first.Selection, []string{"--all"}) {
		// As the unsplit run, lead with the findings, read back from
		// each claim's JSON.
		audited := make([]engine.Audited, len(claims))
		for i, c := range claims {
			if err := json.Unmarshal([]byte(c.Output["json"]), &audited[i]); err != nil {
				return fmt.Errorf("--merge: claim %s: %w", c.ID, err)
			}
			counts[c.Status]++
		}
		if err := findingsHead(out, audited, first.Total, counts); err != nil {
			return err
		}
		clear(counts)
	}
	for _, c := range claims {
		text, ok := c.Output[format]
		if !ok {
			return fmt.Errorf("--merge: shard holds no output in this format: claim %s, --format %s", c.ID, format)
		}
		counts[c.Status]++
		if _, err := io.WriteString(out, text); err != nil {
			return wrapWrite(err)
		}
	}
	if format == "text" {
		_, err := fmt.Fprintln(out, checkSummary(first.Total, counts))
		return wrapWrite(err)
	}
	return nil
}
