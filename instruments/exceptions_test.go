package instruments

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

func exceptions(t *testing.T, piles, max int) ExceptionsResult {
	t.Helper()
	res, err := Exceptions(context.Background(), piles, max, nil, ExceptionsOptions{All: true})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Normal.Holds {
		t.Errorf("%d piles ≤ %d: the M-rule is not optimal in normal play at %s (%s); 003 §1.2 says it always is",
			piles, max, witness(res.Normal), res.Normal.Detail)
	}
	if !res.Monotone.Holds {
		t.Errorf("%d piles ≤ %d: 003 Prop 1 fails at %s: %s", piles, max, witness(res.Monotone), res.Monotone.Detail)
	}
	return res
}

// TestMMove checks the strict M-rule of 003 §2.1 by hand.
func TestMMove(t *testing.T) {
	for _, c := range []struct {
		x, to []int
		keep  int
		ok    bool
	}{
		{[]int{1, 2, 2, 3}, []int{0, 1, 2, 2}, 2, true}, // smallest even 2, the last of the two kept
		{[]int{1, 3, 5}, []int{0, 2, 5}, 2, true},       // all odd: keep the largest
		{[]int{3, 3, 3}, []int{2, 2, 3}, 2, true},       // all odd and equal: keep the last
		{[]int{0, 1, 4}, []int{0, 0, 3}, 0, true},       // 0 is the smallest even pile
		{[]int{0, 0, 5}, nil, 0, false},                 // terminal
		{[]int{2, 4, 6, 6}, []int{2, 3, 5, 5}, 0, true},
	} {
		to, keep, ok := MMove(c.x)
		if ok != c.ok || (ok && (!slices.Equal(to, c.to) || keep != c.keep)) {
			t.Errorf("MMove(%v) = %v keep %d ok %v, want %v keep %d ok %v", c.x, to, keep, ok, c.to, c.keep, c.ok)
		}
	}
}

// TestMMoveSorted: the strict M-move keeps a sorted position sorted
// (003 §2.1), which the rank arithmetic relies on, and is a legal move.
func TestMMoveSorted(t *testing.T) {
	tab := table(t, "slow-exact:k=4", 5, 6)
	tab.Each(func(x grundy.Position, _ grundy.Values) bool {
		to, _, ok := MMove(x)
		if !ok {
			return true
		}
		if !slices.IsSorted(to) {
			t.Errorf("MMove(%v) = %v, not sorted", x, to)
		}
		legal := false
		tab.Ruleset.Options(x, func(q grundy.Position) bool {
			c := slices.Clone(q)
			slices.Sort(c)
			legal = legal || slices.Equal(c, to)
			return !legal
		})
		if !legal {
			t.Errorf("MMove(%v) = %v is not a move", x, to)
		}
		return true
	})
}

type run struct {
	prefix []int
	last   int // first value of the last pile
	rm     int
}

// minimalRuns indexes the minimal exceptions by position.
func minimalIndex(res ExceptionsResult) map[string]Exception {
	m := map[string]Exception{}
	for _, e := range res.Exceptions {
		m[e.Pos] = e
	}
	return m
}

// checkRuns asserts that each run of 003's tables, "(prefix, last+)" with
// R⁻ = rm, is a run of minimal exceptions up to the box's max, that the
// last pile one below is not an exception, and that the optimal move keeps
// x_n when x_{n−1} is even and x_{n−1} when it is odd, the M-move the
// other one (003 §2.3).
func checkRuns(t *testing.T, res ExceptionsResult, runs []run, section string) {
	t.Helper()
	ex := minimalIndex(res)
	n := res.Box.Piles
	for _, r := range runs {
		for last := r.last; last <= res.Box.Max; last++ {
			p := grundy.Position(append(slices.Clone(r.prefix), last))
			e, ok := ex[p.String()]
			if !ok || !e.Minimal {
				t.Errorf("%s: (%s) is not a minimal exception (found %v)", section, p, ok)
				break
			}
			if e.Rm != r.rm {
				t.Errorf("%s: R⁻(%s) = %d, want %d", section, p, e.Rm, r.rm)
			}
			wantKeep, mKeep := n, n-1
			if p[n-2]%2 == 1 {
				wantKeep, mKeep = n-1, n
			}
			if len(e.Optimal) != 1 || e.Optimal[0].Keep != wantKeep || e.MMove.Keep != mKeep {
				t.Errorf("%s: (%s) optimal moves %+v, M-move %+v; want the optimal move to keep x%d and the M-move x%d",
					section, p, e.Optimal, e.MMove, wantKeep, mKeep)
			}
		}
		below := append(slices.Clone(r.prefix), r.last-1)
		if _, ok := ex[grundy.Position(below).String()]; ok && r.last-1 >= r.prefix[len(r.prefix)-1] {
			t.Errorf("%s: (%v) is an exception too, so (%v, %d+) is not where the run starts", section, below, r.prefix, r.last)
		}
	}
}

