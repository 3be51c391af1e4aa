package automatic

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/big"
	"runtime"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/automata"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

var frontier = flag.Bool("frontier", false, "run the learning experiments of FRONTIER.md (minutes)")

// wythoffValues is Wythoff's Sprague–Grundy function on piles < n, by the
// mex over the row, the column and the diagonal: a computation apart from
// the library's solvers.
func wythoffValues(n int) [][]int {
	g := make([][]int, n)
	stamp := make([]int, 3*n+1)
	for x := range g {
		g[x] = make([]int, n)
		for y := range n {
			mark := x*n + y + 1
			for i := range x {
				stamp[g[i][y]] = mark
			}
			for j := range y {
				stamp[g[x][j]] = mark
			}
			for k := 1; k <= min(x, y); k++ {
				stamp[g[x-k][y-k]] = mark
			}
			v := 0
			for stamp[v] == mark {
				v++
			}
			g[x][y] = v
		}
	}
	return g
}

// TestFrontierWythoffValues learns the positions of Wythoff's game of
// value 1 and of value 2 (OEIS A047708 says no fast algorithm is known)
// over Zeckendorf's system and base 2, from the values on piles < box,
// and logs the learner's verdict: a hypothesis with its states and
// whether it still agrees on piles < check, or the bounded negative.
func TestFrontierWythoffValues(t *testing.T) {
	if !*frontier {
		t.Skip("-frontier")
	}
	const box, check = 300, 600
	g := wythoffValues(check)
	for _, v := range []int{1, 2} {
		for _, sys := range []automata.System{automata.Zeckendorf(), automata.Base(2)} {
			for _, states := range []int{64, 200} {
				l := automata.Learner{Sys: sys, Tracks: 2, Bound: box, MaxStates: states,
					Member: func(xs []int64) bool { return g[xs[0]][xs[1]] == v }}
				a, err := l.Learn()
				if err != nil {
					if !errors.Is(err, automata.ErrNoFit) {
						t.Fatal(err)
					}
					t.Logf("value %d, %s, ≤ %d states: %v", v, sys, states, err)
					continue
				}
				bad := ""
				for x := 0; x < check && bad == ""; x++ {
					for y := 0; y < check; y++ {
						if a.Accepts(sys.Word([]*big.Int{big.NewInt(int64(x)), big.NewInt(int64(y))}, 1)) != (g[x][y] == v) {
							bad = fmt.Sprintf("(%d,%d)", x, y)
							break
						}
					}
				}
				t.Logf("value %d, %s, ≤ %d states: hypothesis of %d states; on piles < %d first wrong at %q", v, sys, states, a.States(), check, bad)
			}
		}
	}
}

// learnFromBox learns, in base 2, the set of positions of r with n piles
// whose normal-play value is v (the library's exhaustive solver on
// piles ≤ max the oracle; Lookup sorts a position itself), and logs the
// learner's verdict: a hypothesis checked against the box, or the
// bounded negative.
func learnFromBox(t *testing.T, game string, n, max, v, states int) *automata.DFA {
	r, err := games.Parse(game)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: n, Max: max, Kinds: grundy.KindG})
	if err != nil {
		t.Fatal(err)
	}
	in := func(xs []int64) bool {
		p := make(grundy.Position, n)
		for i, x := range xs {
			p[i] = int(x)
		}
		val, ok := tab.Lookup(grundy.Canonical(r, p))
		return ok && val.G == v
	}
	sys := automata.Base(2)
	l := automata.Learner{Sys: sys, Tracks: n, Bound: int64(max + 1), MaxStates: states, Member: in}
	a, err := l.Learn()
	if err != nil {
		t.Logf("%s, %d piles, value %d, %s, ≤ %d states: %v", game, n, v, sys, states, err)
		return nil
	}
	bad := ""
	tab.Each(func(p grundy.Position, val grundy.Values) bool {
		xs := make([]*big.Int, n)
		for i, x := range p {
			xs[i] = big.NewInt(int64(x))
		}
		if a.Accepts(sys.Word(xs, 1)) != (val.G == v) {
			bad = p.String()
			return false
		}
		return true
	})
	t.Logf("%s, %d piles, value %d, %s, ≤ %d states: hypothesis of %d states; on the box (piles ≤ %d) first wrong at %q", game, n, v, sys, states, a.States(), max, bad)
	if bad != "" {
		return nil
	}
	return a
}

// TestFrontierMooreExact: Moore's nim(4, ≤2), the positions of value 2
// (arXiv 2311.18772's first open case), and Exact Nim nim(5, =2), its
// P-positions, each learned in base 2 from the exhaustive values.
func TestFrontierMooreExact(t *testing.T) {
	if !*frontier {
		t.Skip("-frontier")
	}
	learnFromBox(t, "moore:k=2", 4, 31, 2, 200)
}

