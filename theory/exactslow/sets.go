package exactslow

import (
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// exactK applies to slow-exact with k = K and n piles.
func exactK(k, n int) func(grundy.Ruleset, int) bool {
	return theory.On("slow-exact", func(s games.Spec, m int) bool { return m == n && s.K == k })
}

func piles(n int) []*formula.Expr {
	x := make([]*formula.Expr, n)
	for i := range x {
		x[i] = formula.X(i)
	}
	return x
}

// totalMod is the subgame Nim[j]: total ≡ j (mod k).
func totalMod(k, j int64) func(grundy.Ruleset, int) *formula.Expr {
	return func(_ grundy.Ruleset, n int) *formula.Expr {
		return formula.Eq(formula.Mod(formula.Add(piles(n)...), k), formula.C(j))
	}
}

// parityVectors holds iff the parity vector of x is one of vs (a string
// of 'e' and 'o' each).
func parityVectors(x []*formula.Expr, vs ...string) *formula.Expr {
	var alts []*formula.Expr
	for _, v := range vs {
		var conj []*formula.Expr
		for i, c := range v {
			if c == 'e' {
				conj = append(conj, formula.Even(x[i]))
			} else {
				conj = append(conj, formula.Odd(x[i]))
			}
		}
		alts = append(alts, formula.And(conj...))
	}
	return formula.Or(alts...)
}

func thm1Set(x []*formula.Expr) *formula.Expr {
	return parityVectors(x, "eeoooo", "ooeeoo", "ooooee", "eeeeee")
}

// eqs2Set is E(x): equations (2) of 004.
func eqs2Set(x []*formula.Expr) *formula.Expr {
	return formula.And(
		formula.Even(formula.Sub(x[1], x[0])),
		formula.Even(formula.Sub(x[3], x[2])),
		formula.Even(formula.Sub(formula.Sub(x[4], x[3]), x[0])))
}

// thm2Set is the set P of Theorem 2 (meant for odd totals).
func thm2Set(x []*formula.Expr) *formula.Expr {
	n := formula.Add(x...)
	r := formula.Sub(formula.Add(x[0], x[3]), x[4])
	s := formula.Sub(formula.Add(x[0], x[2], x[5]), formula.Add(x[1], x[3], x[4]))
	u := formula.Add(formula.Sub(s, formula.Mul(2, r)), formula.C(1))
	t := formula.Min(s, u)
	zero := formula.C(0)
	e := eqs2Set(x)
	f := formula.Even(formula.Sub(x[3], x[2]))
	k := formula.Eq(formula.Mod(n, 4), formula.C(1))
	return formula.Or(
		formula.And(e, formula.Gt(t, zero)),
		formula.And(k, f, formula.Eq(t, zero)),
		formula.And(k, formula.Lt(t, zero)))
}

func cor1Set(y []*formula.Expr) *formula.Expr {
	return parityVectors(y, "eoooo", "eeeee")
}

// cor2Set is Corollary 2's set (meant for odd totals): T' = s'.
func cor2Set(y []*formula.Expr) *formula.Expr {
	t := formula.Sub(formula.Add(y[1], y[4]), formula.Add(y[0], y[2], y[3]))
	k := formula.Eq(formula.Mod(formula.Add(y...), 4), formula.C(1))
	e := formula.And(formula.Even(y[0]), formula.Even(formula.Sub(y[2], y[1])), formula.Even(formula.Sub(y[3], y[2])))
	zero := formula.C(0)
	return formula.Or(formula.And(formula.Lt(t, zero), k), formula.And(formula.Gt(t, zero), e))
}

func thm1Formula(_ grundy.Ruleset, n int) *formula.Expr { return thm1Set(piles(n)) }
func eq2Formula(_ grundy.Ruleset, n int) *formula.Expr  { return eqs2Set(piles(n)) }
func thm2Formula(_ grundy.Ruleset, n int) *formula.Expr { return thm2Set(piles(n)) }
func cor1Formula(_ grundy.Ruleset, n int) *formula.Expr { return cor1Set(piles(n)) }
func cor2Formula(_ grundy.Ruleset, n int) *formula.Expr { return cor2Set(piles(n)) }

// pSet6Formula is the whole P-set of Nim^1_{6,=2} by Theorems 1 and 2,
// at piles x.
func pSet6Formula(x []*formula.Expr) *formula.Expr {
	even := formula.Even(formula.Add(x...))
	return formula.Or(formula.And(even, thm1Set(x)), formula.And(formula.Not(even), thm2Set(x)))
}

// pSet5Formula is the whole P-set of Nim^1_{5,=2} by Corollaries 1–2.
func pSet5Formula(y []*formula.Expr) *formula.Expr {
	even := formula.Even(formula.Add(y...))
	return formula.Or(formula.And(even, cor1Set(y)), formula.And(formula.Not(even), cor2Set(y)))
}

type shiftSpec struct {
	id, ref string
	y       []int64
	piles   int
	set     func(x []*formula.Expr) *formula.Expr
	max     int
}

// shiftClaim is "y is a P-shift" read at p = x + y: p is a P-position iff
// the theorems put x = p − y in P, wherever x is a sorted position.
func shiftClaim(s shiftSpec) *theory.Claim {
	back := func(n int) []*formula.Expr {
		x := piles(n)
		for i := range x {
			x[i] = formula.Sub(x[i], formula.C(s.y[i]))
		}
		return x
	}
	domain := func(_ grundy.Ruleset, n int) *formula.Expr {
		if n != s.piles {
			return nil
		}
		x := back(n)
		conj := []*formula.Expr{formula.Ge(x[0], formula.C(0))}
		for i := 1; i < n; i++ {
			conj = append(conj, formula.Le(x[i-1], x[i]))
		}
		return formula.And(conj...)
	}
	f := func(_ grundy.Ruleset, n int) *formula.Expr {
		if n != s.piles {
			return nil
		}
		return s.set(back(n))
	}
	return &theory.Claim{
		ID: s.id, Paper: "004", Ref: s.ref,
		Statement: "y = " + vecString(s.y) + " is a P-shift of Nim^1_{" + string(rune('0'+s.piles)) +
			",=2}: x + y is a P-position iff x is (x read by the paper's formulas)",
		Family: "slow-exact", Quantity: grundy.QP, Support: theory.PaperProof,
		Note: "Checked at p = x + y against the formulas' verdict at x, so it tests the shift " +
			"on the exhaustive P-set given the theorems.",
		Applies: exactK(2, s.piles),
		Domain:  domain, Formula: f,
		Eval:   domainEvalCached(domain, f),
		Checks: []theory.Instance{box("slow-exact:k=2", s.piles, s.max)},
	}
}

func vecString(y []int64) string {
	s := "("
	for i, v := range y {
		if i > 0 {
			s += ","
		}
		s += big.NewInt(v).String()
	}
	return s + ")"
}

// moveWithin finds a move of a slow ruleset from p (inside domain) to a
// position of set, trying each of its at most 2^n moves: polynomial in
// the bit length. The set's formula is a P-set, so any such move wins.
func moveWithin(domain, set func(grundy.Ruleset, int) *formula.Expr) func(grundy.Ruleset, grundy.BigPosition) (grundy.BigPosition, bool) {
	return func(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool) {
		d, f := domain(r, len(p)), set(r, len(p))
		if d == nil || f == nil || !d.Bool(p) || f.Bool(p) {
			return nil, false
		}
		ud, ok := r.(grundy.UnitDecrements)
		if !ok {
			return nil, false
		}
		lo, hi := ud.UnitDecrementRange(len(p))
		var found grundy.BigPosition
		for k := lo; k <= hi && found == nil; k++ {
			eachExactMove(p, k, func(q grundy.BigPosition) bool {
				if f.Bool(q) {
					found = q
					return false
				}
				return true
			})
		}
		return found, found != nil
	}
}

// eachExactMove calls yield with every sorted position reached from
// sorted p by removing one token from each of exactly k non-empty piles,
// until yield returns false.
func eachExactMove(p grundy.BigPosition, k int, yield func(grundy.BigPosition) bool) {
	n := len(p)
	chosen := make([]bool, n)
	var rec func(i, left int) bool
	rec = func(i, left int) bool {
		if left == 0 {
			q := make(grundy.BigPosition, n)
			for j := range p {
				q[j] = new(big.Int).Set(p[j])
				if chosen[j] {
					q[j].Sub(q[j], big.NewInt(1))
				}
			}
			sortBig(q)
			return yield(q)
		}
		if n-i < left {
			return true
		}
		if p[i].Sign() > 0 {
			chosen[i] = true
			if !rec(i+1, left-1) {
				return false
			}
			chosen[i] = false
		}
		return rec(i+1, left)
	}
	rec(0, k)
}

func sortBig(q grundy.BigPosition) {
	for i := 1; i < len(q); i++ {
		for j := i; j > 0 && q[j].Cmp(q[j-1]) < 0; j-- {
			q[j], q[j-1] = q[j-1], q[j]
		}
	}
}

// kOf is the k of the site's ruleset.
func kOf(s *theory.Site) int { return games.SpecOf(s.Ruleset).K }