// TestExceptions003n3 checks 003 §2.5: with n = 3 the exceptions are
// exactly (1, x2, x3) with x2 < x3, R⁻ = x2 + 1 for even x2 and x2 + 2 for
// odd x2; the only optimal move keeps x3 if x2 is even and x2 if it is odd.
func TestExceptions003n3(t *testing.T) {
	const max = 12
	res := exceptions(t, 3, max)
	got := map[string]Exception{}
	for _, e := range res.Exceptions {
		got[e.Pos] = e
	}
	count := 0
	for x2 := 1; x2 <= max; x2++ {
		for x3 := x2 + 1; x3 <= max; x3++ {
			count++
			p := fmt.Sprintf("1,%d,%d", x2, x3)
			e, ok := got[p]
			if !ok {
				t.Errorf("(%s) is not an exception; 003 §2.5 says it is", p)
				continue
			}
			rm, keep := x2+1, 3
			if x2%2 == 1 {
				rm, keep = x2+2, 2
			}
			if e.Rm != rm || len(e.Optimal) != 1 || e.Optimal[0].Keep != keep {
				t.Errorf("(%s): R⁻ %d, optimal %+v; want R⁻ %d keeping x%d", p, e.Rm, e.Optimal, rm, keep)
			}
		}
	}
	if len(res.Exceptions) != count || res.Minimal != count || res.Total != count {
		t.Errorf("%d exceptions (%d minimal), 003 §2.5 says %d", len(res.Exceptions), res.Minimal, count)
	}
}

