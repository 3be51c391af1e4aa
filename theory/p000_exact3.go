package theory

import (
	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
)

// Paper 000, §4: Slow Exact NIM^1_{3,=2}, Propositions 14 and 17 and
// Corollaries 18 and 19. The OCR of the exceptional sets is mangled; each
// set below is written in the paper's parameters (a, b, i) recovered from
// the piles, and the reading was decided by brute force (notes below;
// `grundy check 000/prop-14 000/prop-17 --max 60` re-checks it).

const prop14Note000 = "Reading decided by brute force (piles ≤ 60): A = {(2a, 2b−1, 2(b+i)) | i < a, a+i odd}, " +
	"B = {(2a, 2b, 2(b+i)+1) | i < a, a+i odd}, C_j = {(2a−1, 2b−1, 2(b+i)−1) | i < a, a+i ≡ j}, " +
	"D_j = {(2a−1, 2b, 2(b+i)) | i < a, a+i ≡ 1−j} (mod 2), with 0 ≤ i and a ≤ b as sorting implies. " +
	"The OCR's \"0 ≤ a < b\" for D must be a ≤ b ((3,4,4) ∈ D1 has a = b = 2), its \"i ≤ a\" in B and C1 is i < a, " +
	"and \"C = C1 ∪ C2, D = D1 ∪ D2\" means C0 ∪ C1, D0 ∪ D1. G is 0 on A, C0, D0 and 1 on B, C1, D1. " +
	"With this reading `grundy prove 000/prop-14` (z3, on the prove branch) proves the formula for every position."

const prop17Note000 = "Reading decided by brute force: A = A1 ∪ A2, B = B1 ∪ B2 as printed; " +
	"C_j = {(2a+1, 2b+1, 2(b+i)+1) | 0 ≤ i ≤ a−1, a+i ≡ j} and D_j = {(2a+1, 2b, 2(b+i)) | 0 ≤ i ≤ a−1, a+i ≡ 1−j} (mod 2) — " +
	"the OCR's 2a−1, 2b−1 and D0's \"i < a−1\" do not fit, the shift a → a+1 does; E and F with b ≥ 1 ((1,2,2) ∈ F). " +
	"FINDING: the statement omits x1 = 0. There the game is a single 2-pile race of x2 moves, G⁻ = 1 − (x2 mod 2) " +
	"(Cor 18(1) has it right), but the sets put (0, 2b, c) in S_0 and (0, 2b+1, c) in S_1 — e.g. the terminal (0,0,0) " +
	"in S_0 although G⁻ = 1 at every terminal. The claim is kept as printed and fails there; for x1 ≥ 1 it holds."

// exceptional000 is one exceptional set of Props 14/17: where says the
// piles lie in it, val is the value it gets.
type exceptional000 struct {
	where *formula.Expr
	val   *formula.Expr
}

// withExceptions000 is base, overridden by the first set containing x.
func withExceptions000(base *formula.Expr, sets ...exceptional000) *formula.Expr {
	e := base
	for i := len(sets) - 1; i >= 0; i-- {
		e = formula.Ite(sets[i].where, sets[i].val, e)
	}
	return e
}

// base3_000 is the parity-vector value of Props 14 and 17: 0, 1, 2, 3 for
// (x1, x2) parities (e,e), (e,o), (o,o), (o,e).
func base3_000() *formula.Expr {
	return byParity000(2, []string{"ee", "eo", "oo", "oe"}, []int64{0, 1, 2, 3})
}

var (
	x1_000 = formula.X(0)
	x2_000 = formula.X(1)
	x3_000 = formula.X(2)
	d_000  = formula.Sub(formula.X(2), formula.X(1)) // x3 − x2
)

func c000(n int64) *formula.Expr { return formula.C(n) }

// parityOf000 is "x1, x2, x3 have parities pat".
func parityOf000(pat string) *formula.Expr { return parity000(3, pat) }

