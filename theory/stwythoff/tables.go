package stwythoff

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

// Paper 002's printed tables and worked examples, each transcribed from
// the paper (not generated) and checked as positions against the
// exhaustive solver. Where a table lists "the first" P-positions, the
// claim also says every other position in the table's range is not one,
// so a missing entry fails as surely as a wrong one.

// Table 1: the first P-generators (A_n, B_n) of Γ_3, s = 2, t ∈ {4,5,6}.
var table1A = []int64{0, 3, 6, 9, 15, 18, 21, 27, 30, 33, 39, 42, 45, 48}
var table1B = []int64{0, 12, 24, 36, 54, 66, 78, 96, 108, 120, 138, 150, 162, 174}

// Table 2: the first P-positions (A'_n, B'_n) of the associated Γ, s = t' = 2.
var table2A = []int64{0, 1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15, 16}
var table2B = []int64{0, 4, 8, 12, 18, 22, 26, 32, 36, 40, 46, 50, 54, 58}

// Table 3: R(N) over U for s = t' = 2 (u = 1, 4, 14, …), N = 1..20, most
// significant digit first.
var table3 = []string{"1", "2", "3", "10", "11", "12", "13", "20", "21", "22",
	"23", "30", "31", "100", "101", "102", "103", "110", "111", "112"}

// Table 4: the first misère P-generators (E_n, H_n) of Γ_3, s = 2, t ∈ {4,5,6}.
var table4E = []int64{0, 6, 9, 12, 15, 18, 24, 27, 30, 36, 39, 42, 48}
var table4H = []int64{3, 21, 33, 45, 57, 69, 87, 99, 111, 129, 141, 153, 171}

// Table 5: the first P-positions of Γ_OE, s = 2, t = 3, normal play.
var table5B = []int64{1, 7, 13, 19, 25, 31, 37, 43, 49, 55, 61, 67, 73, 79, 85}
var table5Bp = []int64{0, 6, 0, 18, 0, 30, 0, 42, 0, 50, 0, 66, 0, 78, 0}

// Table 6: the first P-positions of Γ_OE, captioned s = t = 3, misère play.
var table6H = []int64{2, 0, 9, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70}
var table6Hp = []int64{3, 1, 10, 0, 19, 0, 29, 0, 39, 0, 49, 0, 59, 0, 64}

// blocksClaim is a printed table of P-generators of Γ_K: the sorted
// positions of the blocks [A_n, A_n+K) × [B_n, B_n+K) (and mirror images)
// are P, every other sorted position with a < A_last + K is not.
func blocksClaim(id, ref, statement, family string, q grundy.Quantity, k int64, as, bs []int64, games []string, max int) *theory.Claim {
	limit := as[len(as)-1] + k
	return &theory.Claim{
		ID: id, Paper: "002", Ref: ref, Statement: statement, Family: family, Quantity: q, Support: theory.Table,
		Note:    fmt.Sprintf("Also checks completeness: no other P-position with smaller pile < %d.", limit),
		Applies: onGames(games...),
		Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
			if !p[0].IsInt64() || p[0].Int64() >= limit {
				return nil, false
			}
			x, y := p[0].Int64(), int64(-1)
			if p[1].IsInt64() {
				y = p[1].Int64()
			}
			in := func(v, lo int64) bool { return v >= lo && v < lo+k }
			for n := range as {
				if in(x, as[n]) && in(y, bs[n]) || in(x, bs[n]) && in(y, as[n]) {
					return theory.BoolInt(true), true
				}
			}
			return theory.BoolInt(false), true
		},
		Checks: checks(max, games...),
	}
}

// An oeTable is a printed table of Γ_OE: rows n = 0, 1, … with the
// P-positions (n, b[n]) and (n, b2[n]), complete for first piles up to
// the last row ("the first few P-positions").
type oeTable struct {
	game  string          // the ruleset the caption names
	q     grundy.Quantity // QP or QPm
	cols  [3]string       // the row labels: "A", "B", "B'"
	b, b2 []int64
	max   int // the box: every printed row inside
}

func (tb oeTable) claim(id, ref, statement string) *theory.Claim {
	family, _, _ := strings.Cut(tb.game, ":")
	last := int64(len(tb.b) - 1)
	return &theory.Claim{
		ID: id, Paper: "002", Ref: ref, Statement: statement, Family: family, Quantity: tb.q, Support: theory.Table,
		Note:    fmt.Sprintf("Also checks completeness: no other P-position with first pile ≤ %d.", last),
		Applies: onGames(tb.game),
		Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
			if !p[0].IsInt64() || p[0].Int64() > last {
				return nil, false
			}
			x := p[0].Int64()
			return theory.BoolInt(p[1].IsInt64() && (p[1].Int64() == tb.b[x] || p[1].Int64() == tb.b2[x])), true
		},
		Checks: checks(tb.max, tb.game),
	}
}

