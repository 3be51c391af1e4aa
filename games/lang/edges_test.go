package lang_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/games/symbolic"
)

// hypergraphs are rules of hypergraph NIM (arXiv 1701.02819): each pile of
// one edge loses a positive amount.
var hypergraphs = []string{
	"ruleset path\npiles 3\nedges {1,2} {2,3}\nmove take any from each pile of one edge\n",
	"ruleset triangle-and-all\npiles 3\nedges {1,2} {2,3} {1,3} {1,2,3}\nmove take any from each pile of one edge\n",
	"ruleset nim-as-edges\npiles 3\nedges {1} {2} {3}\nmove take any from each pile of one edge\n",
	"ruleset proper\npiles 3\nedges {1} {2} {3} {1,2} {1,3} {2,3}\nmove take any from each pile of one edge\n",
	"ruleset star\npiles 4\nedges {1,2} {1,3} {1,4} {2}\nmove take 1..2 from each pile of one edge, where total <= 3\n",
	"ruleset mixed-moves\npiles 3\nedges {3,1}\nmove take any from each pile of one edge\nmove take 1 from pile 2\n",
}

// hyperFollowers lists the followers of p in NIM_H straight from the
// definition: an edge, and for each of its piles a smaller value.
func hyperFollowers(edges [][]int, p grundy.Position) []string {
	var out []string
	for _, e := range edges {
		q := slices.Clone(p)
		var rec func(k int)
		rec = func(k int) {
			if k == len(e) {
				out = append(out, q.String())
				return
			}
			i := e[k] - 1
			for v := range p[i] {
				q[i] = v
				rec(k + 1)
			}
			q[i] = p[i]
		}
		rec(0)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func naiveSet(r *lang.Rule, p grundy.Position) []string {
	var out []string
	r.Naive(p, func(q grundy.Position) bool {
		out = append(out, q.String())
		return true
	})
	slices.Sort(out)
	return slices.Compact(out)
}

// TestEdgesByDefinition: the naive interpreter's followers are the
// definition's, on every position of a box, for the one edge {1..n}
// (all piles move together), the singletons (Nim) and a path.
func TestEdgesByDefinition(t *testing.T) {
	for _, tt := range []struct {
		edges [][]int
		n     int
	}{
		{[][]int{{1, 2, 3}}, 3},
		{[][]int{{1}, {2}, {3}}, 3},
		{[][]int{{1, 2}, {2, 3}}, 3},
		{[][]int{{1, 2}, {3, 4}, {1, 4}, {2, 3, 4}}, 4},
	} {
		text := fmt.Sprintf("ruleset h\npiles %d\nedges %s\nmove take any from each pile of one edge\n", tt.n, (&lang.Edges{Sets: tt.edges}).String())
		r := bind(t, "h", text)
		each(tt.n, []int{0, 0, 0, 4, 3}[tt.n], func(p grundy.Position) {
			got, want := naiveSet(r, p), hyperFollowers(tt.edges, p)
			if !slices.Equal(got, want) {
				t.Errorf("%v at %v: naive %v, definition %v", tt.edges, p, got, want)
			}
		})
	}
}

// TestEdgesByHand counts followers worked out by hand.
func TestEdgesByHand(t *testing.T) {
	for _, tt := range []struct {
		edges string
		pos   grundy.Position
		want  int
	}{
		{"{1,2,3}", grundy.Position{1, 2, 3}, 1 * 2 * 3}, // every pile at once: x1·x2·x3 followers
		{"{1,2,3}", grundy.Position{0, 2, 3}, 0},         // an empty pile of the only edge: no move
		{"{1} {2} {3}", grundy.Position{1, 2, 3}, 6},     // Nim: x1+x2+x3
		{"{1,2} {2,3}", grundy.Position{2, 1, 2}, 2 + 2}, // each edge: 2·1 followers, none shared
		{"{1,2} {1}", grundy.Position{2, 2, 0}, 4 + 2},   // {1,2}: 2·2; {1}: 2
	} {
		r := bind(t, "h", "ruleset h\npiles 3\nedges "+tt.edges+"\nmove take any from each pile of one edge\n")
		if got := len(naiveSet(r, tt.pos)); got != tt.want {
			t.Errorf("edges %s at %v: %d followers, want %d", tt.edges, tt.pos, got, tt.want)
		}
	}
}

// TestEdgesCompiledMatchesNaive is the differential test of the
// construct: compiled moves == naive interpreter on small boxes.
func TestEdgesCompiledMatchesNaive(t *testing.T) {
	for _, text := range hypergraphs {
		r := bind(t, "h", text)
		c := lang.Compile(r, "h")
		n := r.MinPiles
		compareNaive(t, text, r, c, n, []int{0, 0, 0, 5, 3}[n])
	}
}

// TestEdgesEncoding: prove's Presburger encoding of an edges rule gives
// the naive interpreter's followers.
func TestEdgesEncoding(t *testing.T) {
	for _, text := range hypergraphs {
		r := bind(t, "h", text)
		c := lang.Compile(r, "h")
		n := r.MinPiles
		enc, err := symbolic.Encode(c, n)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		each(n, []int{0, 0, 0, 3, 2}[n], func(p grundy.Position) {
			if !slices.Equal(grundy.Canonical(c, p), p) {
				return
			}
			var got, want []string
			for _, q := range enc.Followers(p, 3) {
				got = append(got, q.String())
			}
			r.Naive(p, func(q grundy.Position) bool {
				want = append(want, grundy.Canonical(c, q).String())
				return true
			})
			slices.Sort(got)
			slices.Sort(want)
			got, want = slices.Compact(got), slices.Compact(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s at %v: encoding %v, naive %v", strings.SplitN(text, "\n", 2)[0], p, got, want)
			}
		})
	}
}

// TestEdgesSymmetry: piles are interchangeable exactly when the edge set
// is every set of some sizes.
func TestEdgesSymmetry(t *testing.T) {
	for _, tt := range []struct {
		edges string
		want  int
	}{
		{"{1} {2} {3}", 0},
		{"{1,2} {1,3} {2,3} {1,2,3}", 0},
		{"{1,2} {2,3}", -1},
		{"{1} {2}", -1},
	} {
		r := bind(t, "h", "ruleset h\npiles 3\nedges "+tt.edges+"\nmove take any from each pile of one edge\n")
		got := grundy.SymmetricFrom(lang.Compile(r, "h"), 3)
		if (got == 0) != (tt.want == 0) {
			t.Errorf("edges %s: SymmetricFrom %d, want interchangeable = %v", tt.edges, got, tt.want == 0)
		}
	}
}

func TestEdgesErrors(t *testing.T) {
	head := "ruleset x\npiles 3\n"
	move := "move take any from each pile of one edge\n"
	for _, tt := range []struct {
		text      string
		kind      lang.ErrorKind
		line, col int
		want      string
	}{
		{head + move, lang.Check, 3, 20, "each pile of one edge needs an edges line"},
		{head + "edges {1,4}\n" + move, lang.Check, 3, 7, "edge {1,4} names pile 4, but a position has 3 piles"},
		{head + "edges {1,2} {2,1}\n" + move, lang.Check, 3, 13, "edge {2,1} is the same set as edge 1"},
		{head + "edges {1,1}\n" + move, lang.Check, 3, 10, "pile 1 twice in one edge"},
		{head + "edges {0}\n" + move, lang.Check, 3, 8, "piles are numbered from 1, got pile 0"},
		{head + "edges {1,2\n" + move, lang.Syntax, 3, 11, `expected "," or "}" in an edge`},
		{head + "edges\n" + move, lang.Syntax, 3, 6, "expected an edge such as {1,2}"},
		{head + "edges {9}\n" + move, lang.Limit, 3, 8, "a hypergraph has at most 8 vertices"},
		{head + "edges {1}\nedges {2}\n" + move, lang.Syntax, 4, 1, "a second edges line"},
		{"ruleset x\npiles 2..3\nedges {1}\n" + move, lang.Check, 3, 1, "an edges line needs a fixed number of piles"},
		{head + "edges {1}\nmove take any as a from each pile of one edge\n", lang.Check, 4, 11, "cannot be named"},
		{head + "edges {1}\nmove take any from each pile of one edge and 1 from pile 2\n", lang.Check, 4, 1, "must be the move's only part"},
		{head + "edges {1}\nmove take any from each pile of one vertex\n", lang.Syntax, 4, 37, `expected "edge", found "vertex"`},
	} {
		f, err := lang.Parse("r.rules", tt.text)
		if err == nil {
			_, err = f.Bind(nil)
		}
		var e *lang.Error
		if !errors.As(err, &e) {
			t.Errorf("%q: error %v, want a *rules.Error containing %q", tt.text, err, tt.want)
			continue
		}
		if e.Kind != tt.kind || e.Line != tt.line || e.Col != tt.col || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q:\n error %q (%v at %d:%d),\n want %q (%v at %d:%d)", tt.text, err, e.Kind, e.Line, e.Col, tt.want, tt.kind, tt.line, tt.col)
		}
	}
}

// FuzzEdges: edges texts parse, print back, bind without panic, and the
// compiled moves agree with the naive interpreter.
func FuzzEdges(f *testing.F) {
	for _, text := range hypergraphs {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := lang.Parse("", text)
		if err != nil {
			return
		}
		once := g.Format()
		h, err := lang.Parse("", once)
		if err != nil {
			t.Fatalf("printed form does not parse: %v\n%s", err, once)
		}
		if twice := h.Format(); twice != once {
			t.Fatalf("printed twice differs:\n%s\n---\n%s", once, twice)
		}
		r, err := g.Bind(nil)
		if err != nil {
			return
		}
		c := lang.Compile(r, "fuzz")
		for n := 1; n <= 3; n++ {
			if r.Validate(make(grundy.Position, n)) == nil {
				compareNaive(t, text, r, c, n, []int{0, 6, 4, 3}[n])
			}
		}
	})
}
