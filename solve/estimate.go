package solve

import (
	"fmt"
	"math"
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/internal/plural"
)

// An Estimate is what a box needs before it is solved: its positions, the
// memory of its value tables and index, and the work of solving it. It is
// computed in microseconds for any box, however large (EstimateBox never
// enumerates, allocates per pile nor calls big.Binomial on huge
// arguments), so every caller can refuse a box before touching it.
type Estimate struct {
	// Positions is the number of canonical positions when Huge is false,
	// and a lower bound (HugeBound) when it is true.
	Positions *big.Int
	Huge      bool
	// Log10Positions is log₁₀ of the number of positions, also for huge
	// boxes (for readable magnitudes).
	Log10Positions float64
	Bytes          *big.Int // value tables of the whole box
	Wide           bool     // values need four bytes
	// Held is the memory SolveTiers holds for values: a few of the
	// largest tiers for the slow rulesets, the whole table otherwise.
	Held *big.Int
	// Tiers and LargestTier describe the tiers (LargestTier is nil for
	// boxes too large to index; Tiers saturates at MaxInt).
	Tiers       int
	LargestTier *big.Int
	// IndexBytes is the memory of the box's TierIndex, and PositionBytes
	// that of the position buffers the workers use (they grow with the
	// pile count, not with the box).
	IndexBytes, PositionBytes float64
	// LineBytes is the two-pile line solver's own memory beside the
	// tables (its lines and staged columns), when it solves the box.
	LineBytes float64
	// Options is the estimated mean number of followers of a position
	// (half the followers of the box's corner (B,…,B), counted up to a
	// cap); Work is positions × (1 + Options) × piles, the elementary
	// steps of decoding, enumerating and ranking every follower.
	Options, Work float64
	// record is the bytes of one position's values.
	record float64
	piles  int
}

// twoPileStepsPerPosition is the line solver's work per position counted
// as followers: it tests a handful of lines per candidate value.
const twoPileStepsPerPosition = 16

// HugeBound is the number of positions beyond which EstimateBox stops
// counting exactly: no box that large can be solved, so the exact count
// would only cost time (big.Binomial of a million-pile box takes minutes).
var HugeBound = new(big.Int).Lsh(big.NewInt(1), 128)

// optionsCap bounds the followers counted at the corner.
const optionsCap = 1 << 16

// maxSampledPiles bounds the positions EstimateBox builds to count
// followers; above it the options of a general ruleset are assumed to be
// those of Nim (every pile lowered to every smaller size), an upper bound
// for the rulesets of the papers that change one pile.
const maxSampledPiles = 1 << 16

func (e Estimate) String() string {
	return fmt.Sprintf("%s positions, %s of tables", e.PositionsString(), plural.Bytes(e.Bytes))
}

// PositionsString is the number of positions, exact up to a million and
// as a readable magnitude beyond.
func (e Estimate) PositionsString() string {
	if !e.Huge && e.Positions.IsInt64() && e.Positions.Int64() < 1_000_000 {
		return e.Positions.String()
	}
	return plural.Magnitude(e.Log10Positions)
}

// Memory is what solving the whole box in memory needs: tables, index and
// position buffers.
func (e Estimate) Memory() float64 {
	return e.tables(e.Bytes) + e.IndexBytes + e.PositionBytes + e.LineBytes + solverBytes
}

// solverBytes is what a box solver holds beside its tables, index and
// buffers, whatever the box: its workers, their goroutines' heap and the
// per-tier bookkeeping of a small box (measured at about 100 KiB:
// TestCalibrateMemory in engine).
const solverBytes = 256 << 10

// HeldMemory is what SolveTiers needs: the tiers it holds, the index and
// the position buffers.
func (e Estimate) HeldMemory() float64 {
	return e.tables(e.Held) + e.IndexBytes + e.PositionBytes + solverBytes
}

// tables is b in bytes, or, for huge boxes whose b is only a lower bound,
// the size from the logarithm of the count.
func (e Estimate) tables(b *big.Int) float64 {
	if e.Huge {
		return math.Pow(10, e.Log10Positions) * e.record // may be +Inf
	}
	return bigFloat(b)
}

