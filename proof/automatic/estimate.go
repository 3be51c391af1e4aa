package automatic

import (
	"math/big"

	"github.com/grundy/grundy/decide/numeration"
)

// Tracks is the most tracks (variables) of any relation a proof on n piles
// builds: a position, its follower and one more (an amount, a value or a
// temporary), 2n + 1 — as measured over the targets' constructions.
func Tracks(n int) int { return 2*n + 1 }

// bigTracks is the most tracks of an automaton that grows to the state
// bound: a position and its follower, 2n. The third kind of variable (an
// amount, a temporary) is projected away while its automata are small
// (Wythoff's move relation: 731 to 2,761 states), and the ∀∃ test of
// absorption (numeration.IncludedInProjection) keeps pairs of a state and a
// subset, not transitions.
func bigTracks(n int) int { return 2 * n }

// Calibration of EstimateBytes against measured peaks (maximum resident
// set size of `grundy prove --automata`, Go's memory limit set to the
// budget): a state of an automaton being built costs its transitions
// (4 bytes a letter) and perStateOverhead bytes of bookkeeping (its
// acceptance, the product's pair or the projection's subset and their
// index), held liveAutomata times at the peak (operands, result and
// minimization's copy), on top of baseBytes for the program and its
// small automata.
const (
	perStateOverhead = 100
	liveAutomata     = 2
	baseBytes        = 64 << 20
)

// EstimateBytes is the memory of a proof on n piles in sys when no
// automaton may have more than maxStates states: baseBytes, plus
// liveAutomata automata of maxStates states over the letters of
// bigTracks(n) tracks, each state 4 bytes a letter and perStateOverhead
// bytes of bookkeeping.
func EstimateBytes(sys numeration.System, n, maxStates int) *big.Int {
	per := perState(sys, n)
	need := new(big.Int).Mul(per, big.NewInt(int64(liveAutomata)))
	need.Mul(need, big.NewInt(int64(maxStates)))
	return need.Add(need, big.NewInt(baseBytes))
}

func perState(sys numeration.System, n int) *big.Int {
	letters := new(big.Int).Exp(big.NewInt(int64(sys.Digits())), big.NewInt(int64(bigTracks(n))), nil)
	return letters.Add(letters.Mul(letters, big.NewInt(4)), big.NewInt(perStateOverhead))
}

// maxBound caps StatesFor: states and pairs are numbered by int32.
const maxBound = 1 << 30

// StatesFor is the largest state bound whose estimate (EstimateBytes)
// fits in mem bytes, at most 2^30; 0 when not even the base fits.
func StatesFor(sys numeration.System, n int, mem uint64) int {
	room := new(big.Int).SetUint64(mem)
	room.Sub(room, big.NewInt(baseBytes))
	if room.Sign() <= 0 {
		return 0
	}
	room.Quo(room, new(big.Int).Mul(perState(sys, n), big.NewInt(int64(liveAutomata))))
	if !room.IsInt64() || room.Int64() > maxBound {
		return maxBound
	}
	return int(room.Int64())
}
