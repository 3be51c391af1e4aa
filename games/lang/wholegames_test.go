package lang_test

import (
	"os"
	"slices"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
)

// The four games of issue 35 stated for every pile count
// (docs/rules/*.rules), their values held to published facts and to
// brute forces written here without the rule language.

func docRule(t *testing.T, file string, params map[string]int) grundy.Ruleset {
	t.Helper()
	text, err := os.ReadFile("../../docs/rules/" + file)
	if err != nil {
		t.Fatal(err)
	}
	f, err := lang.Parse(file, string(text))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Check(); err != nil {
		t.Fatal(err)
	}
	r, err := f.Bind(params)
	if err != nil {
		t.Fatal(err)
	}
	return lang.Compile(r, file)
}

// values computes G by memoized search over a ruleset's own options.
type values struct {
	rs   grundy.Ruleset
	memo map[string]int
}

func newValues(rs grundy.Ruleset) *values { return &values{rs: rs, memo: map[string]int{}} }

func (v *values) g(p grundy.Position) int {
	p = grundy.Canonical(v.rs, p)
	key := p.String()
	if g, ok := v.memo[key]; ok {
		return g
	}
	var seen []int
	v.rs.Options(p, func(q grundy.Position) bool {
		seen = append(seen, v.g(slices.Clone(q)))
		return true
	})
	g := grundy.Mex(seen)
	v.memo[key] = g
	return g
}

// brute computes G from a move function written by hand.
func brute(moves func(p []int) [][]int) func(p []int) int {
	memo := map[string]int{}
	var g func(p []int) int
	g = func(p []int) int {
		key := grundy.Position(p).String()
		if v, ok := memo[key]; ok {
			return v
		}
		var seen []int
		for _, q := range moves(p) {
			seen = append(seen, g(q))
		}
		v := grundy.Mex(seen)
		memo[key] = v
		return v
	}
	return g
}

func box(n, max int, f func(p []int)) {
	p := make([]int, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			f(slices.Clone(p))
			return
		}
		for v := 0; v <= max; v++ {
			p[i] = v
			rec(i + 1)
		}
	}
	rec(0)
}

func distinct(p []int) bool {
	s := slices.Clone(p)
	slices.Sort(s)
	return len(slices.Compact(s)) == len(p)
}

