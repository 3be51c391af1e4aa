package theory

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/grundy/grundy"
)

// Paper 002's printed tables and worked examples, each transcribed from
// the paper (not generated) and checked as positions against the
// exhaustive solver. Where a table lists "the first" P-positions, the
// claim also says every other position in the table's range is not one,
// so a missing entry fails as surely as a wrong one.

// Table 1: the first P-generators (A_n, B_n) of Γ_3, s = 2, t ∈ {4,5,6}.
var table1A002 = []int64{0, 3, 6, 9, 15, 18, 21, 27, 30, 33, 39, 42, 45, 48}
var table1B002 = []int64{0, 12, 24, 36, 54, 66, 78, 96, 108, 120, 138, 150, 162, 174}

// Table 2: the first P-positions (A'_n, B'_n) of the associated Γ, s = t' = 2.
var table2A002 = []int64{0, 1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15, 16}
var table2B002 = []int64{0, 4, 8, 12, 18, 22, 26, 32, 36, 40, 46, 50, 54, 58}

// Table 3: R(N) over U for s = t' = 2 (u = 1, 4, 14, …), N = 1..20, most
// significant digit first.
var table3002 = []string{"1", "2", "3", "10", "11", "12", "13", "20", "21", "22",
	"23", "30", "31", "100", "101", "102", "103", "110", "111", "112"}

// Table 4: the first misère P-generators (E_n, H_n) of Γ_3, s = 2, t ∈ {4,5,6}.
var table4E002 = []int64{0, 6, 9, 12, 15, 18, 24, 27, 30, 36, 39, 42, 48}
var table4H002 = []int64{3, 21, 33, 45, 57, 69, 87, 99, 111, 129, 141, 153, 171}

// Table 5: the first P-positions of Γ_OE, s = 2, t = 3, normal play.
var table5B002 = []int64{1, 7, 13, 19, 25, 31, 37, 43, 49, 55, 61, 67, 73, 79, 85}
var table5Bp002 = []int64{0, 6, 0, 18, 0, 30, 0, 42, 0, 50, 0, 66, 0, 78, 0}

// Table 6: the first P-positions of Γ_OE, captioned s = t = 3, misère play.
var table6H002 = []int64{2, 0, 9, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70}
var table6Hp002 = []int64{3, 1, 10, 0, 19, 0, 29, 0, 39, 0, 49, 0, 59, 0, 64}

// blocksClaim002 is a printed table of P-generators of Γ_K: the sorted
// positions of the blocks [A_n, A_n+K) × [B_n, B_n+K) (and mirror images)
// are P, every other sorted position with a < A_last + K is not.
func blocksClaim002(id, ref, statement, family string, q Quantity, k int64, as, bs []int64, games []string, max int) *Claim {
	var checks []Instance
	for _, g := range games {
		checks = append(checks, Instance{g, 2, max})
	}
	limit := as[len(as)-1] + k
	return &Claim{
		ID: id, Paper: "002", Ref: ref, Statement: statement, Family: family, Quantity: q, Support: Table,
		Note: fmt.Sprintf("Also checks completeness: no other P-position with smaller pile < %d.", limit),
		Applies: func(r grundy.Ruleset, n int) bool {
			for _, g := range games {
				if r.Name() == g && n == 2 {
					return true
				}
			}
			return false
		},
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
					return boolInt(true), true
				}
			}
			return boolInt(false), true
		},
		Checks: checks,
	}
}

// listClaim002 is a printed table of ordered P-positions (n, b[n]) and
// (n, b2[n]) of a Γ_OE game: complete for first piles x ≤ len(b)−1.
func listClaim002(id, ref, statement, game string, q Quantity, b, b2 []int64, max int, note string) *Claim {
	family, _, _ := strings.Cut(game, ":")
	return &Claim{
		ID: id, Paper: "002", Ref: ref, Statement: statement, Family: family, Quantity: q, Support: Table,
		Note:    strings.TrimSpace(fmt.Sprintf("Also checks completeness: no other P-position with first pile ≤ %d. %s", len(b)-1, note)),
		Applies: func(r grundy.Ruleset, n int) bool { return r.Name() == game && n == 2 },
		Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
			if !p[0].IsInt64() || p[0].Int64() >= int64(len(b)) {
				return nil, false
			}
			x := p[0].Int64()
			return boolInt(p[1].IsInt64() && (p[1].Int64() == b[x] || p[1].Int64() == b2[x])), true
		},
		Checks: []Instance{{game, 2, max}},
	}
}

// table3Pair002 applies the vile/left-shift test of [5] to the printed
// representations of Table 3.
func table3Pair002(x, y int64) bool {
	rx, ry := table3002[x-1], table3002[y-1]
	z := len(rx) - len(strings.TrimRight(rx, "0"))
	return z%2 == 0 && ry == rx+"0"
}

