package remoteness

import (
	"slices"
	"testing"

	"github.com/grundy/grundy"
)

// naiveRm is misère remoteness of NIM(n, n−1) by plain recursion from the
// definition (terminal: 1; else 1 + the least even R⁻ of an option if
// any, otherwise 1 + the largest), with no box and no symmetry tricks:
// the independent solver the exception tests compare with.
type naiveRm map[string]int

func (memo naiveRm) rm(x grundy.Position) int {
	x = slices.Clone(x)
	slices.Sort(x)
	key := x.String()
	if v, ok := memo[key]; ok {
		return v
	}
	bestEven, bestOdd := -1, -1
	for j := range x {
		y := slices.Clone(x)
		ok := true
		for i := range y {
			if i == j {
				continue
			}
			if y[i] == 0 {
				ok = false
				break
			}
			y[i]--
		}
		if !ok {
			continue
		}
		v := memo.rm(y)
		if v%2 == 0 && (bestEven < 0 || v < bestEven) {
			bestEven = v
		}
		if v%2 == 1 && v > bestOdd {
			bestOdd = v
		}
	}
	v := 1
	switch {
	case bestEven >= 0:
		v = bestEven + 1
	case bestOdd >= 0:
		v = bestOdd + 1
	}
	memo[key] = v
	return v
}

func (memo naiveRm) lookup() lookup {
	return lookup{r: func(x grundy.Position) (int, bool) { return memo.rm(x), true }}
}

// TestTablesAgreeWithNaive: R⁻ from the box solver, as the properties read
// it, against the naive recursion, with the exceptions of small boxes.
func TestTablesAgreeWithNaive(t *testing.T) {
	memo := naiveRm{}
	tab := tableLookup(9)
	dense := lookup{bound: 9, dense: true} // box.facts' bits
	for n := 2; n <= 6; n++ {
		x := make(grundy.Position, n)
		var walk func(i, lo int)
		walk = func(i, lo int) {
			if i == n {
				got, ok := tab.R(x)
				if want := memo.rm(x); !ok || got != want {
					t.Fatalf("R⁻(%v) = %d, %v; naive %d", x, got, ok, want)
				}
				e1, _, _ := isException(tab, x)
				e2, _, _ := isException(memo.lookup(), x)
				if e3, e4 := isExceptionOf(tab, x), dense.exc(x); e1 != e2 || e3 != e2 || e4 != e2 {
					t.Fatalf("exception(%v): %v from tables, %v from exceptions of tables, %v from their bits, %v naive", x, e1, e3, e4, e2)
				}
				if p1, p2, p3 := exceptionalPrefix(tab, x), exceptionalPrefix(memo.lookup(), x), exceptionalPrefix(dense, x); p1 != p2 || p3 != p2 {
					t.Fatalf("exceptional prefix of %v: %d from tables, %d from their bits, %d naive", x, p1, p3, p2)
				}
				if m1, m2 := minimalException(dense, x), minimalException(memo.lookup(), x); m1 != m2 {
					t.Fatalf("minimal exception(%v): %v from bits, %v naive", x, m1, m2)
				}
				return
			}
			for v := lo; v <= 9; v++ {
				x[i] = v
				walk(i+1, v)
			}
		}
		walk(0, 0)
	}
}

// TestPaperExamples checks exceptions and R⁻ the paper prints, against the
// naive recursion: each is a minimal exception with the printed R⁻.
func TestPaperExamples(t *testing.T) {
	memo := naiveRm{}
	rm := memo.lookup()
	for _, tc := range []struct {
		ref string
		x   grundy.Position
		r   int
	}{
		{"§2.4 i = 1", grundy.Position{2, 2, 2, 3}, 3},
		{"§2.4 i = 2", grundy.Position{4, 4, 4, 4, 5}, 5},
		{"§2.5 x2 even", grundy.Position{1, 2, 3}, 3},
		{"§2.5 x2 odd", grundy.Position{1, 1, 2}, 3},
		{"§2.5 x2 odd", grundy.Position{1, 3, 9}, 5},
		{"§2.6 table", grundy.Position{5, 5, 6, 7}, 7},
		{"§2.6 table", grundy.Position{5, 5, 7, 8}, 9},
		{"§2.6 table", grundy.Position{7, 9, 13, 14}, 15},
		{"§2.9 table", grundy.Position{3, 3, 3, 4}, 5},
		{"§2.9 table", grundy.Position{5, 6, 6, 6, 7}, 7},
		{"§2.10 table", grundy.Position{7, 9, 11, 11, 12}, 13},
		{"§2.11 table", grundy.Position{7, 7, 10, 11}, 11},
	} {
		exc, rx, _ := isException(rm, tc.x)
		if !exc || rx != tc.r || exceptionalPrefix(rm, tc.x) != 0 {
			t.Errorf("%s: %v exception %v, R⁻ %d, prefix %d; want a minimal exception with R⁻ %d", tc.ref, tc.x, exc, rx,
				exceptionalPrefix(rm, tc.x), tc.r)
		}
	}
	// Not exceptions: the M-move of a P-position or of (2,2,2,2) (x1 = 2i
	// needs n = i + 3 piles, §2.4).
	for _, x := range []grundy.Position{{2, 2, 2}, {2, 2, 3}, {4, 4, 4, 5}, {3, 3, 4}} {
		if exc, _, _ := isException(rm, x); exc {
			t.Errorf("%v is an exception; §2.4/§2.9 say none", x)
		}
	}
}

