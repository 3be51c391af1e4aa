package literature

import (
	"fmt"
	"testing"
)

// Splythoff Nim (Fokkink, Rust, arXiv 1904.08339; the move as the journal
// version's introduction prints it, arxiv-1904.08339/README.md): the
// Queen of Wythoff's game moves west, south or southwest, and may bounce
// once off a side: from (x, y) with 0 < x ≤ y, southwest to (0, y − x),
// then southeast to (t, y − x − t); off the bottom, the mirror image. The
// rule language cannot say it yet (a pile gains tokens), so the abstract's
// claims are checked here, outside `grundy check`.

// splythoffOptions lists every follower of (x, y), straight from the
// printed move.
func splythoffOptions(x, y int, yield func(u, v int)) {
	for i := range x {
		yield(i, y) // west
	}
	for j := range y {
		yield(x, j) // south
	}
	for k := 1; k <= min(x, y); k++ {
		yield(x-k, y-k) // southwest
	}
	if 0 < x && x <= y { // southwest to the left side, then southeast
		for t := 0; t <= y-x; t++ {
			yield(t, y-x-t)
		}
	}
	if 0 < y && y <= x { // southwest to the bottom side, then northwest
		for t := 0; t <= x-y; t++ {
			yield(x-y-t, t)
		}
	}
}

// splythoffNaive is the P-table of Splythoff on piles ≤ n by listing every
// follower: the token sum falls with every move, so positions are solved
// by increasing sum, and every follower stays in the box (its piles are at
// most the larger pile).
func splythoffNaive(n int) [][]bool {
	p := make([][]bool, n+1)
	for i := range p {
		p[i] = make([]bool, n+1)
	}
	for s := 0; s <= 2*n; s++ {
		for x := max(0, s-n); x <= min(s, n); x++ {
			y := s - x
			win := false
			splythoffOptions(x, y, func(u, v int) { win = win || p[u][v] })
			p[x][y] = !win
		}
	}
	return p
}

// splythoffSweep is the P-set of Splythoff on piles ≤ n, as pairs x ≤ y,
// by a second method: (x, y) is P iff no P-position lies west of it on
// its row, south on its column, southwest on its diagonal, and — when
// x, y > 0 — none has token sum |x − y| (the bounce reaches every
// position of that sum). Positions go by increasing sum, so the flags
// hold exactly the P-positions already solved below. O(n²) time, O(n)
// memory.
func splythoffSweep(n int) [][2]int {
	row := make([]bool, n+1)
	col := make([]bool, n+1)
	diag := make([]bool, 2*n+1)
	sum := make([]bool, 2*n+1)
	var out [][2]int
	for s := 0; s <= 2*n; s++ {
		for x := max(0, s-n); x <= min(s, n); x++ {
			y := s - x
			d := y - x
			if row[x] || col[y] || diag[d+n] || (x > 0 && y > 0 && sum[max(d, -d)]) {
				continue
			}
			row[x], col[y], diag[d+n], sum[s] = true, true, true, true
			if x <= y {
				out = append(out, [2]int{x, y})
			}
		}
	}
	return out
}

// greedyPairs is OEIS A140100/A140101 as printed: X(1) = 1, Y(1) = 2; then
// "the least positive X and Y>X not appearing earlier such that Y-X and
// Y+X do not appear earlier as a difference or sum"; with (0, 0); the
// pairs with Y ≤ n.
func greedyPairs(n int) [][2]int {
	used := make([]bool, 4*n+8)
	seen := make([]bool, 4*n+8) // a difference or a sum so far
	out := [][2]int{{0, 0}}
	x := 1
	for {
		for used[x] {
			x++
		}
		y := x + 1
		for used[y] || seen[y-x] || seen[y+x] {
			y++
		}
		if y > n {
			return out
		}
		used[x], used[y], seen[y-x], seen[y+x] = true, true, true, true
		out = append(out, [2]int{x, y})
	}
}

