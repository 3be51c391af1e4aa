package remoteness

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

// The exceptions of §2: a sorted position x of NIM(n, n−1) is an exception
// when its strict M-move x → x' is not optimal in misère play, i.e.
// R⁻(x) − R⁻(x') ≠ 1. Equal piles make the strict and the plain M-move the
// same move up to order, so the strict one (§2.1) stands for all.

// A lookup gives R⁻ of a sorted position of the game its length names.
// With a bound, the positions it is asked about have no pile above it, and
// it reads solved boxes of that bound (see boxOf); dense, it also reads
// whether a position is an exception and whether a prefix is one from
// bits derived once per box (box.facts), for properties asked at every
// position of a box. r, when set, answers instead (the tests' naive
// recursion).
type lookup struct {
	r     func(x grundy.Position) (int, bool)
	bound int
	dense bool
	// own is the box of the position a property is asked about, self,
	// whose rank in it is rank.
	own  *box
	self grundy.Position
	rank uint64
}

// R is R⁻(x).
func (l lookup) R(x grundy.Position) (int, bool) {
	if l.r != nil {
		return l.r(slices.Clone(x))
	}
	b, r, ok := l.locate(x)
	if !ok {
		return 0, false
	}
	return b.t.At(r).Rm, true
}

// locate finds the box and rank of x, false if no box of the lookup's
// bound holds it.
func (l lookup) locate(x grundy.Position) (*box, uint64, bool) {
	if l.own != nil && len(x) == len(l.self) && len(x) > 0 && &x[0] == &l.self[0] {
		return l.own, l.rank, true
	}
	b := l.own
	if b == nil || b.n != len(x) {
		if l.bound <= 0 || len(x) < 2 {
			return nil, 0, false
		}
		var err error
		if b != nil && len(x) < b.n && l.bound == b.t.Max() {
			b, err = b.prefixBox(len(x))
		} else {
			b, err = boxOf(len(x), l.bound)
		}
		if err != nil {
			return nil, 0, false
		}
	}
	if !slices.IsSorted(x) {
		x = slices.Sorted(slices.Values(x))
	}
	if !b.t.Index.Contains(x) {
		return nil, 0, false
	}
	return b, b.t.Index.Rank(x), true
}

// exc reports whether x is an exception.
func (l lookup) exc(x grundy.Position) bool {
	if l.dense && l.r == nil {
		if b, r, ok := l.locate(x); ok && b.facts() == nil {
			return b.exc.has(r)
		}
	}
	e, _, _ := isException(l, x)
	return e
}

// hasExcPrefix reports whether a proper prefix of x (at least 2 piles) is
// an exception of its own game.
func (l lookup) hasExcPrefix(x grundy.Position) bool {
	if l.dense && l.r == nil {
		if b, r, ok := l.locate(x); ok && b.facts() == nil {
			return b.pre.has(r)
		}
	}
	for n := 2; n < len(x); n++ {
		if l.exc(x[:n]) {
			return true
		}
	}
	return false
}

// isException reports whether x is an exception, with R⁻(x) and R⁻ of its
// M-move; a terminal position (no move) is none.
func isException(rm lookup, x grundy.Position) (exc bool, rx, ry int) {
	y, ok := mRuleMove(x)
	if !ok {
		return false, 0, 0
	}
	rx, ok1 := rm.R(x)
	ry, ok2 := rm.R(y)
	if !ok1 || !ok2 {
		return false, 0, 0
	}
	return rx-ry != 1, rx, ry
}

// optimalKept lists the values of the piles whose keeping is an optimal
// move from x (R⁻ drops by exactly 1), each value once: keeping either of
// two equal piles is the same move.
func optimalKept(rm lookup, x grundy.Position) []int {
	rx, ok := rm.R(x)
	if !ok || len(x) < 2 || x[1] == 0 {
		return nil
	}
	var out []int
	var buf [16]int
	for j := range x {
		if j > 0 && x[j] == x[j-1] {
			continue
		}
		if y, ok := keepMove(x, j, buf[:0]); ok {
			if ry, ok := rm.R(y); ok && rx-ry == 1 {
				out = append(out, x[j])
			}
		}
	}
	return out
}

// keepMove is the move keeping pile j (of the equal piles, the last, so
// the result stays sorted) and taking a token from every other pile,
// appended to buf.
func keepMove(x grundy.Position, j int, buf []int) (grundy.Position, bool) {
	for j+1 < len(x) && x[j+1] == x[j] {
		j++
	}
	y := append(buf, x...)
	for i := range y {
		if i == j {
			continue
		}
		if y[i] == 0 {
			return nil, false
		}
		y[i]--
	}
	return y, true
}

// siteLookup reads R⁻ from the site's solved box, and of positions with
// fewer piles (prefixes) from boxes of the same bound; dense, with the
// bits of box.facts.
func siteLookup(s *theory.Site, dense bool) lookup {
	return lookup{bound: s.Max(), dense: dense, own: siteBox(s), self: s.Pos, rank: s.Rank()}
}

// tableLookup reads R⁻ of any sorted position of NIM(n, n−1), n ≥ 2, from
// boxes of the given bound.
func tableLookup(bound int) lookup { return lookup{bound: bound} }

// A box is a solved R⁻ table of NIM(n, n−1). Its facts are two bits a
// position, by rank: whether it is an exception, and whether a proper
// prefix of at least two piles is one (in its own game, NIM(j, j−1)).
// Most properties of §2 ask one or both at every position of their boxes;
// derived once per box, they cost a bit test there.
type box struct {
	t        *solve.Table
	n        int
	once     sync.Once
	exc, pre bitset
	err      error
	// prefixes[j] is a box of j piles of the same bound, found once
	// (boxOf takes a lock).
	prefixOnce sync.Once
	prefixes   []*box
	prefixErr  error
}