// pRows solves game on a box of side max and gives, for each row n, the
// second piles y with (n, y) a P-position of the table's play.
func (tb oeTable) pRows(game string, max int) ([][]int64, error) {
	r, err := games.Parse(game)
	if err != nil {
		return nil, err
	}
	kinds := grundy.KindG
	if tb.q == grundy.QPm {
		kinds = grundy.KindGm
	}
	t, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: 2, Max: max, Kinds: kinds})
	if err != nil {
		return nil, err
	}
	rows := make([][]int64, len(tb.b))
	t.Each(func(p grundy.Position, v grundy.Values) bool {
		isP := v.G == 0
		if tb.q == grundy.QPm {
			isP = v.Gm == 0
		}
		if p[0] < len(rows) && isP {
			rows[p[0]] = append(rows[p[0]], int64(p[1]))
		}
		return true
	})
	return rows, nil
}

// misprints compares the printed rows with the P-positions rows of the
// solver: each wrong entry named, with its correct value.
func (tb oeTable) misprints(rows [][]int64) []string {
	var out []string
	for n := range tb.b {
		printed := []int64{tb.b[n], tb.b2[n]}
		var missing []int64
		for _, y := range rows[n] {
			if !slices.Contains(printed, y) {
				missing = append(missing, y)
			}
		}
		fixed := slices.Clone(printed)
		for c, y := range printed {
			if slices.Contains(rows[n], y) {
				continue
			}
			fix := "no P-position there"
			if len(missing) > 0 {
				fix = fmt.Sprintf("correct %d", missing[0])
				fixed[c] = missing[0]
				missing = missing[1:]
			}
			out = append(out, fmt.Sprintf("%s_%d = %d printed, %s (corrected row: %s_%d = %d, %s_%d = %d, %s_%d = %d)",
				tb.cols[c+1], n, y, fix, tb.cols[0], n, n, tb.cols[1], n, fixed[0], tb.cols[2], n, fixed[1]))
		}
		for _, y := range missing {
			out = append(out, fmt.Sprintf("row n = %d lacks the P-position (%d, %d)", n, n, y))
		}
	}
	return out
}

// diagnose names the misprinted entries of the table under its caption's
// parameters. When more than two entries are wrong, it tries the other
// parameters s, t ≤ 3 on a box just holding the printed entries; when one
// fits the rows better, it says the caption names the wrong parameters
// and lists the misprints under those.
func (tb oeTable) diagnose(*theory.Result) string {
	rows, err := tb.pRows(tb.game, tb.max)
	if err != nil {
		return ""
	}
	wrong := tb.misprints(rows)
	family, _, _ := strings.Cut(tb.game, ":")
	best, bestWrong := "", wrong
	side := int(max(slices.Max(tb.b), slices.Max(tb.b2))) + 2
	for s := 1; s <= 3 && len(wrong) > 2; s++ {
		for t := 1; t <= 3; t++ {
			g := fmt.Sprintf("%s:s=%d,t=%d", family, s, t)
			if g == tb.game {
				continue
			}
			if rows, err := tb.pRows(g, side); err == nil {
				if w := tb.misprints(rows); len(w) < len(bestWrong) {
					best, bestWrong = g, w
				}
			}
		}
	}
	if best == "" {
		return "misprint in the printed table: " + strings.Join(wrong, "; ")
	}
	return fmt.Sprintf("the caption names the wrong parameters: %d printed entries are wrong for %s, %d for %s, whose rows these are; "+
		"under %s: %s", len(wrong), tb.game, len(bestWrong), best, best, strings.Join(bestWrong, "; "))
}

var (
	// table5 is Table 5 as printed; table5Fixed has B'_9 = 54.
	table5 = oeTable{game: "wythoff-oe:s=2,t=3", q: grundy.QP, cols: [3]string{"A", "B", "B'"}, b: table5B, b2: table5Bp, max: 110}
	// table6 is Table 6 as printed, under its caption s = t = 3;
	// table6Fixed under s = t = 2 with H'_14 = 69.
	table6 = oeTable{game: "wythoff-oe:s=3,t=3", q: grundy.QPm, cols: [3]string{"E", "H", "H'"}, b: table6H, b2: table6Hp, max: 100}
)

