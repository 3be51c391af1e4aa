package lang

import (
	"slices"

	"github.com/grundy/grundy"
)

// Splitting the rest (Fokkink and Rust's Splythoff, arXiv 1904.08339): a
// take move of a rule with a fixed number of piles may end with
// "splitting the rest": the tokens left in the piles the move takes from
// (those that lose at least one token) are dealt again among those same
// piles, in every way, a pile ending with any number from 0 to all of
// them. Splythoff's split — the Queen bouncing off a side — is
//
//	move take any as a from each of 2 piles, where a = smallest pile, splitting the rest
//
// from (x, y), 0 < x ≤ y: x from both piles leaves (0, y − x), dealt again
// as (t, y − x − t). A pile may end larger than it was ((1, 10) → (4, 5)),
// so such a rule's piles may grow (grundy.PilesMayGrow); the token sum
// still falls with every move.

// splitting reads the clause "splitting the rest" after a take move's
// parts (and its leaving clause), with an optional comma after it.
func (p *parser) splitting(m *Move) *Error {
	if !p.is("splitting") {
		return nil
	}
	m.SplitRestPos = p.next().pos
	for _, w := range []string{"the", "rest"} {
		if _, err := p.expect(w); err != nil {
			return err
		}
	}
	m.SplitRest = true
	if !p.is(",") || p.peekAt(1).kind != tIdent || p.peekAt(1).text != "where" {
		return nil
	}
	p.next()
	return nil
}

// splittingAfterWhere reads the clause after a condition too, as a
// sentence says it: "…, where a = smallest pile, splitting the rest".
func (p *parser) splittingAfterWhere(m *Move) *Error {
	if !p.is(",") || p.peekAt(1).kind != tIdent || p.peekAt(1).text != "splitting" {
		return nil
	}
	p.next()
	if m.SplitRest {
		return p.peek().pos.errorf(Syntax, "splitting the rest is said once in a move")
	}
	return p.splitting(m)
}

// splittingString is the clause as printed, or "".
func (m *Move) splittingString() string {
	if !m.SplitRest {
		return ""
	}
	return ", splitting the rest"
}

// splitRest checks the clause on a take move: the piles are numbered
// slots of a fixed count, so it has no meaning with piles any, and a
// leaving clause already says what becomes of the rest.
func (b *binder) splitRest(m *Move, bm *BoundMove) *Error {
	if !m.SplitRest {
		return nil
	}
	switch {
	case b.f.PilesAny:
		return errAt(m.SplitRestPos, Check, "splitting the rest deals tokens among piles that stay in place: it needs a fixed number of piles, not piles any (take-and-break says leaving … piles)")
	case m.Leave != nil:
		return errAt(m.SplitRestPos, Check, "a move either leaves its rest as piles or splits it, not both")
	}
	bm.SplitRest = true
	return nil
}

// SplitsRest reports whether a move of r splits the rest, so that a pile
// may gain tokens.
func (r *Rule) SplitsRest() bool {
	for _, m := range r.Moves {
		if m.SplitRest {
			return true
		}
	}
	return false
}

// naiveSplitRest yields every dealing of the rest of q among the piles
// take took from, as the clause means it: the piles with take[i] > 0.
func naiveSplitRest(q grundy.Position, take []int, yield func(grundy.Position) bool) bool {
	var took []int
	rest := 0
	for i, a := range take {
		if a > 0 {
			took = append(took, i)
			rest += q[i]
		}
	}
	out := slices.Clone(q)
	var deal func(k, left int) bool
	deal = func(k, left int) bool {
		if k == len(took)-1 {
			out[took[k]] = left
			return yield(slices.Clone(out))
		}
		for v := 0; v <= left; v++ {
			out[took[k]] = v
			if !deal(k+1, left-v) {
				return false
			}
		}
		return true
	}
	if len(took) == 0 {
		return yield(out)
	}
	return deal(0, rest)
}

// splitRestYield wraps the compiled generators' yield for a move that
// splits the rest: each follower q of p is dealt again over the piles
// that lost tokens, read off q itself (q[i] < p[i]), which the move's
// generator leaves in p's order.
func splitRestYield(p grundy.Position, yield func(grundy.Position) bool) func(grundy.Position) bool {
	var piles []int
	out := make(grundy.Position, len(p))
	return func(q grundy.Position) bool {
		piles = piles[:0]
		rest := 0
		for i := range q {
			if q[i] < p[i] {
				piles = append(piles, i)
				rest += q[i]
			}
		}
		copy(out, q)
		if len(piles) == 0 {
			return yield(out)
		}
		// Every composition of rest into len(piles) parts, the last
		// part taking what the others leave.
		last := len(piles) - 1
		var rec func(k, left int) bool
		rec = func(k, left int) bool {
			if k == last {
				out[piles[k]] = left
				return yield(out)
			}
			for v := left; v >= 0; v-- {
				out[piles[k]] = v
				if !rec(k+1, left-v) {
					return false
				}
			}
			return true
		}
		return rec(0, rest)
	}
}
