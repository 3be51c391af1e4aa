package engine

import (
	"context"
	"flag"
	"math/big"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

var calibrate = flag.Bool("calibrate", false, "measure each solver's peak memory against its estimate (seconds of CPU and up to a GiB)")

// heapPeak runs f and returns the most heap it held above what was held
// before: live, the largest live heap a collection marked (what an
// estimate bounds; garbage is the collector's, which GOMEMLIMIT holds
// to the process's share), and objects, the largest heap of objects
// sampled every 200 µs, garbage not yet swept included. The collector
// runs at GOGC=25, so that collections, and live samples, come often.
func heapPeak(f func()) (live, objects uint64) {
	old := debug.SetGCPercent(25)
	defer debug.SetGCPercent(old)
	runtime.GC()
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}}
	read := func() (uint64, uint64) {
		metrics.Read(sample)
		return sample[0].Value.Uint64(), sample[1].Value.Uint64()
	}
	baseLive, baseObj := read()
	var peakLive, peakObj atomic.Uint64
	note := func() {
		l, o := read()
		if l > peakLive.Load() {
			peakLive.Store(l)
		}
		if o > peakObj.Load() {
			peakObj.Store(o)
		}
	}
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		for {
			note()
			select {
			case <-done:
				return
			case <-time.After(200 * time.Microsecond):
			}
		}
	}()
	f()
	runtime.GC() // marks what f's result holds
	note()
	close(done)
	<-stopped
	return peakLive.Load() - min(baseLive, peakLive.Load()), peakObj.Load() - min(baseObj, peakObj.Load())
}

// TestCalibrateMemory (-calibrate) measures, for each solver path, the
// heap a few representative boxes hold at their peak against the
// estimate that admits them (the figure a front end checks against its
// memory limit), and fails where estimate ÷ peak is outside 1 to 2.
func TestCalibrateMemory(t *testing.T) {
	if !*calibrate {
		t.Skip("-calibrate measures peak memory (seconds of CPU, up to a GiB)")
	}
	ctx := context.Background()
	parse := func(s string) grundy.Ruleset {
		r, err := games.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	type box struct {
		game       string
		piles, max int
	}
	report := func(path, what string, est float64, peak, objects uint64) {
		ratio := est / float64(peak)
		t.Logf("%v %-10s %-34s estimate %8.1f MiB  live peak %8.1f MiB  ratio %.2f  (objects %.1f MiB)", time.Now().Format("15:04:05"), path, what,
			est/(1<<20), float64(peak)/(1<<20), ratio, float64(objects)/(1<<20))
		if ratio < 1 || ratio > 2 {
			t.Errorf("%s %s: estimate ÷ peak = %.2f, want 1 to 2", path, what, ratio)
		}
	}
	bf := func(b *big.Int) float64 { f, _ := new(big.Float).SetInt(b).Float64(); return f }

	// SolveBox: every table of the box in memory (Estimate.Memory).
	for _, b := range []box{{"nim", 4, 60}, {"slow-exact:k=2", 4, 100}, {"moore:k=2", 4, 30}, {"nim", 3, 150}, {"wythoff", 2, 3000}} {
		r := parse(b.game)
		est := solve.EstimateBox(r, solve.BoxSpec{Piles: b.piles, Max: b.max})
		var tab *solve.Table
		peak, objects := heapPeak(func() {
			var err error
			if tab, err = solve.SolveBox(ctx, r, solve.BoxSpec{Piles: b.piles, Max: b.max}); err != nil {
				t.Fatal(err)
			}
		})
		runtime.KeepAlive(tab)
		report("SolveBox", est.PositionsString()+" "+b.game+" "+itoa(b.piles)+"≤"+itoa(b.max), est.Memory(), peak, objects)
	}
	// SolveTiers: the tiers held (Estimate.HeldMemory), for the slow
	// rulesets a few, for the others all.
	for _, b := range []box{{"slow-exact:k=2", 3, 500}, {"slow-moore:k=2", 4, 120}, {"nim", 3, 120}} {
		r := parse(b.game)
		spec := solve.BoxSpec{Piles: b.piles, Max: b.max, Kinds: grundy.KindG | grundy.KindGm}
		est := solve.EstimateBox(r, spec)
		peak, objects := heapPeak(func() {
			if err := solve.SolveTiers(ctx, r, solve.TierSpec{BoxSpec: spec}, func(*solve.Tier) error { return nil }); err != nil {
				t.Fatal(err)
			}
		})
		report("SolveTiers", est.PositionsString()+" "+b.game+" "+itoa(b.piles)+"≤"+itoa(b.max), est.HeldMemory(), peak, objects)
	}
	// Search: the positions it may visit (the budget, or the reach when
	// fewer) at SearchBytes each, and its stacks (SearchMemory).
	for _, c := range []struct {
		game string
		pos  grundy.Position
	}{
		{"slow-exact:k=2", grundy.Position{9, 12, 14, 17, 19, 22}},
		{"nim", grundy.Position{17, 19, 21, 23, 25}},
		{"moore:k=2", grundy.Position{10, 12, 14, 16, 18}},
	} {
		r := parse(c.game)
		var s *solve.Solved
		peak, objects := heapPeak(func() {
			var err error
			if s, err = (solve.Search{Ruleset: r}).Solve(ctx, c.pos); err != nil {
				t.Fatal(err)
			}
		})
		report("search", c.game+" "+c.pos.String()+" ("+itoa(s.Len())+" visited)", solve.PlanSearch(r, c.pos).Memory(solve.DefaultBudget), peak, objects)
		runtime.KeepAlive(s)
	}
	// The two-pile line solver: a rectangle below a position
	// (TwoPileBytes), and a box.
	for _, c := range []struct {
		game string
		x, y int
	}{{"wythoff", 2000, 3000}, {"wythoff-mod:K=64,s=1,t=1", 1000, 1500}} {
		r := parse(c.game)
		need, _ := solve.TwoPileBytes(r, c.x, c.y)
		var v *solve.TwoPileValues
		peak, objects := heapPeak(func() {
			var err error
			if v, err = solve.SolveTwoPile(ctx, r, c.x, c.y, nil); err != nil {
				t.Fatal(err)
			}
		})
		runtime.KeepAlive(v)
		report("two-pile", c.game+" "+itoa(c.x)+"×"+itoa(c.y), bf(need), peak, objects)
	}
	// Heatmaps: the box solved whole and the grid (HeatmapMemory).
	for _, c := range []struct {
		game, slice string
		max, top    int
		piles       int
	}{{"nim", "x,y,100", 100, 100, 3}, {"slow-exact:k=2", "x,y,200", 200, 200, 3}, {"wythoff", "x,y", 1000, 1000, 2}} {
		r := parse(c.game)
		need := HeatmapMemory(r, HeatmapSpec{Slice: c.slice, Max: c.max})
		var g *Heatmap
		peak, objects := heapPeak(func() {
			var err error
			if g, err = SolveHeatmap(ctx, r, HeatmapSpec{Slice: c.slice, Max: c.max}, Options{}); err != nil {
				t.Fatal(err)
			}
		})
		runtime.KeepAlive(g)
		report("heatmap", c.game+" "+c.slice+" ≤ "+itoa(c.max), need, peak, objects)
	}
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }
