package theory

import (
	"fmt"
	"math/big"
	"sync"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
)

// Paper 003: Gurvich, Maximchuk, Miheenkov, Naumova, "On remoteness
// functions of k-NIM with k+1 piles in normal and in misère versions"
// (Games 15, 2024). NIM(n, k) is grundy's slow-exact:k=K with n piles; the
// paper studies n = k+1. Positions are sorted, x1 ≤ … ≤ xn.
//
// Remoteness conventions agree with grundy's: terminal R = 0 in normal play
// and R⁻ = 1 in misère play (a terminal position wins for the player to
// move). §2.5's (1,1,2), whose M-move reaches the terminal (0,0,2), has
// R⁻ = x2 + 2 = 3 in the paper and in the solver, and every printed R of
// §2.6–2.14 is odd, as N-positions are in both.
//
// In §2 "n" is the length of a minimal exception and m ≥ n the number of
// piles of the position (Proposition 1: appending piles ≥ xn keeps an
// exception). The family claims below speak of every m ≥ n; the claims on
// moves and the printed tables of the minimal ones, m = n.

func init() {
	mrule := familyIs("slow-exact", func(r grundy.Ruleset, n int) bool { return n >= 2 && n == Param(r, "k")+1 })
	mChecks := []Instance{{"slow-exact:k=1", 2, 60}, {"slow-exact:k=2", 3, 40}, {"slow-exact:k=3", 4, 24},
		{"slow-exact:k=4", 5, 16}, {"slow-exact:k=5", 6, 12}, {"slow-exact:k=6", 7, 9}}
	register(
		&Claim{
			ID: "003/m-rule", Paper: "003", Ref: "§1.2 (proved in [5], Gurvich–Martynov–Maximchuk–Vyalyi 2024)",
			Statement: "In NIM(n, n−1), normal play, R(x) = 𝓜(x), the number of M-moves from x to a terminal position " +
				"(keep the smallest even pile, or a largest if all are odd; take one token from every other pile)",
			Family: "slow-exact", Quantity: QR, Support: PaperProof,
			Note: "𝓜 is computed by playing the strict M-rule of §2.1, jumping over repeated stretches " +
				"(see mRuleLength003), so positions of any size are answered.",
			Applies: mrule,
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return mRuleLength003(p)
			},
			Checks: mChecks,
		},
		&Claim{
			ID: "003/m-rule.p", Paper: "003", Ref: "§1.2 (proved in [5])",
			Statement: "In NIM(n, n−1), normal play, x is a P-position iff 𝓜(x) is even, and the M-move wins from an N-position",
			Family:    "slow-exact", Quantity: QP, Support: PaperProof,
			Applies: mrule,
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				m, ok := mRuleLength003(p)
				if !ok {
					return nil, false
				}
				return boolInt(m.Bit(0) == 0), true
			},
			Move: func(_ grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
				m, ok := mRuleLength003(p)
				if !ok || m.Bit(0) == 0 {
					return nil, false
				}
				return mRuleMoveBig003(p)
			},
			Checks: mChecks,
		},
	)

	for _, f := range families003 {
		register(f.claim())
		if f.moves != nil {
			register(f.movesClaim())
		}
	}
	register(&Claim{
		ID: "003/sec-2.10.r-printed", Paper: "003", Ref: "§2.10",
		Statement: "In the exceptions of §2.10, R⁻(x) = f(xn) with f(m) = 2⌊m/2⌋ + 1",
		Family:    "slow-exact", Quantity: QRm, Support: Reported,
		Note: "As printed, for every xn > x(n−1). The tables of §2.10 have xn = x(n−1) + 1, where it holds " +
			"(f as in §2.6; §2.3's f(ℓ) = 2⌈ℓ/2⌉ fails even there). For larger xn §2.3's R⁻ = 2⌈x(n−1)/2⌉ + 1 " +
			"holds instead (claim 003/sec-2.10): R⁻ does not grow with xn.",
		Refuted: "5,5,6,8",
		Applies: family2_10.applies,
		Domain:  family2_10.domain, Formula: rPrinted2_10,
		Eval:   domainEvalCached004(family2_10.domain, rPrinted2_10),
		Checks: []Instance{{"slow-exact:k=3", 4, 16}},
	})
	for _, sec := range []string{"2.6", "2.7", "2.8", "2.9", "2.10", "2.11", "2.12", "2.13", "2.14"} {
		register(tableClaims003(sec)...)
	}
}

