package engine

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// TestShardsJoin: the shards of a run, written and read back, give the
// unsplit run's claims in its order, each result as Audit gives it (its
// JSON, which is what every output renders from).
func TestShardsJoin(t *testing.T) {
	sel := ClaimSelection{IDs: []string{"001", "000/bouton"}}
	claims, err := sel.Claims()
	if err != nil {
		t.Fatal(err)
	}
	var whole []string
	if err := Audit(context.Background(), claims, AuditOptions{}, func(a Audited) error {
		b, err := json.Marshal(a)
		whole = append(whole, string(b))
		return err
	}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	const n = 3
	for i := range n {
		s, err := AuditShard(context.Background(), sel, i, n, AuditOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if s.Total != len(claims) {
			t.Errorf("shard %d/%d: Total = %d, want %d", i, n, s.Total, len(claims))
		}
		path, err := WriteShard(dir, s)
		if err != nil {
			t.Fatal(err)
		}
		if want := filepath.Join(dir, ShardName(i, n)); path != want {
			t.Errorf("WriteShard wrote %s, want %s", path, want)
		}
	}
	r, err := ReadShards(dir)
	if err != nil {
		t.Fatal(err)
	}
	if r.All || r.Findings != nil {
		t.Errorf("report of IDs: All = %v, %d findings; want false, none", r.All, len(r.Findings))
	}
	if len(r.Claims) != len(whole) {
		t.Fatalf("joined %d claims, want %d", len(r.Claims), len(whole))
	}
	for i, a := range r.Claims {
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != whole[i] {
			t.Errorf("claim %d joined:\n%s\nwant (unsplit):\n%s", i, b, whole[i])
		}
	}
}

// TestReadShardsRefuses: a set of files that is not the parts of one run,
// each claim in one, is refused naming the file and what is wrong.
func TestReadShardsRefuses(t *testing.T) {
	claim := func(index int, id string) ShardClaim {
		return ShardClaim{Index: index, Audited: Audited{Result: theory.Result{ID: id, Status: grundy.ClaimPass}}}
	}
	shard := func(i, n, total int, ids []string, cs ...ShardClaim) *Shard {
		return &Shard{Format: ShardFormat, Version: ShardVersion, Shard: i, Of: n, Selection: ClaimSelection{IDs: ids},
			Total: total, Claims: append([]ShardClaim{}, cs...)}
	}
	ab := []string{"a", "b"}
	for _, c := range []struct {
		name   string
		shards []*Shard
		file   func(dir string) error // an extra file written
		want   string
	}{
		{"none", nil, nil, "no check-shard-*.json files"},
		{"missing", []*Shard{shard(0, 2, 2, ab, claim(0, "a"))}, nil, "shards 1/2 missing"},
		{"another run", []*Shard{shard(0, 2, 2, ab, claim(0, "a")), shard(1, 2, 2, []string{"b"}, claim(1, "b"))}, nil, "a shard of another run"},
		{"not its claim", []*Shard{shard(0, 2, 2, ab, claim(0, "a"), claim(1, "b")), shard(1, 2, 2, ab)}, nil, "holds claim 1 (b), which is not its"},
		{"claim missing", []*Shard{shard(0, 2, 3, ab, claim(0, "a")), shard(1, 2, 3, ab, claim(1, "b"))}, nil, "2 claims, the run selected 3"},
		{"claim repeated", []*Shard{shard(0, 2, 2, ab, claim(0, "a"), claim(0, "a")), shard(1, 2, 2, ab, claim(1, "b"))}, nil, "claim 1 missing or repeated"},
		{"not a shard", []*Shard{shard(0, 1, 1, ab, claim(0, "a"))}, func(dir string) error {
			return os.WriteFile(filepath.Join(dir, ShardName(1, 2)), []byte(`{"format":"grundy-check-shard","version":1}`), 0o644)
		}, "not a check shard (version 2)"},
		{"renamed", []*Shard{shard(0, 1, 1, ab, claim(0, "a"))}, func(dir string) error {
			return os.Rename(filepath.Join(dir, ShardName(0, 1)), filepath.Join(dir, ShardName(0, 2)))
		}, "holds shard 0/1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, s := range c.shards {
				if _, err := WriteShard(dir, s); err != nil {
					t.Fatal(err)
				}
			}
			if c.file != nil {
				if err := c.file(dir); err != nil {
					t.Fatal(err)
				}
			}
			_, err := ReadShards(dir)
			var se *ShardsError
			if !errors.As(err, &se) || !strings.Contains(se.Problem, c.want) {
				t.Errorf("ReadShards = %v, want a ShardsError: %s", err, c.want)
			}
		})
	}
}

// TestAuditShardRefuses: a shard outside the run, a selection of nothing
// or an unknown claim is refused before any claim is checked.
func TestAuditShardRefuses(t *testing.T) {
	for _, c := range []struct {
		sel  ClaimSelection
		i, n int
		want any
	}{
		{ClaimSelection{All: true}, 2, 2, new(*ShardSpecError)},
		{ClaimSelection{All: true}, 0, 0, new(*ShardSpecError)},
		{ClaimSelection{}, 0, 1, new(*grundy.OptionError)},
		{ClaimSelection{All: true, IDs: []string{"001"}}, 0, 1, new(*grundy.OptionError)},
		{ClaimSelection{IDs: []string{"001", "999/none"}}, 0, 1, new(*UnknownClaimError)},
	} {
		_, err := AuditShard(context.Background(), c.sel, c.i, c.n, AuditOptions{})
		if err == nil || !errors.As(err, c.want) {
			t.Errorf("AuditShard(%+v, %d, %d) = %v, want a %T", c.sel, c.i, c.n, err, c.want)
		}
	}
}
