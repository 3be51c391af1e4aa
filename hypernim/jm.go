package hypernim

import (
	"context"
	"slices"
)

// JM is the Jenkyns–Mayberry formula at x: with m the smallest pile, s
// the sum of x − m (the excess over the smallest pile) and T(s) =
// s(s+1)/2,
//
//	JM(x) = x_1 + … + x_n                        if m ≤ T(s),
//	JM(x) = T(s) + ((m − T(s) − 1) mod (s + 1))  otherwise.
//
// Jenkyns and Mayberry (1980) gave the SG function of Moore's NIM with
// k = n − 1 ("proper NIM", every proper nonempty subset an edge), as
// arXiv 1903.08138's abstract recalls. The papers' own statement of the
// formula was not reachable here (docs/hypergraph.md, "Sources"): this is
// the formula read off proper NIM's SG values on 3 piles and confirmed,
// unchanged, on 4 and 5 piles (TestJMIsProperNIM), in the papers' terms
// m(x) and |y| for y = x − m.
func JM(x []int) int {
	m, sum := x[0], 0
	for _, v := range x {
		m = min(m, v)
		sum += v
	}
	s := sum - len(x)*m
	t := s * (s + 1) / 2
	if m <= t {
		return sum
	}
	return t + (m-t-1)%(s+1)
}

// A Verdict is whether a property holds on every position of a box, and
// if not, the first position (least sum of piles, then least index) that
// breaks it.
type Verdict struct {
	Holds   bool
	At      []int // the counterexample
	Got     int   // SG at it
	Want    int   // JM: the formula's value; Tetris: a follower's SG ≥ Got
	Through []int // Tetris: that follower
}

func firstBad(t *Table, bad func(i int) bool) (int, bool) {
	best, bestSum := -1, 0
	for i := range t.SG {
		if !bad(i) {
			continue
		}
		sum := 0
		for _, v := range t.Position(i) {
			sum += v
		}
		if best < 0 || sum < bestSum {
			best, bestSum = i, sum
		}
	}
	return best, best >= 0
}

// JMVerdict says whether SG = JM on the table's box.
func JMVerdict(t *Table) Verdict {
	i, found := firstBad(t, func(i int) bool { return int(t.SG[i]) != JM(t.Position(i)) })
	if !found {
		return Verdict{Holds: true}
	}
	x := t.Position(i)
	return Verdict{At: x, Got: int(t.SG[i]), Want: JM(x)}
}

// TetrisVerdict says whether every move inside the table's box lowers the
// SG value (NIM_H is SG decreasing there, arXiv 1701.02819). Followers of
// a position of the box are in the box, so the box decides it for its
// positions.
func TetrisVerdict(t *Table) Verdict {
	i, found := firstBad(t, func(i int) bool { return int(t.Top[i]) >= int(t.SG[i]) })
	if !found {
		return Verdict{Holds: true}
	}
	x := t.Position(i)
	v := Verdict{At: x, Got: int(t.SG[i]), Want: int(t.Top[i])}
	for _, y := range Followers(t.H, x) {
		if int(t.SG[t.Index(y)]) == v.Want {
			v.Through = y
			break
		}
	}
	return v
}

// Followers lists the positions one move of NIM_H leads to from x, edge
// by edge (a position reached through two edges is listed twice).
func Followers(h Hypergraph, x []int) [][]int {
	var out [][]int
	for _, e := range h.Edges {
		var piles []int
		for i := range h.N {
			if e>>i&1 == 1 {
				piles = append(piles, i)
			}
		}
		y := slices.Clone(x)
		var rec func(k int)
		rec = func(k int) {
			if k == len(piles) {
				out = append(out, slices.Clone(y))
				return
			}
			i := piles[k]
			for v := range x[i] {
				y[i] = v
				rec(k + 1)
			}
			y[i] = x[i]
		}
		rec(0)
	}
	return out
}

// A Result is one hypergraph's verdicts on one box.
type Result struct {
	H      Hypergraph
	Names  []string
	Max    int
	JM     Verdict
	Tetris Verdict
}

// Classify solves NIM_H on [0, max]^n and decides JM and Tetris there.
func Classify(ctx context.Context, h Hypergraph, max int) (Result, error) {
	t, err := Solve(ctx, h, max)
	if err != nil {
		return Result{}, err
	}
	return Result{H: h, Names: h.Names(), Max: max, JM: JMVerdict(t), Tetris: TetrisVerdict(t)}, nil
}
