package theory

import (
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
)

// Paper 002 §4 and Remark 1: the rook-type restrictions Γ_OA, Γ_OO, Γ_OE
// and Γ_EO of (s,t)-Wythoff (wythoff-oa, -oo, -oe, -eo). Positions of
// Γ_OA, Γ_OE, Γ_EO are ordered (x, y) = (first pile, second pile); those of
// Γ_OO sorted (a ≤ b). Every P-set of Theorems 9–16 is a finite union of
// arithmetic progressions on lines, {(a0 + p·n, b0 + q·n) : n ≥ 0}; that
// one description gives both the formula (for `grundy prove`) and the
// winning move, so the two cannot drift apart.

// ray002 is {(a0 + p·n, b0 + q·n) : n ≥ 0}; p = q = 0 is a single point.
type ray002 struct{ a0, p, b0, q int64 }

func pt002(a, b int64) ray002 { return ray002{a, 0, b, 0} }

func (l ray002) swap() ray002 { return ray002{l.b0, l.q, l.a0, l.p} }

// formula says (x1, x2) lies on the ray.
func (l ray002) formula() *formula.Expr { return l.formulaIn(false) }

// formulaIn is formula, leaving out x ≡ a0 (mod 2) when the caller has
// fixed the parity of x already.
func (l ray002) formulaIn(parityKnown bool) *formula.Expr {
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

// rookSet002 is the P-set a theorem gives for one ruleset: the rays as the
// paper writes them; symmetric adds the mirror images (Γ_OO, whose sorted
// pairs stand for both orders).
type rookSet002 struct {
	rays      []ray002
	symmetric bool
}

func (rs rookSet002) all() []ray002 {
	if !rs.symmetric {
		return rs.rays
	}
	out := append([]ray002(nil), rs.rays...)
	for _, l := range rs.rays {
		out = append(out, l.swap())
	}
	return out
}

// formula is the set as one formula. When every ray keeps x in one parity
// class or walks x by 1, it is an if-then-else on the parity of x, which
// `grundy prove` splits into cases (the SMT solver then needs no mod).
func (rs rookSet002) formula() *formula.Expr {
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

// rookClaim002 builds the claim of a theorem whose P-set (of play q) is
// set(s, t) for the rulesets of family with params satisfying when.
func rookClaim002(id, ref, statement, family string, q Quantity, when func(s, t int64) bool,
	set func(s, t int64) rookSet002, checks []Instance, note string) *Claim {
	f := func(r grundy.Ruleset, n int) *formula.Expr {
		s, t := int64(Param(r, "s")), int64(Param(r, "t"))
		return set(s, t).formula()
	}
	return &Claim{
		ID: id, Paper: "002", Ref: ref, Statement: statement, Family: family, Quantity: q, Support: PaperProof, Note: note,
		Applies: familyIs(family, func(r grundy.Ruleset, n int) bool {
			return n == 2 && when(int64(Param(r, "s")), int64(Param(r, "t")))
		}),
		Formula: f,
		Move: func(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
			s, t := int64(Param(r, "s")), int64(Param(r, "t"))
			return rookMove002(r.(games.Wythoff), set(s, t), p)
		},
		Checks: checks,
	}
}

func sEqTOne002(s, t int64) bool   { return s == 1 && t == 1 }
func sPlusTBig002(s, t int64) bool { return s+t > 2 }
func anyST002(s, t int64) bool     { return true }

// rookChecks002 are boxes of the family for (s,t) ∈ 1..3 × 1..3 meeting when.
func rookChecks002(family string, max int, when func(s, t int64) bool) []Instance {
	var out []Instance
	for s := int64(1); s <= 3; s++ {
		for t := int64(1); t <= 3; t++ {
			if when(s, t) {
				out = append(out, Instance{family + ":s=" + itoa002(s) + ",t=" + itoa002(t), 2, max})
			}
		}
	}
	return out
}

func itoa002(v int64) string { return big.NewInt(v).String() }

func delta002(n int64) int64 { return n & 1 }

// The P-sets of Theorems 9–16, ordered (x, y) for Γ_OA and Γ_OE.
func thm9a002(s, t int64) rookSet002 { // (2n, 0), (2n+1, 2)
	return rookSet002{rays: []ray002{{0, 2, 0, 0}, {1, 2, 2, 0}}}
}

func thm9b002(s, t int64) rookSet002 { // (n, δ_n(sn + (n+1)t/2)): even n on y = 0; n = 2m+1 gives (2m+1, s(2m+1) + (m+1)t)
	return rookSet002{rays: []ray002{{0, 2, 0, 0}, {1, 2, s + t, 2*s + t}}}
}

func thm10a002(s, t int64) rookSet002 { // (0,1), (2n+1, 0), (2n+2, 2)
	return rookSet002{rays: []ray002{pt002(0, 1), {1, 2, 0, 0}, {2, 2, 2, 0}}}
}

func thm10b002(s, t int64) rookSet002 { // (n, (1−δ_n)(sn + tn/2 + 1)): odd n on y = 0; n = 2m gives (2m, 2sm + tm + 1)
	return rookSet002{rays: []ray002{{1, 2, 0, 0}, {0, 2, 1, 2*s + t}}}
}

func thm11002(s, t int64) rookSet002 { // (0, 2n)
	return rookSet002{rays: []ray002{{0, 0, 0, 2}}, symmetric: true}
}

// Theorem 12 as printed: (0, 2n+1) and (2, 2n) with n ∈ Z⁺ (n ≥ 1).
func thm12aPrinted002(s, t int64) rookSet002 {
	return rookSet002{rays: []ray002{{0, 0, 3, 2}, {2, 0, 2, 2}}, symmetric: true}
}

func thm12bPrinted002(s, t int64) rookSet002 {
	return rookSet002{rays: []ray002{{0, 0, 3, 2}}, symmetric: true}
}

// Theorem 12 corrected: (0, 2n+1) with n ≥ 0, the set its proof uses.
func thm12a002(s, t int64) rookSet002 {
	return rookSet002{rays: []ray002{{0, 0, 1, 2}, {2, 0, 2, 2}}, symmetric: true}
}

func thm12b002(s, t int64) rookSet002 {
	return rookSet002{rays: []ray002{{0, 0, 1, 2}}, symmetric: true}
}

// refuted002 marks a claim found false at pos (pinned in p002_test.go):
// no answers, no moves.
func refuted002(pos string, c *Claim) *Claim {
	c.Move = nil
	c.Refuted = pos
	return c
}

func thm13002(s, t int64) rookSet002 { // (2n,0), (2n,1), (2n+1, 4n+3), (2n+1, 4n+4)
	return rookSet002{rays: []ray002{{0, 2, 0, 0}, {0, 2, 1, 0}, {1, 2, 3, 4}, {1, 2, 4, 4}}}
}

func thm14002(s, t int64) rookSet002 { // (n, (s+t+1)n + 1), (n, δ_n(s+t+1)n)
	c := s + t + 1
	return rookSet002{rays: []ray002{{0, 1, 1, c}, {0, 2, 0, 0}, {1, 2, c, 2 * c}}}
}

func thm15002(s, t int64) rookSet002 {
	return rookSet002{rays: []ray002{pt002(0, 2), pt002(0, 3), pt002(2, 3), pt002(2, 6),
		{1, 2, 0, 0}, {1, 2, 1, 0}, {4, 2, 9, 4}, {4, 2, 10, 4}}}
}

func thm16002(s, t int64) rookSet002 {
	c := s + t + 1
	h := func(n int64) int64 { return c*n + 2 - delta002(s) - t } // eq. (8), n ≥ 3
	return rookSet002{rays: []ray002{
		pt002(0, 2), pt002(0, 3), pt002(1, 0), pt002(1, 1), pt002(2, 2*s+t+3), pt002(2, 2*s+t+4), // n ∈ {0,1,2}
		{3, 1, h(3), c},         // (n, H_n), n ≥ 3
		{3, 2, 0, 0},            // odd n ≥ 3: H'_n = 0
		{4, 2, h(4) - 1, 2 * c}, // even n ≥ 4: H'_n = H_n − 1
	}}
}

// swapped002 is Remark 1: Γ_EO's P-positions are Γ_OE's with the piles
// exchanged.
func swapped002(f func(s, t int64) rookSet002) func(s, t int64) rookSet002 {
	return func(s, t int64) rookSet002 {
		rs := f(s, t)
		out := rookSet002{symmetric: rs.symmetric}
		for _, l := range rs.rays {
			out.rays = append(out.rays, l.swap())
		}
		return out
	}
}

func init() {
	oaN := func(w func(s, t int64) bool) []Instance { return rookChecks002("wythoff-oa", 90, w) }
	ooN := func(w func(s, t int64) bool) []Instance { return rookChecks002("wythoff-oo", 90, w) }
	oeN := func(w func(s, t int64) bool) []Instance { return rookChecks002("wythoff-oe", 90, w) }
	eoN := func(w func(s, t int64) bool) []Instance { return rookChecks002("wythoff-eo", 60, w) }
	register(
		rookClaim002("002/thm-9.1", "Theorem 9(1)", "In Γ_OA with s = t = 1, P = {(2n, 0), (2n+1, 2)}",
			"wythoff-oa", QP, sEqTOne002, thm9a002, oaN(sEqTOne002), ""),
		rookClaim002("002/thm-9.2", "Theorem 9(2)", "In Γ_OA with s + t > 2, P = {(n, δ_n(sn + (n+1)t/2))}",
			"wythoff-oa", QP, sPlusTBig002, thm9b002, oaN(sPlusTBig002), ""),
		rookClaim002("002/thm-10.1", "Theorem 10(1)", "In Γ_OA misère with s = t = 1, P = {(0,1)} ∪ {(2n+1, 0), (2n+2, 2)}",
			"wythoff-oa", QPm, sEqTOne002, thm10a002, oaN(sEqTOne002), ""),
		rookClaim002("002/thm-10.2", "Theorem 10(2)", "In Γ_OA misère with s + t > 2, P = {(n, (1−δ_n)(sn + tn/2 + 1))}",
			"wythoff-oa", QPm, sPlusTBig002, thm10b002, oaN(sPlusTBig002), ""),
		rookClaim002("002/thm-11", "Theorem 11", "In Γ_OO, P = {(0, 2n)} (and mirror images)",
			"wythoff-oo", QP, anyST002, thm11002, ooN(anyST002), ""),
		refuted002("0,1", rookClaim002("002/thm-12.1", "Theorem 12 (s = t = 1), as printed",
			"In Γ_OO misère with s = t = 1, P = {(0, 2n+1), (2, 2n) : n ∈ Z⁺}",
			"wythoff-oo", QPm, sEqTOne002, thm12aPrinted002, ooN(sEqTOne002),
			"Finding: with n ∈ Z⁺ (n ≥ 1, 002 §1) the set leaves out (0,1), whose only move is to the misère "+
				"N-position (0,0), so (0,1) is P; the proof itself moves (0,2) → (0,1) and (1,2) → (0,1). "+
				"002/thm-12.1.corrected reads (0, 2n+1) with n ≥ 0 and passes.")),
		refuted002("0,1", rookClaim002("002/thm-12.2", "Theorem 12 (s + t > 2), as printed",
			"In Γ_OO misère with s + t > 2, P = {(0, 2n+1) : n ∈ Z⁺}",
			"wythoff-oo", QPm, sPlusTBig002, thm12bPrinted002, ooN(sPlusTBig002),
			"Finding: as for 002/thm-12.1, (0,1) is missing; 002/thm-12.2.corrected reads n ≥ 0 and passes.")),
		rookClaim002("002/thm-12.1.corrected", "Theorem 12 (s = t = 1), with n ≥ 0 for (0, 2n+1)",
			"In Γ_OO misère with s = t = 1, P = {(0, 2n+1) : n ≥ 0} ∪ {(2, 2n) : n ≥ 1}",
			"wythoff-oo", QPm, sEqTOne002, thm12a002, ooN(sEqTOne002),
			"The set the paper's proof establishes (it uses (0,1) ∈ P); see 002/thm-12.1."),
		rookClaim002("002/thm-12.2.corrected", "Theorem 12 (s + t > 2), with n ≥ 0",
			"In Γ_OO misère with s + t > 2, P = {(0, 2n+1) : n ≥ 0}",
			"wythoff-oo", QPm, sPlusTBig002, thm12b002, ooN(sPlusTBig002),
			"The set the paper's proof establishes (it uses (0,1) ∈ P); see 002/thm-12.2."),
		rookClaim002("002/thm-13", "Theorem 13", "In Γ_OE with s = t = 1, P = {(2n,0), (2n,1), (2n+1, 4n+3), (2n+1, 4n+4)}",
			"wythoff-oe", QP, sEqTOne002, thm13002, oeN(sEqTOne002), ""),
		rookClaim002("002/thm-14", "Theorem 14", "In Γ_OE with s + t > 2, P = {(n, (s+t+1)n + 1), (n, δ_n(s+t+1)n)}",
			"wythoff-oe", QP, sPlusTBig002, thm14002, oeN(sPlusTBig002), ""),
		rookClaim002("002/thm-15", "Theorem 15", "In Γ_OE misère with s = t = 1, P = {(0,2), (0,3), (2,3), (2,6)} ∪ {(2n+1,0), (2n+1,1), (2n+4, 4n+9), (2n+4, 4n+10)}",
			"wythoff-oe", QPm, sEqTOne002, thm15002, oeN(sEqTOne002), ""),
		rookClaim002("002/thm-16", "Theorem 16 (with eq. (8))", "In Γ_OE misère with s + t > 2, P = {(0,2),(0,3),(1,0),(1,1),(2,2s+t+3),(2,2s+t+4)} ∪ {(n, H_n), (n, (1−δ_n)(H_n−1)) : n ≥ 3}, H_n = (s+t+1)n + 2 − δ_s − t",
			"wythoff-oe", QPm, sPlusTBig002, thm16002, oeN(sPlusTBig002), ""),
		rookClaim002("002/remark-1.13", "Remark 1 with Theorem 13", "In Γ_EO with s = t = 1, (x,y) is P iff (y,x) is P in Γ_OE (Theorem 13)",
			"wythoff-eo", QP, sEqTOne002, swapped002(thm13002), eoN(sEqTOne002), ""),
		rookClaim002("002/remark-1.14", "Remark 1 with Theorem 14", "In Γ_EO with s + t > 2, (x,y) is P iff (y,x) is P in Γ_OE (Theorem 14)",
			"wythoff-eo", QP, sPlusTBig002, swapped002(thm14002), eoN(sPlusTBig002), ""),
		rookClaim002("002/remark-1.15", "Remark 1 with Theorem 15", "In Γ_EO misère with s = t = 1, (x,y) is P iff (y,x) is P in Γ_OE (Theorem 15)",
			"wythoff-eo", QPm, sEqTOne002, swapped002(thm15002), eoN(sEqTOne002), ""),
		rookClaim002("002/remark-1.16", "Remark 1 with Theorem 16", "In Γ_EO misère with s + t > 2, (x,y) is P iff (y,x) is P in Γ_OE (Theorem 16)",
			"wythoff-eo", QPm, sPlusTBig002, swapped002(thm16002), eoN(sPlusTBig002), ""),
	)
}

// rookMove002 finds a move of w from (x, y) to a point of the P-set rs by
// solving, ray by ray, the move's linear constraints for n: a single-pile
// move fixes n (or, on a horizontal or vertical ray, leaves a parity
// choice), a two-pile move bounds n by linear inequalities. The target is
// re-checked against rs, so a wrong constraint can only lose a move.
func rookMove002(w games.Wythoff, rs rookSet002, p grundy.BigPosition) (grundy.BigPosition, bool) {
	x, y := p[0], p[1]
	set := rs.formula()
	if set.Bool(p) {
		return nil, false
	}
	rays := rs.all()
	s, t := big.NewInt(int64(w.S)), big.NewInt(int64(w.T))
	try := func(n *big.Int, l ray002) (grundy.BigPosition, bool) {
		if n == nil || n.Sign() < 0 {
			return nil, false
		}
		q := grundy.BigPosition{
			new(big.Int).Add(big.NewInt(l.a0), new(big.Int).Mul(big.NewInt(l.p), n)),
			new(big.Int).Add(big.NewInt(l.b0), new(big.Int).Mul(big.NewInt(l.q), n)),
		}
		if legalBig002(w, p, q) && set.Bool(q) {
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
			iv := interval002{}
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

// interval002 is a set of integers n given by linear constraints.
type interval002 struct{ lo, hi *big.Int } // nil: unbounded

func (iv *interval002) atLeast(v *big.Int) {
	if iv.lo == nil || v.Cmp(iv.lo) > 0 {
		iv.lo = v
	}
}

func (iv *interval002) atMost(v *big.Int) {
	if iv.hi == nil || v.Cmp(iv.hi) < 0 {
		iv.hi = v
	}
}

var empty002 = big.NewInt(-1)

// ge adds c − d·n ≥ 0.
func (iv *interval002) ge(c, d *big.Int) {
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

func (iv *interval002) pick() (*big.Int, bool) {
	if iv.lo == nil || iv.hi != nil && iv.hi.Cmp(iv.lo) < 0 {
		return nil, false
	}
	return iv.lo, true
}

// legalBig002 reports whether (x, y) → q is a move of w, for piles of any
// size (the same rule as games.Wythoff.Options, in big integers).
func legalBig002(w games.Wythoff, p, q grundy.BigPosition) bool {
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
