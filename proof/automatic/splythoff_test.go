package automatic

import (
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/decide/numeration"
	"github.com/grundy/grundy/games"
)

// Splythoff Nim (Fokkink, Rust, arXiv 1904.08339; the move as its journal
// version prints it: literature/arxiv-1904.08339/README.md) is Wythoff's
// game plus one bounce of the Queen off a side: from (x, y), 0 < x ≤ y, to
// (t, y − x − t) for 0 ≤ t ≤ y − x, and the mirror image. No ruleset says
// it yet (a pile gains tokens), so this test builds its move relation
// here, beside Wythoff's, and proves over Tribonacci's system that an
// automaton learned from a brute force is its P-set for all piles.

// splythoffP is the P-table on piles ≤ n by listing every follower of the
// printed move, by increasing token sum (every move lowers it, and the
// followers' piles are at most the larger pile).
func splythoffP(n int) [][]bool {
	p := make([][]bool, n+1)
	for i := range p {
		p[i] = make([]bool, n+1)
	}
	for s := 0; s <= 2*n; s++ {
		for x := max(0, s-n); x <= min(s, n); x++ {
			y := s - x
			win := false
			splythoffMoves(x, y, func(u, v int) { win = win || p[u][v] })
			p[x][y] = !win
		}
	}
	return p
}

// splythoffSweep is the same table by a second method, fast enough for
// large boxes: (x, y) is P iff no P-position lies west on its row, south
// on its column, southwest on its diagonal, and, when x, y > 0, none has
// token sum |x − y| (the bounce reaches every position of that sum).
func splythoffSweep(n int) [][]bool {
	p := make([][]bool, n+1)
	for i := range p {
		p[i] = make([]bool, n+1)
	}
	row, col := make([]bool, n+1), make([]bool, n+1)
	diag, sum := make([]bool, 2*n+1), make([]bool, 2*n+1)
	for s := 0; s <= 2*n; s++ {
		for x := max(0, s-n); x <= min(s, n); x++ {
			y := s - x
			d := y - x
			if row[x] || col[y] || diag[d+n] || (x > 0 && y > 0 && sum[max(d, -d)]) {
				continue
			}
			row[x], col[y], diag[d+n], sum[s] = true, true, true, true
			p[x][y] = true
		}
	}
	return p
}

// splythoffMoves lists the followers of (x, y): west, south, southwest,
// and the bounce off the left or the bottom side.
func splythoffMoves(x, y int, yield func(u, v int)) {
	for i := range x {
		yield(i, y)
	}
	for j := range y {
		yield(x, j)
	}
	for k := 1; k <= min(x, y); k++ {
		yield(x-k, y-k)
	}
	if 0 < x && x <= y {
		for t := 0; t <= y-x; t++ {
			yield(t, y-x-t)
		}
	}
	if 0 < y && y <= x {
		for t := 0; t <= x-y; t++ {
			yield(x-y-t, t)
		}
	}
}

// splythoffMove is the move relation over x0, x1 → y0, y1: Wythoff's (as
// the built-in game's) or the bounce, ∃d: x0 > 0 ∧ x0 + d = x1 ∧ y0 + y1
// = d, or the same with x0 and x1 exchanged.
func (b *builder) splythoffMove() numeration.Rel {
	w, err := games.Parse("wythoff")
	if err != nil {
		b.err = err
		return numeration.Rel{}
	}
	bounce := func(lo, hi string) numeration.Rel {
		d := b.tmp()
		return b.exists(b.and(b.positive(lo), b.sum(lo, d, hi), b.sum("y0", "y1", d)), d)
	}
	return b.or(b.wythoff(w.(games.Wythoff)), bounce("x0", "x1"), bounce("x1", "x0"))
}

// runner runs relations on values up to n: every value's digits, padded
// to one length.
type runner struct {
	sys  numeration.System
	reps [][]int
}

func newRunner(sys numeration.System, n int) *runner {
	length := len(sys.Repr(big.NewInt(int64(n)))) + 1
	r := &runner{sys: sys, reps: make([][]int, n+1)}
	for i := range r.reps {
		d := sys.Repr(big.NewInt(int64(i)))
		r.reps[i] = append(make([]int, length-len(d)), d...)
	}
	return r
}

// accepts runs rel on the values given by variable.
func (r *runner) accepts(rel numeration.Rel, vals map[string]int) bool {
	ds := make([]int, len(rel.Vars))
	q := 0
	for j := range r.reps[0] {
		for i, v := range rel.Vars {
			ds[i] = r.reps[vals[v]][j]
		}
		q = rel.A.Step(q, numeration.Letter(r.sys.Digits(), ds...))
	}
	return rel.A.Accept[q]
}

