package solve

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// A Shard is the positions of tier Sum with in-tier ranks [Lo, Hi): the
// unit of work an Executor schedules. The shards of a tier depend only on
// lower tiers, never on each other, so they may run in any order and on
// any machine.
type Shard struct {
	Sum    int
	Lo, Hi uint64
}

// Shards splits the size positions of tier s into consecutive shards of
// at most per positions, the last one possibly shorter. The split is
// deterministic, so that a shard names the same positions everywhere.
func Shards(s int, size, per uint64) []Shard {
	per = max(per, 1)
	shards := make([]Shard, 0, (size+per-1)/per)
	for lo := uint64(0); lo < size; lo += per {
		shards = append(shards, Shard{Sum: s, Lo: lo, Hi: min(size, lo+per)})
	}
	return shards
}

// An Executor runs the shards of one tier and returns once every shard is
// done, or with the first error. It may call run concurrently and in any
// order, but at most once per shard unless an earlier call failed.
type Executor interface {
	Run(ctx context.Context, shards []Shard, run func(context.Context, Shard) error) error
}

// Local runs shards on goroutines of this process, each taking the next
// shard not yet taken: the default executor.
type Local struct {
	Workers int // zero means GOMAXPROCS
}

// Run runs the shards on min(Workers, len(shards)) goroutines.
func (l Local) Run(ctx context.Context, shards []Shard, run func(context.Context, Shard) error) error {
	workers := l.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var next atomic.Uint64
	var once sync.Once
	var first error
	work := func() {
		for ctx.Err() == nil {
			i := next.Add(1) - 1
			if i >= uint64(len(shards)) {
				return
			}
			if err := run(ctx, shards[i]); err != nil {
				once.Do(func() { first = err })
				// Let the other goroutines stop early.
				next.Store(uint64(len(shards)))
				return
			}
		}
	}
	n := min(workers, len(shards))
	if n <= 1 {
		work()
	} else {
		var wg sync.WaitGroup
		for range n {
			wg.Go(work)
		}
		wg.Wait()
	}
	if first != nil {
		return first
	}
	return ctx.Err()
}
