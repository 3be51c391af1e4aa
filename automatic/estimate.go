package automatic

import (
	"math/big"

	"github.com/grundy/grundy/automata"
)

// Tracks is the most tracks (variables) of any relation a proof on n piles
// builds: a position, its follower and one more (an amount, a value or a
// temporary), 2n + 1 — as measured over the targets' constructions.
func Tracks(n int) int { return 2*n + 1 }

// EstimateBytes bounds the memory of a proof on n piles in sys when no
// automaton may have more than maxStates states: at the peak a product
// or projection holds three automata (two operands and the result), each
// state a transition per letter (4 bytes; sys.Digits()^Tracks(n) letters)
// and about 64 bytes of bookkeeping (its acceptance, the product's pair
// or the projection's subset key, their index).
func EstimateBytes(sys automata.System, n, maxStates int) *big.Int {
	letters := new(big.Int).Exp(big.NewInt(int64(sys.Digits())), big.NewInt(int64(Tracks(n))), nil)
	perState := new(big.Int).Add(new(big.Int).Mul(letters, big.NewInt(4)), big.NewInt(64))
	return perState.Mul(perState, big.NewInt(3*int64(maxStates)))
}
