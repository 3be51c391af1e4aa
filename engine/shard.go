package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/internal/atomicfile"
	"github.com/grundy/grundy/internal/readfile"
	"github.com/grundy/grundy/theory"
)

// An audit split into shards, so that a batch system (a Kubernetes
// Indexed Job, Temporal activities, …) can run the parts anywhere: claim
// j of the selection, in registry order, belongs to shard j mod n —
// deterministic, and it spreads each paper's claims (whose costs are
// alike) over the shards. A shard holds each claim's typed result, so
// that the parts join into the report of the unsplit run (AuditReport),
// which every front end renders with the same functions (render).
// The file format is docs/json.md's "A check shard".

// Shard files say what they are: the format's name and version.
const (
	ShardFormat  = "grundy-check-shard"
	ShardVersion = 2
	// maxShard is the most bytes of a shard file read: a claim's result
	// takes under a kilobyte, and the audit has a few hundred claims.
	maxShard = 64 << 20
)

// A ClaimSelection picks the papers' claims an audit checks: every claim,
// or those the IDs select (an ID, a prefix of IDs or a glob: a claim's ID
// selects it with its readings and corrections; theory.Registry.Match).
type ClaimSelection struct {
	All bool     `json:"all,omitempty"`
	IDs []string `json:"ids,omitempty"`
}

// An UnknownClaimError is an ID of a selection that selects no claim.
type UnknownClaimError struct{ ID string }

func (e *UnknownClaimError) Error() string { return fmt.Sprintf("no claim %q", e.ID) }

// Claims are the claims s selects, in registry order for All and in the
// order of the IDs otherwise, each once.
func (s ClaimSelection) Claims() ([]*theory.Claim, error) {
	reg := Registry()
	switch {
	case s.All && len(s.IDs) > 0:
		return nil, &grundy.OptionError{Option: "all", Reason: "selects every claim: give no IDs with it"}
	case s.All:
		return reg.All(), nil
	case len(s.IDs) == 0:
		return nil, &grundy.OptionError{Option: "ids", Reason: "select no claim: give IDs or all"}
	}
	var out []*theory.Claim
	seen := map[string]bool{}
	for _, id := range s.IDs {
		m := reg.Match(id)
		if len(m) == 0 {
			return nil, &UnknownClaimError{ID: id}
		}
		for _, c := range m {
			if !seen[c.ID] {
				seen[c.ID] = true
				out = append(out, c)
			}
		}
	}
	return out, nil
}

// A Shard is part Shard of Of of an audit: the run it belongs to (the
// selection, the boxes' Max, the claims selected in all) and the results
// of its own claims.
type Shard struct {
	Format    string         `json:"format"`
	Version   int            `json:"version"`
	Shard     int            `json:"shard"`
	Of        int            `json:"of"`
	Selection ClaimSelection `json:"selection"`
	Max       int            `json:"max"`   // 0: each claim's own boxes
	Total     int            `json:"total"` // claims selected, over all shards
	Claims    []ShardClaim   `json:"claims"`
}

// A ShardClaim is one claim's result with its place in the selection.
type ShardClaim struct {
	Index int `json:"index"`
	Audited
}

// A ShardSpecError is a shard number outside 0..of−1, or fewer than one
// shard.
type ShardSpecError struct{ Shard, Of int }

func (e *ShardSpecError) Error() string {
	return fmt.Sprintf("shard %d of %d: want 0 ≤ shard < of", e.Shard, e.Of)
}

