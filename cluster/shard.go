package cluster

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"

	"github.com/grundy/grundy/solve"
)

// A Worker computes shards of the jobs in stores, reading the lower tiers
// through its cache.
type Worker struct {
	Cache *Cache
	// Workers is the number of goroutines per shard; zero means
	// GOMAXPROCS.
	Workers int
	// Batch, if positive, makes SolveLocal solve each run of
	// consecutive tiers of at most Batch positions with SolveTiers.
	Batch uint64
}

// SolveShard computes shard i of tier sh.Sum of the plan's box from the
// sealed lower tiers and writes it to st under a key unique to token.
func (w *Worker) SolveShard(ctx context.Context, st *Store, p *Plan, i int, sh solve.Shard, token string) (ShardRef, error) {
	needs := p.Solver.Needs(sh.Sum)
	if len(needs) > 0 && needs[0] > 0 {
		// Tiers below the lowest one needed are read by no later tier.
		w.Cache.Evict(needs[0])
	}
	views := make(map[int][]byte, len(needs))
	var releases []func()
	defer func() {
		for _, r := range releases {
			r()
		}
	}()
	for _, t := range needs {
		m, err := st.Manifest(ctx, t)
		if err != nil {
			return ShardRef{}, err
		}
		b, release, err := w.Cache.Acquire(ctx, st, m)
		if err != nil {
			return ShardRef{}, err
		}
		releases = append(releases, release)
		views[t] = b
	}
	ss := *p.Solver
	ss.Workers = w.Workers
	data, err := ss.Solve(ctx, sh, func(t int) ([]byte, error) {
		b, ok := views[t]
		if !ok {
			return nil, fmt.Errorf("tier %d not fetched", t)
		}
		return b, nil
	})
	if err != nil {
		return ShardRef{}, err
	}
	ref, err := st.PutShard(ctx, sh, i, token, data, ss.Width())
	if err != nil || !p.counting() {
		return ref, err
	}
	stats, err := ss.Stats(data)
	ref.Stats = &stats
	return ref, err
}

// SolveLocal solves the job in st with this process as the only worker,
// running each tier's shards through exec (solve.Local when nil), sealing
// each tier, then finishing the table; tiers already sealed are kept, and
// read back and checked at the end. It
// is the reference the Temporal workflow is tested against, and the
// simplest way to fill a store.
func SolveLocal(ctx context.Context, st *Store, j Job, w *Worker, exec solve.Executor, progress func(done, total int)) (*Result, error) {
	p, err := NewPlan(j)
	if err != nil {
		return nil, err
	}
	sealed, err := st.Init(ctx, j)
	if err != nil {
		return nil, err
	}
	if exec == nil {
		exec = solve.Local{Workers: 1}
	}
	for _, step := range p.Batches(sealed, p.Tiers(), w.Batch) {
		s := step[0]
		if w.Batch > 0 && p.Solver.Index.TierSize(s) <= w.Batch {
			err := w.SolveTiers(ctx, st, p, step[0], step[1], "local", func(s int, _ bool) {
				if progress != nil {
					progress(s+1, p.Tiers())
				}
			})
			if err != nil {
				return nil, err
			}
			continue
		}
		shards := p.Shards(s)
		refs := make([]ShardRef, len(shards))
		index := make(map[solve.Shard]int, len(shards))
		for i, sh := range shards {
			index[sh] = i
		}
		var mu sync.Mutex
		err := exec.Run(ctx, shards, func(ctx context.Context, sh solve.Shard) error {
			mu.Lock()
			i := index[sh]
			mu.Unlock()
			ref, err := w.SolveShard(ctx, st, p, i, sh, "local")
			refs[i] = ref
			return err
		})
		if err != nil {
			return nil, err
		}
		if _, err := st.Seal(ctx, p, s, refs); err != nil {
			return nil, err
		}
		if progress != nil {
			progress(s+1, p.Tiers())
		}
	}
	return st.Finish(ctx, p, sealed)
}

