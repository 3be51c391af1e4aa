package slowknim

import (
	"fmt"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/theory"
)

// §4: Slow Exact NIM^1_{3,=2} — Propositions 14 and 17 (its G and G⁻ as
// parity classes with exceptional sets), Corollaries 18 and 19 (its swap
// and non-tame positions) — and Remarks 15 and 16 on NIM^1_{k+1,=k}.

// A piece is one set of Propositions 14 and 17 as printed: the positions
// (2a + o1, 2b + o2, 2(b + i) + o3) with ok(a, b, i), a, b, i integers
// (the parameters of a position are unique when they exist).
type piece struct {
	name       string
	o1, o2, o3 int
	ok         func(a, b, i int) bool
}

// has reports whether sorted x lies in the piece.
func (pc piece) has(x grundy.Position) bool {
	if (x[0]-pc.o1)%2 != 0 || (x[1]-pc.o2)%2 != 0 || (x[2]-pc.o3)%2 != 0 {
		return false
	}
	a, b := (x[0]-pc.o1)/2, (x[1]-pc.o2)/2
	// x1 − o1 may be −1 (x1 = 0, o1 = 1): then the piece has no such a.
	if x[0]-pc.o1 < 0 || x[1]-pc.o2 < 0 {
		return false
	}
	return pc.ok(a, b, (x[2]-pc.o3)/2-b)
}

// A printedSet is one S_t of Proposition 14 or 17: the parity class of
// (x1, x2) less the pieces out, plus the pieces in.
type printedSet struct {
	p1, p2  int // parities of x1, x2
	out, in []piece
}

// members lists the S_t containing sorted x, each with the piece that
// puts it there.
func members(sets [4]printedSet, x grundy.Position) (ts []int, why []string) {
	for t, s := range sets {
		if x[0]%2 == s.p1 && x[1]%2 == s.p2 {
			removed := ""
			for _, pc := range s.out {
				if pc.has(x) {
					removed = pc.name
					break
				}
			}
			if removed == "" {
				ts, why = append(ts, t), append(why, fmt.Sprintf("the parity class (%s) of S_%d", parityName(s.p1, s.p2), t))
				continue
			}
		}
		for _, pc := range s.in {
			if pc.has(x) {
				ts, why = append(ts, t), append(why, pc.name+" ⊂ S_"+itoa(t))
				break
			}
		}
	}
	return ts, why
}

func parityName(p1, p2 int) string {
	return map[int]string{0: "e", 1: "o"}[p1] + "," + map[int]string{0: "e", 1: "o"}[p2]
}

// printedSets is a Property checking that the printed S_0, …, S_3 are
// the sets of t-positions of G (misere: G⁻).
func printedSets(sets [4]printedSet, misere bool) func(*theory.Site) theory.Verdict {
	q := "G"
	if misere {
		q = "G⁻"
	}
	return func(s *theory.Site) theory.Verdict {
		v := s.Values.G
		if misere {
			v = s.Values.Gm
		}
		ts, why := members(sets, s.Pos)
		is := fmt.Sprintf("%s=%d", q, v)
		switch {
		case len(ts) == 0:
			return theory.Fails("in no printed S_t", "none", is)
		case len(ts) > 1:
			return theory.Fails("in two printed sets at once: "+strings.Join(why, " and "),
				fmt.Sprintf("%s=%d and %s=%d", q, ts[0], q, ts[1]), is)
		case ts[0] != v:
			return theory.Fails(fmt.Sprintf("in %s, is %s", why[0], is), fmt.Sprintf("%s=%d", q, ts[0]), is)
		}
		return theory.Holds()
	}
}

// prop14Printed are Proposition 14's sets as printed (C = C0 ∪ C1 and
// D = D0 ∪ D1: the text's "C1 ∪ C2", "D1 ∪ D2" name sets it never defines).
func prop14Printed() [4]printedSet {
	odd := func(a, i int) bool { return (a+i)%2 == 1 }
	A := piece{"A", 0, -1, 0, func(a, b, i int) bool { return 0 <= a && a < b && 0 <= i && i < a && odd(a, i) }}
	B := piece{"B", 0, 0, 1, func(a, b, i int) bool { return 0 <= a && a <= b && 0 <= i && i <= a && odd(a, i) }}
	C0 := piece{"C0", -1, -1, -1, func(a, b, i int) bool { return 0 <= a && a <= b && 0 <= i && i < a && !odd(a, i) }}
	C1 := piece{"C1", -1, -1, -1, func(a, b, i int) bool { return 0 <= a && a <= b && 0 <= i && i <= a && odd(a, i) }}
	D0 := piece{"D0", -1, 0, 0, func(a, b, i int) bool { return 0 <= a && a < b && 0 <= i && i < a && odd(a, i) }}
	D1 := piece{"D1", -1, 0, 0, func(a, b, i int) bool { return 0 <= a && a < b && 0 <= i && i < a && !odd(a, i) }}
	return [4]printedSet{
		{0, 0, []piece{B}, []piece{A, C0, D0}},
		{0, 1, []piece{A}, []piece{B, C1, D1}},
		{1, 1, []piece{C0, C1}, nil},
		{1, 0, []piece{D0, D1}, nil},
	}
}

// prop17Printed are Proposition 17's sets as printed (C = C0 ∪ C1 and
// D = D0 ∪ D1 as in Proposition 14).
func prop17Printed() [4]printedSet {
	odd := func(a, i int) bool { return (a+i)%2 == 1 }
	// A1: (2a, 2b−1, 2b+4i) = (2a, 2b−1, 2(b + 2i)), a = 2a', 0 ≤ i < a';
	// written with i' = 2i as (2a, 2b − 1, 2(b + i')).
	quarter := func(aParity, extra int) func(a, b, i int) bool {
		return func(a, b, i int) bool {
			// i here is (x3 − o3)/2 − b; the printed i is (i − extra)/2.
			j := i - extra
			return a >= 0 && a%2 == aParity && j >= 0 && j%2 == 0 && j/2 < a/2
		}
	}
	A1 := piece{"A1", 0, -1, 0, quarter(0, 0)}
	A2 := piece{"A2", 0, -1, 0, quarter(1, 1)}
	B1 := piece{"B1", 0, 0, 1, quarter(0, 0)}
	B2 := piece{"B2", 0, 0, 1, quarter(1, 1)}
	C0 := piece{"C0", -1, -1, -1, func(a, b, i int) bool { return 0 <= i && i <= a-1 && !odd(a, i) }}
	C1 := piece{"C1", -1, -1, -1, func(a, b, i int) bool { return 0 <= i && i <= a-1 && odd(a, i) }}
	D0 := piece{"D0", -1, 0, 0, func(a, b, i int) bool { return 0 <= i && i < a-1 && odd(a, i) }}
	D1 := piece{"D1", -1, 0, 0, func(a, b, i int) bool { return 0 <= i && i <= a-1 && !odd(a, i) }}
	E := piece{"E", -1, -1, -1, func(a, b, i int) bool { return a == 1 && b >= 1 && i == 0 }}
	F := piece{"F", -1, 0, 0, func(a, b, i int) bool { return a == 1 && b > 1 && i == 0 }}
	return [4]printedSet{
		{0, 0, []piece{B1, B2}, []piece{A1, A2, C0, D0, E}},
		{0, 1, []piece{A1, A2}, []piece{B1, B2, C1, D1, F}},
		{1, 1, []piece{C0, C1, E}, nil},
		{1, 0, []piece{D0, D1, F}, nil},
	}
}

