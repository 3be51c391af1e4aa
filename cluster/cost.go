package cluster

import (
	"math"
	"time"
)

// Machines is what the cost model knows of the workers polling a task
// queue (docs/cluster.md, "Choosing what to split").
type Machines struct {
	// Count is the number of distinct machines the workers run on.
	Count int
	// Cores is the cores of those machines together, each machine
	// counted once however many workers it runs: what splitting a tier
	// across the workers can use at most.
	Cores int
	// Slots is the shard activities the workers run at once (each
	// worker's --activities, summed), which sizes the shards of split
	// tiers (ShardSize).
	Slots int
	// BatchCores is the cores one worker gives a run of tiers solved in
	// one activity (its --tiers-threads, at most its machine's cores):
	// the fewest of any worker, since any may run it.
	BatchCores int
}

// A CostModel prices a tier both ways a solve can run it: whole on one
// worker (SolveTiers, in a batch with its neighbours), or split into
// shards across the workers. With c the solver's time per position on
// one core, a tier of n positions costs n·c/BatchCores batched, and split
//
//	n·c/Cores + n·r + λ
//
// where λ is the barrier (a round of shard activities, the seal and a
// workflow task) and r the store's time per position on the critical
// path of a split tier, which a batch does not pay: every worker reads
// the lower tiers its shards need from the store, and the seal reads the
// tier's objects back, one after the other. Splitting pays only when
// n·(c/BatchCores − c/Cores − r) > λ: never when every worker shares one
// machine (Cores = BatchCores), and for no tier when a worker solves a
// position faster than the store moves it (c/BatchCores ≤ r + c/Cores).
// A batch also holds its tiers in memory, so no tier larger than Memory
// allows is batched, whatever the times.
type CostModel struct {
	// SolveNs is c, nanoseconds a position on one core.
	SolveNs float64
	// StoreNs is r, nanoseconds a position of a split tier spends in
	// the store on the critical path (reading lower tiers, sealing).
	StoreNs float64
	// Barrier is λ.
	Barrier time.Duration
	// Memory bounds the bytes a batch holds (Plan.BatchMemory).
	Memory uint64
}

// DefaultCost is measured on the development machine (2 cores, Temporal
// dev server and the S3 fake on loopback; BENCHMARKS.md, "Cluster"):
// slow exact 2-Nim solves a position of 7 piles ≤ 50 in ≈ 40 ns of one
// core (10.3 s of CPU for 2.6·10⁸ positions); a worker reads a position
// from the store (download, decode, SHA-256, into its cache) in ≈ 10 ns
// and the seal reads it back in as much again; a barrier costs ≈ 0.1 s.
// Memory is a quarter of the 8 GiB a worker of the deployment requests
// (deploy/kubernetes.yaml), leaving the rest to its shards and the page
// cache of its mapped tiers.
var DefaultCost = CostModel{SolveNs: 40, StoreNs: 20, Barrier: 100 * time.Millisecond, Memory: 2 << 30}

// BatchPositions is the largest tier the model batches on these machines
// (Input.BatchPositions): every tier of the box when splitting never pays
// and memory allows, zero when no tier fits in memory.
func (m CostModel) BatchPositions(p *Plan, on Machines) uint64 {
	var largest uint64
	for s := range p.Tiers() {
		largest = max(largest, p.Solver.Index.TierSize(s))
	}
	limit := largest
	one := p.BatchMemory(1)
	if one > 0 {
		limit = min(limit, m.Memory/one)
	}
	batch, cores := float64(max(on.BatchCores, 1)), float64(max(on.Cores, on.BatchCores, 1))
	gain := m.SolveNs/batch - m.SolveNs/cores - m.StoreNs // ns a position saved by splitting
	if gain > 0 {
		if n := float64(m.Barrier.Nanoseconds()) / gain; n < float64(limit) {
			limit = uint64(math.Floor(n))
		}
	}
	return limit
}

// BatchMemory bounds the bytes SolveTiers holds for tiers of at most n
// positions: the lower tiers the one being solved reads, that tier, and
// the tiers written while it is solved (TiersInFlight, whose objects are
// at most as large as their records), each counted as n positions. For
// the slow rulesets (a tier reads the k below it) that is close; for
// those whose tiers read every lower tier it is far above the truth (the
// lower tiers are smaller), which only makes the model batch less.
func (p *Plan) BatchMemory(n uint64) uint64 {
	needs := 0
	for s := range p.Tiers() {
		needs = max(needs, len(p.Solver.Needs(s)))
	}
	return uint64(needs+1+2*TiersInFlight) * n * uint64(p.Solver.RecordBytes())
}