// mRuleMoveBig003 is the strict M-move on a position of any size.
func mRuleMoveBig003(p grundy.BigPosition) (grundy.BigPosition, bool) {
	s := newMState003(p)
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
func f23(t *formula.Expr) *formula.Expr {
	return formula.Mul(2, formula.Div(formula.Add(t, formula.C(1)), 2))
}
func f26(t *formula.Expr) *formula.Expr {
	return formula.Add(formula.Mul(2, formula.Div(t, 2)), formula.C(1))
}

// law003 is §2.3's [x(n−1)-determining] R⁻(x) = f(x(n−1)) + 1 at x(n−1) = t.
func law003(t *formula.Expr) *formula.Expr { return formula.Add(f23(t), formula.C(1)) }

// A family003 is one exception family of §2.4–2.11 given by a formula.
type family003 struct {
	id, ref, stmt, note string
	minPiles            int // the smallest n of the family
	// x1Lo and x1Odd bound x1 (a necessary test run before the formula,
	// which alone decides).
	x1Lo  int64
	x1Odd bool
	// minLen is n, the length of the minimal exception, for x1.
	minLen func(x1 int64) int
	// cond is the family for m piles (the first minLen piles; the others
	// are any piles ≥ xn); r gives R⁻ there.
	cond   func(x []*formula.Expr, m int) *formula.Expr
	r      func(x []*formula.Expr, m int) *formula.Expr
	checks []Instance
	// refuted is the smallest counterexample in the default boxes, for a
	// family the paper gets wrong.
	refuted string
	// moves are the boxes for the claim on the moves, m = n (none: no
	// such claim).
	moves []Instance

	trees sync.Map // m → [2]*formula.Expr{cond, r}
}

// treesAt builds the family's formulas for m piles once.
func (f *family003) treesAt(m int) (cond, r *formula.Expr) {
	v, ok := f.trees.Load(m)
	if !ok {
		x := piles004(m)
		v, _ = f.trees.LoadOrStore(m, [2]*formula.Expr{f.cond(x, m), f.r(x, m)})
	}
	t := v.([2]*formula.Expr)
	return t[0], t[1]
}

func (f *family003) applies(r grundy.Ruleset, n int) bool {
	return familyIs("slow-exact", func(r grundy.Ruleset, n int) bool {
		return n >= f.minPiles && n == Param(r, "k")+1
	})(r, n)
}

func (f *family003) domain(_ grundy.Ruleset, m int) *formula.Expr {
	if m < f.minPiles {
		return nil
	}
	return f.cond(piles004(m), m)
}

func (f *family003) formula(_ grundy.Ruleset, m int) *formula.Expr {
	if m < f.minPiles {
		return nil
	}
	return f.r(piles004(m), m)
}

func (f *family003) claim() *Claim {
	return &Claim{
		ID: "003/sec-" + f.id, Paper: "003", Ref: f.ref,
		Statement: f.stmt, Note: f.note, Refuted: f.refuted,
		Family: "slow-exact", Quantity: QRm, Support: Reported,
		Applies: f.applies,
		Domain:  f.domain, Formula: f.formula,
		Eval:   f.eval(),
		Checks: f.checks,
	}
}

// eval is domainEvalCached004(domain, formula) behind a quick necessary test
// on x1, which spares the formula most positions of a box.
func (f *family003) eval() func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool) {
	full := domainEvalCached004(f.domain, f.formula)
	return func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
		if len(p) > 0 && p[0].IsInt64() {
			x1 := p[0].Int64()
			if x1 < f.x1Lo || (x1%2 == 1) != f.x1Odd || f.minLen(x1) > len(p) {
				return nil, false
			}
		}
		return full(r, p)
	}
}

