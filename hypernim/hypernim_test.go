package hypernim

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
)

var long = flag.Bool("long", false, "classify every hypergraph on 4 vertices on the docs' box, and the claims on their full boxes")

func mustParse(t testing.TB, n int, s string) Hypergraph {
	t.Helper()
	h, err := Parse(n, s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestEnumerateCounts: the classes are the covers of an unlabeled n-set
// (OEIS A055621: 1, 4, 34, 1952) and, for edges of two vertices, the
// graphs without isolated vertices (OEIS A002494: 0, 1, 2, 7, 23).
func TestEnumerateCounts(t *testing.T) {
	pairs := func(e uint32) bool { return e&(e-1) != 0 && e&(e-1)&(e&(e-1)-1) == 0 }
	for _, tt := range []struct {
		n    int
		only func(uint32) bool
		what string
		want int
	}{
		{1, nil, "covers", 1}, {2, nil, "covers", 4}, {3, nil, "covers", 34}, {4, nil, "covers", 1952},
		{2, pairs, "graphs", 1}, {3, pairs, "graphs", 2}, {4, pairs, "graphs", 7}, {5, pairs, "graphs", 23},
	} {
		hs, err := Enumerate(tt.n, tt.only)
		if err != nil {
			t.Fatal(err)
		}
		if len(hs) != tt.want {
			t.Errorf("%s on %d vertices: %d classes, want %d", tt.what, tt.n, len(hs), tt.want)
		}
	}
	if _, err := Enumerate(5, nil); err == nil {
		t.Error("Enumerate(5, nil) walks 2^31 families: want it refused")
	}
}

// ruleSG is the SG function of the rule text's game on a box by plain
// memoized recursion over the naive interpreter's followers: a second
// solver, through the rule construct.
func ruleSG(t testing.TB, text string, n, max int) func(x []int) int {
	t.Helper()
	f, err := lang.Parse("", text)
	if err != nil {
		t.Fatal(err)
	}
	r, err := f.Bind(nil)
	if err != nil {
		t.Fatal(err)
	}
	memo := map[string]int{}
	var sg func(p grundy.Position) int
	sg = func(p grundy.Position) int {
		k := p.String()
		if v, ok := memo[k]; ok {
			return v
		}
		seen := map[int]bool{}
		r.Naive(p, func(q grundy.Position) bool {
			seen[sg(q)] = true
			return true
		})
		g := 0
		for seen[g] {
			g++
		}
		memo[k] = g
		return g
	}
	return func(x []int) int { return sg(grundy.Position(slices.Clone(x))) }
}

// TestSolveMatchesRules: Solve agrees with the rule construct's naive
// interpreter on every hypergraph on 3 vertices and a few on 4.
func TestSolveMatchesRules(t *testing.T) {
	hs, _ := Enumerate(3, nil)
	for _, s := range []string{"{1,2} {3,4}", "{1} {2,3,4}", "{1,2} {2,3} {3,4} {1,4}", "{1,2,3} {2,3,4} {4}"} {
		hs = append(hs, mustParse(t, 4, s))
	}
	for _, h := range hs {
		max := []int{0, 0, 0, 4, 3}[h.N]
		tb, err := Solve(context.Background(), h, max)
		if err != nil {
			t.Fatal(err)
		}
		want := ruleSG(t, h.Rule("h"), h.N, max)
		for i, g := range tb.SG {
			if x := tb.Position(i); int(g) != want(x) {
				t.Errorf("Solve(%s) at %v = %d, rules' naive interpreter %d", h, x, g, want(x))
				break
			}
		}
	}
}

// TestHandValues: one edge V moves every pile at once, so SG is the
// smallest pile (its plays are as long as the smallest pile and every
// smaller value is reachable); singletons are Nim (Bouton: the nim-sum);
// proper NIM on 3 piles by hand: (1,1,1) reaches (0,0,1)-like positions
// of SG 1 and (0,1,1)-like of SG 2, so 0.
func TestHandValues(t *testing.T) {
	one := mustParse(t, 3, "{1,2,3}")
	nim := mustParse(t, 3, "{1} {2} {3}")
	proper := Moore(3, 2)
	for _, tt := range []struct {
		h    Hypergraph
		x    []int
		want int
	}{
		{one, []int{3, 5, 4}, 3}, {one, []int{0, 5, 4}, 0}, {one, []int{6, 6, 6}, 6},
		{nim, []int{1, 2, 3}, 0}, {nim, []int{5, 3, 0}, 6}, {nim, []int{4, 4, 1}, 1},
		{proper, []int{1, 1, 1}, 0}, {proper, []int{0, 1, 1}, 2}, {proper, []int{0, 0, 1}, 1}, {proper, []int{2, 2, 3}, 1},
	} {
		tb, err := Solve(context.Background(), tt.h, 6)
		if err != nil {
			t.Fatal(err)
		}
		if got := int(tb.SG[tb.Index(tt.x)]); got != tt.want {
			t.Errorf("SG(%s, %v) = %d, want %d", tt.h, tt.x, got, tt.want)
		}
	}
}

// TestJMByHand: the formula's two branches at hand-computed points.
func TestJMByHand(t *testing.T) {
	for _, tt := range []struct {
		x    []int
		want int
	}{
		{[]int{0, 0, 0}, 0},
		{[]int{1, 1, 1}, 0},         // s = 0: T = 0 < m, 0 + 0 mod 1
		{[]int{1, 1, 2}, 4},         // s = 1, m = 1 ≤ T(1) = 1: the sum
		{[]int{2, 2, 3}, 1},         // m = 2 > 1: 1 + (2−1−1) mod 2
		{[]int{3, 3, 4}, 2},         // 1 + (3−2) mod 2
		{[]int{4, 5, 5}, 3},         // s = 2, T = 3 < 4: 3 + 0 mod 3
		{[]int{3, 4, 4}, 11},        // m = 3 ≤ T(2): the sum
		{[]int{11, 12, 12, 13}, 10}, // s = 4, T(4) = 10 < 11: 10 + 0 mod 5
	} {
		if got := JM(tt.x); got != tt.want {
			t.Errorf("JM(%v) = %d, want %d", tt.x, got, tt.want)
		}
	}
}

// TestJMIsProperNIM: JM is the SG function of proper NIM (Moore k = n−1)
// computed through the rule construct by the naive interpreter, on 3 and
// 4 piles — the formula was read off 3 piles; 4 piles is its test.
func TestJMIsProperNIM(t *testing.T) {
	for _, tt := range []struct{ n, max int }{{3, 7}, {4, 4}} {
		h := Moore(tt.n, tt.n-1)
		sg := ruleSG(t, h.Rule("proper"), tt.n, tt.max)
		x := make([]int, tt.n)
		var rec func(i int)
		rec = func(i int) {
			if i == tt.n {
				if got, want := JM(x), sg(x); got != want {
					t.Errorf("JM(%v) = %d, proper NIM's SG %d", x, got, want)
				}
				return
			}
			for v := 0; v <= tt.max; v++ {
				x[i] = v
				rec(i + 1)
			}
		}
		rec(0)
	}
}

// TestTableJM: read with the height, the formula is JM itself on proper
// NIM, whose height is the sum of the piles (every pile can lose one
// token at a time).
func TestTableJM(t *testing.T) {
	for _, tt := range []struct{ n, max int }{{3, 9}, {4, 6}, {5, 4}} {
		tb, err := Solve(context.Background(), Moore(tt.n, tt.n-1), tt.max)
		if err != nil {
			t.Fatal(err)
		}
		for i := range tb.SG {
			if x := tb.Position(i); tb.JM(x) != JM(x) {
				t.Fatalf("proper NIM on %d piles at %v: Table.JM %d, JM %d", tt.n, x, tb.JM(x), JM(x))
			}
		}
	}
}

// TestTetrisIsHeight: NIM_H is SG decreasing on a box exactly when SG is
// the length of the longest play there (SG = 1 + the largest follower
// SG, by induction the height), the height computed by its own recursion.
func TestTetrisIsHeight(t *testing.T) {
	hs, _ := Enumerate(3, nil)
	tetris := 0
	for _, h := range hs {
		tb, err := Solve(context.Background(), h, 5)
		if err != nil {
			t.Fatal(err)
		}
		height := make([]int, len(tb.SG))
		same := true
		for i := range tb.SG {
			for _, y := range Followers(h, tb.Position(i)) {
				height[i] = max(height[i], height[tb.Index(y)]+1)
			}
			same = same && height[i] == int(tb.SG[i])
			if height[i] != int(tb.Height[i]) {
				t.Fatalf("%s: height at %v %d, recursion %d", h, tb.Position(i), tb.Height[i], height[i])
			}
		}
		v := TetrisVerdict(tb)
		if v.Holds != same {
			t.Errorf("%s: Tetris %v, SG = height %v", h, v.Holds, same)
		}
		if !v.Holds && (v.Through == nil || int(tb.SG[tb.Index(v.Through)]) < v.Got) {
			t.Errorf("%s: counterexample %v → %v does not raise SG", h, v.At, v.Through)
		}
		if v.Holds {
			tetris++
		}
	}
	if tetris == 0 || tetris == len(hs) {
		t.Errorf("%d of %d Tetris: the test cannot tell", tetris, len(hs))
	}
}

func TestNames(t *testing.T) {
	for _, tt := range []struct {
		n     int
		edges string
		want  []string
	}{
		{3, "{1} {2} {3}", []string{"NIM", "symmetric", "matroid", "transversal-free"}}, // the bases of U(1,3)
		{3, "{1} {2} {3} {1,2} {1,3} {2,3}", []string{"proper NIM (Moore k=2)", "symmetric", "transversal-free"}},
		{4, "{1,2} {1,3} {1,4} {2,3} {2,4} {3,4}", []string{"exact k=2", "symmetric", "graph", "matroid", "self-dual matroid", "identically self-dual", "transversal-free"}},
		{4, "{1,2} {1,3} {1,4} {2,3} {2,4}", []string{"graph", "matroid", "self-dual matroid"}}, // dual: every pair but {1,2}; {1,2} meets every edge
		{3, "{1,2} {1,3} {2,3} {1,2,3}", []string{"symmetric", "intersecting"}},
		{4, "{1,2} {2,3} {3,4} {1,4}", []string{"graph", "matroid", "self-dual matroid", "identically self-dual", "transversal-free"}},
		{3, "{1,2} {2,3}", []string{"graph", "matroid", "intersecting"}},
		{3, "{1,2} {1,3} {2,3}", []string{"exact k=2", "symmetric", "graph", "matroid", "intersecting"}},
		{4, "{1,2} {3,4}", []string{"graph", "transversal-free"}},
		{3, "{1,2,3}", []string{"one edge V (conjunctive compound)", "symmetric", "matroid", "intersecting"}},
	} {
		if got := mustParse(t, tt.n, tt.edges).Names(); !slices.Equal(got, tt.want) {
			t.Errorf("Names(%s) = %q, want %q", tt.edges, got, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, s := range []string{"", "{1,2", "{1,x}", "{1,5}", "{1} {1}", "{}", "1,2"} {
		if _, err := Parse(4, s); err == nil {
			t.Errorf("Parse(4, %q): no error", s)
		}
	}
	if _, err := Solve(context.Background(), Moore(4, 3), 16); err == nil {
		t.Error("Solve on [0,16]^4: SG may reach 64, want it refused")
	}
}

// TestClaims runs the stateable printed claims on small boxes (-long:
// the boxes the docs give).
func TestClaims(t *testing.T) {
	max := 5
	if *long {
		max = 63
	}
	for _, c := range Claims() {
		if !c.Stateable {
			if c.Check != nil || c.Reading == "" {
				t.Errorf("%s: not stateable needs a reason and no check", c.ID)
			}
			continue
		}
		o, err := c.Check(context.Background(), max)
		if err != nil {
			t.Fatal(err)
		}
		// By hand: K4 minus {3,4} is isomorphic to its dual, not equal
		// to it. From (1,1,1,1) edge {1,2} leads to (0,0,1,1), which has
		// no move (SG 0), and each other edge to a position with one move
		// left (SG 1): SG 2, where the formula (m = 1, s = 0) gives 0.
		if c.ID == "1804.03692-self-dual@isomorphic" {
			if want := "{1,2} {1,3} {2,3} {1,4} {2,4} at [1 1 1 1]: SG 2, JM 0"; o.Holds || o.Counter != want {
				t.Errorf("%s: holds %v, counterexample %q, want %q", c.ID, o.Holds, o.Counter, want)
			}
			continue
		}
		if !o.Holds {
			t.Errorf("%s fails: %s", c.ID, o.Counter)
		}
	}
}

// TestIntersectingIsTetris: grundy's observation (not the papers'):
// every intersecting hypergraph on 3 vertices (-long: 4) is Tetris on
// the box, and some Tetris ones are not intersecting.
func TestIntersectingIsTetris(t *testing.T) {
	n := 3
	if *long {
		n = 4
	}
	hs, _ := Enumerate(n, nil)
	other := 0
	for _, h := range hs {
		r, err := Classify(context.Background(), h, 5)
		if err != nil {
			t.Fatal(err)
		}
		if h.Intersecting() && !r.Tetris.Holds {
			t.Errorf("%s is intersecting, not Tetris: %v", h, r.Tetris)
		}
		if !h.Intersecting() && r.Tetris.Holds {
			other++
		}
	}
	if other == 0 {
		t.Error("no Tetris hypergraph that is not intersecting: the converse would hold too")
	}
}

// TestJMIsTransversalFree: grundy's observations (not printed claims):
// no edge of a hypergraph on 3 vertices (-long: 4) that is JM on the box
// meets every edge, not every transversal-free one is JM, and none is
// Tetris.
func TestJMIsTransversalFree(t *testing.T) {
	n := 3
	if *long {
		n = 4
	}
	hs, _ := Enumerate(n, nil)
	other := 0
	for _, h := range hs {
		r, err := Classify(context.Background(), h, 5)
		if err != nil {
			t.Fatal(err)
		}
		if r.JM.Holds && !h.TransversalFree() {
			t.Errorf("%s is JM but an edge meets every edge", h)
		}
		if r.Tetris.Holds && h.TransversalFree() {
			t.Errorf("%s is Tetris and transversal-free", h)
		}
		if !r.JM.Holds && h.TransversalFree() {
			other++
		}
	}
	if other == 0 {
		t.Error("every transversal-free hypergraph is JM: the test cannot tell")
	}
}

// TestClassifyFour (-long) classifies every hypergraph on 4 vertices on
// [0,8]^4 and checks what is known of it independently: proper NIM is
// JM (Jenkyns and Mayberry), so are the matroids equal to their duals, K4
// and C4 (arXiv 1804.03692's abstract); Nim is not ((0,1,1,0) has SG 0,
// the formula with m = 0 gives the height 2).
func TestClassifyFour(t *testing.T) {
	if !*long {
		t.Skip("-long")
	}
	hs, _ := Enumerate(4, nil)
	jm := map[string]bool{}
	for _, h := range hs {
		r, err := Classify(context.Background(), h, 8)
		if err != nil {
			t.Fatal(err)
		}
		jm[h.String()] = r.JM.Holds
	}
	for _, tt := range []struct {
		h    Hypergraph
		want bool
	}{
		{Moore(4, 3), true},
		{Canonical(mustParse(t, 4, "{1,2} {1,3} {1,4} {2,3} {2,4} {3,4}")), true},
		{Canonical(mustParse(t, 4, "{1,2} {2,3} {3,4} {1,4}")), true},
		{Canonical(mustParse(t, 4, "{1,2} {1,3} {1,4} {2,3} {2,4}")), false},
		{Moore(4, 1), false},
	} {
		got, ok := jm[Canonical(tt.h).String()]
		if !ok || got != tt.want {
			t.Errorf("%s: JM %v (listed %v), want %v", tt.h, got, ok, tt.want)
		}
	}
}

// TestLiteratureRules: the rule files of literature/hypergraph solve, by
// the rules package's naive interpreter, as Solve solves their edges.
func TestLiteratureRules(t *testing.T) {
	files, err := filepath.Glob("../literature/hypergraph/*.rules")
	if err != nil || len(files) == 0 {
		t.Fatalf("no rule files: %v", err)
	}
	for _, path := range files {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := lang.Parse(path, string(text))
		if err != nil {
			t.Fatal(err)
		}
		h, err := New(mustBind(t, f).MinPiles, f.Edges.Sets)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		max := map[int]int{2: 6, 3: 4, 4: 3, 6: 1}[h.N]
		tb, err := Solve(context.Background(), h, max)
		if err != nil {
			t.Fatal(err)
		}
		want := ruleSG(t, string(text), h.N, max)
		for i, g := range tb.SG {
			if x := tb.Position(i); int(g) != want(x) {
				t.Errorf("%s at %v: Solve %d, rules %d", path, x, g, want(x))
				break
			}
		}
	}
}

func mustBind(t testing.TB, f *lang.File) *lang.Rule {
	t.Helper()
	r, err := f.Bind(nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestNamedClassifications: the rows of docs/hypergraph.md's by-name
// table that a printed statement decides, on its box [0,8]^4. JM where the
// abstracts say so (proper NIM, Jenkyns and Mayberry; the matroids equal
// to their duals, K4 and C4, arXiv 1804.03692); and, worked by hand, the
// two that are not: K4 minus an edge (isomorphic to its dual) at
// (1,1,1,1), whose followers (0,0,1,1) (no edge left: SG 0) and
// (0,1,0,1), (0,1,1,0), (1,0,0,1), (1,0,1,0) (one edge left: SG 1) give SG
// 2 where the formula gives 0 (m = 1, s = 0); Moore's k = 2 at (0,1,1,1),
// a P-position by Moore (three 1s in digit 0), where the formula gives the
// height 3 (m = 0 ≤ T = 6).
func TestNamedClassifications(t *testing.T) {
	for _, tt := range []struct {
		name string
		h    Hypergraph
		jm   bool
		at   []int
		got  int
		want int
	}{
		{name: "proper NIM", h: Moore(4, 3), jm: true},
		{name: "K4", h: mustParse(t, 4, "{1,2} {1,3} {1,4} {2,3} {2,4} {3,4}"), jm: true},
		{name: "C4", h: mustParse(t, 4, "{1,2} {2,3} {3,4} {1,4}"), jm: true},
		{name: "K4 minus an edge", h: mustParse(t, 4, "{1,2} {1,3} {2,3} {1,4} {2,4}"), at: []int{1, 1, 1, 1}, got: 2, want: 0},
		{name: "Moore k=2", h: Moore(4, 2), at: []int{0, 1, 1, 1}, got: 0, want: 3},
	} {
		r, err := Classify(context.Background(), tt.h, 8)
		if err != nil {
			t.Fatal(err)
		}
		v := r.JM
		if v.Holds != tt.jm || !tt.jm && (!slices.Equal(v.At, tt.at) || v.Got != tt.got || v.Want != tt.want) {
			t.Errorf("%s: JM %v at %v (SG %d, JM %d), want JM %v at %v (SG %d, JM %d)", tt.name, v.Holds, v.At, v.Got, v.Want, tt.jm, tt.at, tt.got, tt.want)
		}
	}
}