func tableClaims() []*theory.Claim {
	gamma3 := []string{"wythoff-mod:K=3,s=2,t=4", "wythoff-mod:K=3,s=2,t=5", "wythoff-mod:K=3,s=2,t=6"}
	table5Fixed := table5
	table5Fixed.b2 = slices.Clone(table5Bp)
	table5Fixed.b2[9] = 54
	table6Fixed := table6
	table6Fixed.game = "wythoff-oe:s=2,t=2"
	table6Fixed.b2 = slices.Clone(table6Hp)
	table6Fixed.b2[14] = 69

	t5 := table5.claim("002/table-5", "Table 5 (Example 5)",
		"The first P-positions (n, B_n), (n, B'_n), n ≤ 14, of Γ_OE with s = 2, t = 3 in normal play, as printed (B'_9 = 50)")
	t5.Refuted, t5.Diagnose = "9,50", table5.diagnose
	t5c := table5Fixed.claim("002/table-5.corrected", "Table 5 (Example 5), corrected",
		"Table 5 with B'_9 = 54")
	t5c.Support, t5c.Corrects = theory.Correction, "002/table-5"
	t5c.Change = "B'_9 = 54 instead of 50: B'_9 = δ_9(B_9 − 1) = 55 − 1 by Theorem 14, which the other rows follow"
	t6 := table6.claim("002/table-6", "Table 6 (Example 6)",
		"The first misère P-positions (n, H_n), (n, H'_n), n ≤ 14, of Γ_OE with s = t = 3 (as the caption and Example 6 say), as printed")
	t6.Refuted, t6.Diagnose = "2,9", table6.diagnose
	t6c := table6Fixed.claim("002/table-6.corrected", "Table 6 (Example 6), corrected",
		"Table 6 read for s = t = 2, with H'_14 = 69")
	t6c.Support, t6c.Corrects = theory.Correction, "002/table-6"
	t6c.Change = "the caption's s = t = 3 becomes s = t = 2, the parameters of every printed row (eq. (8) gives H_n = 5n for s = t = 2, " +
		"7n − 2 for s = t = 3), and H'_14 = 69 = H_14 − 1 instead of 64"

	return []*theory.Claim{
		blocksClaim("002/table-1", "Table 1 (Example 2)", "The first P-generators (A_n, B_n), n ≤ 13, of Γ_3 with s = 2, t ∈ {4,5,6}",
			"wythoff-mod", grundy.QP, 3, table1A, table1B, gamma3, 180),
		blocksClaim("002/table-2", "Table 2 (Example 2)", "The first P-positions (A'_n, B'_n), n ≤ 13, of the associated (2,2)-Wythoff game",
			"wythoff", grundy.QP, 1, table2A, table2B, []string{"wythoff:s=2,t=2"}, 60),
		{
			ID: "002/table-3", Paper: "002", Ref: "Table 3 (Example 3)",
			Statement: "The representations R(N), N = 1..20, over U with s = t' = 2 (u = 1, 4, 14, 50, …)",
			Family:    "wythoff", Quantity: grundy.QProperty, Support: theory.Table,
			Note: "Each printed row is checked twice: as a numeral (its digits obey U's rule and evaluate to N, which makes it " +
				"the unique R(N) of [5]), and through the game it serves: for 1 ≤ x ≤ 20, (x, y) with y ≥ x is a P-position of " +
				"(2,2)-Wythoff iff the printed R(x) ends in an even number of 0s and y is the number written R(x)0 ([5], 002 §3).",
			Applies:  onGames("wythoff:s=2,t=2"),
			Property: table3Property,
			Needs:    grundy.KindG,
			Checks:   checks(72, "wythoff:s=2,t=2"),
		},
		blocksClaim("002/table-4", "Table 4 (Example 4)", "The first misère P-generators (E_n, H_n), n ≤ 12, of Γ_3 with s = 2, t ∈ {4,5,6}",
			"wythoff-mod", grundy.QPm, 3, table4E, table4H, gamma3, 175),
		t5, t5c, t6, t6c,
		{
			ID: "002/example-1", Paper: "002", Ref: "Example 1 (Steps 1–3)",
			Statement: "In Γ_2 with s = 2, t = 1: (0,0), (0,1), (1,1), (2,6), (2,7), (3,6), (3,7) are P; (0,m), (1,m), (m,m), (m,m+1), " +
				"(m,m+2) for m ≥ 2 and (m,m+3) for even m > 0 are N; F(2,6) = {(0,2), (0,4), (0,6), (2,2), (2,4)}",
			Family: "wythoff-mod", Quantity: grundy.QProperty, Support: theory.Table,
			Note:     "F(2,6) also settles the OCR's \"0 < ℓ < M_K\" in rule II: ℓ ∈ M_K, since with ℓ odd (2,6) could reach (0,3) and (0,5).",
			Applies:  onGames("wythoff-mod:K=2,s=2,t=1"),
			Property: example1Property,
			Needs:    grundy.KindG,
			Checks:   checks(30, "wythoff-mod:K=2,s=2,t=1"),
		},
		printedClaim("002/example-3", "Example 3", "In Γ_3 with s = 2, t ∈ {4,5,6}: (4,17) is an N-position, (11,37) a P-position",
			gamma3, 40, func(a, b int64) (bool, bool) {
				switch {
				case a == 4 && b == 17:
					return false, true
				case a == 11 && b == 37:
					return true, true
				}
				return false, false
			}),
	}
}