// TestFrontierExact learns Exact Nim nim(5, =2)'s P-positions in base 2
// from piles ≤ 15, compares the hypothesis with Moore's nim(5, ≤2)
// P-positions (Moore's theorem: every binary column holds a multiple of
// 3 ones), and decides the game's conditions for it over every position:
// stability and absorption under "exactly two piles decrease".
func TestFrontierExact(t *testing.T) {
	if !*frontier {
		t.Skip("-frontier")
	}
	a := learnFromBox(t, "exact:k=2", 5, 15, 0, 200)
	if a == nil {
		return
	}
	sys := automata.Base(2)
	moore := func(p []int64) bool {
		for bit := 0; bit < 8; bit++ {
			c := 0
			for _, x := range p {
				c += int(x >> bit & 1)
			}
			if c%3 != 0 {
				return false
			}
		}
		return true
	}
	var diff []string
	p := make([]int64, 5)
	var walk func(i int)
	walk = func(i int) {
		if i == 5 {
			xs := make([]*big.Int, 5)
			for j, x := range p {
				xs[j] = big.NewInt(x)
			}
			if a.Accepts(sys.Word(xs, 1)) != moore(p) && len(diff) < 8 {
				diff = append(diff, fmt.Sprint(p, " exact P: ", !moore(p)))
			}
			return
		}
		lo := int64(0)
		if i > 0 {
			lo = p[i-1]
		}
		for x := lo; x <= 15; x++ {
			p[i] = x
			walk(i + 1)
		}
	}
	walk(0)
	t.Logf("exact vs Moore's (5, ≤2) on sorted piles ≤ 15: first differences %v", diff)
	start := time.Now()
	b := newBuilder(sys)
	x, y := pos("x", 5), pos("y", 5)
	set := b.ok(b.st.Of(a, x...))
	move := b.reduce(x, y, 2, 2)
	if b.err != nil {
		t.Fatal(b.err)
	}
	for _, o := range decideAll(context.Background(), b, set, move, 5, false, false, nil) {
		t.Logf("nim(5, =2), the %d-state hypothesis: %s %s %.1fs %s %s", a.States(), o.Name, o.Status, o.Seconds, o.Counterexample, o.Note)
	}
	t.Logf("move relation %d states; %.1fs in all", move.A.States(), time.Since(start).Seconds())
}

// bbPositions is the P-set of the (b,b)-game on piles < n (Duchêne and
// Gravier: any amount from one pile, or the same positive multiple of b
// from both), computed apart from the library's solvers: scanning x then y
// upward, (x,y) is P iff no P-position lies left of it in its row, below
// it in its column, or on its diagonal line x − y at a distance that is a
// multiple of b (that line's class of x mod b).
func bbPositions(b, n int) [][]bool {
	p := make([][]bool, n)
	col := make([]bool, n)
	diag := make([]bool, (2*n+1)*b)
	for x := range p {
		p[x] = make([]bool, n)
		row := false
		for y := range n {
			d := (x-y+n)*b + x%b
			if !row && !col[y] && !diag[d] {
				p[x][y], row, col[y], diag[d] = true, true, true, true
			}
		}
	}
	return p
}

// TestFrontierBB learns the P-positions of the (b,b)-game for b = 1..6
// (the move relation compiled from literature/duchene-gravier-2009's rule)
// from piles < box in Zeckendorf's system, base 2, base b and 002's U
// systems with small coefficients, checks each hypothesis on piles <
// check, and proves it for every position (stability, absorption) or
// logs the bounded negative: no automaton with ≤ states states in the
// system agrees with every position with piles < box.
func TestFrontierBB(t *testing.T) {
	if !*frontier {
		t.Skip("-frontier")
	}
	const box, check, states, rounds = 3000, 6000, 200, 12
	for b := 1; b <= 6; b++ {
		p := bbPositions(b, check)
		r := bbGame(t, b)
		systems := []automata.System{automata.Zeckendorf(), automata.Base(2)}
		if b > 2 {
			systems = append(systems, automata.Base(b))
		}
		systems = append(systems, automata.U(1, 2), automata.U(2, 1), automata.U(2, 2))
		for _, sys := range systems {
			start := time.Now()
			l := automata.Learner{Sys: sys, Tracks: 2, Bound: box, MaxStates: states,
				Member: func(xs []int64) bool {
					// Experiments may reach past the table: unknown
					// there, asked as not P (such words only refine).
					return xs[0] < check && xs[1] < check && p[xs[0]][xs[1]]
				}}
			// A hypothesis wrong on the check box is refined by the
			// suffixes of the word where it is wrong (as Prove's loop
			// refines a learned set), up to rounds times.
			var a *automata.DFA
			var err error
			bad := ""
			for round := 0; round < rounds; round++ {
				if a, err = l.Learn(); err != nil {
					break
				}
				bad = ""
				var word []int
				for x := 0; x < check && bad == ""; x++ {
					for y := 0; y < check; y++ {
						w := sys.Word([]*big.Int{big.NewInt(int64(x)), big.NewInt(int64(y))}, 0)
						if a.Accepts(w) != p[x][y] {
							bad, word = fmt.Sprintf("(%d,%d)", x, y), w
							break
						}
					}
				}
				if bad == "" {
					break
				}
				for i := range word {
					l.Experiments = append(l.Experiments, word[i:])
				}
			}
			if err != nil {
				if !errors.Is(err, automata.ErrNoFit) {
					t.Fatal(err)
				}
				t.Logf("b = %d, %s: %v (%d experiments, %.1fs)", b, sys, err, len(l.Experiments), time.Since(start).Seconds())
				continue
			}
			if bad != "" {
				t.Logf("b = %d, %s: after %d rounds the hypothesis of %d states learned on piles < %d is wrong at %s (piles < %d)", b, sys, rounds, a.States(), box, bad, check)
				continue
			}
			res, err := ProveAutomaton(context.Background(), r, 2, sys, a, false)
			if err != nil {
				t.Fatalf("b = %d, %s: %v", b, sys, err)
			}
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			t.Logf("b = %d, %s: %d states (agrees on piles < %d), moves %d states: %s %s (%.1fs learning and proof; heap %d MiB) %v",
				b, sys, a.States(), check, res.MoveStates, res.Status, res.Reason, time.Since(start).Seconds(), ms.HeapSys>>20, obligations(res))
		}
	}
}

func obligations(res Result) []string {
	var out []string
	for _, o := range res.Obligations {
		out = append(out, fmt.Sprintf("%s %s %.1fs", o.Name, o.Status, o.Seconds))
	}
	return out
}