// set is the family as an exception set (minimal ones only, m = n).
func (f *family003) set(x grundy.Position) (int, int64, bool) {
	m := len(x)
	if m < f.minPiles || f.minLen(int64(x[0])) != m {
		return 0, 0, false
	}
	b := x.Big()
	cond, r := f.treesAt(m)
	if !cond.Bool(b) {
		return 0, 0, false
	}
	return m, r.Int(b).Int64(), true
}

func (f *family003) movesClaim() *Claim {
	return &Claim{
		ID: "003/sec-" + f.id + ".moves", Paper: "003", Ref: f.ref + " with §2.3",
		Statement: "In the minimal exceptions x of §" + f.id + " the M-move loses: R⁻(M(x)) = R⁻(x) if x(n−1) is even, " +
			"R⁻(x) − 2 if odd; the move keeping xn (x(n−1) even) or x(n−1) (odd) reaches R⁻(x) − 1",
		Note: "Read at the positions the moves reach: with claim 003/sec-" + f.id + " it says x is an exception " +
			"(R⁻(x) − R⁻(x') ≠ 1 for the M-move x → x') and names its optimal move.",
		Family: "slow-exact", Quantity: QRm, Support: Reported,
		Applies: f.applies,
		Eval:    movesEval003(f.set),
		Checks:  f.moves,
	}
}

// movesEval003 gives, at a position y reached from a listed exception x
// (set gives its minimal length and R⁻), what §2.3 says of R⁻(y): the
// M-move keeps R⁻ (x(n−1) even) or lowers it by 2 (odd); the exceptional
// move keeping xn or x(n−1) lowers it by 1.
func movesEval003(set func(grundy.Position) (int, int64, bool)) func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool) {
	return func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
		y, ok := p.Small()
		if !ok {
			return nil, false
		}
		for _, mMove := range []bool{true, false} {
			if v, ok := fromPreimage003(y, set, mMove); ok {
				return big.NewInt(v), true
			}
		}
		return nil, false
	}
}

// fromPreimage003 tries every x with a move x → y keeping pile j (x = y
// plus one token on every pile but j; strict moves keep piles in place).
func fromPreimage003(y grundy.Position, set func(grundy.Position) (int, int64, bool), mMove bool) (int64, bool) {
	m := len(y)
	x := make(grundy.Position, m)
	for j := range m {
		for i := range y {
			x[i] = y[i] + 1
		}
		x[j] = y[j]
		if (j > 0 && x[j-1] > x[j]) || (j+1 < m && x[j] > x[j+1]) {
			continue
		}
		n, rm, ok := set(x)
		if !ok || n != m {
			continue
		}
		evenPrev := x[n-2]%2 == 0
		if mMove {
			if mRuleKeep003(x) != j {
				continue
			}
			if evenPrev {
				return rm, true
			}
			return rm - 2, true
		}
		keep := n - 2
		if evenPrev {
			keep = n - 1
		}
		if j == keep {
			return rm - 1, true
		}
	}
	return 0, false
}

// oddIn003 lists the odd a in [lo, hi].
func oddIn003(lo, hi int) []int {
	var out []int
	for a := lo | 1; a <= hi; a += 2 {
		out = append(out, a)
	}
	return out
}

// byX1003 is an Or over the odd x1 = a whose minimal length n(a) fits in m
// piles of cond(a, n).
func byX1003(x []*formula.Expr, m, lo int, n func(a int) int, cond func(a, n int) *formula.Expr) *formula.Expr {
	var alts []*formula.Expr
	for _, a := range oddIn003(lo, 4*m+8) {
		if k := n(a); k <= m {
			alts = append(alts, formula.And(formula.Eq(x[0], formula.C(int64(a))), cond(a, k)))
		}
	}
	return formula.Or(alts...)
}

