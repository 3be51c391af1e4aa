package solve

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"sync"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/internal/plural"
)

// twoPileMoves returns r's line description when the two-pile solver
// applies to r with the given number of piles.
func twoPileMoves(r grundy.Ruleset, piles int) (grundy.TwoPileMoves, bool) {
	tp, ok := r.(grundy.TwoPile)
	if !ok || piles != 2 || grundy.PilesMayGrow(r) {
		return grundy.TwoPileMoves{}, false
	}
	return tp.TwoPileMoves(), true
}

// lineSolver gives the moves of a box the two-pile line solver takes: not
// when a parameter sizes its lines rather than the box (wythoff-mod's K:
// (x+y+1)·K diagonal lines, 2.28 GB for the 61 positions below 0,60 at
// K = 2^20), past 64 MiB and four times the box's values at 16 bytes a
// position; the generic solver then takes it.
func lineSolver(r grundy.Ruleset, spec BoxSpec) (grundy.TwoPileMoves, bool) {
	mv, ok := twoPileMoves(r, spec.Piles)
	if !ok || spec.Generic {
		return mv, false
	}
	lines := newBoxRun(r, mv, spec.Max).bytes()
	side := uint64(spec.Max) + 1
	return mv, lines <= 64<<20 || lines <= 4*16*side*side
}

// newBoxRun is the sweep of a box [0,max]²: its table holds the
// positions below the diagonal only when r's piles are not
// interchangeable.
func newBoxRun(r grundy.Ruleset, mv grundy.TwoPileMoves, max int) *twoPileRun {
	run := newTwoPileRun(mv, max, max)
	run.lower = grundy.SymmetricFrom(r, 2) != 0
	return run
}

// TwoPileValues holds the values of every position of a rectangle
// [0,X]×[0,Y] of a two-pile ruleset, as computed by SolveTwoPile.
type TwoPileValues struct {
	Ruleset grundy.Ruleset
	X, Y    int
	vals    []rec // column-major
}

// Values returns the values of p, and false when p lies outside the
// rectangle (in either order of interchangeable piles).
func (t *TwoPileValues) Values(p grundy.Position) (grundy.Values, bool) {
	if len(p) != 2 {
		return grundy.Values{}, false
	}
	x, y := p[0], p[1]
	if x < 0 || y < 0 {
		return grundy.Values{}, false
	}
	if (x > t.X || y > t.Y) && grundy.SymmetricFrom(t.Ruleset, 2) == 0 {
		x, y = y, x
	}
	if x > t.X || y > t.Y {
		return grundy.Values{}, false
	}
	v := t.vals[x*(t.Y+1)+y]
	return grundy.Values{G: int(v[0]), Gm: int(v[1]), R: int(v[2]), Rm: int(v[3])}, true
}

// Len is the number of positions solved.
func (t *TwoPileValues) Len() int { return len(t.vals) }

// TwoPileBytes is the memory SolveTwoPile needs for [0,X]×[0,Y], and false
// when r is not a two-pile ruleset with a line description.
func TwoPileBytes(r grundy.Ruleset, X, Y int) (*big.Int, bool) {
	mv, ok := twoPileMoves(r, 2)
	if !ok {
		return nil, false
	}
	b := new(big.Int).SetUint64(newTwoPileRun(mv, X, Y).bytes())
	if mv.Diagonal.S <= 1 {
		// The values kept, beside the sweep's own columns.
		n := new(big.Int).Mul(big.NewInt(int64(X)+1), big.NewInt(int64(Y)+1))
		b.Add(b, n.Mul(n, big.NewInt(16)))
	}
	return b, true
}

// SolveTwoPile computes the values of every position of [0,X]×[0,Y] of a
// ruleset implementing grundy.TwoPile, in O(X·Y) steps per line of its
// moves (Θ(X·Y·X) for (s,t)-Wythoff moves with s > 1); see twopile.go.
// Progress, if set, gets the positions done and the total after each
// column.
func SolveTwoPile(ctx context.Context, r grundy.Ruleset, X, Y int, progress func(done, total uint64)) (*TwoPileValues, error) {
	mv, ok := twoPileMoves(r, 2)
	if !ok {
		return nil, fmt.Errorf("%s: not a two-pile ruleset described by lines", r.Name())
	}
	if X < 0 || Y < 0 {
		return nil, fmt.Errorf("two-pile rectangle needs non-negative sides, got [0,%d]×[0,%d]", X, Y)
	}
	if err := r.Validate(grundy.Position{0, 0}); err != nil {
		return nil, fmt.Errorf("%s with 2 piles: %w", r.Name(), err)
	}
	// Sides near 2^63 overflow the sizes below; no such table fits anyway.
	if cells := (float64(X) + 1) * (float64(Y) + 1); X >= math.MaxInt32 || Y >= math.MaxInt32 || cells > 1<<40 {
		return nil, fmt.Errorf("%w: two-pile rectangle [0,%d]×[0,%d] has %s positions", ErrTooBig, X, Y, plural.Magnitude(math.Log10(cells)))
	}
	H := Y + 1
	out := &TwoPileValues{Ruleset: r, X: X, Y: Y, vals: make([]rec, (X+1)*H)}
	run := newTwoPileRun(mv, X, Y)
	total := uint64(X+1) * uint64(H)
	run.emit = func(x int, col []rec, p int) error {
		dst := out.vals[x*H : (x+1)*H]
		for y := run.firstRow(x); y < H; y++ {
			dst[y][p], dst[y][2+p] = col[y][p], col[y][2+p]
		}
		if progress != nil && p == 0 {
			progress(uint64(x+1)*uint64(H), total)
		}
		return nil
	}
	if err := run.run(ctx); err != nil {
		return nil, err
	}
	if run.upper() {
		// (x, y) has the values of (y, x); by blocks of the square, so
		// that both sides stay in the caches.
		const blk = 64
		for x0 := 0; x0 <= X; x0 += blk {
			for y0 := 0; y0 <= x0; y0 += blk {
				for x := x0; x < min(x0+blk, X+1); x++ {
					for y := y0; y < min(y0+blk, x); y++ {
						out.vals[x*H+y] = out.vals[y*H+x]
					}
				}
			}
		}
	}
	return out, nil
}

