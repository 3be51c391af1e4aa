package literature

import (
	"math/big"
	"sync"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// splythoffClaims: Fokkink and Rust's abstract on Splythoff's P-positions
// (arXiv 1904.08339; the move in arxiv-1904.08339/splythoff.rules). The
// sets they name — the Tribonacci word's letter positions, the Greedy
// Queen's cells — are no Presburger formula, so the claims are here.
func splythoffClaims(paper string) []*theory.Claim {
	applies := func(r grundy.Ruleset, n int) bool { return r.Name() == "splythoff" && n == 2 }
	checks := []theory.Instance{{Game: "splythoff", Piles: 2, Max: 200}}
	pOf := func(in func(x, y int) (bool, bool)) func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool) {
		return func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
			if !p[0].IsInt64() || !p[1].IsInt64() {
				return nil, false
			}
			x, y := int(p[0].Int64()), int(p[1].Int64())
			member, known := in(min(x, y), max(x, y))
			switch {
			case !known:
				return nil, false
			case member:
				return big.NewInt(1), true
			}
			return big.NewInt(0), true
		}
	}
	return []*theory.Claim{
		{
			ID: paper + "/p-tribonacci", Ref: "Abstract (the P-positions coded by the Tribonacci word)",
			Statement: "the P-positions of Splythoff are (0,0) and the pairs (B_n − A_n, C_n − B_n), n ≥ 1, either way round, where A_n, B_n, C_n are the positions of the n-th a, b, c of the Tribonacci word abacaba… (a → ab, b → ac, c → a)",
			Quote:     "We modify Wythoff's game by allowing an additional move, which we call a split, and show how the P-positions are coded by the Tribonacci word.",
			Family:    "splythoff", Quantity: grundy.QP, Support: theory.PaperProof,
			Note:    "The abstract says only \"coded by the Tribonacci word\"; the coding checked is OEIS A140103's (Sloane: A140100 = A003145 − A003144, A140101 = A003146 − A003145; \"now theorems\", Dekking, Shallit, Sloane), the Greedy Queen's, whose P-positions the abstract says Splythoff shares. The table is built from the word by its substitution, on piles ≤ 65 536.",
			Applies: applies, Checks: checks,
			Eval: pOf(func(x, y int) (bool, bool) {
				t := splythoffTables()
				if y > t.tribMax {
					return false, false
				}
				return t.trib[[2]int{x, y}], true
			}),
		},
		{
			ID: paper + "/greedy-queen-p", Ref: "Abstract (Splythoff Nim and Greedy Queen have the same P-positions)",
			Statement: "(x,y) is a P-position of Splythoff iff a greedy queen of the square spiral (Dekking, Shallit, Sloane) stands on a cell (u,v) with {|u|,|v|} = {x,y}",
			Quote:     "Splythoff Nim and Greedy Queen have the same P-positions but different Sprague-Grundy values",
			Family:    "splythoff", Quantity: grundy.QP, Support: theory.PaperProof,
			Note:    "The P-positions half of the sentence, a queen's cell (u,v) read as the position {|u|,|v|} (the Sprague-Grundy half is unstated: the Greedy Queen game's moves were not reached). The queens are placed square by square along the spiral (0 at the origin; right 1, up 1, left 2, down 2, …), each where it attacks no earlier queen (Queens in exile §1), on the squares of |u|, |v| ≤ 2048.",
			Applies: applies, Checks: checks,
			Eval: pOf(func(x, y int) (bool, bool) {
				t := splythoffTables()
				if y > t.queenMax {
					return false, false
				}
				return t.queens[[2]int{x, y}], true
			}),
		},
	}
}

// splythoffTables are the two sets, built once when a claim asks.
var splythoffTables = sync.OnceValue(func() (t struct {
	trib, queens      map[[2]int]bool
	tribMax, queenMax int
}) {
	t.tribMax, t.queenMax = 1<<16, 1<<11
	t.trib = map[[2]int]bool{}
	for _, p := range TribonacciTable(t.tribMax) {
		t.trib[p] = true
	}
	t.queens = map[[2]int]bool{}
	_, cells := SpiralQueens(t.queenMax)
	for _, c := range cells {
		a, b := max(c[0], -c[0]), max(c[1], -c[1])
		t.queens[[2]int{min(a, b), max(a, b)}] = true
	}
	return t
})

// TribonacciTable is the Fokkink–Rust coding as OEIS A140103 states it:
// the pairs (B_n − A_n, C_n − B_n), n ≥ 1, where A_n, B_n, C_n are the
// positions (from 1) of the n-th a, b and c of the Tribonacci word
// abacaba… (a → ab, b → ac, c → a), with (0, 0); the pairs with both
// piles ≤ n, in order. C_k − B_k grows with k from 2, so it passes n by
// k = n, and a word of 16n letters holds more than n c's (their frequency
// is 1/t³ ≈ 0.16, t the Tribonacci constant).
func TribonacciTable(n int) [][2]int {
	w := []byte{'a'}
	for len(w) < 16*n+64 {
		var v []byte
		for _, c := range w {
			switch c {
			case 'a':
				v = append(v, 'a', 'b')
			case 'b':
				v = append(v, 'a', 'c')
			default:
				v = append(v, 'a')
			}
		}
		w = v
	}
	var pos [3][]int
	for i, c := range w {
		pos[c-'a'] = append(pos[c-'a'], i+1)
	}
	out := [][2]int{{0, 0}}
	for k := range pos[2] {
		x, y := pos[1][k]-pos[0][k], pos[2][k]-pos[1][k]
		if y > n {
			return out
		}
		out = append(out, [2]int{x, y})
	}
	// Unreachable: see above.
	panic("literature: TribonacciTable's word is too short")
}

// SpiralQueens places the greedy queens of Queens in exile (Dekking,
// Shallit, Sloane §1) on the square spiral up to radius n: square 0 at
// the origin, then right 1, up 1, left 2, down 2, right 3, …; a queen
// settles on each square that attacks no earlier queen (row, column,
// diagonal, antidiagonal). It returns the queens' squares and cells, in
// order. Every square of radius ≤ n comes before any of radius n + 1,
// so the queens within radius n are all found.
func SpiralQueens(n int) (squares []int, cells [][2]int) {
	side := 2*n + 1
	row, col := make([]bool, side), make([]bool, side)
	diag, anti := make([]bool, 2*side), make([]bool, 2*side)
	x, y, k := 0, 0, 0
	place := func() {
		if !row[y+n] && !col[x+n] && !diag[x-y+side] && !anti[x+y+side] {
			row[y+n], col[x+n], diag[x-y+side], anti[x+y+side] = true, true, true, true
			squares, cells = append(squares, k), append(cells, [2]int{x, y})
		}
	}
	place()
	dirs := [4][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}
	for run, d := 1, 0; ; run++ {
		for range 2 {
			for range run {
				x, y, k = x+dirs[d][0], y+dirs[d][1], k+1
				if max(x, -x, y, -y) > n {
					return squares, cells
				}
				place()
			}
			d = (d + 1) % 4
		}
	}
}