// ite003 picks per odd x1 = a (as byX1003) the term r(a, n).
func ite003(x []*formula.Expr, m, lo int, n func(a int) int, r func(a, n int) *formula.Expr) *formula.Expr {
	out := formula.C(0)
	for _, a := range oddIn003(lo, 4*m+8) {
		if k := n(a); k <= m {
			out = formula.Ite(formula.Eq(x[0], formula.C(int64(a))), r(a, k), out)
		}
	}
	return out
}

var family2_10 = &family003{
	id: "2.10", ref: "§2.10",
	stmt: "For odd x1 ≥ 5 and n = (x1+1)/2 + 1: x1, x2 = x1 + 2i, x3 = … = x(n−1) = x2 + 1 or x2 + 2 < xn ≤ … ≤ xm " +
		"is an exception, with R⁻ = 2⌈x(n−1)/2⌉ + 1 (§2.3)",
	note: "§2.10 prints R⁻ = f(xn), true only at xn = x(n−1) + 1 (claim 003/sec-2.10.r-printed); " +
		"the R⁻ here is §2.3's law, which the tables of §2.10 also satisfy.",
	x1Lo: 5, x1Odd: true,
	minPiles: 4,
	minLen:   func(x1 int64) int { return int(x1+1)/2 + 1 },
	cond: func(x []*formula.Expr, m int) *formula.Expr {
		return byX1003(x, m, 5, func(a int) int { return (a+1)/2 + 1 }, func(a, n int) *formula.Expr {
			return formula.And(formula.Even(formula.Sub(x[1], x[0])), formula.Eq(x[2], x[n-2]),
				formula.Or(formula.Eq(x[2], formula.Add(x[1], formula.C(1))), formula.Eq(x[2], formula.Add(x[1], formula.C(2)))),
				formula.Lt(x[n-2], x[n-1]))
		})
	},
	r:      func(x []*formula.Expr, m int) *formula.Expr { return law003(x[2]) },
	checks: []Instance{{"slow-exact:k=3", 4, 30}, {"slow-exact:k=4", 5, 22}, {"slow-exact:k=5", 6, 18}, {"slow-exact:k=6", 7, 16}},
	moves:  []Instance{{"slow-exact:k=3", 4, 30}, {"slow-exact:k=4", 5, 22}, {"slow-exact:k=5", 6, 16}},
}

func rPrinted2_10(_ grundy.Ruleset, m int) *formula.Expr {
	if m < 4 {
		return nil
	}
	x := piles004(m)
	return ite003(x, m, 5, func(a int) int { return (a+1)/2 + 1 }, func(a, n int) *formula.Expr { return f26(x[n-1]) })
}

