package solve

import (
	"context"
	"encoding/binary"
	"fmt"
	"unsafe"

	"github.com/grundy/grundy"
)

// A ShardSolver computes single shards of a box's tiers from the records
// of the lower tiers they read, for executors that run shards in another
// process or on another machine. Records are in the layout of Tier.Bytes,
// so a shard's bytes are a stretch of its tier's file, and a tier's bytes
// are its shards' bytes in order.
type ShardSolver struct {
	Ruleset grundy.Ruleset
	Index   *TierIndex
	Kinds   grundy.Kinds
	Wide    bool // four bytes per value
	// Workers is the number of goroutines one Solve uses; zero means
	// GOMAXPROCS.
	Workers int
	reach   int // tiers below s that s reads; −1: all
}

// NewShardSolver checks a box and prepares to solve its shards; kinds
// zero means AllKinds.
func NewShardSolver(r grundy.Ruleset, piles, max int, kinds grundy.Kinds) (*ShardSolver, error) {
	spec := BoxSpec{Piles: piles, Max: max, Kinds: kinds}
	est, err := checkBox(r, &spec)
	if err != nil {
		return nil, err
	}
	ix, err := newBoxIndex(r, spec)
	if err != nil {
		return nil, err
	}
	reach := -1
	if u, ok := r.(grundy.UnitDecrements); ok && ix.From == 0 {
		_, reach = u.UnitDecrementRange(ix.N)
	}
	return &ShardSolver{Ruleset: r, Index: ix, Kinds: spec.Kinds, Wide: est.Wide, reach: reach}, nil
}

// Width is the bytes per value.
func (ss *ShardSolver) Width() int {
	if ss.Wide {
		return 4
	}
	return 2
}

// RecordBytes is the bytes per position.
func (ss *ShardSolver) RecordBytes() int { return ss.Width() * ss.Kinds.Count() }

// Needs lists the tiers that shards of tier s read, in increasing order:
// the few below s for the slow rulesets, every lower tier otherwise.
func (ss *ShardSolver) Needs(s int) []int {
	from := 0
	if ss.reach >= 0 {
		from = max(0, s-ss.reach)
	}
	var t []int
	for i := from; i < s; i++ {
		t = append(t, i)
	}
	return t
}

// Solve computes the records of sh. tier(t) gives the records of tier t,
// one of Needs(sh.Sum), as Tier.Bytes would; Solve only reads them.
func (ss *ShardSolver) Solve(ctx context.Context, sh Shard, tier func(t int) ([]byte, error)) ([]byte, error) {
	if sh.Sum < 0 || sh.Sum >= ss.Index.Tiers() || sh.Lo > sh.Hi || sh.Hi > ss.Index.TierSize(sh.Sum) {
		return nil, fmt.Errorf("shard %d:[%d,%d) outside the box (tier %d has %d positions)", sh.Sum, sh.Lo, sh.Hi, sh.Sum, ss.Index.TierSize(max(0, min(sh.Sum, ss.Index.Tiers()-1))))
	}
	if ss.Wide {
		return solveShard[uint32](ctx, ss, sh, tier)
	}
	return solveShard[uint16](ctx, ss, sh, tier)
}

func solveShard[T word](ctx context.Context, ss *ShardSolver, sh Shard, tier func(int) ([]byte, error)) ([]byte, error) {
	e := newTierRun[T](ss.Ruleset, ss.Index, ss.Kinds, ss.Workers, nil)
	stride := uint64(e.lay.stride)
	for _, t := range ss.Needs(sh.Sum) {
		b, err := tier(t)
		if err != nil {
			return nil, err
		}
		want := ss.Index.TierSize(t) * stride * uint64(unsafe.Sizeof(T(0)))
		if uint64(len(b)) != want {
			return nil, fmt.Errorf("tier %d: %d bytes of records, want %d", t, len(b), want)
		}
		e.tiers[t] = fromBytes[T](b)
	}
	if e.exact && sh.Sum >= 2 && (sh.Hi-sh.Lo)*64 >= ss.Index.TierSize(sh.Sum-2) {
		// The fast path reads tier s−2 without an overflow check a
		// follower when every value there is below 64, which a local
		// solve notes as it computes the tier. A shard learns it from
		// one pass over the tier's words, cheap against the shard's
		// own work unless the shard is a small part of its tier.
		e.note(sh.Sum-2, e.tiers[sh.Sum-2])
		e.settle(sh.Sum - 2)
	}
	out := make([]T, (sh.Hi-sh.Lo)*stride)
	// Sub-shards for this process's cores, as in a local solve.
	per := max(256, (sh.Hi-sh.Lo)/uint64(16*e.workers))
	subs := Shards(sh.Sum, sh.Hi-sh.Lo, per)
	err := e.exec.Run(ctx, subs, func(ctx context.Context, sub Shard) error {
		w := newTierWorker(e)
		w.chunk(sh.Sum, sh.Lo+sub.Lo, sh.Lo+sub.Hi, out[sub.Lo*stride:sub.Hi*stride])
		return ctx.Err()
	})
	if err != nil {
		return nil, err
	}
	return toBytes(out), nil
}

// fromBytes views little-endian records as values (copying them on
// big-endian machines).
func fromBytes[T word](b []byte) []T {
	size := int(unsafe.Sizeof(T(0)))
	if littleEndian {
		return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/size)
	}
	v := make([]T, len(b)/size)
	for i := range v {
		if size == 2 {
			v[i] = T(binary.LittleEndian.Uint16(b[2*i:]))
		} else {
			v[i] = T(binary.LittleEndian.Uint32(b[4*i:]))
		}
	}
	return v
}

// toBytes is the little-endian bytes of v (sharing its memory on
// little-endian machines).
func toBytes[T word](v []T) []byte {
	size := int(unsafe.Sizeof(T(0)))
	if littleEndian {
		return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v))), len(v)*size)
	}
	b := make([]byte, 0, len(v)*size)
	for _, x := range v {
		if size == 2 {
			b = binary.LittleEndian.AppendUint16(b, uint16(x))
		} else {
			b = binary.LittleEndian.AppendUint32(b, uint32(x))
		}
	}
	return b
}

// Stats counts the records of a shard or tier (in the layout of
// Tier.Bytes) as Stats.Add counts a tier; the solver's kinds must include
// G and G⁻.
func (ss *ShardSolver) Stats(records []byte) (Stats, error) {
	lay := newLayout(ss.Kinds)
	if lay.slot[0] < 0 || lay.slot[1] < 0 {
		return Stats{}, fmt.Errorf("stats need G and G⁻, the box has %s", ss.Kinds)
	}
	if len(records)%ss.RecordBytes() != 0 {
		return Stats{}, fmt.Errorf("%d bytes of records, not a multiple of %d", len(records), ss.RecordBytes())
	}
	var s Stats
	if ss.Wide {
		addStats(&s, fromBytes[uint32](records), &lay)
	} else {
		addStats(&s, fromBytes[uint16](records), &lay)
	}
	return s, nil
}

// Merge adds the counts of o to s.
func (s *Stats) Merge(o Stats) {
	s.Positions += o.Positions
	add := func(h, o []uint64) []uint64 {
		for len(h) < len(o) {
			h = append(h, 0)
		}
		for g, n := range o {
			h[g] += n
		}
		return h
	}
	s.GHist = add(s.GHist, o.GHist)
	s.GmHist = add(s.GmHist, o.GmHist)
	if len(s.GHist) > 0 {
		s.P = s.GHist[0]
	}
	if len(s.GmHist) > 0 {
		s.Pm = s.GmHist[0]
	}
}
