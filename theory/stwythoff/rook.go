package stwythoff

import (
	"math/big"
	"sync"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// Paper 002 §4 and Remark 1: the rook-type restrictions Γ_OA, Γ_OO, Γ_OE
// and Γ_EO of (s,t)-Wythoff (wythoff-oa, -oo, -oe, -eo). Positions of
// Γ_OA, Γ_OE, Γ_EO are ordered (x, y) = (first pile, second pile); those of
// Γ_OO sorted (a ≤ b). Every P-set of Theorems 9–16 is a finite union of
// arithmetic progressions on lines, {(a0 + p·n, b0 + q·n) : n ≥ 0}; that
// one description gives both the formula (for `grundy prove`) and the
// winning move, so the two cannot drift apart.

// ray is {(a0 + p·n, b0 + q·n) : n ≥ 0}; p = q = 0 is a single point.
type ray struct{ a0, p, b0, q int64 }

func pt(a, b int64) ray { return ray{a, 0, b, 0} }

func (l ray) swap() ray { return ray{l.b0, l.q, l.a0, l.p} }

// formula says (x1, x2) lies on the ray.
func (l ray) formula() *formula.Expr { return l.formulaIn(false) }

// formulaIn is formula, leaving out x ≡ a0 (mod 2) when the caller has
// fixed the parity of x already.
func (l ray) formulaIn(parityKnown bool) *formula.Expr {
	x, y := formula.X(0), formula.X(1)
	c := formula.C
	switch {
	case l.p == 0 && l.q == 0:
		return formula.And(formula.Eq(x, c(l.a0)), formula.Eq(y, c(l.b0)))
	case l.p == 0:
		return formula.And(formula.Eq(x, c(l.a0)), formula.Le(c(l.b0), y), formula.Eq(formula.Mod(formula.Sub(y, c(l.b0)), l.q), c(0)))
	}
	// x = a0 + p·n, y = b0 + q·n: p·(y − b0) = q·(x − a0), without div,
	// which SMT solvers handle less well.
	parts := []*formula.Expr{formula.Le(c(l.a0), x),
		formula.Eq(formula.Mul(l.p, formula.Sub(y, c(l.b0))), formula.Mul(l.q, formula.Sub(x, c(l.a0))))}
	if l.p > 2 || l.p == 2 && !parityKnown {
		parts = append(parts, formula.Eq(formula.Mod(formula.Sub(x, c(l.a0)), l.p), c(0)))
	}
	return formula.And(parts...)
}

// rookSet is the P-set a theorem gives for one ruleset: the rays as the
// paper writes them; symmetric adds the mirror images (Γ_OO, whose sorted
// pairs stand for both orders).
type rookSet struct {
	rays      []ray
	symmetric bool
}

func (rs rookSet) all() []ray {
	if !rs.symmetric {
		return rs.rays
	}
	out := append([]ray(nil), rs.rays...)
	for _, l := range rs.rays {
		out = append(out, l.swap())
	}
	return out
}

// formula is the set as one formula. When every ray keeps x in one parity
// class or walks x by 1, it is an if-then-else on the parity of x, which
// `grundy prove` splits into cases (the SMT solver then needs no mod).
func (rs rookSet) formula() *formula.Expr {
	var even, odd, all []*formula.Expr
	split := true
	for _, l := range rs.all() {
		all = append(all, l.formula())
		switch l.p {
		case 0, 2:
			if l.a0%2 == 0 {
				even = append(even, l.formulaIn(true))
			} else {
				odd = append(odd, l.formulaIn(true))
			}
		case 1:
			even, odd = append(even, l.formula()), append(odd, l.formula())
		default:
			split = false
		}
	}
	if !split {
		return formula.Or(all...)
	}
	return formula.Ite(formula.Even(formula.X(0)), formula.Or(even...), formula.Or(odd...))
}

// rookClaim builds the claim of a theorem whose P-set (of play q) is
// set(s, t) for the rulesets of family with params satisfying when.
func rookClaim(id, ref, statement, family string, q grundy.Quantity, when func(s, t int64) bool,
	set func(s, t int64) rookSet, checks []theory.Instance, note string) *theory.Claim {
	// The set's formula depends on (s, t) only: built once for each, as
	// a move finder or an evaluation runs once a position.
	var formulas sync.Map // [2]int64 → *formula.Expr
	setFormula := func(s, t int64) *formula.Expr {
		if e, ok := formulas.Load([2]int64{s, t}); ok {
			return e.(*formula.Expr)
		}
		e, _ := formulas.LoadOrStore([2]int64{s, t}, set(s, t).formula())
		return e.(*formula.Expr)
	}
	f := func(r grundy.Ruleset, n int) *formula.Expr {
		s, t := int64(games.SpecOf(r).S), int64(games.SpecOf(r).T)
		return setFormula(s, t)
	}
	return &theory.Claim{
		ID: id, Paper: "002", Ref: ref, Statement: statement, Family: family, Quantity: q, Support: theory.PaperProof, Note: note,
		Applies: on(family, when),
		Formula: f,
		Move: func(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
			s, t := int64(games.SpecOf(r).S), int64(games.SpecOf(r).T)
			return rookMove(r.(games.Wythoff), set(s, t), setFormula(s, t), p)
		},
		Checks: checks,
	}
}

func sEqTOne(s, t int64) bool   { return s == 1 && t == 1 }
func sPlusTBig(s, t int64) bool { return s+t > 2 }
func anyST(s, t int64) bool     { return true }

// rookChecks are boxes of the family for (s,t) ∈ 1..3 × 1..3 meeting when.
func rookChecks(family string, max int, when func(s, t int64) bool) []theory.Instance {
	var out []theory.Instance
	for s := int64(1); s <= 3; s++ {
		for t := int64(1); t <= 3; t++ {
			if when(s, t) {
				out = append(out, theory.Instance{Game: family + ":s=" + itoa(s) + ",t=" + itoa(t), Piles: 2, Max: max})
			}
		}
	}
	return out
}

func itoa(v int64) string { return big.NewInt(v).String() }

func delta(n int64) int64 { return n & 1 }

// The P-sets of Theorems 9–16, ordered (x, y) for Γ_OA and Γ_OE.
func thm9a(s, t int64) rookSet { // (2n, 0), (2n+1, 2)
	return rookSet{rays: []ray{{0, 2, 0, 0}, {1, 2, 2, 0}}}
}

func thm9b(s, t int64) rookSet { // (n, δ_n(sn + (n+1)t/2)): even n on y = 0; n = 2m+1 gives (2m+1, s(2m+1) + (m+1)t)
	return rookSet{rays: []ray{{0, 2, 0, 0}, {1, 2, s + t, 2*s + t}}}
}

func thm10a(s, t int64) rookSet { // (0,1), (2n+1, 0), (2n+2, 2)
	return rookSet{rays: []ray{pt(0, 1), {1, 2, 0, 0}, {2, 2, 2, 0}}}
}

func thm10b(s, t int64) rookSet { // (n, (1−δ_n)(sn + tn/2 + 1)): odd n on y = 0; n = 2m gives (2m, 2sm + tm + 1)
	return rookSet{rays: []ray{{1, 2, 0, 0}, {0, 2, 1, 2*s + t}}}
}

func thm11(s, t int64) rookSet { // (0, 2n)
	return rookSet{rays: []ray{{0, 0, 0, 2}}, symmetric: true}
}

// Theorem 12 as printed: (0, 2n+1) and (2, 2n) with n ∈ Z⁺ (n ≥ 1).
func thm12aPrinted(s, t int64) rookSet {
	return rookSet{rays: []ray{{0, 0, 3, 2}, {2, 0, 2, 2}}, symmetric: true}
}

func thm12bPrinted(s, t int64) rookSet {
	return rookSet{rays: []ray{{0, 0, 3, 2}}, symmetric: true}
}

// Theorem 12 corrected: (0, 2n+1) with n ≥ 0, the set its proof uses.
func thm12a(s, t int64) rookSet {
	return rookSet{rays: []ray{{0, 0, 1, 2}, {2, 0, 2, 2}}, symmetric: true}
}

func thm12b(s, t int64) rookSet {
	return rookSet{rays: []ray{{0, 0, 1, 2}}, symmetric: true}
}

// refuted marks a claim found false at pos (pinned in the package tests):
// no answers, no moves.
func refuted(pos string, c *theory.Claim) *theory.Claim {
	c.Move = nil
	c.Refuted = pos
	return c
}

func thm13(s, t int64) rookSet { // (2n,0), (2n,1), (2n+1, 4n+3), (2n+1, 4n+4)
	return rookSet{rays: []ray{{0, 2, 0, 0}, {0, 2, 1, 0}, {1, 2, 3, 4}, {1, 2, 4, 4}}}
}

func thm14(s, t int64) rookSet { // (n, (s+t+1)n + 1), (n, δ_n(s+t+1)n)
	c := s + t + 1
	return rookSet{rays: []ray{{0, 1, 1, c}, {0, 2, 0, 0}, {1, 2, c, 2 * c}}}
}

func thm15(s, t int64) rookSet {
	return rookSet{rays: []ray{pt(0, 2), pt(0, 3), pt(2, 3), pt(2, 6),
		{1, 2, 0, 0}, {1, 2, 1, 0}, {4, 2, 9, 4}, {4, 2, 10, 4}}}
}

func thm16(s, t int64) rookSet {
	c := s + t + 1
	h := func(n int64) int64 { return c*n + 2 - delta(s) - t } // eq. (8), n ≥ 3
	return rookSet{rays: []ray{
		pt(0, 2), pt(0, 3), pt(1, 0), pt(1, 1), pt(2, 2*s+t+3), pt(2, 2*s+t+4), // n ∈ {0,1,2}
		{3, 1, h(3), c},         // (n, H_n), n ≥ 3
		{3, 2, 0, 0},            // odd n ≥ 3: H'_n = 0
		{4, 2, h(4) - 1, 2 * c}, // even n ≥ 4: H'_n = H_n − 1
	}}
}

// swapped is Remark 1: Γ_EO's P-positions are Γ_OE's with the piles
// exchanged.
func swapped(f func(s, t int64) rookSet) func(s, t int64) rookSet {
	return func(s, t int64) rookSet {
		rs := f(s, t)
		out := rookSet{symmetric: rs.symmetric}
		for _, l := range rs.rays {
			out.rays = append(out.rays, l.swap())
		}
		return out
	}
}

func rookClaims() []*theory.Claim {
	oaN := func(w func(s, t int64) bool) []theory.Instance { return rookChecks("wythoff-oa", 90, w) }
	ooN := func(w func(s, t int64) bool) []theory.Instance { return rookChecks("wythoff-oo", 90, w) }
	oeN := func(w func(s, t int64) bool) []theory.Instance { return rookChecks("wythoff-oe", 90, w) }
	eoN := func(w func(s, t int64) bool) []theory.Instance { return rookChecks("wythoff-eo", 60, w) }
	thm12Quote := "P = {(0, 2n + 1), (2, 2n) | n ∈ Z⁺} if s = t = 1; {(0, 2n + 1) | n ∈ Z⁺} if s + t > 2."
	thm12Note := "§1: \"By Z⁰ and Z⁺ we denote the set of nonnegative integers and positive integers respectively\", so n ≥ 1 " +
		"and (0,1) is left out; but (0,1) is a misère P-position (its only move is to (0,0), a misère N-position), " +
		"and the proof itself moves (1,1) → (0,1) (\"x = 1: move (1, y) → (0, y − 1 + δ_y)\")."
	return []*theory.Claim{
		quoted("(1) If s = t = 1, P = ∪_{n≥0} {(2n, 0), (2n + 1, 2)}.", rookClaim("002/thm-9.1", "Theorem 9(1)", "In Γ_OA with s = t = 1, P = {(2n, 0), (2n+1, 2)}",
			"wythoff-oa", grundy.QP, sEqTOne, thm9a, oaN(sEqTOne), "")),
		quoted("(2) If s + t > 2, P = ∪_{n≥0} {(A_n, B_n)}, where A_n = n, B_n = δ_n(sn + (n + 1)t/2).", rookClaim("002/thm-9.2", "Theorem 9(2)", "In Γ_OA with s + t > 2, P = {(n, δ_n(sn + (n+1)t/2))}",
			"wythoff-oa", grundy.QP, sPlusTBig, thm9b, oaN(sPlusTBig), "")),
		quoted("(1) If s = t = 1, P = (0, 1) ∪ ∪_{n≥0} {(2n + 1, 0), (2n + 2, 2)}.", rookClaim("002/thm-10.1", "Theorem 10(1)", "In Γ_OA misère with s = t = 1, P = {(0,1)} ∪ {(2n+1, 0), (2n+2, 2)}",
			"wythoff-oa", grundy.QPm, sEqTOne, thm10a, oaN(sEqTOne), "")),
		quoted("(2) If s + t > 2, P = ∪_{n≥0} {(E_n, H_n)}, where E_n = n, H_n = (1 − δ_n)(sn + tn/2 + 1).", rookClaim("002/thm-10.2", "Theorem 10(2)", "In Γ_OA misère with s + t > 2, P = {(n, (1−δ_n)(sn + tn/2 + 1))}",
			"wythoff-oa", grundy.QPm, sPlusTBig, thm10b, oaN(sPlusTBig), "")),
		quoted("Given s, t ∈ Z⁺. For Γ_OO in normal play, P = ∪_{n≥0} {(0, 2n)}.", rookClaim("002/thm-11", "Theorem 11", "In Γ_OO, P = {(0, 2n) : n ≥ 0} (and mirror images)",
			"wythoff-oo", grundy.QP, anyST, thm11, ooN(anyST), "")),
		diagnosed(diagnoseThm12, quoted(thm12Quote, refuted("0,1", rookClaim("002/thm-12.1", "Theorem 12 (s = t = 1)",
			"In Γ_OO misère with s = t = 1, P = {(0, 2n+1), (2, 2n) : n ∈ Z⁺} (n ≥ 1)",
			"wythoff-oo", grundy.QPm, sEqTOne, thm12aPrinted, ooN(sEqTOne), thm12Note)))),
		diagnosed(diagnoseThm12, quoted(thm12Quote, refuted("0,1", rookClaim("002/thm-12.2", "Theorem 12 (s + t > 2)",
			"In Γ_OO misère with s + t > 2, P = {(0, 2n+1) : n ∈ Z⁺} (n ≥ 1)",
			"wythoff-oo", grundy.QPm, sPlusTBig, thm12bPrinted, ooN(sPlusTBig), thm12Note)))),
		correction("002/thm-12.1", "lets n start at 0 in (0, 2n+1), adding (0,1); (2, 2n) keeps n ≥ 1",
			rookClaim("002/thm-12.1.corrected", "Theorem 12 (s = t = 1), corrected",
				"In Γ_OO misère with s = t = 1, P = {(0, 2n+1) : n ≥ 0} ∪ {(2, 2n) : n ≥ 1}",
				"wythoff-oo", grundy.QPm, sEqTOne, thm12a, ooN(sEqTOne),
				"The set the paper's proof uses (it moves to (0,1)).")),
		correction("002/thm-12.2", "lets n start at 0, adding (0,1)",
			rookClaim("002/thm-12.2.corrected", "Theorem 12 (s + t > 2), corrected",
				"In Γ_OO misère with s + t > 2, P = {(0, 2n+1) : n ≥ 0}",
				"wythoff-oo", grundy.QPm, sPlusTBig, thm12b, ooN(sPlusTBig),
				"The set the paper's proof uses (it moves to (0,1)).")),
		quoted("Let s = t = 1. For Γ_OE in normal play, P = ∪_{n≥0} {(2n, 0), (2n, 1), (2n + 1, 4n + 3), (2n + 1, 4n + 4)}.", rookClaim("002/thm-13", "Theorem 13", "In Γ_OE with s = t = 1, P = {(2n,0), (2n,1), (2n+1, 4n+3), (2n+1, 4n+4)}",
			"wythoff-oe", grundy.QP, sEqTOne, thm13, oeN(sEqTOne), "")),
		quoted("Let s + t > 2. For Γ_OE in normal play, P = ∪_{n≥0} {(A_n, B_n), (A_n, B'_n)}, where A_n = n, B_n = (s + t + 1)A_n + 1, B'_n = δ_n(B_n − 1).", rookClaim("002/thm-14", "Theorem 14", "In Γ_OE with s + t > 2, P = {(n, (s+t+1)n + 1), (n, δ_n(s+t+1)n)}",
			"wythoff-oe", grundy.QP, sPlusTBig, thm14, oeN(sPlusTBig), "")),
		quoted("Let s = t = 1. For Γ_OE in misère play, P = {(0, 2), (0, 3), (2, 3), (2, 6)} ∪ ∪_{n≥0} {(2n+1, 0), (2n+1, 1), (2n+4, 4n+9), (2n+4, 4n+10)}.", rookClaim("002/thm-15", "Theorem 15", "In Γ_OE misère with s = t = 1, P = {(0,2), (0,3), (2,3), (2,6)} ∪ {(2n+1,0), (2n+1,1), (2n+4, 4n+9), (2n+4, 4n+10)}",
			"wythoff-oe", grundy.QPm, sEqTOne, thm15, oeN(sEqTOne), "")),
		quoted("Let s + t > 2. For Γ_OE in misère play, … for n ≥ 3, E_n = n, H_n = (s + t + 1)E_n + 2 − δ_s − t, H'_n = (1 − δ_n)(H_n − 1).", rookClaim("002/thm-16", "Theorem 16 (with eq. (8))", "In Γ_OE misère with s + t > 2, P = {(0,2),(0,3),(1,0),(1,1),(2,2s+t+3),(2,2s+t+4)} ∪ {(n, H_n), (n, (1−δ_n)(H_n−1)) : n ≥ 3}, H_n = (s+t+1)n + 2 − δ_s − t",
			"wythoff-oe", grundy.QPm, sPlusTBig, thm16, oeN(sPlusTBig), "")),
		rookClaim("002/remark-1.13", "Remark 1 with Theorem 13", "In Γ_EO with s = t = 1, (x,y) is P iff (y,x) is P in Γ_OE (Theorem 13)",
			"wythoff-eo", grundy.QP, sEqTOne, swapped(thm13), eoN(sEqTOne), ""),
		rookClaim("002/remark-1.14", "Remark 1 with Theorem 14", "In Γ_EO with s + t > 2, (x,y) is P iff (y,x) is P in Γ_OE (Theorem 14)",
			"wythoff-eo", grundy.QP, sPlusTBig, swapped(thm14), eoN(sPlusTBig), ""),
		rookClaim("002/remark-1.15", "Remark 1 with Theorem 15", "In Γ_EO misère with s = t = 1, (x,y) is P iff (y,x) is P in Γ_OE (Theorem 15)",
			"wythoff-eo", grundy.QPm, sEqTOne, swapped(thm15), eoN(sEqTOne), ""),
		rookClaim("002/remark-1.16", "Remark 1 with Theorem 16", "In Γ_EO misère with s + t > 2, (x,y) is P iff (y,x) is P in Γ_OE (Theorem 16)",
			"wythoff-eo", grundy.QPm, sPlusTBig, swapped(thm16), eoN(sPlusTBig), ""),
	}
}

// correction makes c grundy's correction of the printed claim id.
func correction(id, change string, c *theory.Claim) *theory.Claim {
	c.Support, c.Corrects, c.Change = theory.Correction, id, change
	return c
}

func diagnosed(d func(*theory.Result) string, c *theory.Claim) *theory.Claim {
	c.Diagnose = d
	return c
}

// diagnoseThm12 names the error of Theorem 12 when (0,1) is its only
// counterexample in every box: the index set n ∈ Z⁺ leaves out n = 0.
func diagnoseThm12(res *theory.Result) string {
	for _, f := range res.Failures {
		if f.Smallest.Pos != "0,1" || f.Count != uint64(len(res.Instances)) {
			return ""
		}
	}
	return "the index set n ∈ Z⁺ omits n = 0: (0, 2·0+1) = (0,1) is a misère P-position (its only move leads to (0,0), " +
		"a misère N-position) that the printed set leaves out, in every box and nowhere else; with n ≥ 0 for (0, 2n+1) the set is exactly P"
}

func quoted(q string, c *theory.Claim) *theory.Claim {
	c.Quote = q
	return c
}

// rookMove finds a move of w from (x, y) to a point of the P-set rs by
// solving, ray by ray, the move's linear constraints for n: a single-pile
// move fixes n (or, on a horizontal or vertical ray, leaves a parity
// choice), a two-pile move bounds n by linear inequalities. The target is
// re-checked against set, rs as a formula, so a wrong constraint can only
// lose a move.
func rookMove(w games.Wythoff, rs rookSet, set *formula.Expr, p grundy.BigPosition) (grundy.BigPosition, bool) {
	x, y := p[0], p[1]
	if set.Bool(p) {
		return nil, false
	}
	rays := rs.all()
	s, t := big.NewInt(int64(w.S)), big.NewInt(int64(w.T))
	try := func(n *big.Int, l ray) (grundy.BigPosition, bool) {
		if n == nil || n.Sign() < 0 {
			return nil, false
		}
		q := grundy.BigPosition{
			new(big.Int).Add(big.NewInt(l.a0), new(big.Int).Mul(big.NewInt(l.p), n)),
			new(big.Int).Add(big.NewInt(l.b0), new(big.Int).Mul(big.NewInt(l.q), n)),
		}
		if legalBig(w, p, q) && set.Bool(q) {
			return q, true
		}
		return nil, false
	}
	for _, l := range rays {
		// Single-pile moves: keep pile j, the ray's coordinate j must match.
		for j := range 2 {
			keep, keepA0, keepStep := y, l.b0, l.q
			moveA0, moveStep, moved := l.a0, l.p, x
			if j == 1 {
				keep, keepA0, keepStep = x, l.a0, l.p
				moveA0, moveStep, moved = l.b0, l.q, y
			}
			d := new(big.Int).Sub(keep, big.NewInt(keepA0))
			if keepStep != 0 {
				if d.Sign() < 0 {
					continue
				}
				n, r := new(big.Int).DivMod(d, big.NewInt(keepStep), new(big.Int))
				if r.Sign() == 0 {
					if q, ok := try(n, l); ok {
						return q, true
					}
				}
				continue
			}
			if d.Sign() != 0 {
				continue
			}
			if moveStep == 0 {
				if q, ok := try(big.NewInt(0), l); ok {
					return q, true
				}
				continue
			}
			// The largest n with moveA0 + moveStep·n < moved, and the one
			// below for the other parity of the amount.
			hi := new(big.Int).Sub(moved, big.NewInt(moveA0+1))
			if hi.Sign() < 0 {
				continue
			}
			hi.Div(hi, big.NewInt(moveStep))
			for _, dn := range []int64{0, 1} {
				if q, ok := try(new(big.Int).Sub(hi, big.NewInt(dn)), l); ok {
					return q, true
				}
			}
		}
		// Two-pile moves: pile i loses k, the other loses l ≥ k, k ≥ 1, l < s·k + t.
		for i := range 2 {
			// k = ck − dk·n, l = cl − dl·n.
			ck, dk := new(big.Int).Sub(x, big.NewInt(l.a0)), big.NewInt(l.p)
			cl, dl := new(big.Int).Sub(y, big.NewInt(l.b0)), big.NewInt(l.q)
			if i == 1 {
				ck, dk, cl, dl = cl, dl, ck, dk
			}
			iv := interval{}
			iv.atLeast(big.NewInt(0))
			iv.ge(new(big.Int).Sub(ck, big.NewInt(1)), dk)            // k − 1 ≥ 0
			iv.ge(new(big.Int).Sub(cl, ck), new(big.Int).Sub(dl, dk)) // l − k ≥ 0
			c := new(big.Int).Mul(s, ck)                              // s·k + t − 1 − l ≥ 0
			c.Add(c, t).Sub(c, big.NewInt(1)).Sub(c, cl)
			iv.ge(c, new(big.Int).Sub(new(big.Int).Mul(s, dk), dl))
			if l.p == 0 && l.q == 0 {
				iv.atMost(big.NewInt(0))
			}
			if n, ok := iv.pick(); ok {
				if q, ok := try(n, l); ok {
					return q, true
				}
			}
		}
	}
	return nil, false
}

// interval is a set of integers n given by linear constraints.
type interval struct{ lo, hi *big.Int } // nil: unbounded

func (iv *interval) atLeast(v *big.Int) {
	if iv.lo == nil || v.Cmp(iv.lo) > 0 {
		iv.lo = v
	}
}

func (iv *interval) atMost(v *big.Int) {
	if iv.hi == nil || v.Cmp(iv.hi) < 0 {
		iv.hi = v
	}
}

// ge adds c − d·n ≥ 0.
func (iv *interval) ge(c, d *big.Int) {
	switch d.Sign() {
	case 0:
		if c.Sign() < 0 {
			iv.lo, iv.hi = big.NewInt(1), big.NewInt(0)
		}
	case 1: // n ≤ ⌊c/d⌋
		iv.atMost(new(big.Int).Div(c, d))
	default: // n ≥ ⌈c/d⌉ = ⌈−c/|d|⌉
		nd := new(big.Int).Neg(d)
		v := new(big.Int).Neg(c)
		v.Add(v, nd).Sub(v, big.NewInt(1))
		iv.atLeast(v.Div(v, nd))
	}
}

func (iv *interval) pick() (*big.Int, bool) {
	if iv.lo == nil || iv.hi != nil && iv.hi.Cmp(iv.lo) < 0 {
		return nil, false
	}
	return iv.lo, true
}

// legalBig reports whether (x, y) → q is a move of w, for piles of any
// size (the same rule as games.Wythoff.Options, in big integers).
func legalBig(w games.Wythoff, p, q grundy.BigPosition) bool {
	if q[0].Sign() < 0 || q[1].Sign() < 0 {
		return false
	}
	d0, d1 := new(big.Int).Sub(p[0], q[0]), new(big.Int).Sub(p[1], q[1])
	allows := func(a games.Amounts, n *big.Int) bool {
		kk := int64(a.K)
		mod := func(m int64) int64 { return new(big.Int).Mod(n, big.NewInt(m)).Int64() }
		switch a.Kind {
		case games.Odd:
			return mod(2) == 1
		case games.Even:
			return mod(2) == 0
		case games.Multiple:
			return mod(kk) == 0
		case games.OneMod:
			return mod(kk) == 1%kk
		case games.MinusOneMod:
			return mod(kk) == (kk-1)%kk
		}
		return true
	}
	switch {
	case d0.Sign() > 0 && d1.Sign() == 0:
		return allows(w.Single[0], d0)
	case d1.Sign() > 0 && d0.Sign() == 0:
		return allows(w.Single[1], d1)
	case d0.Sign() > 0 && d1.Sign() > 0:
		k, l := d0, d1
		if k.Cmp(l) > 0 {
			k, l = l, k
		}
		dk := big.NewInt(int64(w.DiagonalK))
		if new(big.Int).Mod(k, dk).Sign() != 0 || new(big.Int).Mod(l, dk).Sign() != 0 {
			return false
		}
		bound := new(big.Int).Mul(big.NewInt(int64(w.S)), k) // l < s·k + t
		bound.Add(bound, big.NewInt(int64(w.T)))
		return l.Cmp(bound) < 0
	}
	return false
}