var families003 = []*family003{
	{
		id: "2.4", ref: "§2.4",
		stmt: "With even x1 = 2i ≥ 2: x is an exception iff 2i = x1 = … = x(i+2) < x(i+3) (n = i+3 ≤ m), " +
			"and then R⁻(x) = 2i + 1",
		x1Lo: 2, x1Odd: false,
		minPiles: 4,
		minLen:   func(x1 int64) int { return int(x1/2) + 3 },
		cond: func(x []*formula.Expr, m int) *formula.Expr {
			var alts []*formula.Expr
			for i := 1; i+3 <= m; i++ {
				alts = append(alts, formula.And(formula.Eq(x[0], formula.C(int64(2*i))),
					formula.Eq(x[i+1], x[0]), formula.Lt(x[i+1], x[i+2])))
			}
			return formula.Or(alts...)
		},
		r:      func(x []*formula.Expr, _ int) *formula.Expr { return formula.Add(x[0], formula.C(1)) },
		checks: []Instance{{"slow-exact:k=3", 4, 30}, {"slow-exact:k=4", 5, 20}, {"slow-exact:k=5", 6, 16}, {"slow-exact:k=6", 7, 12}},
		moves:  []Instance{{"slow-exact:k=3", 4, 30}, {"slow-exact:k=4", 5, 20}, {"slow-exact:k=5", 6, 16}, {"slow-exact:k=6", 7, 12}},
	},
	{
		id: "2.5", ref: "§2.5",
		stmt: "With x1 = 1: x is an exception iff 1 = x1 ≤ x2 < x3 (n = 3 ≤ m), and then R⁻(x) = x2 + 1 " +
			"(x2 even) or x2 + 2 (x2 odd)",
		x1Lo: 1, x1Odd: true,
		minPiles: 3,
		minLen:   func(int64) int { return 3 },
		cond: func(x []*formula.Expr, _ int) *formula.Expr {
			return formula.And(formula.Eq(x[0], formula.C(1)), formula.Lt(x[1], x[2]))
		},
		r:      func(x []*formula.Expr, _ int) *formula.Expr { return law003(x[1]) },
		checks: []Instance{{"slow-exact:k=2", 3, 40}, {"slow-exact:k=3", 4, 24}, {"slow-exact:k=4", 5, 14}},
		moves:  []Instance{{"slow-exact:k=2", 3, 40}},
	},
	{
		id: "2.6", ref: "§2.6",
		stmt: "For odd x1 ≥ 5, n = 4: x1, x2 = x1 + 2i, x3 = 2(x1+i−2) or 2x1+2i−3, x4 > x3 is an exception, " +
			"with R⁻(x) = f(x3 + 1), f(m) = 2⌊m/2⌋ + 1",
		note: "The text fixes x4 = x3 + 1 (then R⁻ = x4 or x4 + 1); the table's \"x4+\" and §2.3's [xn-monotone] " +
			"allow any x4 > x3, where R⁻ = f(x3 + 1) still holds.",
		x1Lo: 5, x1Odd: true,
		minPiles: 4,
		minLen:   func(int64) int { return 4 },
		cond: func(x []*formula.Expr, _ int) *formula.Expr {
			sum := formula.Add(x[0], x[1])
			return formula.And(formula.Odd(x[0]), formula.Ge(x[0], formula.C(5)), formula.Even(formula.Sub(x[1], x[0])),
				formula.Or(formula.Eq(x[2], formula.Sub(sum, formula.C(4))), formula.Eq(x[2], formula.Sub(sum, formula.C(3)))),
				formula.Lt(x[2], x[3]))
		},
		r:      func(x []*formula.Expr, _ int) *formula.Expr { return f26(formula.Add(x[2], formula.C(1))) },
		checks: []Instance{{"slow-exact:k=3", 4, 36}, {"slow-exact:k=4", 5, 20}},
		moves:  []Instance{{"slow-exact:k=3", 4, 36}},
	},
	{
		id: "2.9", ref: "§2.9",
		stmt: "For odd x1 ≥ 3 and n = (x1+1)/2 + 2: x is an exception iff x1 + i = x2 = … = x(n−1) < xn ≤ … ≤ xm, " +
			"and then R⁻(x) = f(x1 + i + 1)",
		note: "§2.9 says f is §2.3's f(ℓ) = 2⌈ℓ/2⌉, which gives even values (4 at (3,3,3,4)); its own table " +
			"(R⁻ = 5 there) and brute force need §2.6's f(m) = 2⌊m/2⌋ + 1, used here.",
		x1Lo: 3, x1Odd: true,
		minPiles: 4,
		minLen:   func(x1 int64) int { return int(x1+1)/2 + 2 },
		cond: func(x []*formula.Expr, m int) *formula.Expr {
			return byX1003(x, m, 3, func(a int) int { return (a+1)/2 + 2 }, func(a, n int) *formula.Expr {
				return formula.And(formula.Eq(x[1], x[n-2]), formula.Lt(x[n-2], x[n-1]))
			})
		},
		r:      func(x []*formula.Expr, _ int) *formula.Expr { return f26(formula.Add(x[1], formula.C(1))) },
		checks: []Instance{{"slow-exact:k=3", 4, 30}, {"slow-exact:k=4", 5, 20}, {"slow-exact:k=5", 6, 16}, {"slow-exact:k=6", 7, 14}, {"slow-exact:k=7", 8, 14}},
		moves:  []Instance{{"slow-exact:k=3", 4, 30}, {"slow-exact:k=4", 5, 20}, {"slow-exact:k=5", 6, 16}},
	},
	family2_10,
	{
		id: "2.11a", ref: "§2.11 (first family)",
		stmt: "For odd x1 ≥ 7 and n = (x1+1)/2: x1, x2 = x1 + 2i, x3 = … = x(n−1) = x2 + 3 or x2 + 4 < xn ≤ … ≤ xm " +
			"is an exception, with R⁻ = 2⌈x(n−1)/2⌉ + 1 (§2.3)",
		note: "\"All further arguments can be copied from the previous subsection\": R⁻ as in 003/sec-2.10.",
		x1Lo: 7, x1Odd: true,
		minPiles: 4,
		minLen:   func(x1 int64) int { return int(x1+1) / 2 },
		cond: func(x []*formula.Expr, m int) *formula.Expr {
			return byX1003(x, m, 7, func(a int) int { return (a + 1) / 2 }, func(a, n int) *formula.Expr {
				return formula.And(formula.Even(formula.Sub(x[1], x[0])), formula.Eq(x[2], x[n-2]),
					formula.Or(formula.Eq(x[2], formula.Add(x[1], formula.C(3))), formula.Eq(x[2], formula.Add(x[1], formula.C(4)))),
					formula.Lt(x[n-2], x[n-1]))
			})
		},
		r:      func(x []*formula.Expr, _ int) *formula.Expr { return law003(x[2]) },
		checks: []Instance{{"slow-exact:k=3", 4, 30}, {"slow-exact:k=4", 5, 22}, {"slow-exact:k=5", 6, 18}, {"slow-exact:k=6", 7, 16}},
		moves:  []Instance{{"slow-exact:k=3", 4, 30}, {"slow-exact:k=4", 5, 22}, {"slow-exact:k=5", 6, 18}},
	},
	family2_11b003("2.11b", 3,
		"As printed. Its own table (x1 = 9: (9,9,9,10,11+), (9,9,9,11,12+), …) has x4 = … = x(n−1) = x2 + 1 "+
			"or x2 + 2, and brute force agrees with the table: see 003/sec-2.11b.corrected.", nil),
	family2_11b003("2.11b.corrected", 1,
		"§2.11's second family with x2 + 1 or x2 + 2 where the text prints x2 + 3 or x2 + 4: the reading "+
			"of its own table, which brute force confirms.",
		[]Instance{{"slow-exact:k=4", 5, 22}, {"slow-exact:k=5", 6, 18}}),
}