func prop14Claim000(_ grundy.Ruleset, _ int) *formula.Expr {
	// x1 = 2a (A, B) or 2a − 1 (C, D).
	aEven := formula.Div(x1_000, 2)
	aOdd := formula.Div(formula.Add(x1_000, c000(1)), 2)
	// A: x2 = 2b−1, x3 = 2(b+i), so i = (x3 − x2 − 1)/2; B: x2 = 2b,
	// x3 = 2(b+i)+1, the same i.
	iAB := formula.Div(formula.Sub(d_000, c000(1)), 2)
	// C: x2 = 2b−1, x3 = 2(b+i)−1; D: x2 = 2b, x3 = 2(b+i): i = (x3 − x2)/2.
	iCD := formula.Div(d_000, 2)
	inAB := formula.And(formula.Lt(iAB, aEven), formula.Odd(formula.Add(aEven, iAB)))
	inCD := formula.Lt(iCD, aOdd)
	sumEven := formula.Even(formula.Add(aOdd, iCD))
	return withExceptions000(base3_000(),
		exceptional000{formula.And(parityOf000("eoe"), inAB), c000(0)},                                // A
		exceptional000{formula.And(parityOf000("eeo"), inAB), c000(1)},                                // B
		exceptional000{formula.And(parityOf000("ooo"), inCD), formula.Ite(sumEven, c000(0), c000(1))}, // C0, C1
		exceptional000{formula.And(parityOf000("oee"), inCD), formula.Ite(sumEven, c000(1), c000(0))}, // D1, D0
	)
}

func prop17Claim000(_ grundy.Ruleset, _ int) *formula.Expr {
	// A1/B1: x1 = 2a, a = 2a', x3 − x2 = 4i + 1; A2/B2: a = 2a'+1,
	// x3 − x2 = 4i + 3; both with 0 ≤ i < a'.
	a := formula.Div(x1_000, 2)
	aa := formula.Div(a, 2)
	gapA := formula.Ite(formula.Even(a), c000(1), c000(3))
	iAB := formula.Div(formula.Sub(d_000, gapA), 4)
	inAB := formula.And(formula.Le(gapA, d_000), formula.Eq(formula.Mod(formula.Sub(d_000, gapA), 4), c000(0)),
		formula.Lt(iAB, aa))
	// C, D read with x1 = 2a + 1: a = (x1 − 1)/2, i = (x3 − x2)/2 ≤ a − 1.
	aCD := formula.Div(x1_000, 2)
	iCD := formula.Div(d_000, 2)
	inCD := formula.Le(iCD, formula.Sub(aCD, c000(1)))
	sumEven := formula.Even(formula.Add(aCD, iCD))
	one := formula.Eq(x1_000, c000(1))
	same := formula.Eq(x2_000, x3_000)
	return withExceptions000(base3_000(),
		exceptional000{formula.And(parityOf000("eoe"), inAB), c000(0)},                                     // A
		exceptional000{formula.And(parityOf000("eeo"), inAB), c000(1)},                                     // B
		exceptional000{formula.And(parityOf000("ooo"), inCD), formula.Ite(sumEven, c000(0), c000(1))},      // C0, C1
		exceptional000{formula.And(parityOf000("oee"), inCD), formula.Ite(sumEven, c000(1), c000(0))},      // D1, D0
		exceptional000{formula.And(one, same, formula.Odd(x2_000)), c000(0)},                               // E
		exceptional000{formula.And(one, same, formula.Even(x2_000), formula.Ge(x2_000, c000(2))), c000(1)}, // F
	)
}

// cor18Where000 is Cor 18(3): x = (a, b, b+i), a ≥ 2, i ≢ a (mod 2),
// i < a for a even and i < a − 2 for a odd.
func cor18Where000() *formula.Expr {
	i := d_000
	return formula.And(formula.Ge(x1_000, c000(2)), formula.Ne(formula.Mod(i, 2), formula.Mod(x1_000, 2)),
		formula.Or(formula.And(formula.Even(x1_000), formula.Lt(i, x1_000)),
			formula.And(formula.Odd(x1_000), formula.Lt(i, formula.Sub(x1_000, c000(2))))))
}

// cor19Where000 is Cor 19's set: x1 odd, x1 ≠ 1, x1 + x2 = x3 + 1.
func cor19Where000() *formula.Expr {
	return formula.And(formula.Odd(x1_000), formula.Ne(x1_000, c000(1)),
		formula.Eq(formula.Add(x1_000, x2_000), formula.Add(x3_000, c000(1))))
}

// cor18GText000 is Cor 18(3)'s value as read here.
const cor18GText000 = "(b + ⌊(a + i)/2⌋) mod 2"

const cor18Note000 = "The OCR prints G(x) = b + [i/2], which cannot be (G ≤ 3, and it is not right mod 2: (2,2,3) has G = 1). " +
	"Brute force (piles ≤ 60) reads G = (b + ⌊(a + i)/2⌋) mod 2, which also follows from Props 14 and 17 as read here."

// cor18G000 is Cor 18(3)'s G with x = (a, b, b+i): (b + ⌊(a + i)/2⌋) mod 2.
func cor18G000() *formula.Expr {
	return formula.Mod(formula.Add(x2_000, formula.Div(formula.Add(x1_000, d_000), 2)), 2)
}
