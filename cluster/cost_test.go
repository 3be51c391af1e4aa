package cluster

import (
	"testing"
	"time"
)

// TestBatchPositions: the model batches every tier where splitting cannot
// gain (one machine; workers that solve faster than the store moves a
// position), the tiers below λ/gain where it can, and none that memory
// refuses. Expected thresholds are worked by hand from the formula in the
// CostModel comment.
func TestBatchPositions(t *testing.T) {
	p, err := NewPlan(NewJob("slow-exact:k=2", 5, 6, 0, 17))
	if err != nil {
		t.Fatal(err)
	}
	var largest uint64
	for s := range p.Tiers() {
		largest = max(largest, p.Solver.Index.TierSize(s))
	}
	model := CostModel{SolveNs: 40, StoreNs: 20, Barrier: 100 * time.Millisecond, Memory: 1 << 30}
	fine := model
	fine.Barrier = 500 * time.Nanosecond // so that the threshold falls inside this small box
	tight := model
	tight.Memory = p.BatchMemory(7)
	for _, tc := range []struct {
		name  string
		model CostModel
		on    Machines
		want  uint64
	}{
		{"one machine, two workers", model, Machines{Count: 1, Cores: 2, BatchCores: 2}, largest},
		{"no workers seen", model, Machines{}, largest},
		// 40/16 − 40/128 − 20 < 0: a 16-core worker outruns the store.
		{"8 machines of 16 cores", fine, Machines{Count: 8, Cores: 128, BatchCores: 16}, largest},
		// gain 40/1 − 40/64 − 20 = 19.375 ns: 500/19.375 = 25.8.
		{"64 one-core machines", fine, Machines{Count: 64, Cores: 64, BatchCores: 1}, 25},
		// gain 40/2 − 40/64 − 0 = 19.375 ns again.
		{"32 two-core machines, free store", CostModel{SolveNs: 40, Barrier: 500, Memory: 1 << 30}, Machines{Count: 32, Cores: 64, BatchCores: 2}, 25},
		{"memory for 7 positions", tight, Machines{Count: 1, Cores: 2, BatchCores: 2}, 7},
		{"no memory", CostModel{SolveNs: 40, Barrier: time.Second}, Machines{Count: 1, Cores: 2, BatchCores: 2}, 0},
	} {
		if got := tc.model.BatchPositions(p, tc.on); got != tc.want {
			t.Errorf("%s: BatchPositions(%+v) = %d, want %d (largest tier %d)", tc.name, tc.on, got, tc.want, largest)
		}
	}
}