// A row003 is one printed exception: x, with "+" if its last pile may be
// any larger number, and the printed R (0: none printed).
type row003 struct {
	x    []int
	plus bool
	r    int
}

func (w row003) matches(x grundy.Position) bool {
	n := len(w.x)
	if len(x) != n {
		return false
	}
	for i := 0; i < n-1; i++ {
		if x[i] != w.x[i] {
			return false
		}
	}
	return x[n-1] == w.x[n-1] || w.plus && x[n-1] > w.x[n-1]
}

// rm is the printed R, or §2.3's law where the table prints none.
func (w row003) rm() int64 {
	if w.r > 0 {
		return int64(w.r)
	}
	t := int64(w.x[len(w.x)-2])
	return 2*((t+1)/2) + 1
}

func tableClaims003(sec string) []*Claim {
	rows := tables003[sec]
	byFirst := map[int][]row003{}
	maxAt := map[int]int{} // piles → largest printed entry
	hasR := false
	for _, w := range rows {
		byFirst[w.x[0]] = append(byFirst[w.x[0]], w)
		n := len(w.x)
		maxAt[n] = max(maxAt[n], w.x[n-1]+1)
		hasR = hasR || w.r > 0
	}
	set := func(x grundy.Position) (int, int64, bool) {
		for _, w := range byFirst[x[0]] {
			if w.matches(x) {
				return len(w.x), w.rm(), true
			}
		}
		return 0, 0, false
	}
	moves := movesEval003(set)
	var checks []Instance
	minPiles := 1 << 30
	capped := false
	for n := 3; n <= 9; n++ {
		if b, ok := maxAt[n]; ok {
			limit := tableBoxCap003[n]
			if c, ok := tableBoxCapBySec003[sec][n]; ok {
				limit = c
			}
			if b > limit {
				b, capped = limit, true
			}
			checks = append(checks, Instance{fmt.Sprintf("slow-exact:k=%d", n-1), n, b})
			minPiles = min(minPiles, n)
		}
	}
	note := "Each row x (\"y+\": any last pile ≥ y) with R⁻(x) as printed"
	if !hasR {
		note = "Each row x (\"y+\": any last pile ≥ y); this table prints no R, so R⁻(x) is §2.3's 2⌈x(n−1)/2⌉ + 1."
	} else {
		note += " (by §2.3 where a row has none)."
	}
	if capped {
		note += " The default boxes stop short of the largest rows; --max " + fmt.Sprint(slicesMax003(maxAt)) + " reaches all."
	}
	applies := familyIs("slow-exact", func(r grundy.Ruleset, n int) bool {
		_, ok := maxAt[n]
		return ok && n == Param(r, "k")+1
	})
	// A row or a position one move from a row starts with a printed x1
	// or one less: most positions stop here.
	near := func(p grundy.BigPosition) (grundy.Position, bool) {
		if len(p) < minPiles || !p[0].IsInt64() {
			return nil, false
		}
		if a := int(p[0].Int64()); len(byFirst[a]) == 0 && len(byFirst[a+1]) == 0 {
			return nil, false
		}
		return p.Small()
	}
	movesNote := "Read at the positions the moves from each printed row reach (as the .moves claims of the families): " +
		"a failure at y means a row x with a move x → y is no exception or has another R⁻."
	if f := tableFindings003[sec]; f != "" {
		movesNote += " " + f
	}
	return []*Claim{
		{
			ID: "003/table-" + sec, Paper: "003", Ref: "§" + sec + " tables",
			Statement: fmt.Sprintf("The %d exceptions printed in §%s, with their R⁻", len(rows), sec),
			Note:      note, Refuted: tableRefuted003["003/table-"+sec],
			Family: "slow-exact", Quantity: QRm, Support: Table,
			Applies: applies,
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				if x, ok := near(p); ok {
					if _, rm, ok := set(x); ok {
						return big.NewInt(rm), true
					}
				}
				return nil, false
			},
			Checks: checks,
		},
		{
			ID: "003/table-" + sec + ".moves", Paper: "003", Ref: "§" + sec + " tables with §2.3",
			Statement: "The rows printed in §" + sec + " are exceptions: from each, the M-move reaches R⁻(x) (x(n−1) even) " +
				"or R⁻(x) − 2 (odd), the move keeping xn (x(n−1) even) or x(n−1) (odd) reaches R⁻(x) − 1",
			Note: movesNote, Refuted: tableRefuted003["003/table-"+sec+".moves"],
			Family: "slow-exact", Quantity: QRm, Support: Reported,
			Applies: applies,
			Eval: func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				if _, ok := near(p); ok {
					return moves(r, p)
				}
				return nil, false
			},
			Checks: checks,
		},
	}
}

