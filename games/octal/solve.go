package octal

import (
	"context"
	"fmt"
	"math"
	"math/bits"
)

// A Method is how a sequence was computed; both are exhaustive.
type Method string

const (
	// Dense: the mex over every option of every heap.
	Dense Method = "dense"
	// Sparse: the sparse-space method (Gangolli & Plambeck 1989,
	// Flammenkamp): values v split by the parity of v&Mask into a sparse
	// class and a common one; a common value is an option only through a
	// pair with a sparse heap, so only pairs with a sparse heap are
	// enumerated, and a sparse candidate below the least missing common
	// value is searched for among the pairs until one is found. Exact for
	// any Mask; fast when the sparse class is rare.
	Sparse Method = "sparse"
)

// A Sequence is G(0), …, G(len(G)-1) of a game.
type Sequence struct {
	Game   Game
	G      []uint32
	Method Method
	// Mask defines the sparse class of the Sparse method (parity of v&Mask
	// even) and Rare how many heaps fell in it.
	Mask uint64 `json:",omitempty"`
	Rare int    `json:",omitempty"`
	// Extended, when nonzero, is where computing stopped because the
	// periodicity theorem had proved Period: G(n) for n ≥ Extended is
	// G(n-Period.Period), by the theorem, not by a mex.
	Extended int          `json:",omitempty"`
	Period   *Periodicity `json:",omitempty"`
}

// Options bound and watch a computation.
type Options struct {
	// Memory refuses a computation that needs more bytes (0: DefaultMemory).
	Memory int64
	// Progress, if set, receives (done, total) heaps now and then.
	Progress func(done, total uint64)
	// Method forces Dense or Sparse ("" chooses: Sparse where it applies
	// and a mask makes a class rare).
	Method Method
	// Work refuses a computation of more elementary steps (an option's
	// value, a pair tried): before any work where the dense method's
	// count is known, and as soon as the count passes it otherwise (the
	// sparse method's count depends on how rare the values stay). 0: no
	// limit.
	Work float64
	// UsePeriod stops computing once the periodicity theorem proves a
	// period (tried at every power of two from 4096) and fills the rest
	// from it.
	UsePeriod bool
}

// sparseWarmup is how many values are computed densely before the sparse
// method chooses its mask (tests lower it to reach the method sooner).
var sparseWarmup = 1024

// DefaultMemory is the memory a computation may take by default.
const DefaultMemory = 1 << 30

// A MemoryError refuses a computation before it allocates: Need bytes are
// estimated, Limit allowed.
type MemoryError struct {
	Game        string
	Max         int
	Need, Limit int64
}

func (e *MemoryError) Error() string {
	return fmt.Sprintf("G(0..%d) of %s needs about %d MB, over the limit of %d MB", e.Max, e.Game, (e.Need+(1<<20)-1)>>20, e.Limit>>20)
}

// A WorkError refuses a computation of more than Limit steps: Need is
// the dense method's count, known before any work (At is -1), or the
// steps taken when the sparse method passed the limit at heap At.
type WorkError struct {
	Game        string
	Max, At     int
	Need, Limit float64
}

func (e *WorkError) Error() string {
	if e.At < 0 {
		return fmt.Sprintf("G(0..%d) of %s needs about %.2g steps, over the limit of %.2g", e.Max, e.Game, e.Need, e.Limit)
	}
	return fmt.Sprintf("G(0..%d) of %s: stopped at heap %d after %.2g steps, the limit", e.Max, e.Game, e.At, e.Need)
}

// DenseWork is the steps of the dense method for G(0..max): per heap n,
// each removal's options, n/2 pairs for a split into two and n heaps
// times the values' span for three.
func DenseWork(g Game, max int) float64 {
	var per float64 // steps per n², summed over removals
	m := float64(max)
	for k := range g.Digits {
		d := g.Digits[k]
		if d&LeaveTwo != 0 {
			per += 0.25
		}
		if d&LeaveThree != 0 {
			per += 0.5 * 4 // the span's words, grown a few times
		}
	}
	if g.Tail != 0 {
		per += 0.5
		if g.Tail&LeaveTwo != 0 {
			per += m / 6
		}
	}
	return per*m*m + m*float64(len(g.Digits))
}

// Estimate is the memory Solve needs for G(0..max): four bytes a value,
// and for three-heap splits a set of two-heap split values per heap.
func Estimate(g Game, max int) int64 {
	if max >= 1<<40 {
		return math.MaxInt64 // beyond any memory, and beyond overflow below
	}
	need := int64(max+1) * 4
	if g.MaxParts() == 3 {
		// each heap's two-heap split values as a bitset; values of the
		// hexadecimal games of the tables stay below 256 — the bitsets
		// grow if they do not, and are re-estimated then.
		need += int64(max+1) * 256 / 8
	}
	return need
}