// Bounds of ShardSize: below MinShard positions a shard's activity
// (scheduling, a heartbeat, an object) costs more than its work; above
// MaxShard one shard's records (4 bytes a value) grow past tens of MB.
const (
	MinShard = 1 << 12
	MaxShard = 1 << 23
)

// ShardsPerSlot is how many shards of the largest tier ShardSize gives
// each shard running at once: enough that a slow worker's last shard
// does not hold a tier's barrier for long.
const ShardsPerSlot = 4

// ShardSize is the positions per shard for a box whose largest tier
// holds largest positions, run with parallel shards at once (workers ×
// activities each): ShardsPerSlot shards per slot of the largest tier,
// at least MinShard and at most MaxShard positions, and never so small
// that the largest tier needs more than MaxShardsPerTier shards.
func ShardSize(largest uint64, parallel int) uint64 {
	parallel = max(parallel, 1)
	per := (largest + uint64(ShardsPerSlot*parallel) - 1) / uint64(ShardsPerSlot*parallel)
	per = min(max(per, MinShard), MaxShard)
	return max(per, (largest+MaxShardsPerTier-1)/MaxShardsPerTier, 1)
}

// BatchedShardSize is the positions per shard for a box whose every tier
// is solved in batches (SolveTiers), where shards only cut a tier into
// objects: the whole largest tier, so that each tier is one object (one
// request, one digest), up to MaxShard positions.
func BatchedShardSize(largest uint64) uint64 {
	return min(max(largest, 1), MaxShard)
}

// LargestTier is the positions of the largest tier of the job's box
// (its ShardPositions aside).
func LargestTier(j Job) (uint64, error) {
	j.ShardPositions = 1 << 62
	p, err := NewPlan(j)
	if err != nil {
		return 0, err
	}
	var most uint64
	for s := range p.Tiers() {
		most = max(most, p.Solver.Index.TierSize(s))
	}
	return most, nil
}

// TiersInFlight bounds the tiers SolveTiers holds solved but not yet
// sealed: the one being written and one waiting, while the next is
// solved. Each costs its packed objects (a byte a position for slow
// exact 2-Nim) beside the records the next tiers read anyway.
const TiersInFlight = 2

// uploads is how many objects of one tier SolveTiers writes at once: a
// write waits mostly on the store, not on this process.
const uploads = 4