func TestSubtractASquare(t *testing.T) {
	v := newValues(docRule(t, "subtract-a-square.rules", nil))
	// OEIS A030193, the P-positions of one pile, up to 40.
	want := []int{0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39}
	var got []int
	for x := 0; x <= 40; x++ {
		if v.g(grundy.Position{x}) == 0 {
			got = append(got, x)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("P-positions ≤ 40: %v, want A030193 %v", got, want)
	}
	one := brute(func(p []int) [][]int {
		var out [][]int
		for s := 1; s*s <= p[0]; s++ {
			out = append(out, []int{p[0] - s*s})
		}
		return out
	})
	for x := 0; x <= 120; x++ {
		if g, w := v.g(grundy.Position{x}), one([]int{x}); g != w {
			t.Fatalf("G(%d) = %d, brute force %d", x, g, w)
		}
	}
	// Several piles: the nim-sum of one pile's values (Sprague–Grundy).
	box(3, 9, func(p []int) {
		if g, w := v.g(p), one(p[:1])^one(p[1:2])^one(p[2:]); g != w {
			t.Errorf("G%v = %d, nim-sum of one-pile values %d", p, g, w)
		}
	})
}

func TestWelter(t *testing.T) {
	v := newValues(docRule(t, "welter.rules", nil))
	for a := 0; a <= 20; a++ {
		if g := v.g(grundy.Position{a}); g != a {
			t.Errorf("G(%d) = %d, want %d", a, g, a)
		}
	}
	// Two coins: Welter's function (a xor b) - 1 (Conway, ONAG ch. 13).
	box(2, 15, func(p []int) {
		if distinct(p) {
			if g, w := v.g(p), (p[0]^p[1])-1; g != w {
				t.Errorf("G%v = %d, want (a xor b) - 1 = %d", p, g, w)
			}
		}
	})
	// Three and four coins: a brute force on coins, moves slide a coin
	// left to an empty square.
	coins := brute(func(p []int) [][]int {
		var out [][]int
		for i, x := range p {
			for y := 0; y < x; y++ {
				if !slices.Contains(p, y) {
					q := slices.Clone(p)
					q[i] = y
					slices.Sort(q)
					out = append(out, q)
				}
			}
		}
		return out
	})
	for _, n := range []int{3, 4} {
		box(n, []int{0, 0, 0, 8, 6}[n], func(p []int) {
			if !distinct(p) || !slices.IsSorted(p) {
				return
			}
			if g, w := v.g(p), coins(p); g != w {
				t.Errorf("G%v = %d, coin brute force %d", p, g, w)
			}
		})
	}
}

func TestEuclid(t *testing.T) {
	v := newValues(docRule(t, "euclid.rules", nil))
	// Cole and Davie: with 0 < a <= b, P iff a < b < phi*a, that is
	// b² - ab - a² < 0; a zero pile leaves no move.
	box(2, 30, func(p []int) {
		a, b := min(p[0], p[1]), max(p[0], p[1])
		want := a == 0 || a < b && b*b-a*b-a*a < 0
		if got := v.g(p) == 0; got != want {
			t.Errorf("(%d,%d): P = %v, golden-ratio criterion %v", a, b, got, want)
		}
	})
	euclid := brute(func(p []int) [][]int {
		var out [][]int
		for i, x := range p {
			for j, y := range p {
				if i == j || y == 0 || y > x {
					continue
				}
				for m := y; m <= x; m += y {
					q := slices.Clone(p)
					q[i] -= m
					slices.Sort(q)
					out = append(out, q)
				}
			}
		}
		return out
	})
	box(3, 9, func(p []int) {
		if !slices.IsSorted(p) {
			return
		}
		if g, w := v.g(p), euclid(p); g != w {
			t.Errorf("G%v = %d, brute force %d", p, g, w)
		}
	})
}

func TestCircularNim(t *testing.T) {
	cn := func(n, k int) func(p []int) int {
		return brute(func(p []int) [][]int {
			var out [][]int
			starts := n
			if k == n {
				starts = 1
			}
			for s := range starts {
				// Every way to lower the k piles from s on, not all kept.
				q := slices.Clone(p)
				var rec func(j int, changed bool)
				rec = func(j int, changed bool) {
					if j == k {
						if changed {
							out = append(out, slices.Clone(q))
						}
						return
					}
					i := (s + j) % n
					for y := p[i]; y >= 0; y-- {
						q[i] = y
						rec(j+1, changed || y < p[i])
					}
					q[i] = p[i]
				}
				rec(0, false)
			}
			return out
		})
	}
	for _, tt := range []struct {
		n, k, max int
		// the published P-positions, where known; nil: brute force only
		p func(p []int) bool
	}{
		// CN(n, 1) is Nim (Bouton): P iff the nim-sum is 0.
		{4, 1, 3, func(p []int) bool { return p[0]^p[1]^p[2]^p[3] == 0 }},
		// CN(3, 2) is Moore's Nim_2 on three piles: every bit in all three
		// piles or in none, that is all piles equal.
		{3, 2, 6, allEqual},
		// CN(n, n): a nonzero position is emptied in one move.
		{3, 3, 4, func(p []int) bool { return p[0]+p[1]+p[2] == 0 }},
		{4, 4, 3, func(p []int) bool { return p[0]+p[1]+p[2]+p[3] == 0 }},
		// CN(n, n-1): P iff all piles are equal (Dufour and Heubach).
		{4, 3, 4, allEqual},
		{5, 4, 2, allEqual},
		{4, 2, 4, nil},
		{5, 2, 2, nil},
		{5, 3, 2, nil},
	} {
		v := newValues(docRule(t, "circular-nim.rules", map[string]int{"k": tt.k}))
		b := cn(tt.n, tt.k)
		box(tt.n, tt.max, func(p []int) {
			g := v.g(p)
			if w := b(p); g != w {
				t.Errorf("CN(%d,%d) at %v: G = %d, brute force %d", tt.n, tt.k, p, g, w)
			}
			if tt.p != nil && (g == 0) != tt.p(p) {
				t.Errorf("CN(%d,%d) at %v: P = %v, published %v", tt.n, tt.k, p, g == 0, tt.p(p))
			}
		})
	}
}

func allEqual(p []int) bool {
	for _, x := range p {
		if x != p[0] {
			return false
		}
	}
	return true
}
