package remoteness

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// naive is a second, deliberately plain solver for the misère remoteness
// of NIM(n, n−1), written from the rules alone (keep one pile, take a
// token from every other; Smith's remoteness, a terminal position has
// R⁻ = 1), to pin the findings of this package by values derived apart
// from the box solver and the lookups.
type naive map[string]int

func (nv naive) rm(x []int) int {
	y := slices.Clone(x)
	slices.Sort(y)
	key := fmt.Sprint(y)
	if v, ok := nv[key]; ok {
		return v
	}
	minEven, maxOdd := -1, -1
	for _, z := range naiveFollowers(y) {
		r := nv.rm(z)
		switch {
		case r%2 == 0 && (minEven < 0 || r < minEven):
			minEven = r
		case r%2 == 1 && r > maxOdd:
			maxOdd = r
		}
	}
	v := 1 // terminal: R⁻ = 1
	switch {
	case minEven >= 0:
		v = minEven + 1
	case maxOdd >= 0:
		v = maxOdd + 1
	}
	nv[key] = v
	return v
}

// naiveFollowers maps each pile kept (by index) to the follower, or nil
// where another pile is empty.
func naiveFollowers(x []int) map[int][]int {
	out := map[int][]int{}
	for j := range x {
		z := slices.Clone(x)
		ok := true
		for i := range z {
			if i != j {
				z[i]--
				ok = ok && z[i] >= 0
			}
		}
		if ok {
			out[j] = z
		}
	}
	return out
}

// keptOptimal is the sorted set of values of the piles an optimal move
// keeps (R⁻ drops by exactly one).
func (nv naive) keptOptimal(x []int) []int {
	r := nv.rm(x)
	var out []int
	for j, z := range naiveFollowers(x) {
		if r-nv.rm(z) == 1 && !slices.Contains(out, x[j]) {
			out = append(out, x[j])
		}
	}
	slices.Sort(out)
	return out
}

// mMove is the M-rule's move, from §1.2's words: keep the smallest even
// pile, or a largest if every pile is odd.
func mMove(x []int) ([]int, bool) {
	keep := -1
	for j, v := range x {
		if v%2 == 0 && (keep < 0 || v < x[keep]) {
			keep = j
		}
	}
	if keep < 0 {
		for j, v := range x {
			if keep < 0 || v > x[keep] {
				keep = j
			}
		}
	}
	z, ok := naiveFollowers(x)[keep]
	return z, ok
}

func (nv naive) exception(x []int) bool {
	z, ok := mMove(x)
	return ok && nv.rm(x)-nv.rm(z) != 1
}

func (nv naive) minimalException(x []int) bool {
	if !nv.exception(x) {
		return false
	}
	for n := 2; n < len(x); n++ {
		if nv.exception(x[:n]) {
			return false
		}
	}
	return true
}

// sumOrder lists the sorted positions of m piles with x1 = 1 and piles
// ≤ top, by token sum, then lexicographically.
func sumOrder(ms []int, top int) [][]int {
	var out [][]int
	var rec func(x []int, m int)
	rec = func(x []int, m int) {
		if len(x) == m {
			out = append(out, slices.Clone(x))
			return
		}
		for v := x[len(x)-1]; v <= top; v++ {
			rec(append(x, v), m)
		}
	}
	for _, m := range ms {
		rec([]int{1}, m)
	}
	slices.SortStableFunc(out, func(a, b []int) int {
		sa, sb := 0, 0
		for i := range a {
			sa += a[i]
		}
		for i := range b {
			sb += b[i]
		}
		if sa != sb {
			return sa - sb
		}
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return slices.Compare(a, b)
	})
	return out
}