// prefixBox is a box of j < b.n piles holding every position of b's bound.
func (b *box) prefixBox(j int) (*box, error) {
	b.prefixOnce.Do(func() {
		b.prefixes = make([]*box, b.n)
		for i := 2; i < b.n; i++ {
			if b.prefixes[i], b.prefixErr = boxOf(i, b.t.Max()); b.prefixErr != nil {
				return
			}
		}
	})
	if b.prefixErr != nil {
		return nil, b.prefixErr
	}
	return b.prefixes[j], nil
}

type bitset []uint64

func (b bitset) has(r uint64) bool { return b[r/64]&(1<<(r%64)) != 0 }

// solved holds the solved boxes of one process, by pile count, and by
// table those Check solved for the claims. A box of NIM(n, n−1) is closed
// under moves, so a position has the same values in every box that holds
// it: a box of a larger bound answers for a smaller one.
var solved struct {
	sync.Mutex
	byN    map[int][]*boxEntry
	tables map[*solve.Table]*box
	last   atomic.Pointer[box] // the box of the last site: most calls ask it again
}

type boxEntry struct {
	bound int
	once  sync.Once
	b     *box
	err   error
}

func register(n int, e *boxEntry) {
	if solved.byN == nil {
		solved.byN = map[int][]*boxEntry{}
	}
	solved.byN[n] = append(solved.byN[n], e)
}

// boxOf is a box of NIM(n, n−1) holding every position with piles at most
// bound: one already solved if any is large enough, else solved now.
func boxOf(n, bound int) (*box, error) {
	solved.Lock()
	var e *boxEntry
	for _, c := range solved.byN[n] {
		if c.bound >= bound && (e == nil || c.bound < e.bound) {
			e = c
		}
	}
	if e == nil {
		e = &boxEntry{bound: bound}
		register(n, e)
	}
	solved.Unlock()
	e.once.Do(func() {
		r, err := games.Parse(fmt.Sprintf("slow-exact:k=%d", n-1))
		if err != nil {
			e.err = err
			return
		}
		t, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: n, Max: bound, Kinds: grundy.KindRm})
		if err != nil {
			e.err = fmt.Errorf("solve NIM(%d, %d) to %d: %w", n, n-1, bound, err)
			return
		}
		e.b = &box{t: t, n: n}
	})
	return e.b, e.err
}

// siteBox is the box of the table Check solved for the site, registered
// for reuse by the lookups of prefixes and smaller bounds.
func siteBox(s *theory.Site) *box {
	t := s.Table()
	if b := solved.last.Load(); b != nil && b.t == t {
		return b
	}
	solved.Lock()
	b := solved.tables[t]
	if b == nil {
		b = &box{t: t, n: t.Piles()}
		if solved.tables == nil {
			solved.tables = map[*solve.Table]*box{}
		}
		solved.tables[t] = b
		e := &boxEntry{bound: t.Max(), b: b}
		e.once.Do(func() {})
		register(b.n, e)
	}
	solved.Unlock()
	solved.last.Store(b)
	return b
}

// facts derives the box's exception bits on all cores, the first time.
func (b *box) facts() error {
	b.once.Do(func() { b.err = b.derive() })
	return b.err
}

func (b *box) derive() error {
	t, n := b.t, b.n
	size := t.Index.Size()
	exc, pre := make(bitset, (size+63)/64), make(bitset, (size+63)/64)
	var lower *box
	if n > 2 {
		var err error
		if lower, err = boxOf(n-1, t.Max()); err != nil {
			return err
		}
		if err := lower.facts(); err != nil {
			return err
		}
	}
	// Chunks of whole words: no two goroutines write one.
	const chunk = 1 << 14
	var next atomic.Uint64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			q := make(grundy.Position, n)
			for {
				lo := next.Add(chunk) - chunk
				if lo >= size {
					return
				}
				t.EachRank(lo, lo+chunk, func(r uint64, p grundy.Position, v grundy.Values) bool {
					if j := mRuleKeep(p); j >= 0 {
						for i := range q {
							q[i] = p[i]
							if i != j {
								q[i]--
							}
						}
						if v.Rm-t.At(t.Index.Rank(q)).Rm != 1 {
							exc[r/64] |= 1 << (r % 64)
						}
					}
					if lower != nil {
						// A proper prefix is exceptional iff the longest one
						// is, or has an exceptional prefix itself.
						lr := lower.t.Index.Rank(p[:n-1])
						if lower.exc.has(lr) || lower.pre.has(lr) {
							pre[r/64] |= 1 << (r % 64)
						}
					}
					return true
				})
			}
		})
	}
	wg.Wait()
	b.exc, b.pre = exc, pre
	return nil
}

// exceptionalPrefix is the length of the shortest proper prefix of x
// (at least 2 piles) that is an exception of its own game, or 0.
func exceptionalPrefix(rm lookup, x grundy.Position) int {
	if !rm.hasExcPrefix(x) {
		return 0
	}
	for n := 2; n < len(x); n++ {
		if rm.exc(x[:n]) {
			return n
		}
	}
	return 0
}

// isExceptionOf reports whether x (a prefix of a box position, say) is an
// exception of its own game.
func isExceptionOf(rm lookup, x grundy.Position) bool { return rm.exc(x) }

// minimalException reports whether x is an exception no proper prefix of
// which is one (§2.2: the exceptions the paper lists).
func minimalException(rm lookup, x grundy.Position) bool {
	return rm.exc(x) && !rm.hasExcPrefix(x)
}

func show(x grundy.Position) string { return "(" + x.String() + ")" }

func showInts(v []int) string {
	if len(v) == 0 {
		return "{}"
	}
	return "{" + grundy.Position(v).String() + "}"
}