// TestSplythoffProof: the move relation is the printed move on every pair
// of positions with piles ≤ 12 (24 with -long), and so are the followers
// of the splythoff family's rule file; an automaton learned over Tribonacci from
// the P-table of piles < 1500 agrees with the table on piles ≤ 1500 (3000
// with -long: past the box it learned from) and is
// proved the P-set (stability and absorption) for every position.
func TestSplythoffProof(t *testing.T) {
	sys := numeration.Tribonacci()
	b := newBuilder(sys)
	move := b.splythoffMove()
	if b.err != nil {
		t.Fatal(b.err)
	}
	start := time.Now()
	m := 12
	if *long {
		m = 24
	}
	run := newRunner(sys, 3000)
	for x0 := 0; x0 <= m; x0++ {
		for x1 := 0; x1 <= m; x1++ {
			want := map[[2]int]bool{}
			splythoffMoves(x0, x1, func(u, v int) { want[[2]int{u, v}] = true })
			for y0 := 0; y0 <= m; y0++ {
				for y1 := 0; y1 <= m; y1++ {
					got := run.accepts(move, map[string]int{"x0": x0, "x1": x1, "y0": y0, "y1": y1})
					if got != want[[2]int{y0, y1}] {
						t.Fatalf("move relation at (%d,%d) → (%d,%d) = %v, the printed move says %v", x0, x1, y0, y1, got, !got)
					}
				}
			}
		}
	}
	// The family's rule (literature/arxiv-1904.08339/splythoff.rules,
	// splitting the rest) has the same followers on piles ≤ 12.
	rule, err := games.LoadRules("../../literature/arxiv-1904.08339/splythoff.rules", "")
	if err != nil {
		t.Fatal(err)
	}
	for x0 := 0; x0 <= 12; x0++ {
		for x1 := 0; x1 <= 12; x1++ {
			want := map[[2]int]bool{}
			splythoffMoves(x0, x1, func(u, v int) { want[[2]int{u, v}] = true })
			got := map[[2]int]bool{}
			rule.Options(grundy.Position{x0, x1}, func(q grundy.Position) bool {
				got[[2]int{q[0], q[1]}] = true
				return true
			})
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("splythoff.rules at (%d,%d): followers %v, the printed move's %v", x0, x1, got, want)
			}
		}
	}
	t.Logf("move relation checked: %v", time.Since(start))
	small := splythoffP(120)
	n := 1500
	if *long {
		n = 3000
	}
	p := splythoffSweep(n)
	for x := range small {
		for y := range small {
			if small[x][y] != p[x][y] {
				t.Fatalf("the two brute forces differ at (%d,%d)", x, y)
			}
		}
	}
	a, err := (&numeration.Learner{Sys: sys, Tracks: 2, Bound: 1500, Member: func(xs []int64) bool { return p[xs[0]][xs[1]] }}).Learn()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("learned: %v", time.Since(start))
	set := b.ok(b.st.Of(a, "x0", "x1"))
	if b.err != nil {
		t.Fatal(b.err)
	}
	if fmt.Sprint(set.Vars) != "[x0 x1]" {
		t.Fatalf("the set's tracks are %v, want [x0 x1]", set.Vars)
	}
	d := sys.Digits()
	for x := 0; x <= n; x++ {
		for y := 0; y <= n; y++ {
			q, rx, ry := 0, run.reps[x], run.reps[y]
			for j := range rx {
				q = set.A.Step(q, numeration.Letter(d, rx[j], ry[j]))
			}
			if set.A.Accept[q] != p[x][y] {
				t.Fatalf("learned automaton at (%d,%d) disagrees with the P-table", x, y)
			}
		}
	}
	t.Logf("agreement checked: %v", time.Since(start))
	obs := decideAll(t.Context(), b, set, move, 2, false, false, nil)
	var report []string
	for _, o := range obs {
		report = append(report, fmt.Sprintf("%s %s %.1fs", o.Name, o.Status, o.Seconds))
		if o.Status != Proved {
			t.Errorf("%s: %s %s %s", o.Name, o.Status, o.Counterexample, o.Note)
		}
	}
	if len(obs) != 2 {
		t.Errorf("%d obligations decided, want stability and absorption", len(obs))
	}
	t.Logf("Splythoff over Tribonacci: P-set %d states, move relation %d states; %v", a.States(), move.A.States(), report)
}

