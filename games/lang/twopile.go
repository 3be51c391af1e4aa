package lang

import (
	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
)

type twoPileRuleset struct {
	*Ruleset
	mv grundy.TwoPileMoves
}

func (t twoPileRuleset) TwoPileMoves() grundy.TwoPileMoves { return t.mv }

type unitTwoPile struct {
	*Ruleset
	mv grundy.TwoPileMoves
}

func (t unitTwoPile) TwoPileMoves() grundy.TwoPileMoves { return t.mv }
func (t unitTwoPile) UnitDecrementRange(n int) (lo, hi int) {
	return unitRuleset{t.Ruleset}.UnitDecrementRange(n)
}

type twoPileCounted struct {
	*Ruleset
	mv grundy.TwoPileMoves
}

func (t twoPileCounted) TwoPileMoves() grundy.TwoPileMoves     { return t.mv }
func (t twoPileCounted) OptionCount(p grundy.Position) float64 { return t.optionCount(p) }

// twoPileMoves describes the rule on two piles as lines (grundy.TwoPile),
// when it can: each move takes from one pile an amount of a residue
// class, possibly bounded, possibly from a largest pile only; or it is
// (s,t)-Wythoff's two-pile move, written as two named amounts k and l
// from one pile and the other with the condition k <= l and
// l - k < (s-1)*k + t, both amounts any or both multiples of K.
func (c *Ruleset) twoPileMoves() (grundy.TwoPileMoves, bool) {
	r := c.rule
	var mv grundy.TwoPileMoves
	if r.MinPiles > 2 || (r.MaxPiles >= 0 && r.MaxPiles < 2) || c.grow {
		return mv, false
	}
	counts := c.countsFor(2)
	have := [2]bool{}
	largest := -1 // unknown, 0 or 1
	diagonal := false
	at := 0
	for _, cm := range c.moves {
		m := cm.m
		cnt := counts[at : at+len(m.Parts)]
		at += len(m.Parts)
		switch {
		case cm.kind == kindVectors:
			return mv, false
		case len(m.Parts) == 1 && m.Where == nil && m.Parts[0].AmountSlot < 0 && m.Parts[0].PileSlot < 0:
			pt := m.Parts[0]
			var piles []int
			switch pt.Select {
			case SelectOne:
				piles = []int{0, 1}
			case SelectEach:
				lo, hi := max(cnt[0][0], 1), cnt[0][1]
				if lo != 1 || hi < 1 {
					return mv, false
				}
				if hi >= 2 {
					return mv, false // both piles at once, unrestricted: not a line
				}
				piles = []int{0, 1}
			default:
				if pt.Largest {
					return mv, false
				}
				piles = []int{pt.Index}
			}
			l := 0
			if pt.Largest {
				l = 1
			}
			if largest >= 0 && largest != l {
				return mv, false
			}
			largest = l
			pa, ok := pileAmounts(pt.Amounts)
			if !ok {
				return mv, false
			}
			for _, i := range piles {
				if have[i] && mv.Single[i] != pa {
					return mv, false
				}
				have[i], mv.Single[i] = true, pa
			}
		case len(m.Parts) == 2 && !diagonal:
			d, ok := wythoffDiagonal(m)
			if !ok {
				return mv, false
			}
			diagonal, mv.Diagonal = true, d
		default:
			return mv, false
		}
	}
	mv.LargestOnly = largest == 1
	return mv, true
}

// pileAmounts writes s as n ≡ r (mod m), 1 ≤ n ≤ bound.
func pileAmounts(s Amounts) (grundy.PileAmounts, bool) {
	first := s.First(1)
	if s.Hi >= 0 && first > s.Hi {
		return grundy.PileAmounts{}, true // no amount: no move
	}
	if s.Lo == s.Hi {
		return grundy.PileAmounts{Modulus: s.Lo, Residue: 0, Bound: s.Lo}, true
	}
	// Lo may not cut the residue class short: its least positive member
	// must be allowed.
	if least := 1 + ((s.Res-1)%s.Mod+s.Mod)%s.Mod; s.Lo > least {
		return grundy.PileAmounts{}, false
	}
	pa := grundy.PileAmounts{Modulus: s.Mod, Residue: s.Res}
	if s.Hi > 0 {
		pa.Bound = s.Hi
	}
	return pa, true
}

// wythoffDiagonal recognizes (s,t)-Wythoff's two-pile move: both
// amounts any or both multiples of K (002 §1's Γ_K), as grundy.TwoPile
// describes it.
func wythoffDiagonal(m *BoundMove) (grundy.DiagonalMoves, bool) {
	d, s, ok := coneMove(m)
	if !ok || s.Hi >= 0 || s.Res != 0 || s.Lo > s.Mod {
		return grundy.DiagonalMoves{}, false
	}
	return d, true
}