// bytesString prints a memory need, readable also when it overflows a
// float64.
func (e Estimate) bytesString(need float64) string {
	if math.IsInf(need, 1) {
		return plural.Magnitude(e.Log10Positions+math.Log10(max(e.record, 1))) + " B"
	}
	return formatFloatBytes(need)
}

// Limits are what a caller lets one box take; zero fields mean no limit.
type Limits struct {
	Memory uint64  // bytes
	Work   float64 // elementary steps of a box (Estimate.Work)
	// Search is the steps of one position's search (positions visited ×
	// PositionWork), which a search budget in positions alone does not
	// bound: a position of a thousand piles may have a million followers.
	Search float64
}

// DefaultWork is a work limit of hours to days on one core, and
// DefaultSearchWork one of a few minutes, what the default search budget
// of 10^8 positions takes on small positions. A box's step cost from
// stepNs to 7·stepNs of CPU (`grundy count` on 2 cores of an AMD EPYC,
// 2026-11-26: wythoff 2 ≤ 3000 on the line solver 2.5 ns, exact:k=2
// 6 ≤ 15 3.3, moore:k=2 4 ≤ 30 4.5, nim 5 ≤ 30 6.2, nim 3 ≤ 200 17: the
// last one's followers lie scattered over 1.4 million positions).
const (
	DefaultWork       = 1e13
	DefaultSearchWork = 1e11
	stepNs            = 2.5
)

// workTime is the CPU time steps of a box take, as a range.
func workTime(steps float64) string {
	sec := steps * stepNs / 1e9
	return fmt.Sprintf("%s to %s of CPU", roughDuration(sec), roughDuration(7*sec))
}

// WorkTime is the CPU time steps take, as a range ("4 minutes to 30
// minutes of CPU").
func WorkTime(steps float64) string { return workTime(steps) }

// roughDuration prints seconds in the unit a reader thinks in.
func roughDuration(s float64) string {
	const minute, hour, day, year = 60, 3600, 86400, 365.25 * 86400
	switch {
	case s < 90:
		return fmt.Sprintf("%.2g s", s)
	case s < 90*minute:
		return fmt.Sprintf("%.0f min", s/minute)
	case s < 72*hour:
		return fmt.Sprintf("%.0f h", s/hour)
	case s < 3*year:
		return fmt.Sprintf("%.0f days", s/day)
	}
	return fmt.Sprintf("%.2g years", s/year)
}

// A TooBigError refuses a box that would not fit the limits, with the
// estimate that says so. It wraps ErrTooBig.
type TooBigError struct {
	Estimate Estimate
	Limits   Limits
	// Memory is the bytes the box needs (one of Estimate.Memory and
	// HeldMemory) when memory is what is over; 0 when work is.
	Memory float64
}

func (e *TooBigError) Error() string {
	if e.Memory > 0 {
		return fmt.Sprintf("%v: %s positions need %s, more than the %s available",
			ErrTooBig, e.Estimate.PositionsString(), e.Estimate.bytesString(e.Memory), plural.Bytes(new(big.Int).SetUint64(e.Limits.Memory)))
	}
	return fmt.Sprintf("%v: %s positions with about %s followers each need about %s steps, more than the limit of %s (%s)",
		ErrTooBig, e.Estimate.PositionsString(), plural.Magnitude(math.Log10(max(e.Estimate.Options, 1))), e.Estimate.workString(), plural.Magnitude(math.Log10(e.Limits.Work)), workTime(e.Limits.Work))
}

func (e *TooBigError) Unwrap() error { return ErrTooBig }

// Check refuses with a *TooBigError a box whose memory (need, one of
// Memory and HeldMemory) or work exceeds the limits.
func (e Estimate) Check(need float64, l Limits) error {
	switch {
	case l.Memory > 0 && need > float64(l.Memory):
		return &TooBigError{Estimate: e, Limits: l, Memory: need}
	case l.Work > 0 && e.Work > l.Work:
		return &TooBigError{Estimate: e, Limits: l}
	}
	return nil
}