// TestSplythoffBruteForces: the two brute forces of the printed move agree
// on piles ≤ 60, and the bounce matters: (4, 7) is a P-position of
// Wythoff's game but not of Splythoff ((4, 7) bounces to (1, 2)).
func TestSplythoffBruteForces(t *testing.T) {
	const n = 60
	naive := splythoffNaive(n)
	var want [][2]int
	for x := 0; x <= n; x++ {
		for y := x; y <= n; y++ {
			if naive[x][y] != naive[y][x] {
				t.Fatalf("the printed move is not symmetric at (%d,%d)", x, y)
			}
			if naive[x][y] {
				want = append(want, [2]int{x, y})
			}
		}
	}
	got := splythoffSweep(n)
	if fmt.Sprint(pairSet(got)) != fmt.Sprint(pairSet(want)) {
		t.Fatalf("sweep P-set on piles ≤ %d = %v, the listing of every move gives %v", n, got, want)
	}
	// By hand: (1,2) is P (its followers (0,2), (1,1), (1,0), (0,1) and
	// the bounce to (0,1), (1,0) are all N); (4,7) bounces to (1,2).
	for _, tc := range []struct {
		x, y int
		want bool
	}{{0, 0, true}, {1, 2, true}, {3, 5, true}, {4, 7, false}, {4, 8, true}, {1, 1, false}} {
		if naive[tc.x][tc.y] != tc.want {
			t.Errorf("P(splythoff, %d,%d) = %v, want %v", tc.x, tc.y, naive[tc.x][tc.y], tc.want)
		}
	}
}

// TestSplythoffTribonacci: Splythoff's P-positions, by the sweep, are the
// Tribonacci table's pairs and OEIS A140100/A140101's greedy pairs on
// piles ≤ 5000 (50 000 with -long).
func TestSplythoffTribonacci(t *testing.T) {
	n := 5000
	if *long {
		n = 50_000
	}
	got := splythoffSweep(n)
	g := pairSet(got)
	for name, want := range map[string][][2]int{
		"the Tribonacci table (B_n − A_n, C_n − B_n)": TribonacciTable(n),
		"A140100/A140101's greedy pairs":              greedyPairs(n),
	} {
		w := pairSet(want)
		for p := range w {
			if !g[p] {
				t.Errorf("%v is in %s but not a P-position of Splythoff", p, name)
			}
		}
		for p := range g {
			if !w[p] {
				t.Errorf("%v is a P-position of Splythoff but not in %s", p, name)
			}
		}
	}
	t.Logf("piles ≤ %d: %d P-positions x ≤ y, the last %v", n, len(got), got[len(got)-1])
}

// TestSplythoffGreedyQueen: the Greedy Queen's squares begin 0, 9, 13, 17,
// 21 (Queens in exile §1: the first queen at square 0, the next at 9; the
// rest by hand: 13 = (1,2), 17 = (−2,1), 21 = (−1,−2), the rotations of
// (2,−1)), and the cells (u, v) of its queens, read as unordered pairs
// {|u|, |v|}, are exactly Splythoff's P-positions on piles ≤ 1000 (10 000
// with -long): "Splythoff Nim and Greedy Queen have the same
// P-positions".
func TestSplythoffGreedyQueen(t *testing.T) {
	n := 1000
	if *long {
		n = 10_000
	}
	squares, cells := SpiralQueens(n)
	if got := fmt.Sprint(squares[:5]); got != "[0 9 13 17 21]" {
		t.Errorf("the first greedy queens settle on squares %s, want [0 9 13 17 21]", got)
	}
	queens := map[[2]int]bool{}
	for _, c := range cells {
		a, b := max(c[0], -c[0]), max(c[1], -c[1])
		queens[[2]int{min(a, b), max(a, b)}] = true
	}
	p := map[[2]int]bool{}
	for _, q := range splythoffSweep(n) {
		p[q] = true
		if !queens[q] {
			t.Errorf("%v is a P-position of Splythoff but no greedy queen's cell", q)
		}
	}
	for q := range queens {
		if !p[q] {
			t.Errorf("a greedy queen's cell reads %v, not a P-position of Splythoff", q)
		}
	}
	// Four-fold symmetry: each pair is the cell of four queens, but the
	// origin of one.
	if len(cells) != 4*(len(queens)-1)+1 {
		t.Errorf("%d queens for %d pairs, want 4 per pair and one at the origin", len(cells), len(queens))
	}
}

// pairSet is the set of the pairs.
func pairSet(ps [][2]int) map[[2]int]bool {
	m := make(map[[2]int]bool, len(ps))
	for _, p := range ps {
		m[p] = true
	}
	return m
}
