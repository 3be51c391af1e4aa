package exactslow

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// The identities of the proof of Theorem 2, case (I)(i): from ¬K(q′) and
// E(q′) the proof notes
//
//	3 ≡ N(q′) ≡ u(q′) + 2q′2 − 1 (mod 4) and
//	3 ≡ N(q′) ≡ s(q′) + 2q′2 − 2r(q′) − 2 (mod 4).
//
// The first holds; the second does not: s + 2q2 − 2r = −2q1 + q2 − q4 +
// 2q5 + q6, which is N mod 4 itself (6q1 + 5q2 + 4q3 + 3q4 + 2q5 + q6),
// so the printed "− 2" puts it off by two at every position. The proof's
// conclusion, "s(q′) = 1 implies q′2 − r(q′) odd", follows from the
// identity without the "− 2" (from the printed one it would be even).

func mod4(v int) int { return (v%4 + 4) % 4 }

// caseI is the domain the proof speaks of: an odd total (Nim^1_{6,=2}[1])
// with ¬K(q′) (N ≡ 3 mod 4) and E(q′).
func caseI(x grundy.Position) bool { return mod4(total(x)) == 3 && e(x) }

func identityClaims() []*theory.Claim {
	boxes := []theory.Instance{box("slow-exact:k=2", 6, 10)}
	const ref = "§3.2, proof of Theorem 2, case (I)(i)"
	const quote = "Note that 3 ≡ N(q′) ≡ u(q′) + 2q′2 − 1 (mod 4) and 3 ≡ N(q′) ≡ s(q′) + 2q′2 − 2r(q′)− 2 (mod 4), so u(q′) = 2 " +
		"implies q′2 odd, and s(q′) = 1 implies q′2 − r(q′) odd."
	identity := func(id, stmt string, support theory.Support, domain func(grundy.Position) bool,
		rhs func(q []int, r, s, u int) int, shown string) *theory.Claim {
		return &theory.Claim{
			ID: id, Paper: "004", Ref: ref, Statement: stmt, Family: "slow-exact", Quantity: grundy.QProperty, Support: support,
			Note:    "N is the total of the piles, q the differential coordinates q1 = x1, qi = xi − x(i−1); r, s, u as in (4).",
			Applies: exactK(2, 6), Needs: grundy.KindG, // reads no value: the cheapest box
			Property: func(st *theory.Site) theory.Verdict {
				x := st.Pos
				if !domain(x) {
					return theory.Verdict{}
				}
				r, s, u := rsu(x)
				n, v := mod4(total(x)), mod4(rhs(diff(x), r, s, u))
				if n != v {
					return theory.Fails("N ≢ "+shown+" (mod 4)", fmt.Sprintf("%s ≡ %d", shown, n),
						fmt.Sprintf("N ≡ %d, %s ≡ %d (r = %d, s = %d, q2 = %d)", n, shown, v, r, s, diff(x)[1]))
				}
				return theory.Holds()
			},
			Checks: boxes,
		}
	}
	u := identity("004/thm-2.proof-n.u", "In the proof of Theorem 2, at every q′ of Nim^1_{6,=2}[1] with ¬K(q′) and E(q′): "+
		"3 ≡ N(q′) ≡ u(q′) + 2q′2 − 1 (mod 4)", theory.PaperProof, caseI,
		func(q []int, _, _, u int) int { return u + 2*q[1] - 1 }, "u + 2q2 − 1")
	u.Quote = quote
	s := identity("004/thm-2.proof-n.s", "In the proof of Theorem 2, at every q′ of Nim^1_{6,=2}[1] with ¬K(q′) and E(q′): "+
		"3 ≡ N(q′) ≡ s(q′) + 2q′2 − 2r(q′) − 2 (mod 4)", theory.PaperProof, caseI,
		func(q []int, r, s, _ int) int { return s + 2*q[1] - 2*r - 2 }, "s + 2q2 − 2r − 2")
	s.Quote = quote
	s.Refuted = "0,0,0,0,0,3"
	s.Diagnose = func(res *theory.Result) string {
		return fmt.Sprintf("the identity is off by 2 at every position: s + 2q2 − 2r = −2q1 + q2 − q4 + 2q5 + q6 ≡ N (mod 4), so "+
			"s + 2q2 − 2r − 2 ≡ N − 2; at (%s), %s (%d positions fail, of %d checked). "+
			"Without the \"− 2\" (004/thm-2.proof-n.s.corrected) the identity holds and gives the proof's conclusion "+
			"\"s(q′) = 1 implies q′2 − r(q′) odd\" (004/thm-2.proof-parity)", res.Counterexamples[0].Pos, res.Counterexamples[0].Computed, res.Failures[0].Count, res.Checked)
	}
	cor := identity("004/thm-2.proof-n.s.corrected", "At every position q of Nim^1_{6,=2}: N(q) ≡ s(q) + 2q2 − 2r(q) (mod 4)",
		theory.Correction, func(grundy.Position) bool { return true },
		func(q []int, r, s, _ int) int { return s + 2*q[1] - 2*r }, "s + 2q2 − 2r")
	cor.Corrects = s.ID
	cor.Change = "without the printed \"− 2\" (and at every position, not only under ¬K(q′) and E(q′)): s + 2q2 − 2r = " +
		"−2q1 + q2 − q4 + 2q5 + q6, the residue of N = 6q1 + 5q2 + 4q3 + 3q4 + 2q5 + q6 mod 4 that defines K"
	parity := &theory.Claim{
		ID: "004/thm-2.proof-parity", Paper: "004", Ref: ref,
		Statement: "At every q′ of Nim^1_{6,=2}[1] with ¬K(q′): u(q′) = 2 implies q′2 odd, and s(q′) = 1 implies q′2 − r(q′) odd",
		Quote:     quote, Family: "slow-exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
		Note:    "The conclusion the proof draws from the two identities; it holds, so the misprinted \"− 2\" does not break the proof.",
		Applies: exactK(2, 6), Needs: grundy.KindG,
		Property: func(st *theory.Site) theory.Verdict {
			x := st.Pos
			if mod4(total(x)) != 3 {
				return theory.Verdict{}
			}
			r, s, u := rsu(x)
			q2 := diff(x)[1]
			switch {
			case u == 2 && q2%2 == 0:
				return theory.Fails("u(q′) = 2 with q′2 even", "q′2 odd", fmt.Sprintf("q′2 = %d", q2))
			case s == 1 && mod4(q2-r)%2 == 0:
				return theory.Fails("s(q′) = 1 with q′2 − r(q′) even", "q′2 − r odd", fmt.Sprintf("q′2 − r = %d", q2-r))
			}
			return theory.Holds()
		},
		Checks: boxes,
	}
	return []*theory.Claim{u, s, cor, parity}
}