// Solve computes G(0..max) of g. It stops with ctx's error when ctx ends.
func Solve(ctx context.Context, g Game, max int, opt Options) (*Sequence, error) {
	if max < 0 {
		return nil, fmt.Errorf("max %d: want at least 0", max)
	}
	limit := opt.Memory
	if limit == 0 {
		limit = DefaultMemory
	}
	if need := Estimate(g, max); need > limit {
		return nil, &MemoryError{Game: g.Name, Max: max, Need: need, Limit: limit}
	}
	method := opt.Method
	if method == "" {
		method = Dense
		if g.Finite() && g.MaxParts() == 2 {
			method = Sparse
		}
	}
	if w := DenseWork(g, max); method == Dense && opt.Work > 0 && w > opt.Work {
		return nil, &WorkError{Game: g.Name, Max: max, At: -1, Need: w, Limit: opt.Work}
	}
	s := &solver{g: g, G: make([]uint32, 0, max+1), limit: limit}
	if method == Sparse && !(g.Finite() && g.MaxParts() <= 2) {
		return nil, fmt.Errorf("the sparse method needs a finite code leaving at most two heaps; %s is not", g.Name)
	}
	if g.MaxParts() == 3 {
		s.pairs = make([][]uint64, 0, max+1)
	}
	// The sparse method needs a mask, chosen from a first stretch of values
	// computed densely.
	warm := max + 1
	if method == Sparse {
		warm = min(max+1, sparseWarmup)
	}
	seq := &Sequence{Game: g, Method: Dense}
	next := 4096
	for n := 0; n <= max; n++ {
		if err := s.tick(ctx, n, max, opt.Progress); err != nil {
			return nil, err
		}
		if n == warm {
			seq.Mask = chooseMask(s.G, opt.Method == Sparse)
			if seq.Mask != 0 {
				seq.Method = Sparse
				for m := range s.G {
					if sparse(s.G[m], seq.Mask) {
						s.rare = append(s.rare, m)
					}
				}
			}
		}
		if opt.UsePeriod && n == next {
			next *= 2
			if p, ok := Period(g, s.G, 0); ok && p.Trust == Proved {
				seq.Extended, seq.Period = n, &p
				for m := n; m <= max; m++ {
					s.G = append(s.G, s.G[m-p.Period])
				}
				break
			}
		}
		var v uint32
		if seq.Method == Sparse {
			v = s.sparseValue(n, seq.Mask)
			if sparse(v, seq.Mask) {
				s.rare = append(s.rare, n)
			}
		} else {
			v = s.dense(n)
		}
		s.G = append(s.G, v)
		if opt.Work > 0 && s.steps > opt.Work {
			return nil, &WorkError{Game: g.Name, Max: max, At: n, Need: s.steps, Limit: opt.Work}
		}
	}
	seq.Rare = len(s.rare)
	if opt.Progress != nil {
		opt.Progress(uint64(max+1), uint64(max+1))
	}
	seq.G = s.G
	return seq, nil
}

type solver struct {
	g     Game
	G     []uint32
	max   uint32 // the largest value so far
	seen  []uint64
	pairs [][]uint64 // for three-heap splits: two-heap split values of each heap
	rare  []int
	limit int64
	steps float64 // elementary steps so far
}