// SolveTiers solves the tiers from..to−1 of the plan's box in this
// process, one after the other, each as a whole with w.Workers
// goroutines, keeping in memory the tiers the next ones read: the way to
// run tiers too small to be worth a barrier of their own (a round of
// activities and a seal). Each tier is written as its planned shards'
// objects under keys unique to token and sealed, in order, while the
// next ones are solved (at most TiersInFlight tiers wait to be sealed),
// so the objects and manifests are those the shard-by-shard path gives,
// and a retried call continues from the first tier not yet sealed. done,
// if set, is called after each tier is sealed, in order, from another
// goroutine than the caller's; now is false for the tiers an earlier
// call had sealed, which this one skips.
func (w *Worker) SolveTiers(ctx context.Context, st *Store, p *Plan, from, to int, token string, done func(s int, now bool)) error {
	if from < 0 || from > to || to > p.Tiers() {
		return fmt.Errorf("tiers %d..%d outside the box's %d", from, to, p.Tiers())
	}
	ss := *p.Solver
	ss.Workers = w.Workers
	// The tiers later ones read: computed here, or (below the batch, or
	// sealed by an earlier attempt) mapped from the cache.
	held := map[int][]byte{}
	releases := map[int]func(){}
	drop := func(t int) {
		if r := releases[t]; r != nil {
			r()
		}
		delete(held, t)
		delete(releases, t)
	}
	defer func() {
		for t := range held {
			drop(t)
		}
	}()
	tier := func(t int) ([]byte, error) {
		if b, ok := held[t]; ok {
			return b, nil
		}
		m, err := st.Manifest(ctx, t)
		if err != nil {
			return nil, err
		}
		b, release, err := w.Cache.Acquire(ctx, st, m)
		if err != nil {
			return nil, err
		}
		held[t], releases[t] = b, release
		return b, nil
	}
	// Tiers an earlier attempt sealed form a prefix (tiers are sealed in
	// order); the rest are this call's to seal, so each is looked up once.
	for from < to {
		if _, err := st.Manifest(ctx, from); errors.Is(err, ErrNotSealed) {
			break
		} else if err != nil {
			return err
		}
		if done != nil {
			done(from, false)
		}
		from++
	}
	// Writing and sealing a tier overlaps solving the next ones: both
	// wait mostly on the store. A failed write stops the solving; a
	// failed solve lets the tiers solved before it be sealed, so that a
	// retry continues after them.
	solveCtx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	type solved struct {
		s    int
		data []byte
	}
	queue := make(chan solved, TiersInFlight-1)
	written := make(chan error, 1)
	go func() {
		var err error
		for t := range queue {
			if err != nil {
				continue
			}
			if err = w.writeTier(ctx, st, p, &ss, t.s, t.data, token); err != nil {
				stop(err)
			} else if done != nil {
				done(t.s, true)
			}
		}
		written <- err
	}()
	wait := func(err error) error {
		close(queue)
		if werr := <-written; werr != nil {
			return werr
		}
		return err
	}
	for s := from; s < to; s++ {
		needs := p.Solver.Needs(s)
		lowest := s
		if len(needs) > 0 {
			lowest = needs[0]
			w.Cache.Evict(lowest)
		}
		for t := range held {
			if t < lowest {
				drop(t)
			}
		}
		for _, t := range needs {
			if _, err := tier(t); err != nil {
				return wait(err)
			}
		}
		data, err := ss.Solve(solveCtx, solve.Shard{Sum: s, Lo: 0, Hi: p.Solver.Index.TierSize(s)}, tier)
		if err != nil {
			return wait(err)
		}
		held[s] = data
		select {
		case queue <- solved{s, data}:
		case <-solveCtx.Done():
			return wait(context.Cause(solveCtx))
		}
	}
	return wait(nil)
}

// writeTier writes the records of tier s, which this process solved, as
// the objects of its planned shards, with their counts, and seals it
// without reading them back.
func (w *Worker) writeTier(ctx context.Context, st *Store, p *Plan, ss *solve.ShardSolver, s int, data []byte, token string) error {
	rb := uint64(ss.RecordBytes())
	shards := p.Shards(s)
	refs := make([]ShardRef, len(shards))
	errs := make([]error, len(shards))
	var wg sync.WaitGroup
	sem := make(chan struct{}, uploads)
	for i, sh := range shards {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			part := data[sh.Lo*rb : sh.Hi*rb]
			ref, err := st.PutShard(ctx, sh, i, token, part, ss.Width())
			if err == nil && p.counting() {
				var stats solve.Stats
				stats, err = ss.Stats(part)
				ref.Stats = &stats
			}
			refs[i], errs[i] = ref, err
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	var digest string
	if len(refs) == 1 {
		digest = refs[0].SHA256
	} else {
		d := sha256.Sum256(data)
		digest = hex.EncodeToString(d[:])
	}
	if st.untrusted {
		// Without the client's upload checksums only reading back
		// shows that the store kept what was sent.
		_, err := st.Seal(ctx, p, s, refs)
		return err
	}
	_, err := st.SealWritten(ctx, p, s, refs, digest)
	return err
}

// Batches splits the tiers from..to−1 into the steps a solve takes: each
// run of consecutive tiers of at most small positions is one batch,
// which SolveTiers solves in one process, and every other tier a step of
// its own, whose shards run anywhere. small zero batches nothing.
func (p *Plan) Batches(from, to int, small uint64) [][2]int {
	var steps [][2]int
	for s := from; s < to; {
		e := s + 1
		if small > 0 && p.Solver.Index.TierSize(s) <= small {
			for e < to && p.Solver.Index.TierSize(e) <= small {
				e++
			}
		}
		steps = append(steps, [2]int{s, e})
		s = e
	}
	return steps
}