func exact3Claims() []*theory.Claim {
	exact32 := on("slow-exact", func(k, n int) bool { return n == 3 && k == 2 })
	box := []theory.Instance{{Game: "slow-exact:k=2", Piles: 3, Max: 60}}
	const q14 = "A = {(2a, 2b−1, 2(b+i)) | 0 ≤ a < b, 0 ≤ i < a, (a+i) mod 2 = 1}, B = {(2a, 2b, 2(b+i)+1) | 0 ≤ a ≤ b, 0 ≤ i ≤ a, (a+i) mod 2 = 1}, " +
		"C0 = {(2a−1, 2b−1, 2(b+i)−1) | 0 ≤ a ≤ b, 0 ≤ i < a, (a+i) mod 2 = 0}, C1 = {… | 0 ≤ a ≤ b, 0 ≤ i ≤ a, (a+i) mod 2 = 1}, " +
		"D0 = {(2a−1, 2b, 2(b+i)) | 0 ≤ a < b, 0 ≤ i < a, (a+i) mod 2 = 1}, D1 = {… | 0 ≤ a < b, 0 ≤ i < a, (a+i) mod 2 = 0}, C = C1 ∪ C2, D = D1 ∪ D2; " +
		"S0 = ({(2a, 2b, c)} \\ B) ∪ A ∪ C0 ∪ D0, S1 = ({(2a, 2b+1, c)} \\ A) ∪ B ∪ C1 ∪ D1, S2 = {(2a+1, 2b+1, c)} \\ C, S3 = {(2a+1, 2b, c)} \\ D."
	const q17 = "A1 = {(2a, 2b−1, 2b+4i) | a = 2a', 0 ≤ i < a'}, A2 = {(2a, 2b−1, 2b+4i+2) | a = 2a'+1, 0 ≤ i < a'}, B1 = {(2a, 2b, 2b+4i+1) | a = 2a', 0 ≤ i < a'}, " +
		"B2 = {(2a, 2b, 2b+4i+3) | a = 2a'+1, 0 ≤ i < a'}, C0 = {(2a−1, 2b−1, 2(b+i)−1) | 0 ≤ i ≤ a−1, (a+i) mod 2 = 0}, C1 = {… | 0 ≤ i ≤ a−1, (a+i) mod 2 = 1}, " +
		"D0 = {(2a−1, 2b, 2(b+i)) | 0 ≤ i < a−1, (a+i) mod 2 = 1}, D1 = {… | 0 ≤ i ≤ a−1, (a+i) mod 2 = 0}, E = {1, 2b−1, 2b−1 | b ≥ 1}, F = {1, 2b, 2b | b > 1}; " +
		"S0 = ({(2a, 2b, c)} \\ B) ∪ A ∪ C0 ∪ D0 ∪ E, S1 = ({(2a, 2b+1, c)} \\ A) ∪ B ∪ C1 ∪ D1 ∪ F, S2 = {(2a+1, 2b+1, c)} \\ (C ∪ E), S3 = {(2a+1, 2b, c)} \\ (D ∪ F)."
	const setsNote = "C2 and D2 are defined nowhere; C = C0 ∪ C1 and D = D0 ∪ D1 are the only sets the proof can mean (\"p ∈ D … p ∉ D0 and, hence, p ∈ D1\")."
	prop17Corrected := func(r grundy.Ruleset, n int) *formula.Expr {
		return formula.Ite(formula.Eq(fx1, cst(0)), formula.Sub(cst(1), formula.Mod(fx2, 2)), prop17Shifted(r, n))
	}
	cs := []*theory.Claim{
		{
			ID: "000/prop-14", Paper: "000", Ref: "Proposition 14",
			Statement: "Slow Exact NIM^1_{3,=2}: the i-positions are S_0 = ((e,e) \\ B) ∪ A ∪ C0 ∪ D0, S_1 = ((e,o) \\ A) ∪ B ∪ C1 ∪ D1, S_2 = (o,o) \\ C, S_3 = (o,e) \\ D, with the sets as printed (D0, D1 over 0 ≤ a < b; C = C0 ∪ C1, D = D0 ∪ D1)",
			Quote:     q14, Family: "slow-exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Note:    setsNote + " B's and C1's \"i ≤ a\" equals i < a there, since a + i is odd.",
			Applies: exact32, Property: printedSets(prop14Printed(), false),
			Refuted: "1,2,2",
			Diagnose: diagnose("D0 and D1 are printed over 0 ≤ a < b, which leaves out the positions (2a−1, 2a, 2(a+i)) with a = b — "+
				"(1,2,2) ∈ D0 (G = 0), (3,4,4) ∈ D1 (G = 1) — and puts them in S_3; with 0 ≤ a ≤ b the statement holds (000/prop-14.corrected, SMT-proved)", true),
			Checks: box,
		},
		{
			ID: "000/prop-14.corrected", Paper: "000", Ref: "Proposition 14",
			Corrects: "000/prop-14", Support: theory.Correction,
			Change:    "D0 and D1 range over 0 ≤ a ≤ b instead of the printed 0 ≤ a < b: positions (2a−1, 2a, 2(a+i)) such as (3,4,4) ∈ D1 have a = b",
			Statement: "Slow Exact NIM^1_{3,=2}: G = 0, 1, 2, 3 by the parity of (x1, x2) — (e,e), (e,o), (o,o), (o,e) — except G = 0 on A, C0, D0 and G = 1 on B, C1, D1, with D0, D1 over 0 ≤ a ≤ b",
			Family:    "slow-exact", Quantity: grundy.QG,
			Note: "In the piles: A = {(2a, 2b−1, 2(b+i)) | i < a, a+i odd}, B = {(2a, 2b, 2(b+i)+1) | i < a, a+i odd}, " +
				"C_j = {(2a−1, 2b−1, 2(b+i)−1) | i < a, a+i ≡ j}, D_j = {(2a−1, 2b, 2(b+i)) | i < a, a+i ≡ 1−j} (mod 2), 0 ≤ i; a ≤ b follows from sorting.",
			Applies: exact32, Formula: prop14Corrected, Move: slowMoveTo(theory.FormulaEval(prop14Corrected), grundy.QG),
			Checks: box,
		},
		{
			ID: "000/prop-17", Paper: "000", Ref: "Proposition 17",
			Statement: "Misère Slow Exact NIM^1_{3,=2}: the i-positions of G⁻ are S_0 = ((e,e) \\ B) ∪ A ∪ C0 ∪ D0 ∪ E, S_1 = ((e,o) \\ A) ∪ B ∪ C1 ∪ D1 ∪ F, S_2 = (o,o) \\ (C ∪ E), S_3 = (o,e) \\ (D ∪ F), with the sets as printed (C = C0 ∪ C1, D = D0 ∪ D1)",
			Quote:     q17, Family: "slow-exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Note:    setsNote,
			Applies: exact32, Property: printedSets(prop17Printed(), true),
			Refuted: "0,0,0",
			Diagnose: diagnose("the printed sets are wrong in several ways: at x1 = 0 they follow the parity of (x1, x2), but G⁻ = 1 − (x2 mod 2) there "+
				"(the terminal (0,0,0) has G⁻ = 1); E = {(1, 2b−1, 2b−1)} lies inside the printed C1, so (1,1,1), (1,3,3), … are put in S_0 and S_1 at once; "+
				"C and D fit only with 2a−1, 2b−1, 2(b+i)−1 shifted to 2a+1, 2b+1, 2(b+i)+1 and D0's i < a−1 relaxed to i ≤ a−1, and F's b > 1 leaves out (1,2,2) (G⁻ = 1). "+
				"000/prop-17.corrected, with all of this changed, is SMT-proved", true),
			Checks: box,
		},
		{
			ID: "000/prop-17.corrected", Paper: "000", Ref: "Proposition 17",
			Corrects: "000/prop-17", Support: theory.Correction,
			Change: "C_j = {(2a+1, 2b+1, 2(b+i)+1) | 0 ≤ i ≤ a−1, a+i ≡ j} and D_j = {(2a+1, 2b, 2(b+i)) | 0 ≤ i ≤ a−1, a+i ≡ 1−j} (mod 2): " +
				"the printed 2a−1, 2b−1, 2(b+i)−1 become 2a+1, 2b+1, 2(b+i)+1 and D0's \"i < a−1\" becomes i ≤ a−1; F = {(1, 2b, 2b) | b ≥ 1} (printed b > 1); " +
				"and x1 = 0, which no printed set handles right, gets G⁻ = 1 − (x2 mod 2) as Corollary 18(1) says",
			Statement: "Misère Slow Exact NIM^1_{3,=2}: G⁻ = 1 − (x2 mod 2) if x1 = 0; otherwise G⁻ = 0, 1, 2, 3 by the parity of (x1, x2), except G⁻ = 0 on A, C0, D0, E and 1 on B, C1, D1, F, with C, D shifted and F from b = 1",
			Family:    "slow-exact", Quantity: grundy.QGm,
			Applies: exact32, Formula: prop17Corrected,
			Checks: box,
		},
	}
	cs = append(cs, cor18Claims(exact32, box)...)
	cs = append(cs, remarkClaims()...)
	return cs
}