// EstimateBox says how many positions, bytes and steps a box needs. It
// never fails: a box with no piles or a negative max is empty.
func EstimateBox(r grundy.Ruleset, spec BoxSpec) Estimate {
	kinds := spec.Kinds
	if kinds == 0 {
		kinds = grundy.AllKinds
	}
	n, B := spec.Piles, spec.Max
	if n < 1 || B < 0 {
		z := new(big.Int)
		return Estimate{Positions: z, Bytes: z, Held: z, Log10Positions: math.Inf(-1)}
	}
	from := grundy.SymmetricFrom(r, n)
	pos, huge := boxSizeCapped(n, from, B, HugeBound)
	e := Estimate{Positions: pos, Huge: huge, Log10Positions: log10BoxSize(n, from, B), piles: n}
	if !huge {
		f, _ := new(big.Float).SetInt(pos).Float64()
		e.Log10Positions = math.Log10(f)
	}
	// Every move removes a token, so no value exceeds the longest play
	// (at most Piles·Max moves) plus one for misère's virtual move.
	longest := float64(n)*float64(B) + 1
	e.Wide = longest > 0xFFFF
	e.Tiers = math.MaxInt
	if longest < math.MaxInt32 {
		e.Tiers = int(longest)
	}
	width := int64(2)
	if e.Wide {
		width = 4
	}
	record := big.NewInt(width * int64(kinds.Count()))
	e.record = float64(record.Int64())
	e.Bytes = new(big.Int).Mul(pos, record)
	e.Held = e.Bytes
	e.IndexBytes = indexBytes(n, B)
	workers := spec.Workers
	if workers <= 0 {
		workers = 8 // an upper bound on the buffers, not the cores
	}
	// Each worker holds a position, its canonical form and a follower.
	e.PositionBytes = 8 * 3 * float64(n) * float64(workers)
	e.Options = meanOptions(r, n, B)
	if mv, ok := lineSolver(r, spec); ok {
		// The two-pile line solver never enumerates followers: it tests
		// a few lines per candidate value (see twopile.go), a small
		// constant per position as measured in BENCHMARKS.md.
		e.Options = twoPileStepsPerPosition
		e.LineBytes = float64(newBoxRun(r, mv, B).bytes() + stageBytes(B))
	}
	e.Work = math.Pow(10, e.Log10Positions) * (1 + e.Options) * float64(n) // may be +Inf
	if !huge {
		e.LargestTier = largestTier(n, from, B, pos)
		if k := NeededTiers(r, n); k >= 0 {
			// SolveTiers cycles k+2 tier buffers.
			e.Held = new(big.Int).Mul(e.LargestTier, big.NewInt(int64(k+2)))
			e.Held.Mul(e.Held, record)
		}
	}
	return e
}

// largestTier bounds the positions of a box's largest tier (token sum) in
// constant time, where the index that counts them exactly may take
// gigabytes (3 sorted piles ≤ 6,000: 0.9 GB). A tier's size is the
// distribution of the token sum times the positions: the ordered piles
// are uniform on 0..B (variance B(B+2)/12 each) and the sorted ones a
// partition in an m×B box, whose size has the Mann–Whitney U
// distribution (variance mB(m+B+1)/12; the Gaussian binomial is U's
// generating function). By the local limit theorem the mode is about
// positions/√(2πσ²); the factor 1.09 makes it an upper bound, within
// 1.6× of the exact largest tier for every box of 2 to 12 piles ≤ 60
// with piles above one token (TestLargestTier). One pile has one position a tier.
func largestTier(n, from, B int, pos *big.Int) *big.Int {
	if n == 1 || B == 0 {
		return big.NewInt(1)
	}
	m, b := float64(n-from), float64(B)
	variance := float64(from)*b*(b+2)/12 + m*b*(m+b+1)/12
	p := bigFloat(pos)
	est := math.Ceil(min(p, 1.09*p/math.Sqrt(2*math.Pi*variance)))
	out, _ := big.NewFloat(est).Int(nil)
	if out.Cmp(pos) > 0 {
		out.Set(pos)
	}
	return out
}