// TestExceptions003n4 checks the four-pile tables of 003: §2.4 (x1 = 2),
// §2.9 (x1 = 3), §2.6/§2.10 (x1 = 5), §2.6/§2.11 (x1 = 7) and §2.12
// (x1 = 9), and that every n = 3 exception (1, x2, x3) extends to
// non-minimal ones (Prop 1).
func TestExceptions003n4(t *testing.T) {
	res := exceptions(t, 4, 26)
	checkRuns(t, res, []run{
		{[]int{2, 2, 2}, 3, 3},
		{[]int{3, 3, 3}, 4, 5}, {[]int{3, 4, 4}, 5, 5}, {[]int{3, 5, 5}, 6, 7}, {[]int{3, 6, 6}, 7, 7}, {[]int{3, 7, 7}, 8, 9},
		{[]int{5, 5, 6}, 7, 7}, {[]int{5, 5, 7}, 8, 9}, {[]int{5, 7, 8}, 9, 9}, {[]int{5, 7, 9}, 10, 11}, {[]int{5, 9, 10}, 11, 11}, {[]int{5, 9, 11}, 12, 13},
		{[]int{7, 7, 10}, 11, 11}, {[]int{7, 7, 11}, 12, 13}, {[]int{7, 9, 12}, 13, 13}, {[]int{7, 9, 13}, 14, 15}, {[]int{7, 11, 14}, 15, 15}, {[]int{7, 11, 15}, 16, 17},
		{[]int{9, 9, 14}, 15, 15}, {[]int{9, 9, 15}, 16, 17}, {[]int{9, 11, 16}, 17, 17}, {[]int{9, 11, 17}, 18, 19}, {[]int{9, 13, 18}, 19, 19},
	}, "003 n=4")
	// §2.6, for every odd x1 ≥ 5 and i ≥ 0: (x1, x1+2i, 2(x1+i−2), x3+1+)
	// with R⁻ = x4, and (x1, x1+2i, 2x1+2i−3, x3+1+) with R⁻ = x4+1;
	// §2.13–2.14 are its x1 = 11, 13 rows.
	var formula []run
	for x1 := 5; x1 <= 13; x1 += 2 {
		for i := 0; ; i++ {
			x2, x3 := x1+2*i, 2*(x1+i-2)
			y3 := 2*x1 + 2*i - 3
			if y3+1 > res.Box.Max {
				break
			}
			formula = append(formula, run{[]int{x1, x2, x3}, x3 + 1, x3 + 1}, run{[]int{x1, x2, y3}, y3 + 1, y3 + 2})
		}
	}
	checkRuns(t, res, formula, "003 §2.6")
	ex := minimalIndex(res)
	if e, ok := ex["1,2,3,7"]; !ok || e.Minimal {
		t.Errorf("(1,2,3,7): exception %v minimal %v; want a non-minimal exception (prefix (1,2,3), 003 §2.5 and Prop 1)", ok, e.Minimal)
	}
	// Without All only the minimal ones are listed, with the same counts.
	min, err := Exceptions(context.Background(), 4, 26, nil, ExceptionsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if min.Total != res.Total || min.Minimal != res.Minimal || len(min.Exceptions) != res.Minimal || len(res.Exceptions) != res.Total {
		t.Errorf("totals %d/%d listed %d; with All %d/%d listed %d", min.Total, min.Minimal, len(min.Exceptions), res.Total, res.Minimal, len(res.Exceptions))
	}
	for _, e := range min.Exceptions {
		if !e.Minimal {
			t.Errorf("(%s) listed without All but not minimal", e.Pos)
		}
	}
}

// TestExceptions003n5 checks the five-pile tables: §2.4 (x1 = 4), §2.9
// (x1 = 5), §2.7/§2.10 (x1 = 7) and §2.7 (x1 = 9, 11). 003 §2.7 prints the
// x1 = 7 family without "+" and, in its x1 = 11 column, (11, 11, 19, 19,
// 20) where the computation gives (11, 13, 19, 19, 20+); both are checked
// here as computed.
func TestExceptions003n5(t *testing.T) {
	res := exceptions(t, 5, 20)
	checkRuns(t, res, []run{
		{[]int{4, 4, 4, 4}, 5, 5},
		{[]int{5, 5, 5, 5}, 6, 7}, {[]int{5, 6, 6, 6}, 7, 7}, {[]int{5, 7, 7, 7}, 8, 9},
		{[]int{7, 7, 8, 8}, 9, 9}, {[]int{7, 7, 9, 9}, 10, 11}, {[]int{7, 9, 10, 10}, 11, 11}, {[]int{7, 9, 11, 11}, 12, 13}, {[]int{7, 11, 12, 12}, 13, 13},
		{[]int{9, 9, 12, 12}, 13, 13}, {[]int{9, 9, 13, 13}, 14, 15}, {[]int{9, 11, 14, 14}, 15, 15}, {[]int{9, 11, 15, 15}, 16, 17}, {[]int{9, 13, 16, 16}, 17, 17},
		{[]int{9, 9, 9, 10}, 11, 11}, {[]int{9, 9, 9, 11}, 12, 13}, {[]int{9, 11, 11, 12}, 13, 13}, {[]int{9, 11, 11, 13}, 14, 15}, {[]int{9, 13, 13, 14}, 15, 15},
		{[]int{11, 11, 13, 14}, 15, 15}, {[]int{11, 11, 13, 15}, 16, 17}, {[]int{11, 13, 15, 16}, 17, 17}, {[]int{11, 13, 15, 17}, 18, 19}, {[]int{11, 15, 17, 18}, 19, 19},
		{[]int{11, 11, 16, 16}, 17, 17}, {[]int{11, 11, 17, 17}, 18, 19}, {[]int{11, 13, 18, 18}, 19, 19}, {[]int{11, 13, 19, 19}, 20, 21},
	}, "003 n=5")
	if _, ok := minimalIndex(res)["11,11,19,19,20"]; ok {
		t.Error("(11,11,19,19,20) is an exception after all")
	}
}

// TestExceptionRuns checks the folding of runs by hand on n = 3.
func TestExceptionRuns(t *testing.T) {
	res := exceptions(t, 3, 5)
	var got []string
	for _, r := range res.Runs() {
		got = append(got, fmt.Sprintf("%v %d-%d %v", r.Prefix, r.Last, r.LastTo, r.ToMax))
	}
	want := []string{"1,1 2-5 true", "1,2 3-5 true", "1,3 4-5 true", "1,4 5-5 true"}
	if !slices.Equal(got, want) {
		t.Errorf("Runs = %v, want %v", got, want)
	}
}

// TestExceptionProperties checks the properties 003 §2.3 reports for every
// minimal exception found: x_n > x_{n−1}, and x_n − x_{n−1} = 1 where a run
// over the last pile starts; R⁻(x) = 2⌈x_{n−1}/2⌉ + 1; the optimal move
// keeps x_n when x_{n−1} is even and x_{n−1} when it is odd, the strict
// M-move the other one; and R⁻(x) − R⁻(x′) for the M-move x → x′ is 0 when
// x_{n−1} is even and 2 when it is odd.
func TestExceptionProperties(t *testing.T) {
	for _, c := range []struct{ piles, max int }{{4, 24}, {5, 18}, {6, 13}} {
		res, err := Exceptions(context.Background(), c.piles, c.max, nil, ExceptionsOptions{})
		if err != nil {
			t.Fatal(err)
		}
		listed := minimalIndex(res)
		n := c.piles
		if len(res.Exceptions) == 0 {
			t.Fatalf("n=%d: no minimal exceptions in the box", n)
		}
		// §2.9: with x1 = 2n − 5 (n = (x1+1)/2 + 2) the exceptions are
		// exactly x1 + i = x2 = … = x_{n−1} < x_n, i ≥ 0.
		x1 := 2*n - 5
		family := 0
		for x2 := x1; x2 < c.max; x2++ {
			for xn := x2 + 1; xn <= c.max; xn++ {
				family++
				p := append(grundy.Position{x1}, slices.Repeat([]int{x2}, n-2)...)
				p = append(p, xn)
				if _, ok := listed[p.String()]; !ok {
					t.Errorf("n=%d: (%s) is not a minimal exception (003 §2.9)", n, p)
				}
			}
		}
		for _, e := range res.Exceptions {
			if e.X1 == x1 {
				family--
			}
		}
		if family != 0 {
			t.Errorf("n=%d: %d more minimal exceptions with x1 = %d than 003 §2.9's family", n, -family, x1)
		}
		for _, e := range res.Exceptions {
			x := mustPos(t, e.Pos)
			a, b := x[n-2], x[n-1]
			if b <= a {
				t.Errorf("n=%d: minimal exception (%s) has x_n ≤ x_{n−1}", n, e.Pos)
			}
			below := slices.Clone(x)
			below[n-1]--
			if _, ok := listed[below.String()]; !ok && b-a != 1 {
				t.Errorf("n=%d: run of minimal exceptions starts at (%s), x_n − x_{n−1} = %d", n, e.Pos, b-a)
			}
			if want := 2*((a+1)/2) + 1; e.Rm != want {
				t.Errorf("n=%d: R⁻(%s) = %d, 2⌈x_{n−1}/2⌉+1 = %d", n, e.Pos, e.Rm, want)
			}
			keep, mkeep, drop := n, n-1, 0
			if a%2 == 1 {
				keep, mkeep, drop = n-1, n, 2
			}
			if len(e.Optimal) != 1 || e.Optimal[0].Keep != keep || e.MMove.Keep != mkeep || e.Rm-e.MMove.Rm != drop {
				t.Errorf("n=%d: (%s) optimal %+v, M-move %+v; 003 §2.3 says keep x%d, M-move keeps x%d, R⁻ drops by %d",
					n, e.Pos, e.Optimal, e.MMove, keep, mkeep, drop)
			}
		}
	}
}

// TestExceptions003n6 checks the six-pile tables of 003 §2.8 that fit in
// piles ≤ 21. Three entries are printed differently in the paper (or its
// OCR) and are checked as computed: (11,13,13,15,16,16+) is
// (11,13,13,15,15,16+), (13,17,18,20,20,21+) is (13,17,19,20,20,21+) and
// the five-entry (13,13,13,14,15+) is (13,13,13,13,14,15+).
func TestExceptions003n6(t *testing.T) {
	if testing.Short() {
		t.Skip("solves 6 piles ≤ 21")
	}
	res, err := Exceptions(context.Background(), 6, 21, nil, ExceptionsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkRuns(t, res, []run{
		{[]int{9, 9, 10, 10, 10}, 11, 11}, {[]int{9, 9, 11, 11, 11}, 12, 13}, {[]int{9, 11, 12, 12, 12}, 13, 13}, {[]int{9, 11, 13, 13, 13}, 14, 15}, {[]int{9, 13, 14, 14, 14}, 15, 15},
		{[]int{11, 11, 14, 14, 14}, 15, 15}, {[]int{11, 11, 15, 15, 15}, 16, 17}, {[]int{11, 13, 16, 16, 16}, 17, 17}, {[]int{11, 13, 17, 17, 17}, 18, 19}, {[]int{11, 15, 18, 18, 18}, 19, 19},
		{[]int{13, 13, 18, 18, 18}, 19, 19}, {[]int{13, 13, 19, 19, 19}, 20, 21}, {[]int{13, 15, 20, 20, 20}, 21, 21},
		{[]int{11, 11, 11, 12, 12}, 13, 13}, {[]int{11, 11, 11, 13, 13}, 14, 15}, {[]int{11, 13, 13, 14, 14}, 15, 15}, {[]int{11, 13, 13, 15, 15}, 16, 17}, {[]int{11, 15, 15, 16, 16}, 17, 17},
		{[]int{15, 15, 15, 18, 18}, 19, 19}, {[]int{15, 15, 15, 19, 19}, 20, 21}, {[]int{15, 17, 17, 20, 20}, 21, 21},
		{[]int{15, 15, 17, 17, 18}, 19, 19}, {[]int{15, 15, 17, 17, 19}, 20, 21}, {[]int{15, 17, 19, 19, 20}, 21, 21},
		{[]int{13, 13, 15, 16, 16}, 17, 17}, {[]int{13, 13, 15, 17, 17}, 18, 19}, {[]int{13, 15, 17, 18, 18}, 19, 19}, {[]int{13, 15, 17, 19, 19}, 20, 21}, {[]int{13, 17, 19, 20, 20}, 21, 21},
		{[]int{15, 15, 19, 20, 20}, 21, 21},
		{[]int{13, 13, 13, 13, 14}, 15, 15}, {[]int{13, 13, 13, 13, 15}, 16, 17}, {[]int{13, 15, 15, 15, 16}, 17, 17}, {[]int{13, 15, 15, 15, 17}, 18, 19}, {[]int{13, 17, 17, 17, 18}, 19, 19},
	}, "003 §2.8")
}

// TestExceptionNotIn003 cross-checks with the single-position search
// minimal exceptions the instrument finds with six piles that 003 §2.8 does
// not list. In (17,17,17,19,20,21), R⁻ = 21, the strict M-move keeps
// x5 = 20 and reaches R⁻ = 21 (a loss), while keeping x6 reaches R⁻ = 20.
func TestExceptionNotIn003(t *testing.T) {
	search := func(x grundy.Position) *solve.Solved {
		s, err := solve.Search{Ruleset: games.Slow{K: len(x) - 1, Exact: true}}.Solve(context.Background(), x)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	rm := func(s *solve.Solved, p grundy.Position) int {
		v, ok := s.Values(p)
		if !ok {
			t.Fatalf("%v not reached", p)
		}
		return v.Rm
	}
	isException := func(x grundy.Position) bool {
		s := search(x)
		mm, _, ok := MMove(x)
		return ok && rm(s, x)-rm(s, mm) != 1
	}
	x := grundy.Position{17, 17, 17, 19, 20, 21}
	s := search(x)
	mm, keep, _ := MMove(x)
	if keep != 4 || rm(s, x) != 21 || rm(s, mm) != 21 || rm(s, grundy.Position{16, 16, 16, 18, 19, 21}) != 20 {
		t.Errorf("R⁻%v = %d, M-move keeps x%d to %v with R⁻ %d, keeping x6 gives R⁻ %d; want 21, x5, 21, 20",
			x, rm(s, x), keep+1, mm, rm(s, mm), rm(s, grundy.Position{16, 16, 16, 18, 19, 21}))
	}
	for _, x := range []grundy.Position{{17, 17, 17, 19, 20, 21}, {17, 17, 19, 22, 22, 23}, {17, 19, 19, 21, 22, 23}, {19, 19, 21, 23, 24, 25}} {
		if !isException(x) {
			t.Errorf("%v is not an exception", x)
		}
		for m := 2; m < len(x); m++ {
			if isException(x[:m]) {
				t.Errorf("%v is not minimal: %v is an exception", x, x[:m])
			}
		}
	}
}