// Corollary 18 (the swap positions) and 19 (the positions neither swap
// nor tame) of NIM^1_{3,=2}.
func cor18Claims(exact32 func(grundy.Ruleset, int) bool, box []theory.Instance) []*theory.Claim {
	where1 := formula.Eq(fx1, cst(0))
	where2 := formula.And(formula.Eq(fx1, cst(1)), formula.Eq(fx2, fx3))
	where3 := cor18Where()
	printed3 := formula.Add(fx2, formula.Div(fd, 2)) // b + [i/2]
	value := func(id, ref, stmt string, q grundy.Quantity, dom, f *formula.Expr) *theory.Claim {
		return &theory.Claim{ID: id, Paper: "000", Ref: ref, Statement: stmt, Family: "slow-exact",
			Quantity: q, Support: theory.PaperProof, Applies: exact32,
			Domain:  func(grundy.Ruleset, int) *formula.Expr { return dom },
			Formula: func(grundy.Ruleset, int) *formula.Expr { return f },
			Note:    "Says nothing outside the positions the part names; 000/cor-18.iff checks that no other position is a swap position.",
			Checks:  box}
	}
	const q3 = "For x1 ≥ 2, let us set x1 = a, x2 = b, and x3 = b + i. Then, x = (a, b, b + i) is a swap position if and only if i (mod 2) ≠ a (mod 2), " +
		"where i < a when a is even and i < a − 2 when a is odd. Furthermore, in this case G(x) = b + [i/2] (while G⁻(x) = 1 − G(x))."
	notMod2 := func(f *formula.Expr) *formula.Expr { return formula.Sub(cst(1), f) }
	cs := []*theory.Claim{
		value("000/cor-18.1", "Corollary 18(1)", "Slow Exact NIM^1_{3,=2}, x1 = 0: x is a (0,1)-position if x2 is even, a (1,0)-position if x2 is odd (G part)",
			grundy.QG, where1, formula.Mod(fx2, 2)),
		value("000/cor-18.1m", "Corollary 18(1)", "Slow Exact NIM^1_{3,=2}, x1 = 0: x is a (0,1)-position if x2 is even, a (1,0)-position if x2 is odd (G⁻ part)",
			grundy.QGm, where1, notMod2(formula.Mod(fx2, 2))),
		value("000/cor-18.2", "Corollary 18(2)", "Slow Exact NIM^1_{3,=2}, x1 = 1: x is a (0,1)-position if x2 = x3 is even, a (1,0)-position if x2 = x3 is odd (G part)",
			grundy.QG, where2, formula.Mod(fx2, 2)),
		value("000/cor-18.2m", "Corollary 18(2)", "Slow Exact NIM^1_{3,=2}, x1 = 1: x is a (0,1)-position if x2 = x3 is even, a (1,0)-position if x2 = x3 is odd (G⁻ part)",
			grundy.QGm, where2, notMod2(formula.Mod(fx2, 2))),
		value("000/cor-18.3", "Corollary 18(3)", "Slow Exact NIM^1_{3,=2}: x = (a, b, b+i), a ≥ 2, with i ≢ a (mod 2) and i < a (a even), i < a − 2 (a odd) is a swap position with G(x) = b + ⌊i/2⌋",
			grundy.QG, where3, printed3),
		value("000/cor-18.3m", "Corollary 18(3)", "Slow Exact NIM^1_{3,=2}: x = (a, b, b+i), a ≥ 2, with i ≢ a (mod 2) and i < a (a even), i < a − 2 (a odd) is a swap position with G⁻(x) = 1 − G(x) = 1 − b − ⌊i/2⌋",
			grundy.QGm, where3, notMod2(printed3)),
		value("000/cor-18.3.corrected", "Corollary 18(3)", "Slow Exact NIM^1_{3,=2}: x = (a, b, b+i), a ≥ 2, with i ≢ a (mod 2) and i < a (a even), i < a − 2 (a odd) is a swap position with G(x) = (b + ⌊(a + i)/2⌋) mod 2",
			grundy.QG, where3, cor18G()),
		value("000/cor-18.3m.corrected", "Corollary 18(3)", "Slow Exact NIM^1_{3,=2}: x = (a, b, b+i), a ≥ 2, with i ≢ a (mod 2) and i < a (a even), i < a − 2 (a odd) is a swap position with G⁻(x) = 1 − (b + ⌊(a + i)/2⌋) mod 2",
			grundy.QGm, where3, notMod2(cor18G())),
	}
	cs[4].Quote, cs[5].Quote = q3, q3
	cs[4].Refuted, cs[5].Refuted = "2,2,3", "2,2,3"
	cs[4].Diagnose = diagnose("G = b + [i/2] grows with b, while every position of part (3) has G ∈ {0, 1}; "+
		"G = (b + ⌊(a + i)/2⌋) mod 2 holds (000/cor-18.3.corrected, SMT-proved)", false)
	cs[5].Diagnose = diagnose("G⁻ = 1 − G with the printed G = b + [i/2] is negative from b = 2 on; "+
		"G⁻ = 1 − (b + ⌊(a + i)/2⌋) mod 2 holds (000/cor-18.3m.corrected, SMT-proved)", false)
	cs[4].Note = "[i/2] read as the integer part ⌊i/2⌋, the only reading that gives an integer; any reading of it fails, since G ≤ 3 while b grows. " + cs[4].Note
	for _, c := range cs[6:] {
		c.Support, c.Corrects = theory.Correction, strings.TrimSuffix(c.ID, ".corrected")
		c.Change = "G = (b + ⌊(a + i)/2⌋) mod 2 instead of the printed b + [i/2] (which exceeds 3 and is wrong mod 2 too: (2,2,3) has G = 1, b + [i/2] = 2)"
	}
	// swapIs says what Corollary 18 makes of x: "(0,1)" or "(1,0)" in
	// parts (1) and (2), "swap" (either) in part (3), "" elsewhere.
	swapIs := func(p grundy.BigPosition) string {
		switch {
		case inSet(where1, p) || inSet(where2, p):
			return map[uint]string{0: "(0,1)", 1: "(1,0)"}[p[1].Bit(0)]
		case inSet(where3, p):
			return "swap"
		}
		return ""
	}
	w19 := cor19Where()
	cs = append(cs,
		&theory.Claim{
			ID: "000/cor-18.iff", Paper: "000", Ref: "Corollary 18",
			Statement: "Slow Exact NIM^1_{3,=2}: the swap positions are exactly those of parts (1), (2) and (3), (0,1) or (1,0) by the parity of x2 in parts (1) and (2)",
			Quote:     "allow us to characterize the swap positions of the game as follows. " + q3,
			Family:    "slow-exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Note:    "Part (3) says \"if and only if\" for x1 ≥ 2 and the corollary is announced as a characterization of the swap positions; which of (0,1), (1,0) a position of part (3) is, is its G (000/cor-18.3 and its correction).",
			Applies: exact32,
			Property: func(s *theory.Site) theory.Verdict {
				want, c := swapIs(s.Pos.Big()), class(s.Values)
				isSwap := c == "(0,1)" || c == "(1,0)"
				switch {
				case want == "" && isSwap:
					return theory.Fails("a swap position no part names (the \"only if\" fails)", "not swap", pair(s.Values))
				case want == "swap" && !isSwap, want != "" && want != "swap" && c != want:
					return theory.Fails("named a "+want+"-position but is not (the \"if\" fails)", want, pair(s.Values))
				}
				return theory.Holds()
			},
			Checks: box,
		},
		value("000/cor-19", "Corollary 19", "Slow Exact NIM^1_{3,=2}: if x1 is odd, x1 ≠ 1 and x1 + x2 = x3 + 1, x is a (0,3)-position (x2 even) or a (1,2)-position (x2 odd) (G part)",
			grundy.QG, w19, formula.Mod(fx2, 2)),
		value("000/cor-19m", "Corollary 19", "Slow Exact NIM^1_{3,=2}: if x1 is odd, x1 ≠ 1 and x1 + x2 = x3 + 1, x is a (0,3)-position (x2 even) or a (1,2)-position (x2 odd) (G⁻ part)",
			grundy.QGm, w19, formula.Sub(cst(3), formula.Mod(fx2, 2))),
		&theory.Claim{
			ID: "000/cor-19.iff", Paper: "000", Ref: "Corollary 19",
			Statement: "Slow Exact NIM^1_{3,=2}: x is neither swap nor tame iff x1 is odd, x1 ≠ 1 and x1 + x2 = x3 + 1",
			Quote:     "A position x = (x1, x2, x3) such that 0 ≤ x1 ≤ x2 ≤ x3 is neither swap nor tame if and only if x1 is odd, x1 ≠ 1, and x1 + x2 = x3 + 1.",
			Family:    "slow-exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies: exact32,
			Property: func(s *theory.Site) theory.Verdict {
				named, other := inSet(w19, s.Pos.Big()), class(s.Values) == "other"
				switch {
				case named && !other:
					return theory.Fails("named neither swap nor tame but is "+class(s.Values)+" (the \"if\" fails)", "neither", pair(s.Values))
				case other && !named:
					return theory.Fails("neither swap nor tame, not named (the \"only if\" fails)", "swap or tame", pair(s.Values))
				}
				return theory.Holds()
			},
			Checks: box,
		},
	)
	cs[len(cs)-3].Note = "Says nothing outside the positions named; 000/cor-19.iff checks the \"only if\"."
	cs[len(cs)-2].Note = cs[len(cs)-3].Note
	return cs
}

