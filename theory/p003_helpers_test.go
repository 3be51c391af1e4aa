package theory

import (
	"math/big"
	"math/rand/v2"

	"github.com/grundy/grundy"
)

// Test helpers paper 004's tests still share with paper 003's, which moved
// to theory/remoteness.

func sortedCopy003(p grundy.Position) grundy.Position {
	q := append(grundy.Position(nil), p...)
	for i := 1; i < len(q); i++ {
		for j := i; j > 0 && q[j] < q[j-1]; j-- {
			q[j], q[j-1] = q[j-1], q[j]
		}
	}
	return q
}

// randBig003 is a random integer of at most bits bits.
func randBig003(rng *rand.Rand, bits int) *big.Int {
	x := new(big.Int)
	for i := 0; i < bits; i += 32 {
		x.Lsh(x, 32)
		x.Or(x, big.NewInt(int64(rng.Uint32())))
	}
	return x.Rsh(x, uint((bits+31)/32*32-bits))
}