// tableBoxCap003 caps the default box of the table claims per pile count,
// to keep `grundy check --all` short.
var tableBoxCap003 = map[int]int{3: 40, 4: 28, 5: 26, 6: 20, 7: 16, 8: 14}

// tableBoxCapBySec003 widens a cap where a finding needs it.
var tableBoxCapBySec003 = map[string]map[int]int{"2.13": {6: 24}}

func slicesMax003(m map[int]int) int {
	out := 0
	for _, v := range m {
		out = max(out, v)
	}
	return out
}

// tableFindings003 records the printed rows (as the OCR text reads them)
// that exhaustive search shows are not exceptions, each with the nearby
// row that is one and fits the table's pattern (checked by search).
var tableFindings003 = map[string]string{
	"2.7": "Finding: (11,11,19,19,20) is no exception (R⁻ 20, its M-move reaches R⁻ 19); the pattern's " +
		"(11,13,19,19,20) is one.",
	"2.8": "Findings: these rows are no exceptions (the M-move from each lowers R⁻ by exactly 1): " +
		"(13,13,13,14,15+) (five piles: (13,13,13,13,14,15+) is one), (11,13,13,15,16,16+) ((11,13,13,15,15,16+) is), " +
		"(13,17,18,20,20,21+) ((13,17,19,20,20,21+) is), (15,19,19,22,22,22+) (x6 = 22 = x5; from 23 on it is), " +
		"(15,19,21,24,24,25+) ((15,19,23,24,24,25+) is), (17,19,25,27,28,28+) ((17,19,25,27,27,28+) is), " +
		"(19,21,21,26,27,27+) ((19,21,21,26,26,27+) is), (19,23,23,28,29,29+) ((19,23,23,28,28,29+) is).",
	"2.9": "Findings: (9,9,9,9,9,10+) and (9,13,13,13,13,14+) of the x1 = 9, n = 7 column have six piles and are " +
		"no exceptions; (9,9,9,9,9,9,10+) and (9,13,13,13,13,13,14+) are, with the printed R⁻.",
	"2.13": "Findings: (15,17,23,23,23,24+) and (15,19,25,25,25,26+) of the first x1 = 15 column are no " +
		"exceptions; the pattern's (15,15,23,23,23,24+) and (15,17,25,25,25,26+) are.",
}

