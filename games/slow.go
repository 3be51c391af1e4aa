package games

import (
	"fmt"

	"github.com/grundy/grundy"
)

// Slow is Slow k-Nim (000 §2): remove one token from each of between Min
// and K non-empty piles. Slow Moore's k-Nim NIM^1_{n,≤k} has Min = 1; Slow
// Exact k-Nim NIM^1_{n,=k} (000 §4, 003, 004) has Min = K.
type Slow struct {
	K     int
	Exact bool
}

func (s Slow) Name() string {
	if s.Exact {
		return fmt.Sprintf("slow-exact:k=%d", s.K)
	}
	return fmt.Sprintf("slow-moore:k=%d", s.K)
}

func (Slow) SymmetricFrom(int) int { return 0 }

func (s Slow) Validate(p grundy.Position) error { return needKPiles(p, s.K) }

// UnitDecrementRange gives the number of piles one move touches.
func (s Slow) UnitDecrementRange(int) (lo, hi int) {
	if s.Exact {
		return s.K, s.K
	}
	return 1, s.K
}

func (s Slow) Options(p grundy.Position, yield func(grundy.Position) bool) {
	lo, hi := s.UnitDecrementRange(len(p))
	reduceSubsets(p, 0, lo, hi, true, yield)
}
