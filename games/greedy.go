package games

import (
	"fmt"

	"github.com/grundy/grundy"
)

// Bounded is Bounded Nim (001 §3, after Schwartz): remove between 1 and K
// tokens from one pile.
type Bounded struct{ K int }

func (b Bounded) Name() string                   { return fmt.Sprintf("bounded-nim:k=%d", b.K) }
func (Bounded) SymmetricFrom(int) int            { return 0 }
func (Bounded) Validate(p grundy.Position) error { return needPiles(p, 1) }

func (b Bounded) Options(p grundy.Position, yield func(grundy.Position) bool) {
	q := append(grundy.Position(nil), p...)
	for i, x := range p {
		for t := 1; t <= b.K && t <= x; t++ {
			q[i] = x - t
			if !yield(q) {
				return
			}
		}
		q[i] = x
	}
}

// Greedy is Greedy Nim (001 §3) when K = 0, and k-Bounded Greedy Nim
// (001 §1) otherwise: remove any positive number of tokens, at most K when
// K > 0, from a largest pile.
type Greedy struct{ K int }

func (g Greedy) Name() string {
	if g.K == 0 {
		return "greedy-nim"
	}
	return fmt.Sprintf("bounded-greedy:k=%d", g.K)
}

func (Greedy) SymmetricFrom(int) int            { return 0 }
func (Greedy) Validate(p grundy.Position) error { return needPiles(p, 1) }

func (g Greedy) Options(p grundy.Position, yield func(grundy.Position) bool) {
	big := 0
	for i, x := range p {
		if x > p[big] {
			big = i
		}
	}
	// All largest piles are alike, so one of them gives every follower.
	x := p[big]
	limit := x
	if g.K > 0 && g.K < limit {
		limit = g.K
	}
	q := append(grundy.Position(nil), p...)
	for t := 1; t <= limit; t++ {
		q[big] = x - t
		if !yield(q) {
			return
		}
	}
}

// TwoPileMoves describes Bounded Nim on two piles: 1..K tokens from
// either pile.
func (b Bounded) TwoPileMoves() grundy.TwoPileMoves {
	a := grundy.PileAmounts{Modulus: 1, Bound: b.K}
	return grundy.TwoPileMoves{Single: [2]grundy.PileAmounts{a, a}}
}

// TwoPileMoves describes (Bounded) Greedy Nim on two piles: from a
// largest pile, any amount, or 1..K when K > 0.
func (g Greedy) TwoPileMoves() grundy.TwoPileMoves {
	a := grundy.PileAmounts{Modulus: 1, Bound: g.K}
	return grundy.TwoPileMoves{Single: [2]grundy.PileAmounts{a, a}, LargestOnly: true}
}