// family2_11b003 is §2.11's second family with x4 = … = x(n−1) = x2 + d or
// x2 + d + 1.
func family2_11b003(id string, d int64, note string, moves []Instance) *family003 {
	f := &family003{
		id: id, ref: "§2.11 (second family)",
		stmt: fmt.Sprintf("For odd x1 ≥ 9 and n = (x1+1)/2: x1, x2 = x3 = x1 + 2i, x4 = … = x(n−1) = x2 + %d or x2 + %d "+
			"< xn ≤ … ≤ xm is an exception, with R⁻ = 2⌈x(n−1)/2⌉ + 1 (§2.3)", d, d+1),
		note: note,
		x1Lo: 9, x1Odd: true,
		minPiles: 5,
		minLen:   func(x1 int64) int { return int(x1+1) / 2 },
		cond: func(x []*formula.Expr, m int) *formula.Expr {
			return byX1003(x, m, 9, func(a int) int { return (a + 1) / 2 }, func(a, n int) *formula.Expr {
				return formula.And(formula.Even(formula.Sub(x[1], x[0])), formula.Eq(x[1], x[2]), formula.Eq(x[3], x[n-2]),
					formula.Or(formula.Eq(x[3], formula.Add(x[1], formula.C(d))), formula.Eq(x[3], formula.Add(x[1], formula.C(d+1)))),
					formula.Lt(x[n-2], x[n-1]))
			})
		},
		r:      func(x []*formula.Expr, m int) *formula.Expr { return law003(x[3]) },
		checks: []Instance{{"slow-exact:k=4", 5, 22}, {"slow-exact:k=5", 6, 18}, {"slow-exact:k=6", 7, 16}},
		moves:  moves,
	}
	if d == 3 {
		f.refuted = "9,9,9,13,14"
	}
	return f
}

// tableRefuted003 is the smallest counterexample of each table claim that
// fails in its default boxes (see tableFindings003).
var tableRefuted003 = map[string]string{
	"003/table-2.7":        "11,11,19,19,20",
	"003/table-2.7.moves":  "10,10,18,19,19",
	"003/table-2.8":        "13,13,13,14,15",
	"003/table-2.8.moves":  "12,12,12,13,15",
	"003/table-2.9.moves":  "8,8,8,8,8,10",
	"003/table-2.13.moves": "14,16,22,22,22,24",
}
