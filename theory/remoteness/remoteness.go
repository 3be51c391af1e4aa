package remoteness

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// Claims lists every claim of paper 003, built fresh on each call.
func Claims() []*theory.Claim {
	var out []*theory.Claim
	out = append(out, mRuleClaims()...)
	out = append(out, structuralClaims()...)
	for _, f := range families() {
		out = append(out, f.claims()...)
	}
	for _, sec := range sections {
		out = append(out, tableClaim(sec))
		if c := correctedTableClaim(sec); c != nil {
			out = append(out, c)
		}
	}
	out = append(out, blankClaims()...)
	out = append(out, remark28Claims()...)
	out = append(out, catalogueClaims()...)
	for _, c := range out {
		c.Refuted = refuted[c.ID]
		if c.Quantity == grundy.QProperty {
			c.Needs = grundy.KindRm // every property reads misère remoteness only
		}
	}
	return out
}

// refuted is the smallest counterexample of each claim that fails in its
// default boxes (fewest tokens first); tests pin each.
var refuted = map[string]string{
	"003/prop-1.moves":                    "1,2,3,4",
	"003/sec-2.5.moves":                   "1,2,3,4",
	"003/sec-2.4.moves":                   "2,2,2,3,4",
	"003/sec-2.10.moves":                  "5,5,6,7,8",
	"003/sec-2.11.moves":                  "7,7,10,11,12",
	"003/sec-2.8.remark":                  "11,11,11,12,12,13",
	"003/sec-2.3.gap":                     "1,1,3",
	"003/sec-2.9.r":                       "3,3,3,4",
	"003/sec-2.10.r":                      "5,5,6,8",
	"003/sec-2.10.r.reading-f2.3":         "5,5,6,7",
	"003/sec-2.11":                        "9,9,9,10,11",
	"003/sec-2.11.r":                      "7,7,10,12",
	"003/sec-2.11.r.reading-f2.3":         "7,7,10,11",
	"003/sec-2.11b":                       "9,9,9,12,13",
	"003/sec-2.9.reading-any":             "5,5,6,7,7",
	"003/sec-2.10.reading-any":            "7,7,10,11,11",
	"003/sec-2.11.reading-any":            "9,9,9,10,11",
	"003/sec-2.catalogue":                 "9,13,13,15,16",
	"003/sec-2.catalogue.reading-columns": "17,17,17,19,20,21",
	"003/sec-2.catalogue.corrected":       "17,17,17,19,20,21",
	"003/table-2.7":                       "11,11,19,19,20",
	"003/table-2.8":                       "13,13,13,14,15",
	"003/table-2.9":                       "9,9,9,9,9,10",
	"003/table-2.13":                      "15,17,23,23,23,24",
	"003/table-2.12.r":                    "13,17,19,20,20,21",
}

// nk is an Applies for NIM(n, n−1) with n ≥ lo piles.
func nk(lo int) func(grundy.Ruleset, int) bool {
	return theory.On("slow-exact", func(s games.Spec, n int) bool { return n >= lo && n == s.K+1 })
}

// game names NIM(n, n−1).
func game(n int) string { return "slow-exact:k=" + itoa(n-1) }

func itoa(n int) string { return big.NewInt(int64(n)).String() }

// boxes are the instances NIM(n, n−1) for n in [lo, hi] with the bounds
// of max.
func boxes(lo, hi int, max map[int]int) []theory.Instance {
	var out []theory.Instance
	for n := lo; n <= hi; n++ {
		if b, ok := max[n]; ok {
			out = append(out, theory.Instance{Game: game(n), Piles: n, Max: b})
		}
	}
	return out
}

// paperRange bounds each pile count's box so that the range the paper
// analysed (x1 ≤ 17, up to eight piles) is covered as far as this machine
// affords: x1 ≤ 17 fits every box, the other piles reach at least the
// largest printed row with x1 ≤ 17 of that pile count. A box of NIM(n,
// n−1) is closed under moves, so its values are exact.
var paperRange = map[int]int{3: 60, 4: 40, 5: 36, 6: 32, 7: 28, 8: 24}

// familyRange is the smaller box of the claims on one family.
var familyRange = map[int]int{3: 40, 4: 36, 5: 30, 6: 26, 7: 22, 8: 20}