// TestSec25MovesIndependently: by the plain solver, the smallest member of
// §2.5's family (1 = x1 ≤ x2 < x3 ≤ … ≤ xm) where "the only optimal move
// keeps x3 (x2 even) or x2 (x2 odd)" fails is (1,2,3,4): keeping 3 and
// keeping 4 both drop R⁻ by one. The correction (any of x3, …, xm when x2
// is even) holds at every member with piles ≤ 7 and m ≤ 5; and the
// registered claims agree with both.
func TestSec25MovesIndependently(t *testing.T) {
	nv := naive{}
	first := ""
	for _, x := range sumOrder([]int{3, 4, 5}, 7) {
		if x[1] >= x[2] {
			continue
		}
		if !nv.exception(x) {
			t.Fatalf("(%v) is a member of §2.5's family but no exception", x)
		}
		kept := nv.keptOptimal(x)
		printed, corrected := []int{x[1]}, []int{x[1]}
		if x[1]%2 == 0 {
			printed, corrected = []int{x[2]}, slices.Compact(slices.Clone(x[2:]))
		}
		if first == "" && !slices.Equal(kept, printed) {
			first = grundy.Position(x).String()
		}
		if !slices.Equal(kept, corrected) {
			t.Errorf("at (%v) optimal moves keep %v, the correction says %v", x, kept, corrected)
		}
	}
	if first != "1,2,3,4" {
		t.Errorf("the smallest counterexample to §2.5's moves is (%s), want (1,2,3,4)", first)
	}
	if got := nv.keptOptimal([]int{1, 2, 3, 4}); !slices.Equal(got, []int{3, 4}) {
		t.Errorf("(1,2,3,4) keeps %v optimally, want [3 4]", got)
	}
	reg := theory.RegistryOf(Claims())
	for id, want := range map[string]grundy.ClaimStatus{"003/sec-2.5.moves": grundy.ClaimFail, "003/sec-2.5.moves.corrected": grundy.ClaimPass,
		"003/sec-2.5.moves.weaker-minimal": grundy.ClaimPass} {
		c, _ := reg.Lookup(id)
		cc := *c
		cc.Checks = []theory.Instance{{Game: game(3), Piles: 3, Max: 12}, {Game: game(4), Piles: 4, Max: 8},
			{Game: game(5), Piles: 5, Max: 7}}
		if id == "003/sec-2.5.moves.weaker-minimal" {
			cc.Checks = cc.Checks[:1]
		}
		res, err := theory.Check(context.Background(), &cc, theory.CheckOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != want || want == grundy.ClaimFail && res.Counterexamples[0].Pos != first {
			t.Errorf("%s = %s %v, want %s (at (%s) if it fails)", id, res.Status, res.Counterexamples, want, first)
		}
	}
	if c, _ := reg.Lookup("003/sec-2.5.moves.weaker-minimal"); c.WeakeningOf != "003/sec-2.5.moves" {
		t.Errorf("the minimal-only check of §2.5's moves is not a weakening of the printed claim")
	}
	if c, _ := reg.Lookup("003/prop-1.moves.weaker-inclusion"); c == nil || c.WeakeningOf != "003/prop-1.moves" {
		t.Errorf("Proposition 1's inclusion is not a weakening of the printed claim")
	}
}

// TestRemark28Independently: the first rows of §2.8's second and last
// families (x1 = 11 = 4·2 + 3 and x1 = 13 = 6·2 + 1, m = 2, against the
// note's m ≥ 3) are minimal exceptions by the plain solver; (11,11,11,12,
// 12,13), the second family's least member at m = 2 (i = 0, offset 1,
// x6 = x5 + 1), is smaller than any of the last family's (x1 = 13).
func TestRemark28Independently(t *testing.T) {
	nv := naive{}
	for _, x := range [][]int{{11, 11, 11, 12, 12, 13}, {11, 11, 11, 13, 13, 14}, {13, 13, 13, 13, 14, 15}, {13, 13, 13, 13, 15, 16}} {
		if !nv.minimalException(x) {
			t.Errorf("(%v) is no minimal exception", x)
		}
		if name, m, ok := family28(x); !ok || m != 2 {
			t.Errorf("(%v) is not read as a member at m = 2 (%s, %d)", x, name, m)
		}
	}
}

// TestBlankRIndependently: the §2.12 row printed without its R,
// (13,17,19,20,20,21+), has R⁻ = 21 by the plain solver, and the R
// column's claim fails there first, with that value.
func TestBlankRIndependently(t *testing.T) {
	nv := naive{}
	x := []int{13, 17, 19, 20, 20, 21}
	if r := nv.rm(x); r != 21 {
		t.Errorf("R⁻(%v) = %d, want 21", x, r)
	}
	if !nv.minimalException(x) {
		t.Errorf("(%v) is no minimal exception", x)
	}
	reg := theory.RegistryOf(Claims())
	c, _ := reg.Lookup("003/table-2.12.r")
	cc := *c
	cc.Checks = []theory.Instance{{Game: game(6), Piles: 6, Max: 21}}
	res, err := theory.Check(context.Background(), &cc, theory.CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != grundy.ClaimFail || res.Counterexamples[0].Pos != "13,17,19,20,20,21" || res.Counterexamples[0].Computed != "R⁻=21" {
		t.Errorf("003/table-2.12.r = %s %v, want a failure at (13,17,19,20,20,21) with R⁻=21", res.Status, res.Counterexamples)
	}
	if c.Refuted != "13,17,19,20,20,21" {
		t.Errorf("003/table-2.12.r is marked refuted at (%s)", c.Refuted)
	}
}

// TestMovesWithMorePilesIndependently: §2.4, §2.10 and §2.11 state the
// unique optimal move of x = (x1, …, xn, …, xm) for every m ≥ n. By the
// plain solver, at the first members with a pile appended the move
// keeping the appended pile is optimal too: (2,2,2,3,4) keeps 3 or 4,
// (5,5,6,7,8) keeps 7 or 8, (7,7,10,11,12) keeps 11 or 12; those are the
// smallest counterexamples (fewest tokens, then lexicographically) among
// the members with x1 = 2, 5, 7 and piles ≤ 12; at m = n the printed move
// is the only optimal one there. The registered claims fail at those
// positions and their minimal-only weakenings pass.
func TestMovesWithMorePilesIndependently(t *testing.T) {
	nv := naive{}
	for _, tc := range []struct {
		id     string
		x1, n  int
		member func(x []int) bool // the section's pattern on the first n piles, written from its text
		first  string
		kept   []int
	}{
		{"003/sec-2.4", 2, 4, func(x []int) bool { return x[0] == 2 && x[1] == 2 && x[2] == 2 && x[3] > 2 }, "2,2,2,3,4", []int{3, 4}},
		{"003/sec-2.10", 5, 4, func(x []int) bool {
			return x[0] == 5 && (x[1]-5)%2 == 0 && (x[2] == x[1]+1 || x[2] == x[1]+2) && x[3] > x[2]
		}, "5,5,6,7,8", []int{7, 8}},
		{"003/sec-2.11", 7, 4, func(x []int) bool {
			return x[0] == 7 && (x[1]-7)%2 == 0 && (x[2] == x[1]+3 || x[2] == x[1]+4) && x[3] > x[2]
		}, "7,7,10,11,12", []int{11, 12}},
	} {
		var ps [][]int
		var rec func(x []int, m int)
		rec = func(x []int, m int) {
			if len(x) == m {
				ps = append(ps, slices.Clone(x))
				return
			}
			for v := x[len(x)-1]; v <= 12; v++ {
				rec(append(x, v), m)
			}
		}
		rec([]int{tc.x1}, tc.n)
		rec([]int{tc.x1}, tc.n+1)
		slices.SortStableFunc(ps, func(a, b []int) int {
			sa, sb := 0, 0
			for _, v := range a {
				sa += v
			}
			for _, v := range b {
				sb += v
			}
			if sa != sb {
				return sa - sb
			}
			return slices.Compare(a, b)
		})
		first := ""
		for _, x := range ps {
			if !tc.member(x[:tc.n]) {
				continue
			}
			want := x[tc.n-1] // keeps xn if x(n−1) is even
			if x[tc.n-2]%2 == 1 {
				want = x[tc.n-2]
			}
			if got := nv.keptOptimal(x); !slices.Equal(got, []int{want}) {
				if len(x) == tc.n {
					t.Errorf("%s: at the minimal member (%v) optimal moves keep %v, want only %d", tc.id, x, got, want)
				}
				if first == "" {
					first = grundy.Position(x).String()
				}
			}
		}
		if first != tc.first {
			t.Errorf("%s.moves: smallest counterexample (%s), want (%s)", tc.id, first, tc.first)
		}
		var p []int
		for _, f := range strings.Split(tc.first, ",") {
			v, _ := strconv.Atoi(f)
			p = append(p, v)
		}
		if got := nv.keptOptimal(p); !slices.Equal(got, tc.kept) {
			t.Errorf("(%s) keeps %v optimally, want %v", tc.first, got, tc.kept)
		}
		reg := theory.RegistryOf(Claims())
		for _, id := range []string{tc.id + ".moves", tc.id + ".moves.weaker-minimal"} {
			c, ok := reg.Lookup(id)
			if !ok {
				t.Fatalf("no claim %s", id)
			}
			cc := *c
			cc.Checks = []theory.Instance{{Game: game(tc.n), Piles: tc.n, Max: 12}, {Game: game(tc.n + 1), Piles: tc.n + 1, Max: 12}}
			if c.WeakeningOf != "" {
				cc.Checks = cc.Checks[:1]
				if c.WeakeningOf != tc.id+".moves" {
					t.Errorf("%s weakens %q", id, c.WeakeningOf)
				}
			}
			res, err := theory.Check(context.Background(), &cc, theory.CheckOptions{})
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case c.WeakeningOf != "" && res.Status != grundy.ClaimPass:
				t.Errorf("%s = %s %v, want pass", id, res.Status, res.Counterexamples)
			case c.WeakeningOf == "" && (res.Status != grundy.ClaimFail || res.Counterexamples[0].Pos != tc.first || c.Refuted != tc.first):
				t.Errorf("%s = %s %v (refuted %q), want a failure at (%s)", id, res.Status, res.Counterexamples, c.Refuted, tc.first)
			}
		}
	}
}