// meanOptions estimates the mean number of followers of a box's position.
func meanOptions(r grundy.Ruleset, n, B int) float64 {
	if B == 0 {
		return 0
	}
	if u, ok := r.(grundy.UnitDecrements); ok {
		// A move lowers j of the n piles by one, lo ≤ j ≤ hi.
		lo, hi := u.UnitDecrementRange(n)
		var sum float64
		for j := max(lo, 0); j <= min(hi, n); j++ {
			sum += math.Exp(lgamma(float64(n)+1) - lgamma(float64(j)+1) - lgamma(float64(n-j)+1))
		}
		return sum
	}
	nim := float64(n) * float64(B) / 2
	if n > maxSampledPiles {
		return nim
	}
	corner := make(grundy.Position, n)
	for i := range corner {
		corner[i] = B
	}
	if r.Validate(corner) != nil || grundy.PilesMayGrow(r) {
		return nim
	}
	if c, ok := r.(grundy.OptionCounter); ok {
		return c.OptionCount(corner) / 2
	}
	count := 0
	r.Options(corner, func(grundy.Position) bool {
		count++
		return count < optionsCap
	})
	if count >= optionsCap {
		// The count stopped at the cap: Nim's count, if larger, is the
		// better guess for the rulesets that lower one pile at a time.
		return max(float64(count)/2, nim)
	}
	return float64(count) / 2
}

// boxSizeCapped is BoxSize, or a lower bound of at least limit and true
// when the box has more than limit positions. Its loops stop as soon as
// the running product passes limit, which takes at most log₂(limit)
// steps: (B+1)^i ≥ 2^i, and C(N, i) ≥ 2^i for i ≤ N/2.
func boxSizeCapped(n, from, B int, limit *big.Int) (*big.Int, bool) {
	prefix := big.NewInt(1)
	if B > 0 {
		w := big.NewInt(int64(B))
		w.Add(w, big.NewInt(1))
		for range from {
			prefix.Mul(prefix, w)
			if prefix.Cmp(limit) > 0 {
				return prefix, true
			}
		}
	}
	m := n - from
	// C(B+m, k) with k = min(m, B), built as ∏ (N−i)/(i+1).
	N := new(big.Int).Add(big.NewInt(int64(B)), big.NewInt(int64(m)))
	k := min(m, B)
	c := big.NewInt(1)
	num := new(big.Int)
	for i := range k {
		num.Sub(N, big.NewInt(int64(i)))
		c.Mul(c, num)
		c.Quo(c, big.NewInt(int64(i)+1))
		if new(big.Int).Mul(c, prefix).Cmp(limit) > 0 {
			return c.Mul(c, prefix), true
		}
	}
	return c.Mul(c, prefix), false
}

// Log10Positions is log₁₀ of the number of canonical positions of r's box
// of piles ≤ max, in constant time: what a caller cutting a box to a size
// needs, without the follower count EstimateBox adds (which lists the
// corner's options of a ruleset that cannot count them).
func Log10Positions(r grundy.Ruleset, piles, max int) float64 {
	if piles < 1 || max < 0 {
		return math.Inf(-1)
	}
	return log10BoxSize(piles, grundy.SymmetricFrom(r, piles), max)
}

// log10BoxSize is log₁₀ of the number of positions of a box, in floating
// point (for magnitudes only).
func log10BoxSize(n, from, B int) float64 {
	m := float64(n - from)
	b := float64(B)
	return (lnBinomial(b+m, min(m, b)) + float64(from)*math.Log(b+1)) / math.Ln10
}

// lnBinomial is ln C(n, k), k ≤ n − k, in constant time. Where m = n − k
// dwarfs k the lgamma difference cancels to nothing (lgamma(2⁶³ + 4) =
// lgamma(2⁶³ + 1) in floating point: 3 piles ≤ 2⁶³ − 1 counted 1
// position). Then C(n, k) = ∏ (1 + m/i): a small k sums its logarithms,
// a large one takes ln(m/i) + i/m for each (the next term, i²/2m², is
// below 2⁻⁴⁰ of the sum there).
func lnBinomial(n, k float64) float64 {
	m := n - k
	switch {
	case k <= 64:
		var lc float64
		for i := 1.0; i <= k; i++ {
			lc += math.Log1p(m / i)
		}
		return lc
	case m >= k*(1<<20):
		return k*math.Log(m) - lgamma(k+1) + k*(k+1)/(2*m)
	}
	return lgamma(n+1) - lgamma(k+1) - lgamma(m+1)
}