// inSet evaluates a set formula at p.
func inSet(f *formula.Expr, p grundy.BigPosition) bool { return f.Bool(p) }

// remarkClaims are Remarks 15 and 16: the values of NIM^1_{k+1,=k}.
func remarkClaims() []*theory.Claim {
	atMost := func(top int) func(*theory.Site) theory.Verdict {
		return func(s *theory.Site) theory.Verdict {
			if s.Values.G > top {
				return theory.Fails(fmt.Sprintf("G exceeds %d", top), fmt.Sprintf("G ≤ %d", top), "G="+itoa(s.Values.G))
			}
			return theory.Holds()
		}
	}
	return []*theory.Claim{
		{
			ID: "000/remark-15", Paper: "000", Ref: "Remark 15 (\"our computations indicate\")",
			Statement: "Slow Exact NIM^1_{4,=3}: G takes only the values 0, 1, 2, 3",
			Quote:     "For n = k + 1 = 4, our computations indicate that the SG function still takes only four values {0, 1, 2, 3}",
			Family:    "slow-exact", Quantity: grundy.QProperty, Support: theory.Reported,
			Applies:  on("slow-exact", func(k, n int) bool { return n == 4 && k == 3 }),
			Property: atMost(3),
			Checks:   []theory.Instance{{Game: "slow-exact:k=3", Piles: 4, Max: 16}},
		},
		{
			ID: "000/remark-16.1", Paper: "000", Ref: "Remark 16",
			Statement: "Slow Exact NIM^1_{3,=2}: every position has at most three moves, so G takes only the values 0, 1, 2, 3",
			Quote:     "For n = k + 1 = 3 the SG function takes only values {0, 1, 2, 3}, because in this case there are at most three moves from each position.",
			Family:    "slow-exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies: on("slow-exact", func(k, n int) bool { return n == 3 && k == 2 }),
			Property: func(s *theory.Site) theory.Verdict {
				moves := 0
				s.Options(func(grundy.Position, grundy.Values) bool { moves++; return true })
				if moves > 3 {
					return theory.Fails("more than three moves", "≤ 3 moves", itoa(moves)+" moves")
				}
				return atMost(3)(s)
			},
			Checks: []theory.Instance{{Game: "slow-exact:k=2", Piles: 3, Max: 60}},
		},
		{
			ID: "000/remark-16.G", Paper: "000", Ref: "Remark 16 (\"our computations show\")",
			Statement: "Slow Exact NIM^1_{5,=4}: (1,2,3,3,x5) for 3 ≤ x5 ≤ 7 are 5-positions",
			Quote:     "our computations show that (1, 2, 3, 3, x5) for 3 ≤ x5 ≤ 7 are 5-positions of the game NIM^1_{5,-4}",
			Family:    "slow-exact", Quantity: grundy.QG, Support: theory.Reported,
			Note: "Exhaustive search (and an independent memoized solver, TestRemark16) gives G = 3 at all five positions, " +
				"and no position of NIM^1_{5,=4} with piles ≤ 20 has G ≥ 4 (the whole box counted), nor of NIM^1_{6,=5} with piles ≤ 12 or NIM^1_{7,=6} with piles ≤ 8, so the remark's \"larger SG values can be taken when n = k + 1 > 4\" has no witness either. " +
				"Nearby games do not fit: Slow Moore's NIM^1_{5,≤4} gives 2, 3, 1, 2, 3 and Exact NIM_{5,=4} gives 3.",
			Applies:  on("slow-exact", func(k, n int) bool { return n == 5 && k == 4 }),
			Finite:   true,
			Eval:     at(map[string]int64{"1,2,3,3,3": 5, "1,2,3,3,4": 5, "1,2,3,3,5": 5, "1,2,3,3,6": 5, "1,2,3,3,7": 5}),
			Refuted:  "1,2,3,3,3",
			Diagnose: diagnose("all five positions are 3-positions, not 5-positions, and no position of NIM^1_{5,=4} with piles ≤ 20 has G ≥ 4", false),
			Checks:   []theory.Instance{{Game: "slow-exact:k=4", Piles: 5, Max: 7}},
		},
	}
}