// TestOptimalKept: in (1,2,3) (§2.5, x2 even) the only optimal move keeps
// x3; in (1,1,2) (x2 odd) it keeps x2. By hand: from (1,2,3) keeping 3
// reaches (0,1,3), R⁻ 2 (its moves reach only terminal positions).
func TestOptimalKept(t *testing.T) {
	rm := naiveRm{}.lookup()
	if got := optimalKept(rm, grundy.Position{1, 2, 3}); !slices.Equal(got, []int{3}) {
		t.Errorf("optimalKept(1,2,3) = %v, want [3]", got)
	}
	if got := optimalKept(rm, grundy.Position{1, 1, 2}); !slices.Equal(got, []int{1}) {
		t.Errorf("optimalKept(1,1,2) = %v, want [1]", got)
	}
	if got, _ := rm.R(grundy.Position{0, 1, 3}); got != 2 {
		t.Errorf("R⁻(0,1,3) = %d, want 2", got)
	}
}

// TestProp1MovesFinding: Proposition 1's "the exceptional moves coincide"
// fails at its smallest counterexample, by the naive recursion: in
// (1,2,3) (§2.5, x2 even) only keeping x3 is optimal, in (1,2,3,4)
// keeping x3 or x4 is; (1,2,3,4) is an exception, as the first part of
// Proposition 1 says.
func TestProp1MovesFinding(t *testing.T) {
	rm := naiveRm{}.lookup()
	if got := optimalKept(rm, grundy.Position{1, 2, 3}); !slices.Equal(got, []int{3}) {
		t.Errorf("optimalKept(1,2,3) = %v, want [3]", got)
	}
	if got := optimalKept(rm, grundy.Position{1, 2, 3, 4}); !slices.Equal(got, []int{3, 4}) {
		t.Errorf("optimalKept(1,2,3,4) = %v, want [3 4]", got)
	}
	if exc, _, _ := isException(rm, grundy.Position{1, 2, 3, 4}); !exc {
		t.Error("(1,2,3,4) is no exception")
	}
}

// TestBigPiles checks, against the naive recursion, the lemma that bounds
// the last piles of a minimal exception (for the catalogue's range, issue
// 19 item 7). Each move lowers every pile but one, so x1 + x2 drops by at
// least one a move and no play from x lasts more than x1 + x2 moves; a
// pile larger than x1 + x2 therefore never empties, and such piles are
// interchangeable: R⁻ and the exception status are unchanged when each is
// replaced by x1 + x2 + 1 (when no small pile is even, the M-move keeps
// one of them, whichever, with the same effect on the small piles). So
// (a) x with xn > x1 + x2 behaves as at xn = x1 + x2 + 1, and (b) in a
// minimal exception of n ≥ 4 piles x(n−1) ≤ x1 + x2: otherwise its prefix
// (x1, …, x(n−1)) has the same small piles and one big one, and is an
// exception too.
func TestBigPiles(t *testing.T) {
	memo := naiveRm{}
	rm := memo.lookup()
	for _, c := range []struct{ n, max int }{{3, 14}, {4, 11}, {5, 8}, {6, 7}} {
		x := make(grundy.Position, c.n)
		var walk func(i, lo int)
		walk = func(i, lo int) {
			if i < c.n {
				for v := lo; v <= c.max; v++ {
					x[i] = v
					walk(i+1, v)
				}
				return
			}
			s := x[0] + x[1]
			clamped := slices.Clone(x)
			for j := range clamped {
				clamped[j] = min(clamped[j], s+1)
			}
			e, _, _ := isException(rm, x)
			ec, _, _ := isException(rm, clamped)
			if r, rc := memo.rm(x), memo.rm(clamped); r != rc || e != ec {
				t.Fatalf("%v: R⁻ %d, exception %v; with piles > x1 + x2 at %d: %v, %v", x, r, e, s+1, rc, ec)
			}
			if c.n >= 4 && x[c.n-2] > s && minimalException(rm, x) {
				t.Fatalf("%v is a minimal exception with x(n−1) > x1 + x2", x)
			}
		}
		walk(0, 0)
	}
}
