package games

import "github.com/grundy/grundy"

// Nim is Bouton's game (000 §1.1): reduce one pile by any positive amount.
type Nim struct{}

func (Nim) Name() string                     { return "nim" }
func (Nim) Validate(p grundy.Position) error { return needPiles(p, 1) }
func (Nim) SymmetricFrom(int) int            { return 0 }

// OptionCount is the number of options Options yields, the sum of the
// piles: estimators need not list a million of them to count them.
func (Nim) OptionCount(p grundy.Position) float64 {
	var n float64
	for _, x := range p {
		n += float64(x)
	}
	return n
}

func (Nim) Options(p grundy.Position, yield func(grundy.Position) bool) {
	q := append(grundy.Position(nil), p...)
	for i, x := range p {
		for v := x - 1; v >= 0; v-- {
			q[i] = v
			if !yield(q) {
				return
			}
		}
		q[i] = x
	}
}

// TwoPileMoves describes Nim on two piles as lines, any amount from
// either pile, so that the two-pile line solver answers a two-pile value
// in O(X·Y) steps instead of a search through each position's X+Y
// followers (value nim 3000,3005 took minutes by search).
func (Nim) TwoPileMoves() grundy.TwoPileMoves {
	return grundy.TwoPileMoves{Single: [2]grundy.PileAmounts{{Modulus: 1}, {Modulus: 1}}}
}