// exceptional is one exceptional set of Props 14/17: where says the
// piles lie in it, val is the value it gets.
type exceptional struct {
	where *formula.Expr
	val   *formula.Expr
}

// withExceptions is base, overridden by the first set containing x.
func withExceptions(base *formula.Expr, sets ...exceptional) *formula.Expr {
	e := base
	for i := len(sets) - 1; i >= 0; i-- {
		e = formula.Ite(sets[i].where, sets[i].val, e)
	}
	return e
}

// base3 is the parity-vector value of Props 14 and 17: 0, 1, 2, 3 for
// (x1, x2) parities (e,e), (e,o), (o,o), (o,e).
func base3() *formula.Expr {
	return byParity(2, []string{"ee", "eo", "oo", "oe"}, []int64{0, 1, 2, 3})
}

var (
	fx1 = formula.X(0)
	fx2 = formula.X(1)
	fx3 = formula.X(2)
	fd  = formula.Sub(formula.X(2), formula.X(1)) // x3 − x2
)

func cst(n int64) *formula.Expr { return formula.C(n) }

// parityOf is "x1, x2, x3 have parities pat".
func parityOf(pat string) *formula.Expr { return parity(3, pat) }

func prop14Corrected(_ grundy.Ruleset, _ int) *formula.Expr {
	// x1 = 2a (A, B) or 2a − 1 (C, D).
	aEven := formula.Div(fx1, 2)
	aOdd := formula.Div(formula.Add(fx1, cst(1)), 2)
	// A: x2 = 2b−1, x3 = 2(b+i), so i = (x3 − x2 − 1)/2; B: x2 = 2b,
	// x3 = 2(b+i)+1, the same i.
	iAB := formula.Div(formula.Sub(fd, cst(1)), 2)
	// C: x2 = 2b−1, x3 = 2(b+i)−1; D: x2 = 2b, x3 = 2(b+i): i = (x3 − x2)/2.
	iCD := formula.Div(fd, 2)
	inAB := formula.And(formula.Lt(iAB, aEven), formula.Odd(formula.Add(aEven, iAB)))
	inCD := formula.Lt(iCD, aOdd)
	sumEven := formula.Even(formula.Add(aOdd, iCD))
	return withExceptions(base3(),
		exceptional{formula.And(parityOf("eoe"), inAB), cst(0)},                               // A
		exceptional{formula.And(parityOf("eeo"), inAB), cst(1)},                               // B
		exceptional{formula.And(parityOf("ooo"), inCD), formula.Ite(sumEven, cst(0), cst(1))}, // C0, C1
		exceptional{formula.And(parityOf("oee"), inCD), formula.Ite(sumEven, cst(1), cst(0))}, // D1, D0
	)
}