func init() {
	gamma3 := []string{"wythoff-mod:K=3,s=2,t=4", "wythoff-mod:K=3,s=2,t=5", "wythoff-mod:K=3,s=2,t=6"}
	register(
		blocksClaim002("002/table-1", "Table 1 (Example 2)", "The first P-generators (A_n, B_n), n ≤ 13, of Γ_3 with s = 2, t ∈ {4,5,6}",
			"wythoff-mod", QP, 3, table1A002, table1B002, gamma3, 180),
		blocksClaim002("002/table-2", "Table 2 (Example 2)", "The first P-positions (A'_n, B'_n), n ≤ 13, of the associated (2,2)-Wythoff game",
			"wythoff", QP, 1, table2A002, table2B002, []string{"wythoff:s=2,t=2"}, 60),
		&Claim{
			ID: "002/table-3", Paper: "002", Ref: "Table 3 (Example 3)",
			Statement: "The representations R(N), N = 1..20, over U with s = t' = 2 (u = 1, 4, 14, 50, …)",
			Family:    "wythoff", Quantity: QP, Support: Table,
			Note: "A representation is not a game value, so the table is checked through the game it serves: " +
				"for 1 ≤ x ≤ y ≤ 20, (x,y) is P in (2,2)-Wythoff iff the printed R(x) ends in an even number of 0s " +
				"and the printed R(y) is R(x) followed by 0 ([5], 002 §3). The tests also compare each entry with U's greedy representation.",
			Applies: func(r grundy.Ruleset, n int) bool { return r.Name() == "wythoff:s=2,t=2" && n == 2 },
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				if p[0].Sign() <= 0 || !p[1].IsInt64() || p[1].Int64() > int64(len(table3002)) {
					return nil, false
				}
				return boolInt(table3Pair002(p[0].Int64(), p[1].Int64())), true
			},
			Checks: []Instance{{"wythoff:s=2,t=2", 2, 20}},
		},
		blocksClaim002("002/table-4", "Table 4 (Example 4)", "The first misère P-generators (E_n, H_n), n ≤ 12, of Γ_3 with s = 2, t ∈ {4,5,6}",
			"wythoff-mod", QPm, 3, table4E002, table4H002, gamma3, 175),
		refuted002("9,50", listClaim002("002/table-5", "Table 5 (Example 5)", "The first P-positions (n, B_n), (n, B'_n), n ≤ 14, of Γ_OE with s = 2, t = 3",
			"wythoff-oe:s=2,t=3", QP, table5B002, table5Bp002, 110,
			"Finding: the entry B'_9 = 50 is a misprint for 54 = δ_9(B_9 − 1) (Theorem 14); brute force confirms (9,54) is P and (9,50) is N.")),
		refuted002("2,9", listClaim002("002/table-6", "Table 6 (Example 6)", "The first misère P-positions (n, H_n), (n, H'_n), n ≤ 14, of Γ_OE with s = t = 3",
			"wythoff-oe:s=3,t=3", QPm, table6H002, table6Hp002, 100,
			"Finding: the entries are not those of s = t = 3 (eq. (8) gives H_n = 7n − 2, e.g. H_2 = 2s+t+3 = 12, not 9); "+
				"they are those of s = t = 2 (H_n = 5n), except H'_14 = 64, which should be H_14 − 1 = 69. "+
				"Brute force confirms both (see TestTable6IsForS2T2002).")),
		printedClaim002("002/example-1", "Example 1", "In Γ_2 with s = 2, t = 1: (0,0), (0,1), (1,1), (2,6), (2,7), (3,6), (3,7) are P; "+
			"(0,m), (1,m), (m,m), (m,m+1), (m,m+2) for m ≥ 2 and (m,m+3) for even m > 0 are N",
			[]string{"wythoff-mod:K=2,s=2,t=1"}, 30, example1002),
		printedClaim002("002/example-3", "Example 3", "In Γ_3 with s = 2, t ∈ {4,5,6}: (4,17) is an N-position, (11,37) a P-position",
			gamma3, 40, func(a, b int64) (bool, bool) {
				switch {
				case a == 4 && b == 17:
					return false, true
				case a == 11 && b == 37:
					return true, true
				}
				return false, false
			}),
	)
}

// printedClaim002 is a printed example: at each sorted (a, b) it says
// something of, f gives P (true) or N.
func printedClaim002(id, ref, statement string, games []string, max int, f func(a, b int64) (p, ok bool)) *Claim {
	family, _, _ := strings.Cut(games[0], ":")
	var checks []Instance
	for _, g := range games {
		checks = append(checks, Instance{g, 2, max})
	}
	return &Claim{
		ID: id, Paper: "002", Ref: ref, Statement: statement, Family: family, Quantity: QP, Support: Table,
		Applies: func(r grundy.Ruleset, n int) bool {
			for _, g := range games {
				if r.Name() == g && n == 2 {
					return true
				}
			}
			return false
		},
		Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
			if !p[0].IsInt64() || !p[1].IsInt64() {
				return nil, false
			}
			v, ok := f(p[0].Int64(), p[1].Int64())
			if !ok {
				return nil, false
			}
			return boolInt(v), true
		},
		Checks: checks,
	}
}

func example1002(a, b int64) (bool, bool) {
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