func lgamma(x float64) float64 {
	v, _ := math.Lgamma(x)
	return v
}

// indexBytes is about the memory NewTierIndex takes for a box: its count
// tables for 3 to n sorted piles, and its tier starts.
func indexBytes(n, B int) float64 {
	fn, fb := float64(n), float64(B)
	b := 8 * (fn*fb + 2) * (fn + 1)
	// Σ_{j=3}^{n} 8 (j·B + 1)(B + 1)
	if n >= 3 {
		terms := fn - 2
		sumJ := (fn*(fn+1))/2 - 3
		b += 8 * (fb + 1) * (fb*sumJ + terms)
	}
	return b
}

// formatFloatBytes is FormatBytes for a float, with a magnitude beyond
// exbibytes.
func formatFloatBytes(b float64) string {
	if b >= 1<<70 || math.IsInf(b, 1) {
		return plural.Magnitude(math.Log10(b)) + " B"
	}
	bi, _ := big.NewFloat(b).Int(nil)
	return plural.Bytes(bi)
}

func bigFloat(b *big.Int) float64 {
	f, _ := new(big.Float).SetInt(b).Float64()
	return f
}

// workString prints Work, readable also when it overflows a float64.
func (e Estimate) workString() string {
	if math.IsInf(e.Work, 1) {
		return plural.Magnitude(e.Log10Positions + math.Log10(1+e.Options) + math.Log10(float64(max(e.piles, 1))))
	}
	return plural.Magnitude(math.Log10(e.Work))
}

// PositionWork is the steps of solving one position p in a search: its
// followers (counted up to a cap, or from the rule of the slow rulesets)
// times n log n for its n piles, each follower being copied and sorted. A search
// may visit Limits.Work / PositionWork(r, p) positions of p's size.
func PositionWork(r grundy.Ruleset, p grundy.Position) float64 {
	return positionWork(r, p, optionCount(r, p))
}

// positionWork is PositionWork with p's options counted.
func positionWork(r grundy.Ruleset, p grundy.Position, options float64) float64 {
	// A follower is copied and sorted into canonical form.
	n := float64(len(p)) * max(1, math.Log2(float64(len(p))))
	if r.Validate(p) != nil {
		if _, ok := r.(grundy.UnitDecrements); !ok {
			return n
		}
	}
	return (1 + options) * n
}

// optionCount is the number of p's options: from the rule of the slow
// rulesets, the ruleset's own count, or listed up to optionsCap.
func optionCount(r grundy.Ruleset, p grundy.Position) float64 {
	if u, ok := r.(grundy.UnitDecrements); ok {
		nonEmpty := 0
		for _, x := range p {
			if x > 0 {
				nonEmpty++
			}
		}
		lo, hi := u.UnitDecrementRange(len(p))
		var opts float64
		for j := max(lo, 0); j <= min(hi, nonEmpty); j++ {
			opts += math.Exp(lgamma(float64(nonEmpty)+1) - lgamma(float64(j)+1) - lgamma(float64(nonEmpty-j)+1))
		}
		return opts
	}
	if r.Validate(p) != nil {
		return 0
	}
	if c, ok := r.(grundy.OptionCounter); ok {
		return c.OptionCount(p)
	}
	count := 0
	r.Options(p, func(grundy.Position) bool {
		count++
		return count < optionsCap
	})
	return float64(count)
}

// SearchMemory is the most a Search from p within budget holds
// (SearchPlan.Memory).
func SearchMemory(r grundy.Ruleset, p grundy.Position, budget int) float64 {
	return PlanSearch(r, p).Memory(budget)
}
