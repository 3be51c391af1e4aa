package lang

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/grundy/grundy"
)

// Validate reports why p is not a position of the rule, or nil.
func (r *Rule) Validate(p grundy.Position) error {
	n := len(p)
	switch {
	case r.MaxPiles == r.MinPiles && n != r.MinPiles:
		return fmt.Errorf("%s is a %d-pile game, got %s", r.File.Name, r.MinPiles, pilesWord(n))
	case n < r.MinPiles:
		return fmt.Errorf("%s needs at least %s, got %d", r.File.Name, pilesWord(r.MinPiles), n)
	case r.MaxPiles >= 0 && n > r.MaxPiles:
		return fmt.Errorf("%s allows at most %s, got %d", r.File.Name, pilesWord(r.MaxPiles), n)
	}
	return nil
}

// Naive calls yield with every follower of p, straight from the rule's
// meaning and with no cleverness: for each move, every way to give each
// part its piles (parts never share a pile; largest piles are at least as
// large as every pile outside them), every amount for each pile (a named
// amount is one number for all its part's piles), kept when the condition
// holds and the move removes at least one token. It is the reference the
// compiled ruleset is tested against; it may list a follower twice.
func (r *Rule) Naive(p grundy.Position, yield func(grundy.Position) bool) {
	if r.Breaking {
		r.naiveBreaking(p, yield)
		return
	}
	n := len(p)
	if r.naiveTerminal(p) {
		return
	}
	for _, m := range r.Moves {
		m = m.written()
		if m.PStar != nil {
			if !naivePStar(m.PStar, p, yield) {
				return
			}
			continue
		}
		if m.Parts == nil {
			for _, v := range m.Vectors {
				q := slices.Clone(p)
				ok := true
				for i := range q {
					q[i] -= v[i]
					ok = ok && q[i] >= 0
				}
				if ok && !yield(q) {
					return
				}
			}
			continue
		}
		// Every assignment of piles to parts: owner[i] is the part pile i
		// belongs to, or −1.
		owner := make([]int, n)
		k := len(m.Parts)
		var assign func(i int) bool
		assign = func(i int) bool {
			if i == n {
				return r.naiveAmounts(m, p, owner, yield)
			}
			for o := -1; o < k; o++ {
				owner[i] = o
				if !assign(i + 1) {
					return false
				}
			}
			return true
		}
		if !assign(0) {
			return
		}
	}
}

func bigInt(v int) *big.Int { return big.NewInt(int64(v)) }

// naiveAmounts checks an assignment of piles to parts and tries every
// amount on it.
func (r *Rule) naiveAmounts(m *BoundMove, p grundy.Position, owner []int, yield func(grundy.Position) bool) bool {
	n := len(p)
	for j, pt := range m.Parts {
		var mine []int
		for i, o := range owner {
			if o == j {
				mine = append(mine, i)
			}
		}
		switch pt.Select {
		case SelectIndex, SelectRole:
			if len(mine) != 1 || mine[0] != pt.Index {
				return true
			}
		default:
			lo := pt.Lo.Int([]*big.Int{bigInt(n)})
			if lo.Cmp(bigInt(len(mine))) > 0 {
				return true
			}
			if pt.Hi != nil && pt.Hi.Int([]*big.Int{bigInt(n)}).Cmp(bigInt(len(mine))) < 0 {
				return true
			}
		}
		if pt.Largest {
			for _, i := range mine {
				for o := range n {
					if owner[o] != j && p[o] > p[i] {
						return true
					}
				}
			}
		}
	}
	// Amounts: one variable per pile, or per part when the part names it.
	take := make([]int, n)
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == n {
			return r.naiveYield(m, p, owner, take, yield)
		}
		o := owner[i]
		if o < 0 {
			take[i] = 0
			return rec(i + 1)
		}
		pt := m.Parts[o]
		if pt.AmountSlot >= 0 {
			// The part's first pile chooses; the others copy it.
			for i0 := range i {
				if owner[i0] == o {
					take[i] = take[i0]
					return rec(i + 1)
				}
			}
		}
		// Every amount from 0 to the pile, filtered by the part's set; a
		// named amount is bounded by every pile of its part.
		for a := 0; a <= p[i]; a++ {
			if !pt.Amounts.Allows(a) {
				continue
			}
			take[i] = a
			if !rec(i + 1) {
				return false
			}
		}
		return true
	}
	return rec(0)
}

func (r *Rule) naiveYield(m *BoundMove, p grundy.Position, owner, take []int, yield func(grundy.Position) bool) bool {
	total := 0
	q := slices.Clone(p)
	for i, a := range take {
		if a > p[i] {
			return true // a named amount larger than one of its piles
		}
		total += a
		q[i] -= a
	}
	if total == 0 {
		return true // not a move: a move changes the position
	}
	if !naiveWhole(m, p, owner, take) {
		return true
	}
	if m.Where != nil {
		env := make([]*big.Int, len(m.Slots))
		for s, sl := range m.Slots {
			v := 0
			switch sl.Kind {
			case SlotPiles:
				v = len(p)
			case SlotTotal:
				v = total
			case SlotRole:
				v = p[sl.Index]
			case SlotAmount, SlotPile:
				for i, o := range owner {
					if o == sl.Index {
						v = map[bool]int{true: take[i], false: p[i]}[sl.Kind == SlotAmount]
						break
					}
				}
			}
			env[s] = bigInt(v)
		}
		naiveWholeSlots(m, p, owner, env)
		if !m.Where.Bool(env) {
			return true
		}
	}
	if m.SplitRest {
		return naiveSplitRest(q, take, yield)
	}
	return yield(q)
}