// TestSplythoffTable: the P-set automaton is the Tribonacci table itself
// for all piles. The table is built from the letter positions by the
// Tribonacci representation r of n − 1: A_n = [r0] + 1, B_n = [r01] + 1,
// C_n = [r011] + 1 (checked here against the word for n ≤ 20 000; OEIS
// A003144–A003146 cite Carlitz, Scoville, Hoggatt 1972 for such formulas,
// not read here), so (B_n − A_n, C_n − B_n) = ([r01] − [r0], [r011] −
// [r01]); with (0, 0) and the mirror pairs, its automaton equals the
// learned one of TestSplythoffProof, and is itself proved the P-set
// (stable and absorbing) — the abstract's claim for all piles, given the
// three formulas.
func TestSplythoffTable(t *testing.T) {
	sys := numeration.Tribonacci()
	// The formulas against the word (the substitution a → ab, b → ac,
	// c → a).
	w := []byte{'a'}
	for len(w) < 200_000 {
		var v []byte
		for _, c := range w {
			v = append(v, map[byte]string{'a': "ab", 'b': "ac", 'c': "a"}[c]...)
		}
		w = v
	}
	var pos [3][]int64
	for i, c := range w {
		pos[c-'a'] = append(pos[c-'a'], int64(i+1))
	}
	val := func(ds []int) int64 {
		v := new(big.Int)
		us := sys.Place(len(ds) + 1)
		for i, d := range ds {
			if d == 1 {
				v.Add(v, us[len(ds)-1-i])
			}
		}
		return v.Int64()
	}
	for n := 1; n <= 20_000; n++ {
		r := sys.Repr(big.NewInt(int64(n - 1)))
		for i, s := range [][]int{{0}, {0, 1}, {0, 1, 1}} {
			if got := val(append(append([]int(nil), r...), s...)) + 1; got != pos[i][n-1] {
				t.Fatalf("letter %c number %d at %d, the formula says %d", 'a'+i, n, pos[i][n-1], got)
			}
		}
	}
	b := newBuilder(sys)
	// The ledger target's construction (targets.go).
	table := tribonacciTable(b, nil, 2)
	if b.err != nil {
		t.Fatal(b.err)
	}
	// The table's automaton against the word's pairs on piles ≤ 300.
	inTable := map[[2]int64]bool{{0, 0}: true}
	for n := range pos[2] {
		x, y := pos[1][n]-pos[0][n], pos[2][n]-pos[1][n]
		inTable[[2]int64{x, y}], inTable[[2]int64{y, x}] = true, true
	}
	run := newRunner(sys, 300)
	for x := 0; x <= 300; x++ {
		for y := 0; y <= 300; y++ {
			if run.accepts(table, map[string]int{"x0": x, "x1": y}) != inTable[[2]int64{int64(x), int64(y)}] {
				t.Fatalf("the table's automaton at (%d,%d) disagrees with the word", x, y)
			}
		}
	}
	// The learned P-set automaton, as TestSplythoffProof learns it.
	p := splythoffSweep(1500)
	a, err := (&numeration.Learner{Sys: sys, Tracks: 2, Bound: 1500, Member: func(xs []int64) bool { return p[xs[0]][xs[1]] }}).Learn()
	if err != nil {
		t.Fatal(err)
	}
	set := b.ok(b.st.Of(a, "x0", "x1"))
	diff := b.or(b.and(set, b.not(table)), b.and(table, b.not(set)))
	if b.err != nil {
		t.Fatal(b.err)
	}
	if wit, found := b.st.Witness(diff); found {
		t.Fatalf("the P-set automaton and the Tribonacci table differ at (%v, %v)", wit["x0"], wit["x1"])
	}
	// And, with no learning, the table is the P-set: stable and absorbing.
	move := b.splythoffMove()
	var report []string
	for _, o := range decideAll(t.Context(), b, table, move, 2, false, false, nil) {
		report = append(report, fmt.Sprintf("%s %s %.1fs", o.Name, o.Status, o.Seconds))
		if o.Status != Proved {
			t.Errorf("the table, %s: %s %s %s", o.Name, o.Status, o.Counterexample, o.Note)
		}
	}
	t.Logf("the Tribonacci table's automaton: %d states, equal to the learned %d-state one; %v", table.A.States(), set.A.States(), report)
}

// TestSplythoffCompiledMoves: the move relation compiled from the family's
// rule (splitting the rest, symbolic's dealing) is the hand-built one of
// splythoffMove over Tribonacci: their minimal automata are equal.
func TestSplythoffCompiledMoves(t *testing.T) {
	// The bound a proof gets from the machine's memory (StatesFor), not
	// the package default, under which the dealing's widest step stops.
	saved := numeration.MaxStates
	defer func() { numeration.MaxStates = saved }()
	numeration.MaxStates = 1_000_000
	start := time.Now()
	sys := numeration.Tribonacci()
	b := newBuilder(sys)
	rule, err := games.LoadRules("../../literature/arxiv-1904.08339/splythoff.rules", "")
	if err != nil {
		t.Fatal(err)
	}
	compiled, err := b.ruleMoves(rule, 2)
	if err != nil {
		t.Fatal(err)
	}
	hand := b.splythoffMove()
	if b.err != nil {
		t.Fatal(b.err)
	}
	diff := b.or(b.and(compiled, b.not(hand)), b.and(hand, b.not(compiled)))
	if b.err != nil {
		t.Fatal(b.err)
	}
	if w, found := b.st.Witness(diff); found {
		t.Fatalf("the compiled and hand-built relations differ at %v", w)
	}
	if compiled.A.Canonical() != hand.A.Canonical() {
		t.Errorf("the relations are the same set but their canonical automata differ (%d and %d states)", compiled.A.States(), hand.A.States())
	}
	t.Logf("Splythoff's move relation over Tribonacci: %d states, compiled and hand-built; %v", compiled.A.States(), time.Since(start))
}