func prop17Shifted(_ grundy.Ruleset, _ int) *formula.Expr {
	// A1/B1: x1 = 2a, a = 2a', x3 − x2 = 4i + 1; A2/B2: a = 2a'+1,
	// x3 − x2 = 4i + 3; both with 0 ≤ i < a'.
	a := formula.Div(fx1, 2)
	aa := formula.Div(a, 2)
	gapA := formula.Ite(formula.Even(a), cst(1), cst(3))
	iAB := formula.Div(formula.Sub(fd, gapA), 4)
	inAB := formula.And(formula.Le(gapA, fd), formula.Eq(formula.Mod(formula.Sub(fd, gapA), 4), cst(0)),
		formula.Lt(iAB, aa))
	// C, D read with x1 = 2a + 1: a = (x1 − 1)/2, i = (x3 − x2)/2 ≤ a − 1.
	aCD := formula.Div(fx1, 2)
	iCD := formula.Div(fd, 2)
	inCD := formula.Le(iCD, formula.Sub(aCD, cst(1)))
	sumEven := formula.Even(formula.Add(aCD, iCD))
	one := formula.Eq(fx1, cst(1))
	same := formula.Eq(fx2, fx3)
	return withExceptions(base3(),
		exceptional{formula.And(parityOf("eoe"), inAB), cst(0)},                                 // A
		exceptional{formula.And(parityOf("eeo"), inAB), cst(1)},                                 // B
		exceptional{formula.And(parityOf("ooo"), inCD), formula.Ite(sumEven, cst(0), cst(1))},   // C0, C1
		exceptional{formula.And(parityOf("oee"), inCD), formula.Ite(sumEven, cst(1), cst(0))},   // D1, D0
		exceptional{formula.And(one, same, formula.Odd(fx2)), cst(0)},                           // E
		exceptional{formula.And(one, same, formula.Even(fx2), formula.Ge(fx2, cst(2))), cst(1)}, // F
	)
}

// cor18Where is Cor 18(3): x = (a, b, b+i), a ≥ 2, i ≢ a (mod 2),
// i < a for a even and i < a − 2 for a odd.
func cor18Where() *formula.Expr {
	i := fd
	return formula.And(formula.Ge(fx1, cst(2)), formula.Ne(formula.Mod(i, 2), formula.Mod(fx1, 2)),
		formula.Or(formula.And(formula.Even(fx1), formula.Lt(i, fx1)),
			formula.And(formula.Odd(fx1), formula.Lt(i, formula.Sub(fx1, cst(2))))))
}

// cor19Where is Cor 19's set: x1 odd, x1 ≠ 1, x1 + x2 = x3 + 1.
func cor19Where() *formula.Expr {
	return formula.And(formula.Odd(fx1), formula.Ne(fx1, cst(1)),
		formula.Eq(formula.Add(fx1, fx2), formula.Add(fx3, cst(1))))
}

// cor18G is Cor 18(3)'s G with x = (a, b, b+i): (b + ⌊(a + i)/2⌋) mod 2.
func cor18G() *formula.Expr {
	return formula.Mod(formula.Add(fx2, formula.Div(formula.Add(fx1, fd), 2)), 2)
}