// AuditShard checks shard i of n of the claims sel selects (Audit, with
// opt: its Max for the boxes, its Limits and Progress) and returns the
// shard with their results. A shard holds the papers' claims only:
// opt.Registry must be nil.
func AuditShard(ctx context.Context, sel ClaimSelection, i, n int, opt AuditOptions) (*Shard, error) {
	if n < 1 || i < 0 || i >= n {
		return nil, &ShardSpecError{Shard: i, Of: n}
	}
	if opt.Registry != nil {
		return nil, &grundy.OptionError{Func: "audit shard", Option: "registry", Reason: "a shard checks the papers' claims, not a claim file's"}
	}
	claims, err := sel.Claims()
	if err != nil {
		return nil, err
	}
	s := &Shard{Format: ShardFormat, Version: ShardVersion, Shard: i, Of: n, Selection: sel, Max: opt.Max,
		Total: len(claims), Claims: []ShardClaim{}}
	var mine []*theory.Claim
	var index []int
	for j, c := range claims {
		if j%n == i {
			mine = append(mine, c)
			index = append(index, j)
		}
	}
	err = Audit(ctx, mine, opt, func(a Audited) error {
		s.Claims = append(s.Claims, ShardClaim{Index: index[len(s.Claims)], Audited: a})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// ShardName is the file name of shard i of n.
func ShardName(i, n int) string { return fmt.Sprintf("check-shard-%04d-of-%04d.json", i, n) }

// Encode writes s as its file holds it: indented JSON.
func (s *Shard) Encode(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(s)
}

// WriteShard writes s to its file in dir (ShardName), atomically, making
// dir if need be; it returns the file's path.
func WriteShard(dir string, s *Shard) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, ShardName(s.Shard, s.Of))
	return path, atomicfile.Write(path, s.Encode)
}

// A ShardsError says why shard files do not join into one run: the file
// or directory at fault and what is wrong.
type ShardsError struct {
	Path    string
	Problem string
}

func (e *ShardsError) Error() string { return e.Path + ": " + e.Problem }

// DecodeShard reads one shard file's bytes; name is the file's, for the
// error.
func DecodeShard(name string, b []byte) (*Shard, error) {
	var s Shard
	if err := json.Unmarshal(b, &s); err != nil || s.Format != ShardFormat || s.Version != ShardVersion {
		return nil, &ShardsError{name, fmt.Sprintf("not a check shard (version %d)", ShardVersion)}
	}
	return &s, nil
}

// ReadShards reads the shard files in dir and joins them into the report
// of the unsplit run, refusing a set that is not the n parts of one run
// with each claim in exactly one.
func ReadShards(dir string) (*AuditReport, error) {
	files, err := filepath.Glob(filepath.Join(dir, "check-shard-*-of-*.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, &ShardsError{dir, "no check-shard-*.json files"}
	}
	var first *Shard
	var firstFile string
	seen := map[int]bool{}
	var claims []ShardClaim
	for _, f := range files {
		b, err := readfile.Regular(f, "check shard", maxShard)
		if err != nil {
			return nil, err
		}
		s, err := DecodeShard(f, b)
		if err != nil {
			return nil, err
		}
		if filepath.Base(f) != ShardName(s.Shard, s.Of) {
			return nil, &ShardsError{f, fmt.Sprintf("holds shard %d/%d", s.Shard, s.Of)}
		}
		if first == nil {
			first, firstFile = s, f
		} else if s.Of != first.Of || s.Max != first.Max || s.Total != first.Total || s.Selection.All != first.Selection.All ||
			!slices.Equal(s.Selection.IDs, first.Selection.IDs) {
			return nil, &ShardsError{f, fmt.Sprintf("a shard of another run (%d shards, %s, max %d) than %s",
				s.Of, s.Selection, s.Max, firstFile)}
		}
		seen[s.Shard] = true
		for _, c := range s.Claims {
			if c.Index%s.Of != s.Shard || c.Index < 0 || c.Index >= s.Total {
				return nil, &ShardsError{f, fmt.Sprintf("holds claim %d (%s), which is not its", c.Index, c.ID)}
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
		return nil, &ShardsError{dir, "shards " + strings.Join(missing, ", ") + " missing"}
	}
	slices.SortFunc(claims, func(a, b ShardClaim) int { return a.Index - b.Index })
	for i, c := range claims {
		if c.Index != i {
			return nil, &ShardsError{dir, fmt.Sprintf("claim %d missing or repeated", i)}
		}
	}
	if len(claims) != first.Total {
		return nil, &ShardsError{dir, fmt.Sprintf("%d claims, the run selected %d", len(claims), first.Total)}
	}
	audited := make([]Audited, len(claims))
	for i, c := range claims {
		audited[i] = c.Audited
	}
	return NewAuditReport(first.Selection.All, audited), nil
}

func (s ClaimSelection) String() string {
	if s.All {
		return "every claim"
	}
	return "claims " + strings.Join(s.IDs, " ")
}

// An AuditReport is a whole audit's results, as `grundy check` prints
// them: with every claim (All), the findings lead.
type AuditReport struct {
	All      bool
	Claims   []Audited
	Findings []theory.Finding // with All: the printed claims that fail (Findings)
}

// NewAuditReport is the report of the audited claims; all says whether
// they are every claim of the papers, whose findings it then gives.
func NewAuditReport(all bool, audited []Audited) *AuditReport {
	r := &AuditReport{All: all, Claims: audited}
	if all {
		results := make([]theory.Result, len(audited))
		for i, a := range audited {
			results[i] = a.Result
		}
		r.Findings = Findings(results)
	}
	return r
}

// Counts are the claims of r by status.
func (r *AuditReport) Counts() map[grundy.ClaimStatus]int {
	counts := map[grundy.ClaimStatus]int{}
	for _, a := range r.Claims {
		counts[a.Status]++
	}
	return counts
}