// solveTwoPileBox fills a table of a two-pile box with the line solver.
func solveTwoPileBox(ctx context.Context, r grundy.Ruleset, mv grundy.TwoPileMoves, spec BoxSpec, est Estimate) (*Table, error) {
	run := newBoxRun(r, mv, spec.Max)
	run.noRemoteness = [2]bool{spec.Kinds&grundy.KindR == 0, spec.Kinds&grundy.KindRm == 0}
	// The sweep's own memory beside the tables, and its work: the line
	// bookkeeping and mex scans per position, or the cone's moves.
	need := est.Memory() // with LineBytes, the sweep's lines and stage
	lim := spec.limits()
	if err := est.Check(need, Limits{Memory: lim.Memory}); err != nil {
		return nil, fmt.Errorf("2 piles ≤ %d of %s (%s for the line solver): %w", spec.Max, r.Name(),
			plural.Bytes(new(big.Int).SetUint64(run.bytes()+stageBytes(spec.Max))), err)
	}
	if w := run.work(); lim.Work > 0 && w > lim.Work {
		return nil, fmt.Errorf("2 piles ≤ %d of %s: %w: about %s steps, more than the limit of %s (%s)",
			spec.Max, r.Name(), ErrTooBig, plural.Magnitude(math.Log10(w)), plural.Magnitude(math.Log10(lim.Work)), workTime(lim.Work))
	}
	t, err := NewTable(r, 2, spec.Max, spec.Kinds)
	if err != nil {
		return nil, err
	}
	sym := grundy.SymmetricFrom(r, 2) == 0
	total := t.Index.Size()
	// The table goes by tiers (x + y), the sweep by columns: written as
	// they come, each position of a column lands in a cache line of its
	// own, which the other pass writes too. So each pass stages
	// stageColumns columns and writes them tier by tier (the ranks of a
	// tier's positions in successive columns are successive), one pass at
	// a time.
	H := spec.Max + 1
	var stage [2][]pair
	var mu sync.Mutex
	var done uint64
	firstRow := func(x int) int {
		if sym {
			return max(x, run.firstRow(x))
		}
		return run.firstRow(x)
	}
	// Within a tier s the rank of (x, s − x) goes down by one as x goes
	// up when the piles are interchangeable (the larger pile orders a
	// tier), up by one otherwise (pile 0 orders it); see RankInTier.
	step := uint64(1)
	if sym {
		step = ^uint64(0)
	}
	flush := func(x0, x1, pass int) {
		mu.Lock()
		defer mu.Unlock()
		st := stage[pass]
		stride := uint64(t.lay.stride)
		sg, sr := t.lay.slot[pass], t.lay.slot[2+pass]
		pos := make(grundy.Position, 2)
		for s := x0 + firstRow(x0); s <= x1+spec.Max; s++ {
			xa, xb := max(x0, s-spec.Max), min(x1, s)
			if sym {
				xb = min(xb, s/2)
			}
			if xa > xb {
				continue
			}
			pos[0], pos[1] = xa, s-xa
			rank := t.Index.Rank(pos)
			for x := xa; x <= xb; x++ {
				v := st[(x-x0)*H+s-x]
				base := rank * stride
				if t.v16 != nil {
					if sg >= 0 {
						t.v16[base+uint64(sg)] = uint16(v[0])
					}
					if sr >= 0 {
						t.v16[base+uint64(sr)] = uint16(v[1])
					}
				} else {
					if sg >= 0 {
						t.v32[base+uint64(sg)] = uint32(v[0])
					}
					if sr >= 0 {
						t.v32[base+uint64(sr)] = uint32(v[1])
					}
				}
				rank += step
			}
			if pass == 0 {
				done += uint64(xb - xa + 1)
			}
		}
		if spec.Progress != nil && pass == 0 {
			spec.Progress(done, total)
		}
	}
	run.emit = func(x int, col []rec, pass int) error {
		if stage[pass] == nil {
			stage[pass] = make([]pair, stageColumns*H)
		}
		x0 := x / stageColumns * stageColumns
		dst := stage[pass][(x-x0)*H : (x-x0+1)*H]
		for y := firstRow(x); y < H; y++ {
			dst[y] = pair{col[y][pass], col[y][2+pass]}
		}
		if x == spec.Max || x-x0 == stageColumns-1 {
			flush(x0, x, pass)
		}
		return nil
	}
	if err := run.run(ctx); err != nil {
		return nil, err
	}
	return t, nil
}

// stageColumns is how many columns solveTwoPileBox stages per pass.
const stageColumns = 32

// pair is a Grundy value and a remoteness.
type pair [2]int32

// stageBytes is the memory of solveTwoPileBox's staged columns.
func stageBytes(max int) uint64 { return 2 * stageColumns * 8 * uint64(max+1) }
