package store

import (
	"context"
	"fmt"
	"math/big"
	"runtime"
	"syscall"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/solve"
)

// A Plan is what a stored solve will need, estimated before it starts.
type Plan struct {
	Positions *big.Int
	Tiers     int
	Memory    *big.Int // values held in memory at once
	Disk      *big.Int // bytes of tier files
	// Time is extrapolated from a timed solve of a smaller box of the
	// same ruleset and pile count (CalibrationMax); zero if none ran.
	Time           time.Duration
	CalibrationMax int
}

func (p Plan) String() string {
	s := fmt.Sprintf("%s positions in %d tiers, %s in memory, %s on disk",
		p.Positions, p.Tiers, plural.Bytes(p.Memory), plural.Bytes(p.Disk))
	switch {
	case p.Time >= century:
		s += fmt.Sprintf(", more than a century on %d cores", runtime.GOMAXPROCS(0))
	case p.Time > 0 && p.Time < time.Second:
		s += ", under a second"
	case p.Time > 0:
		s += fmt.Sprintf(", about %s on %d cores", p.Time.Round(time.Second), runtime.GOMAXPROCS(0))
	}
	return s
}

const century = 100 * 365 * 24 * time.Hour

// Estimate plans the stored solve of a box. It times a solve of the same
// ruleset and pile count with a smaller max (about a tenth of a second of
// work) and scales it by the number of positions and, for rulesets whose
// moves may take any number of tokens, by the growth of the number of
// moves with the max.
func Estimate(ctx context.Context, r grundy.Ruleset, piles, max int, kinds grundy.Kinds) (Plan, error) {
	if kinds == 0 {
		kinds = grundy.KindG | grundy.KindGm
	}
	spec := solve.BoxSpec{Piles: piles, Max: max, Kinds: kinds}
	est := solve.EstimateBox(r, spec)
	p := Plan{Positions: est.Positions, Tiers: est.Tiers, Memory: est.Held, Disk: est.Bytes}
	if canMap && solve.NeededTiers(r, piles) < 0 && est.LargestTier != nil {
		// Lower tiers are read memory-mapped (from the page cache, which
		// the kernel may reclaim); held: the tier computed and the one
		// being written.
		p.Memory = new(big.Int).Mul(est.LargestTier, big.NewInt(int64(2*kinds.Count()*solve.ValueWidth(piles, max))))
	}
	from := grundy.SymmetricFrom(r, piles)
	// The largest calibration box below about 200,000 positions.
	calib := -1
	for b := 1; b < max; b++ {
		if solve.BoxSize(piles, from, b).Cmp(big.NewInt(500_000)) > 0 {
			break
		}
		calib = b
	}
	if calib < 1 {
		return p, nil
	}
	start := time.Now()
	spec.Max = calib
	if _, err := solve.SolveBox(ctx, r, spec); err != nil {
		return p, err
	}
	per := float64(time.Since(start)) / float64(solve.BoxSize(piles, from, calib).Int64())
	if solve.NeededTiers(r, piles) < 0 {
		// Moves that take any amount: followers grow with the max.
		per *= float64(max) / float64(calib)
	}
	total, _ := new(big.Float).SetInt(est.Positions).Float64()
	p.Time = century
	if t := per * total; t < float64(century) {
		p.Time = time.Duration(t)
	}
	p.CalibrationMax = calib
	return p, nil
}

// FreeDisk is the space available to an unprivileged user in the file
// system holding dir (or its nearest existing parent).
func FreeDisk(dir string) (uint64, error) {
	var st syscall.Statfs_t
	for {
		err := syscall.Statfs(dir, &st)
		if err == nil {
			return st.Bavail * uint64(st.Bsize), nil
		}
		parent := parentDir(dir)
		if parent == dir {
			return 0, err
		}
		dir = parent
	}
}