func (s *solver) tick(ctx context.Context, n, max int, progress func(done, total uint64)) error {
	if n&0xffff != 0 {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if progress != nil {
		progress(uint64(n), uint64(max+1))
	}
	return nil
}

// span is a power of two above every value so far: a nim-sum of values
// stays below it, so a bitset of span bits holds any set of options.
func (s *solver) span() int { return 1 << bits.Len32(s.max) }

func (s *solver) clearSeen(words int) {
	if cap(s.seen) < words {
		s.seen = make([]uint64, words)
	}
	s.seen = s.seen[:words]
	clear(s.seen)
}

func (s *solver) mark(v uint32) { s.seen[v>>6] |= 1 << (v & 63) }

func (s *solver) has(v uint32) bool {
	return int(v>>6) < len(s.seen) && s.seen[v>>6]&(1<<(v&63)) != 0
}

// mex of seen.
func (s *solver) mex() uint32 {
	for i, w := range s.seen {
		if w != ^uint64(0) {
			return uint32(i*64 + bits.TrailingZeros64(^w))
		}
	}
	return uint32(len(s.seen) * 64)
}

// dense is G(n) from every option; G(0..n-1) are known.
func (s *solver) dense(n int) uint32 {
	s.clearSeen(s.span()/64 + 1)
	g := s.g
	top := n
	if g.Finite() {
		top = min(n, len(g.Digits)-1)
	}
	for k := 0; k <= top; k++ {
		d := g.digit(k)
		r := n - k
		if d&LeaveNone != 0 && r == 0 {
			s.mark(0)
		}
		if d&LeaveOne != 0 && r >= 1 && k >= 1 {
			s.mark(s.G[r])
		}
		if d&LeaveTwo != 0 {
			for a := 1; 2*a <= r; a++ {
				if g.Unequal && 2*a == r {
					continue
				}
				s.mark(s.G[a] ^ s.G[r-a])
			}
		}
		if d&LeaveThree != 0 {
			s.threes(r)
		}
	}
	v := s.mex()
	s.steps += float64(top+1) * float64(n/2+1)
	s.record(n, v)
	return v
}

// record keeps the largest value and, for three-heap splits, n's two-heap
// split values (the seen set is reused, so this runs after mex).
func (s *solver) record(n int, v uint32) {
	s.max = max(s.max, v)
	if s.pairs == nil {
		return
	}
	set := make([]uint64, s.span()/64+1)
	for a := 1; 2*a <= n; a++ {
		x := s.G[a] ^ s.G[n-a]
		set[x>>6] |= 1 << (x & 63)
	}
	s.pairs = append(s.pairs, set)
}

// threes marks the values of the splits of r into three nonempty heaps:
// heap a and a split of r-a into two, grouped by G(a) so that each
// group's split sets are united before the nim-sum permutes them.
func (s *solver) threes(r int) {
	if r < 3 {
		return
	}
	groups := map[uint32][]uint64{}
	for a := 1; a <= r-2; a++ {
		p := s.pairs[r-a]
		s.steps += float64(len(p))
		u := groups[s.G[a]]
		if len(u) < len(p) {
			u = append(u, make([]uint64, len(p)-len(u))...)
		}
		for i, w := range p {
			u[i] |= w
		}
		groups[s.G[a]] = u
	}
	for v, u := range groups {
		for i, w := range u {
			for w != 0 {
				b := uint32(i*64 + bits.TrailingZeros64(w))
				w &= w - 1
				x := v ^ b
				if int(x>>6) >= len(s.seen) {
					s.seen = append(s.seen, make([]uint64, int(x>>6)+1-len(s.seen))...)
				}
				s.mark(x)
			}
		}
	}
}

// sparse reports whether v is in the sparse class of mask: the parity of
// v&mask is even. Sparse values are closed under nim-sum, and a common
// value is the nim-sum of a sparse and a common one.
func sparse(v uint32, mask uint64) bool { return bits.OnesCount64(uint64(v)&mask)%2 == 0 }

// sparseValue is G(n) by the sparse-space method for a finite code whose
// splits leave at most two heaps.
func (s *solver) sparseValue(n int, mask uint64) uint32 {
	s.clearSeen(s.span()/64 + 1)
	g := s.g
	top := min(n, len(g.Digits)-1)
	// Every option but the common+common splits: those give sparse values
	// only.
	for k := 0; k <= top; k++ {
		d := g.digit(k)
		r := n - k
		if d&LeaveNone != 0 && r == 0 {
			s.mark(0)
		}
		if d&LeaveOne != 0 && r >= 1 && k >= 1 {
			s.mark(s.G[r])
		}
		if d&LeaveTwo != 0 {
			for _, a := range s.rare {
				if a >= r {
					break
				}
				if a < 1 || g.Unequal && 2*a == r {
					continue
				}
				s.mark(s.G[a] ^ s.G[r-a])
			}
		}
	}
	// The least missing common value c; G(n) is c unless a sparse value
	// below c is missing even among the common+common splits.
	s.steps += float64(top+1) * float64(len(s.rare)+1)
	var c uint32
	for c = 0; sparse(c, mask) || s.has(c); c++ {
	}
	for v := uint32(0); v < c; v++ {
		if !sparse(v, mask) || s.has(v) {
			continue
		}
		if !s.splitReaches(n, top, v) {
			s.record(n, v)
			return v
		}
	}
	s.record(n, c)
	return c
}

// splitReaches reports whether some split of n (after its removal) into
// two heaps has value v. The removals are tried side by side, heap a by
// heap a, so that a value reached by one removal's splits is found early
// even when another removal's splits never reach it.
func (s *solver) splitReaches(n, top int, v uint32) bool {
	g := s.g
	var ks [maxDigits + 1]int
	m := 0
	for k := 0; k <= top; k++ {
		if g.digit(k)&LeaveTwo != 0 {
			ks[m] = k
			m++
		}
	}
	for a := 1; ; a++ {
		s.steps += float64(m)
		any := false
		for _, k := range ks[:m] {
			r := n - k
			if 2*a > r {
				continue
			}
			any = true
			if s.G[a]^s.G[r-a] == v && !(g.Unequal && 2*a == r) {
				return true
			}
		}
		if !any {
			return false
		}
	}
}

// chooseMask picks the mask whose sparse class the later half of the
// values visits least (Flammenkamp's parity masks), trying every mask on
// the bits the values use; bits above them copy the top bit, as Grundy's
// game's 0111…1 does. Unless forced, it gives 0 (no mask) when the best
// class still holds more than an eighth of the values: the method would
// then enumerate nearly every pair and search besides.
func chooseMask(G []uint32, force bool) uint64 {
	var top uint32
	for _, v := range G {
		top = max(top, v)
	}
	b := bits.Len32(top)
	if b == 0 || b > 12 {
		return 0
	}
	best, bestCount := uint64(0), len(G)+1
	for m := uint64(1); m < 1<<b; m++ {
		count := 0
		for _, v := range G[len(G)/2:] {
			if sparse(v, m) {
				count++
			}
		}
		if count < bestCount {
			best, bestCount = m, count
		}
	}
	if !force && 8*bestCount > len(G)-len(G)/2 {
		return 0
	}
	if best>>(b-1)&1 == 1 {
		best |= ^uint64(0) << b
	}
	return best
}
