package symbolic

import (
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games/lang"
)

// wholeSlots gives the whole-position slots of a rule's move their terms
// for one assignment of piles to parts (owner[i] −1: no part): the sums,
// least and greatest pile, and each quantifier unfolded into the
// conjunction (for every) or disjunction (for some) of its condition over
// the piles no part selects, all Presburger once the piles are counted.
func wholeSlots(m *lang.BoundMove, x []*formula.Expr, owner []int, slotVal []*formula.Expr) {
	var other []int
	for i, o := range owner {
		if o < 0 {
			other = append(other, i)
		}
	}
	for s, sl := range m.Slots {
		switch sl.Kind {
		case lang.SlotSum:
			slotVal[s] = formula.Add(x...)
		case lang.SlotSumOther:
			terms := []*formula.Expr{formula.C(0)}
			for _, i := range other {
				terms = append(terms, x[i])
			}
			slotVal[s] = formula.Add(terms...)
		case lang.SlotSmallest:
			slotVal[s] = formula.Min(x...)
		case lang.SlotLargest:
			slotVal[s] = formula.Max(x...)
		}
	}
	for _, q := range m.Quants {
		var each []*formula.Expr
		for _, i := range other {
			slotVal[q.Var] = x[i]
			each = append(each, Subst(q.Cond, slotVal))
		}
		holds := formula.Or(each...)
		if q.Every {
			holds = formula.And(each...)
		}
		slotVal[q.Slot] = formula.Ite(holds, formula.C(1), formula.C(0))
	}
}
