package remoteness

import (
	"context"
	"fmt"
	"slices"
	"sync"

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
// With a bound, the positions it is asked about have no pile above it,
// and whether a prefix is an exception is read from exception tables of
// that bound, solved once.
type lookup struct {
	r     func(x grundy.Position) (int, bool)
	bound int
}

// R is R⁻(x).
func (l lookup) R(x grundy.Position) (int, bool) { return l.r(x) }

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
	for j := range x {
		if j > 0 && x[j] == x[j-1] {
			continue
		}
		if y, ok := keepMove(x, j); ok {
			if ry, ok := rm.R(y); ok && rx-ry == 1 {
				out = append(out, x[j])
			}
		}
	}
	return out
}

// keepMove is the move keeping pile j (of the equal piles, the last, so
// the result stays sorted) and taking a token from every other pile.
func keepMove(x grundy.Position, j int) (grundy.Position, bool) {
	for j+1 < len(x) && x[j+1] == x[j] {
		j++
	}
	y := slices.Clone(x)
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

// siteLookup reads R⁻ from a solved box, and of positions with fewer
// piles (prefixes) from boxes of the same bound solved on demand.
func siteLookup(s *theory.Site) lookup {
	n := len(s.Pos)
	return lookup{r: func(x grundy.Position) (int, bool) {
		if len(x) == n {
			v, ok := s.ValuesOf(x)
			return v.Rm, ok
		}
		return prefixRm(x, s.Max())
	}, bound: s.Max()}
}

// prefixTables caches the misère remoteness of NIM(n, n−1) boxes that
// properties consult besides their own (n piles, bound) → table.
var prefixTables struct {
	sync.Mutex
	m map[[2]int]*solve.Table
}

// prefixRm gives R⁻ of sorted x in NIM(len(x), len(x)−1) from a box of
// the given bound, solving it the first time.
func prefixRm(x grundy.Position, bound int) (int, bool) {
	t, err := rmTable(len(x), bound)
	if err != nil {
		return 0, false
	}
	v, ok := t.Lookup(x)
	return v.Rm, ok
}

func rmTable(n, bound int) (*solve.Table, error) {
	prefixTables.Lock()
	defer prefixTables.Unlock()
	key := [2]int{n, bound}
	if t := prefixTables.m[key]; t != nil {
		return t, nil
	}
	r, err := games.Parse(fmt.Sprintf("slow-exact:k=%d", n-1))
	if err != nil {
		return nil, err
	}
	t, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: n, Max: bound, Kinds: solve.KindRm})
	if err != nil {
		return nil, fmt.Errorf("solve NIM(%d, %d) to %d: %w", n, n-1, bound, err)
	}
	if prefixTables.m == nil {
		prefixTables.m = map[[2]int]*solve.Table{}
	}
	prefixTables.m[key] = t
	return t, nil
}

// tableLookup reads R⁻ of any sorted position of NIM(n, n−1), n ≥ 2, from
// boxes of the given bound.
func tableLookup(bound int) lookup {
	return lookup{r: func(x grundy.Position) (int, bool) { return prefixRm(x, bound) }, bound: bound}
}

// excTables caches, per (piles, bound), which positions of NIM(n, n−1)
// are exceptions, by rank in the box.
var excTables struct {
	sync.Mutex
	m map[[2]int]*excTable
}

type excTable struct {
	ix   *solve.TierIndex
	bits []uint64
}

func (e *excTable) has(x grundy.Position) bool {
	r := e.ix.Rank(x)
	return e.bits[r/64]&(1<<(r%64)) != 0
}

// exceptionsOf is the exception table of NIM(n, n−1) in the box of the
// bound, computed from its R⁻ table on first use.
func exceptionsOf(n, bound int) (*excTable, error) {
	t, err := rmTable(n, bound)
	if err != nil {
		return nil, err
	}
	excTables.Lock()
	defer excTables.Unlock()
	key := [2]int{n, bound}
	if e := excTables.m[key]; e != nil {
		return e, nil
	}
	e := &excTable{ix: t.Index, bits: make([]uint64, (t.Index.Size()+63)/64)}
	q := make(grundy.Position, n)
	t.Each(func(p grundy.Position, v grundy.Values) bool {
		j := mRuleKeep(p)
		if j < 0 {
			return true
		}
		for i := range q {
			q[i] = p[i]
			if i != j {
				q[i]--
			}
		}
		if v.Rm-t.At(t.Index.Rank(q)).Rm != 1 {
			r := t.Index.Rank(p)
			e.bits[r/64] |= 1 << (r % 64)
		}
		return true
	})
	if excTables.m == nil {
		excTables.m = map[[2]int]*excTable{}
	}
	excTables.m[key] = e
	return e, nil
}

// exceptionalPrefix is the length of the shortest proper prefix of x
// (at least 2 piles) that is an exception of its own game, or 0.
func exceptionalPrefix(rm lookup, x grundy.Position) int {
	if rm.bound > 0 && slices.Max(x) <= rm.bound {
		if n, ok := fastPrefix(x, rm.bound); ok {
			return n
		}
	}
	for n := 2; n < len(x); n++ {
		if exc, _, _ := isException(rm, x[:n]); exc {
			return n
		}
	}
	return 0
}

// isExceptionOf reports whether x (a prefix of a box position, say) is an
// exception of its own game, from the exception tables when rm has a
// bound.
func isExceptionOf(rm lookup, x grundy.Position) bool {
	if rm.bound > 0 && slices.Max(x) <= rm.bound {
		if e, err := exceptionsOf(len(x), rm.bound); err == nil {
			return e.has(x)
		}
	}
	exc, _, _ := isException(rm, x)
	return exc
}

// fastPrefix is exceptionalPrefix from the exception tables of the bound;
// false if a table could not be solved.
func fastPrefix(x grundy.Position, bound int) (int, bool) {
	for n := 2; n < len(x); n++ {
		e, err := exceptionsOf(n, bound)
		if err != nil {
			return 0, false
		}
		if e.has(x[:n]) {
			return n, true
		}
	}
	return 0, true
}

// minimalException reports whether x is an exception no proper prefix of
// which is one (§2.2: the exceptions the paper lists).
func minimalException(rm lookup, x grundy.Position) bool {
	exc, _, _ := isException(rm, x)
	return exc && exceptionalPrefix(rm, x) == 0
}

func show(x grundy.Position) string { return "(" + x.String() + ")" }

func showInts(v []int) string {
	if len(v) == 0 {
		return "{}"
	}
	return "{" + grundy.Position(v).String() + "}"
}