// coneMove recognizes k from one pile and l from another with k ≤ l <
// S·k + T, both amounts of one set s (d.K is s.Mod).
func coneMove(m *BoundMove) (d grundy.DiagonalMoves, s Amounts, ok bool) {
	if len(m.Parts) != 2 {
		return d, s, false
	}
	a, b := m.Parts[0], m.Parts[1]
	for _, p := range []BoundPart{a, b} {
		if p.Select != SelectOne || p.Largest || p.AmountSlot < 0 || p.PileSlot >= 0 {
			return d, s, false
		}
	}
	s = a.Amounts
	if s != b.Amounts || s.Lo < 1 {
		return d, s, false
	}
	d, ok = cone(m, s)
	return d, s, ok
}

func cone(m *BoundMove, s Amounts) (grundy.DiagonalMoves, bool) {
	var d grundy.DiagonalMoves
	a, b := m.Parts[0], m.Parts[1]
	if m.Where == nil {
		return d, false
	}
	u, v := a.AmountSlot, b.AmountSlot
	var cons [][3]int64 // cu·u + cv·v + c ≤ 0
	for _, e := range conjuncts(m.Where) {
		x, y, ok := lhs(e)
		if !ok {
			return d, false
		}
		cu, cv, c, ok := linear2(formula.Sub(x, y), u, v)
		if !ok {
			return d, false
		}
		if e.Op == formula.OpLt {
			c++
		}
		// u ≥ c or v ≥ c with c at most the least amount: implied.
		if (cu == -1 && cv == 0 || cu == 0 && cv == -1) && c <= int64(s.First(1)) {
			continue
		}
		cons = append(cons, [3]int64{cu, cv, c})
	}
	if len(cons) != 2 {
		return d, false
	}
	for _, swap := range []bool{false, true} {
		k0, k1 := cons[0], cons[1]
		if swap {
			k0, k1 = k1, k0
		}
		for _, uv := range []bool{false, true} {
			c0, c1 := k0, k1
			if uv { // the condition names the pair the other way round
				c0[0], c0[1] = c0[1], c0[0]
				c1[0], c1[1] = c1[1], c1[0]
			}
			// k ≤ l and l − S·k − T + 1 ≤ 0.
			if c0 == [3]int64{1, -1, 0} && c1[1] == 1 && c1[0] <= -1 && c1[2] <= 0 {
				d = grundy.DiagonalMoves{S: int(-c1[0]), T: int(1 - c1[2]), K: s.Mod}
				if d.S > MaxValue || d.T > MaxValue {
					return grundy.DiagonalMoves{}, false
				}
				return d, true
			}
		}
	}
	return d, false
}

func conjuncts(e *formula.Expr) []*formula.Expr {
	if e.Op == formula.OpAnd {
		var out []*formula.Expr
		for _, a := range e.Args {
			out = append(out, conjuncts(a)...)
		}
		return out
	}
	return []*formula.Expr{e}
}

// lhs splits x < y or x ≤ y.
func lhs(e *formula.Expr) (x, y *formula.Expr, ok bool) {
	if e.Op != formula.OpLt && e.Op != formula.OpLe {
		return nil, nil, false
	}
	return e.Args[0], e.Args[1], true
}

// linear2 writes e as cu·X(u) + cv·X(v) + c, if it is linear in those
// two variables alone.
func linear2(e *formula.Expr, u, v int) (cu, cv, c int64, ok bool) {
	switch e.Op {
	case formula.OpConst:
		if !e.Const.IsInt64() {
			return 0, 0, 0, false
		}
		return 0, 0, e.Const.Int64(), true
	case formula.OpVar:
		switch e.Var {
		case u:
			return 1, 0, 0, true
		case v:
			return 0, 1, 0, true
		}
		return 0, 0, 0, false
	case formula.OpAdd, formula.OpSub:
		for i, a := range e.Args {
			au, av, ac, ok := linear2(a, u, v)
			if !ok {
				return 0, 0, 0, false
			}
			if e.Op == formula.OpSub && i == 1 {
				au, av, ac = -au, -av, -ac
			}
			cu, cv, c = cu+au, cv+av, c+ac
		}
		return cu, cv, c, true
	case formula.OpMul:
		if !e.Const.IsInt64() {
			return 0, 0, 0, false
		}
		k := e.Const.Int64()
		au, av, ac, ok := linear2(e.Args[0], u, v)
		return k * au, k * av, k * ac, ok
	}
	return 0, 0, 0, false
}
