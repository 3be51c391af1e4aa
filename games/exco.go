package games

import (
	"fmt"

	"github.com/grundy/grundy"
)

// ExcoNim is Exco-Nim (000 §1.3, from [3] there): on (x0, x1, ..., xn),
// reduce x0 (possibly by nothing) together with at most n−1 of x1..xn,
// removing at least one token in all. The piles x1..xn are
// interchangeable; x0 is distinguished.
type ExcoNim struct{}

func (ExcoNim) Name() string          { return "exco-nim" }
func (ExcoNim) SymmetricFrom(int) int { return 1 }

func (ExcoNim) Validate(p grundy.Position) error {
	if len(p) < 2 {
		return fmt.Errorf("exco-nim needs a pile x0 and at least one more pile, got %s", pileCount(len(p)))
	}
	return nil
}

// OptionCount is the number of options of p: x0 kept with 1..n−1 others
// reduced, or lowered to any of its x0 smaller values with 0..n−1 others.
func (ExcoNim) OptionCount(p grundy.Position) float64 {
	n := len(p) - 1
	if n < 1 {
		return 0
	}
	return reduceSubsetsCount(p, 1, 1, n-1) + float64(p[0])*reduceSubsetsCount(p, 1, 0, n-1)
}

func (ExcoNim) Options(p grundy.Position, yield func(grundy.Position) bool) {
	n := len(p) - 1
	q := append(grundy.Position(nil), p...)
	for v := p[0]; v >= 0; v-- {
		q[0] = v
		lo := 0
		if v == p[0] {
			lo = 1 // x0 untouched: some other pile must lose a token
		}
		if !reduceSubsets(q, 1, lo, n-1, false, yield) {
			return
		}
	}
}
