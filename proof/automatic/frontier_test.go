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
	"github.com/grundy/grundy/decide/numeration"
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
		for _, sys := range []numeration.System{numeration.Zeckendorf(), numeration.Base(2)} {
			for _, states := range []int{64, 200} {
				l := numeration.Learner{Sys: sys, Tracks: 2, Bound: box, MaxStates: states,
					Member: func(xs []int64) bool { return g[xs[0]][xs[1]] == v }}
				a, err := l.Learn()
				if err != nil {
					if !errors.Is(err, numeration.ErrNoFit) {
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
func learnFromBox(t *testing.T, game string, n, max, v, states int) *numeration.DFA {
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
	sys := numeration.Base(2)
	l := numeration.Learner{Sys: sys, Tracks: n, Bound: int64(max + 1), MaxStates: states, Member: in}
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
	sys := numeration.Base(2)
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

// bbPartners is the P-set of the (b,b)-game (Duchêne and Gravier: any
// amount from one pile, or the same positive multiple of b from both) on
// rows x < n, computed apart from the library's solvers: row x holds
// exactly one P-position (x, partner[x]) (one-pile moves: at most one;
// finitely many y excluded: at least one). Scanning x upward, it is the
// mirror of an earlier row's when x is that row's partner, else the least
// y ≥ x with no P-position below it in its column and none on its
// diagonal line x − y at a distance that is a multiple of b.
func bbPartners(b, n int) []int {
	partner := make([]int, n)
	mirror := map[int]int{} // y → the earlier row x whose partner is y
	col := map[int]bool{}
	diag := map[[2]int]bool{}
	for x := range n {
		if x0, ok := mirror[x]; ok {
			partner[x] = x0
		} else {
			y := x
			for col[y] || diag[[2]int{x - y, x % b}] {
				y++
			}
			partner[x] = y
			if y != x {
				mirror[y] = x
			}
		}
		y := partner[x]
		col[y] = true
		diag[[2]int{x - y, x % b}] = true
	}
	return partner
}

// bbLearn learns the P-set from piles < box, refines a hypothesis by the
// suffixes of the words where it is wrong — first on the P-positions of
// rows < box, then at the proof's counterexample (an equivalence query
// answered by the game conditions) — and proves it, logging the verdict.
// Membership beyond the computed rows is unknown: a run that asked it is
// logged as such, with no verdict.
func bbLearn(t *testing.T, b int, r grundy.Ruleset, partner []int, sys numeration.System, box int64) {
	const states, rounds = 200, 12
	start := time.Now()
	outside := false
	member := func(x, y int64) bool {
		if min(x, y) >= int64(len(partner)) {
			outside = true
			return false
		}
		if x < y {
			return int64(partner[x]) == y
		}
		return int64(partner[y]) == x
	}
	l := numeration.Learner{Sys: sys, Tracks: 2, Bound: box, MaxStates: states,
		Member: func(xs []int64) bool { return member(xs[0], xs[1]) }}
	refine := func(x, y int64) {
		w := sys.Word([]*big.Int{big.NewInt(x), big.NewInt(y)}, 0)
		for i := range w {
			l.Experiments = append(l.Experiments, w[i:])
		}
	}
	for round := 1; ; round++ {
		a, err := l.Learn()
		taint := ""
		if outside {
			taint = " (asked beyond the computed rows: no verdict)"
		}
		if err != nil {
			if !errors.Is(err, numeration.ErrNoFit) {
				t.Fatal(err)
			}
			t.Logf("b = %d, %s: %v; %d experiments, %d hypotheses, %.1fs%s", b, sys, err, len(l.Experiments), round-1, time.Since(start).Seconds(), taint)
			return
		}
		wrong := false
		for x := int64(0); x < box && !wrong; x++ {
			y := int64(partner[x])
			if !a.Accepts(sys.Word([]*big.Int{big.NewInt(x), big.NewInt(y)}, 1)) {
				refine(x, y)
				wrong = true
			}
		}
		if wrong && round < rounds {
			continue
		}
		res, err := ProveAutomaton(context.Background(), r, 2, sys, a, false)
		if err != nil {
			t.Fatalf("b = %d, %s: %v", b, sys, err)
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		t.Logf("b = %d, %s: hypothesis %d of %d states, moves %d states: %s %s; %.1fs learning and proofs, heap %d MiB %v%s",
			b, sys, round, a.States(), res.MoveStates, res.Status, res.Reason, time.Since(start).Seconds(), ms.HeapSys>>20, obligations(res), taint)
		if res.Status != Refuted || round >= rounds {
			return
		}
		w := res.Obligations[len(res.Obligations)-1].Witness
		x, y := w["x0"], w["x1"]
		if x == nil || y == nil || !x.IsInt64() || !y.IsInt64() {
			return
		}
		refine(x.Int64(), y.Int64())
		if yy, ok := w["y0"]; ok && w["y1"] != nil && yy.IsInt64() && w["y1"].IsInt64() {
			refine(yy.Int64(), w["y1"].Int64())
		}
	}
}

// TestFrontierBB learns the P-positions of the (b,b)-game for b = 1..6
// (the move relation compiled from literature/duchene-gravier-2009's rule)
// from piles < 3000 in Zeckendorf's system, base 2, base b and 002's U
// systems with small coefficients, and proves each hypothesis for every
// position (stability, absorption) or logs the bounded negative: no
// automaton with ≤ 200 states in the system agrees with every position
// with piles < 3000.
func TestFrontierBB(t *testing.T) {
	if !*frontier {
		t.Skip("-frontier")
	}
	const box = 3000
	for b := 1; b <= 6; b++ {
		partner := bbPartners(b, 8*box)
		r := bbGame(t, b)
		checkPartners(t, b, r, partner)
		systems := []numeration.System{numeration.Zeckendorf(), numeration.Base(2)}
		if b > 2 {
			systems = append(systems, numeration.Base(b))
		}
		systems = append(systems, numeration.U(1, 2), numeration.U(2, 1), numeration.U(2, 2))
		for _, sys := range systems {
			bbLearn(t, b, r, partner, sys, box)
		}
	}
}

// TestFrontierBBLarger: the systems whose words the box of 3000 leaves
// too short, with boxes of six digits or more.
func TestFrontierBBLarger(t *testing.T) {
	if !*frontier {
		t.Skip("-frontier")
	}
	for _, tc := range []struct {
		b   int
		sys numeration.System
		box int64
	}{
		{4, numeration.Base(4), 4096}, {5, numeration.Base(5), 15625},
		{2, numeration.U(2, 1), 9000}, {4, numeration.U(2, 1), 9000},
		{2, numeration.U(2, 2), 22288}, {6, numeration.Base(6), 7776},
	} {
		partner := bbPartners(tc.b, 8*int(tc.box))
		r := bbGame(t, tc.b)
		checkPartners(t, tc.b, r, partner)
		bbLearn(t, tc.b, r, partner, tc.sys, tc.box)
	}
}

// checkPartners compares the scan with the library's solver on the rule
// file, piles ≤ 40.
func checkPartners(t *testing.T, b int, r grundy.Ruleset, partner []int) {
	tab, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: 2, Max: 40, Kinds: grundy.KindG})
	if err != nil {
		t.Fatal(err)
	}
	tab.Each(func(q grundy.Position, v grundy.Values) bool {
		if (partner[q[0]] == q[1]) != (v.G == 0) {
			t.Fatalf("b = %d: the scan gives partner(%d) = %d, the solver's value of %v is %d", b, q[0], partner[q[0]], q, v.G)
		}
		return true
	})
}

func obligations(res Result) []string {
	var out []string
	for _, o := range res.Obligations {
		out = append(out, fmt.Sprintf("%s %s %.1fs", o.Name, o.Status, o.Seconds))
	}
	return out
}