func mRuleClaims() []*theory.Claim {
	checks := []theory.Instance{{Game: game(2), Piles: 2, Max: 60}, {Game: game(3), Piles: 3, Max: 40},
		{Game: game(4), Piles: 4, Max: 24}, {Game: game(5), Piles: 5, Max: 16}, {Game: game(6), Piles: 6, Max: 12},
		{Game: game(7), Piles: 7, Max: 9}}
	return []*theory.Claim{
		{
			ID: "003/m-rule", Paper: "003", Ref: "§1.2 (proved in [5], Gurvich–Martynov–Maximchuk–Vyalyi 2024)",
			Statement: "In NIM(n, n−1), normal play, R(x) = 𝓜(x), the number of M-moves from x to a terminal position " +
				"(keep the smallest even pile, or a largest if all are odd; take one token from every other pile)",
			Quote:  "In [5], it was proven that M = R, where R is the classical remoteness function introduced by Smith [10].",
			Family: "slow-exact", Quantity: grundy.QR, Support: theory.PaperProof,
			Note: "𝓜 is computed by playing the strict M-rule of §2.1, jumping over repeated stretches " +
				"(see mRuleLength), so positions of any size are answered.",
			Applies: nk(2),
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return mRuleLength(p)
			},
			Checks: checks,
		},
		{
			ID: "003/m-rule.p", Paper: "003", Ref: "§1.2 (proved in [5])",
			Statement: "In NIM(n, n−1), normal play, x is a P-position iff 𝓜(x) is even, and the M-move wins from an N-position",
			Quote:     "Thus, the M-rule solves the game and, furthermore, allows a player to win as quickly as possible in an N-position",
			Family:    "slow-exact", Quantity: grundy.QP, Support: theory.PaperProof,
			Applies: nk(2),
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				m, ok := mRuleLength(p)
				if !ok {
					return nil, false
				}
				return theory.BoolInt(m.Bit(0) == 0), true
			},
			Move: func(_ grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
				m, ok := mRuleLength(p)
				if !ok || m.Bit(0) == 0 {
					return nil, false
				}
				return mRuleMoveBig(p)
			},
			Checks: checks,
		},
		{
			ID: "003/m-rule.no-all-odd", Paper: "003", Ref: "§1.2",
			Statement: "No M-move results in a position whose entries are all odd, so part (o) of the M-rule applies at most once, " +
				"at the start of an M-sequence",
			Quote:  "It is also easily seen that no M-move can result in a position whose entries are all odd.",
			Family: "slow-exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies: nk(2),
			Property: func(s *theory.Site) theory.Verdict {
				y, ok := mRuleMove(s.Pos)
				if !ok {
					return skip()
				}
				if !slices.ContainsFunc(y, func(v int) bool { return v%2 == 0 }) {
					return theory.Fails("M-move to all odd piles", "some even pile", "("+y.String()+")")
				}
				return theory.Holds()
			},
			Checks: checks,
		},
		{
			ID: "003/sec-2.1.strict", Paper: "003", Ref: "§2.1",
			Statement: "The strict M-move (of equal kept candidates, keep the one of largest index) keeps a sorted position " +
				"sorted; keeping any other of the equal candidates breaks the order",
			Quote: "It is easily seen that a strict M-move x → x′ respects the non-decreasing monotonicity of the entries [...] " +
				"In contrast, every non-strict M-move breaks this monotonicity.",
			Family: "slow-exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies: nk(2),
			Property: func(s *theory.Site) theory.Verdict {
				x := s.Pos
				j := mRuleKeep(x)
				if j < 0 {
					return skip()
				}
				for i := range x {
					if x[i] != x[j] {
						continue
					}
					y := slices.Clone(x)
					for k := range y {
						if k != i {
							y[k]--
						}
					}
					if sorted := slices.IsSorted(y); sorted != (i == j) {
						return theory.Fails("order kept by the wrong move", fmt.Sprintf("sorted only when keeping x%d", j+1),
							fmt.Sprintf("keeping x%d gives (%s)", i+1, y))
					}
				}
				return theory.Holds()
			},
			Checks: checks,
		},
	}
}

// mRuleMoveBig is the strict M-move on a position of any size.
func mRuleMoveBig(p grundy.BigPosition) (grundy.BigPosition, bool) {
	s := newMState(p)
	j := s.keep()
	if j < 0 {
		return nil, false
	}
	q := make(grundy.BigPosition, len(p))
	for i, x := range p {
		q[i] = new(big.Int).Set(x)
		if i != j {
			q[i].Sub(q[i], big.NewInt(1))
		}
	}
	return q, true
}

// f23 is §2.3's f(ℓ) = 2⌈ℓ/2⌉; f26 is §2.6's f(m) = 2⌊m/2⌋ + 1. The paper
// uses the one name f for both.
func f23(l int) int { return 2 * ((l + 1) / 2) }
func f26(m int) int { return 2*(m/2) + 1 }

// law is §2.3's [x(n−1)-determining] R⁻(x) = f(x(n−1)) + 1.
func law(x grundy.Position) int { return f23(x[len(x)-2]) + 1 }
