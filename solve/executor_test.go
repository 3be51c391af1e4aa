package solve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// serialReverse runs a tier's shards one at a time, last first, and
// records how many it ran.
type serialReverse struct {
	mu  sync.Mutex
	ran int
}

func (x *serialReverse) Run(ctx context.Context, shards []Shard, run func(context.Context, Shard) error) error {
	for _, sh := range slices.Backward(shards) {
		if err := run(ctx, sh); err != nil {
			return err
		}
		x.mu.Lock()
		x.ran++
		x.mu.Unlock()
	}
	return nil
}

// failing fails its nth shard.
type failing struct{ n, seen int }

var errShard = errors.New("shard lost")

func (x *failing) Run(ctx context.Context, shards []Shard, run func(context.Context, Shard) error) error {
	for _, sh := range shards {
		if x.seen++; x.seen == x.n {
			return errShard
		}
		if err := run(ctx, sh); err != nil {
			return err
		}
	}
	return nil
}

// TestExecutorSeam solves every small box through an executor that runs
// shards in reverse order, one at a time, and expects the default
// executor's table.
func TestExecutorSeam(t *testing.T) {
	for _, c := range smallBoxes {
		r, err := games.Parse(c.game)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("%s/%d≤%d", c.game, c.piles, c.max)
		want, err := SolveBox(context.Background(), r, BoxSpec{Piles: c.piles, Max: c.max})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		x := &serialReverse{}
		got, err := SolveBox(context.Background(), r, BoxSpec{Piles: c.piles, Max: c.max, Executor: x})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got.Checksum() != want.Checksum() {
			t.Errorf("%s: checksum %s through the executor, %s locally", name, got.Checksum(), want.Checksum())
		}
		sum := NewChecksum(r, c.piles, c.max, grundy.AllKinds)
		err = SolveTiers(context.Background(), r, TierSpec{BoxSpec: BoxSpec{Piles: c.piles, Max: c.max, Executor: x}}, sum.Add)
		if err != nil {
			t.Fatalf("%s: SolveTiers: %v", name, err)
		}
		if sum.Sum() != want.Checksum() {
			t.Errorf("%s: SolveTiers checksum %s through the executor, %s locally", name, sum.Sum(), want.Checksum())
		}
		// SolveBox solves two-pile line games in one sweep, not by
		// tiers; SolveTiers always goes through the executor.
		if x.ran < want.Index.Tiers() {
			t.Errorf("%s: executor ran %d shards for %d tiers", name, x.ran, want.Index.Tiers())
		}
	}
}

// TestExecutorError: a shard's error stops the solve and is returned.
func TestExecutorError(t *testing.T) {
	r, _ := games.Parse("slow-exact:k=2")
	err := SolveTiers(context.Background(), r, TierSpec{BoxSpec: BoxSpec{Piles: 4, Max: 4, Executor: &failing{n: 5}}},
		func(*Tier) error { return nil })
	if !errors.Is(err, errShard) {
		t.Fatalf("SolveTiers with a failing shard: %v, want %v", err, errShard)
	}
}

// TestShardSolver computes every tier of the small boxes shard by shard
// from copies of the lower tiers' bytes, with shards of awkward sizes, and
// expects the in-memory table's bytes.
func TestShardSolver(t *testing.T) {
	for _, c := range smallBoxes {
		r, err := games.Parse(c.game)
		if err != nil {
			t.Fatal(err)
		}
		for _, kinds := range []grundy.Kinds{grundy.AllKinds, grundy.KindG | grundy.KindGm} {
			name := fmt.Sprintf("%s/%d≤%d/%s", c.game, c.piles, c.max, kinds)
			tab, err := SolveBox(context.Background(), r, BoxSpec{Piles: c.piles, Max: c.max, Kinds: kinds})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			ss, err := NewShardSolver(r, c.piles, c.max, kinds)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			var done [][]byte
			for s := range ss.Index.Tiers() {
				needs := ss.Needs(s)
				read := func(tt int) ([]byte, error) {
					if !slices.Contains(needs, tt) {
						return nil, fmt.Errorf("tier %d read by tier %d, not in Needs %v", tt, s, needs)
					}
					return bytes.Clone(done[tt]), nil
				}
				var tier []byte
				for _, sh := range Shards(s, ss.Index.TierSize(s), 7) {
					b, err := ss.Solve(context.Background(), sh, read)
					if err != nil {
						t.Fatalf("%s: shard %+v: %v", name, sh, err)
					}
					if len(b) != int(sh.Hi-sh.Lo)*ss.RecordBytes() {
						t.Fatalf("%s: shard %+v: %d bytes", name, sh, len(b))
					}
					tier = append(tier, b...)
				}
				if !bytes.Equal(tier, tab.Tier(s).Bytes()) {
					t.Fatalf("%s: tier %d from shards differs from the table's", name, s)
				}
				done = append(done, tier)
			}
		}
	}
}

func TestShards(t *testing.T) {
	for _, c := range []struct {
		size, per uint64
		want      []Shard
	}{
		{0, 5, []Shard{}},
		{5, 5, []Shard{{3, 0, 5}}},
		{11, 5, []Shard{{3, 0, 5}, {3, 5, 10}, {3, 10, 11}}},
		{2, 0, []Shard{{3, 0, 1}, {3, 1, 2}}},
	} {
		if got := Shards(3, c.size, c.per); !slices.Equal(got, c.want) {
			t.Errorf("Shards(3, %d, %d) = %v, want %v", c.size, c.per, got, c.want)
		}
	}
}

// TestShardStats: the stats of a box's shards, merged, are the table's.
func TestShardStats(t *testing.T) {
	r, _ := games.Parse("slow-exact:k=2")
	tab, err := SolveBox(context.Background(), r, BoxSpec{Piles: 5, Max: 5, Kinds: grundy.AllKinds})
	if err != nil {
		t.Fatal(err)
	}
	want, err := tab.Stats()
	if err != nil {
		t.Fatal(err)
	}
	ss, err := NewShardSolver(r, 5, 5, grundy.AllKinds)
	if err != nil {
		t.Fatal(err)
	}
	var got Stats
	for s := range tab.Index.Tiers() {
		b := tab.Tier(s).Bytes()
		for _, sh := range Shards(s, tab.Index.TierSize(s), 3) {
			st, err := ss.Stats(b[int(sh.Lo)*ss.RecordBytes() : int(sh.Hi)*ss.RecordBytes()])
			if err != nil {
				t.Fatal(err)
			}
			got.Merge(st)
		}
	}
	if got.Positions != want.Positions || got.P != want.P || got.Pm != want.Pm || !slices.Equal(got.GHist, want.GHist) || !slices.Equal(got.GmHist, want.GmHist) {
		t.Errorf("merged shard stats %+v, table %+v", got, want)
	}
	g, _ := NewShardSolver(r, 5, 5, grundy.KindR)
	if _, err := g.Stats(nil); err == nil {
		t.Error("Stats without G and G⁻ accepted")
	}
}