// table3Value is the number a printed representation writes over U for
// s = t' = 2 (digits most significant first), and whether the digits obey
// U's rule (d ≤ s+t'−1 = 3; a 3 followed by a digit < s = 2).
func table3Value(r string) (int64, bool) {
	u := numeration(2, 2).bases(big.NewInt(1 << 20))
	var v int64
	ok := true
	for i := range len(r) {
		d := int64(r[i] - '0')
		ok = ok && d <= 3 && (i == 0 || r[i-1] != '3' || d < 2)
		v += d * u[len(r)-1-i].Int64()
	}
	return v, ok
}

func table3Property(s *theory.Site) theory.Verdict {
	x, y := s.Pos[0], s.Pos[1]
	if x < 1 || x > len(table3) {
		return theory.Verdict{}
	}
	rx := table3[x-1]
	if x == y {
		if v, ok := table3Value(rx); !ok || v != int64(x) {
			return theory.Fails("a printed R(N) does not write N over U", fmt.Sprintf("R(%d) = %s", x, rx), fmt.Sprintf("%s writes %d", rx, v))
		}
	}
	z := len(rx) - len(strings.TrimRight(rx, "0"))
	shift, _ := table3Value(rx + "0")
	claimed := z%2 == 0 && int64(y) == shift
	if isP := s.Values.G == 0; isP != claimed {
		return theory.Fails("the printed representations give the wrong outcome", outcome(claimed), outcome(isP))
	}
	return theory.Holds()
}

func outcome(p bool) string {
	if p {
		return "P"
	}
	return "N"
}

func example1Property(s *theory.Site) theory.Verdict {
	a, b := int64(s.Pos[0]), int64(s.Pos[1])
	if a == 2 && b == 6 {
		var got []string
		s.Options(func(q grundy.Position, _ grundy.Values) bool {
			got = append(got, "("+q.String()+")")
			return true
		})
		slices.Sort(got)
		want := []string{"(0,2)", "(0,4)", "(0,6)", "(2,2)", "(2,4)"}
		if !slices.Equal(got, want) {
			return theory.Fails("the printed follower set F(2,6) is wrong", strings.Join(want, " "), strings.Join(got, " "))
		}
	}
	want, ok := example1(a, b)
	if !ok {
		if a == 2 && b == 6 {
			return theory.Holds()
		}
		return theory.Verdict{}
	}
	if isP := s.Values.G == 0; isP != want {
		return theory.Fails("a printed outcome is wrong", outcome(want), outcome(isP))
	}
	return theory.Holds()
}

// printedClaim is a printed example: at each sorted (a, b) it says
// something of, f gives P (true) or N.
func printedClaim(id, ref, statement string, names []string, max int, f func(a, b int64) (p, ok bool)) *theory.Claim {
	family, _, _ := strings.Cut(names[0], ":")
	return &theory.Claim{
		ID: id, Paper: "002", Ref: ref, Statement: statement, Family: family, Quantity: grundy.QP, Support: theory.Table,
		Finite:  true,
		Applies: onGames(names...),
		Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
			if !p[0].IsInt64() || !p[1].IsInt64() {
				return nil, false
			}
			v, ok := f(p[0].Int64(), p[1].Int64())
			if !ok {
				return nil, false
			}
			return theory.BoolInt(v), true
		},
		Checks: checks(max, names...),
	}
}

// example1 gives Example 1's printed outcome of sorted (a, b).
func example1(a, b int64) (bool, bool) {
	switch [2]int64{a, b} {
	case [2]int64{0, 0}, [2]int64{0, 1}, [2]int64{1, 1}, [2]int64{2, 6}, [2]int64{2, 7}, [2]int64{3, 6}, [2]int64{3, 7}:
		return true, true
	}
	m := a
	switch {
	case b >= 2 && (a == 0 || a == 1):
		return false, true
	case m >= 2 && (b == m || b == m+1 || b == m+2):
		return false, true
	case m > 0 && m%2 == 0 && b == m+3:
		return false, true
	}
	return false, false
}
