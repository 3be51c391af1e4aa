package remoteness

import (
	"math/big"

	"github.com/grundy/grundy"
)

// The M-rule of paper 003 §1.2 (from Gurvich, Martynov, Maximchuk, Vyalyi,
// Integers 2024) for exact slow k-Nim with n = k+1 piles: if some pile is
// even, keep the smallest even pile and take a token from every other;
// if all are odd, keep a largest. The strict form (003 §2.1) breaks ties
// by keeping the equal pile of largest index, which keeps sorted positions
// sorted with the piles in place.

// mRuleKeep is the index of the pile the strict M-move keeps in sorted
// position p of n = k+1 piles, or −1 if p is terminal (two empty piles).
func mRuleKeep(p grundy.Position) int {
	n := len(p)
	if n < 2 || p[1] == 0 {
		return -1
	}
	for i, x := range p {
		if x%2 == 0 {
			for i+1 < n && p[i+1] == x {
				i++
			}
			return i
		}
	}
	return n - 1
}

// mRuleMove is the strict M-move from sorted p: every pile but the kept
// one loses a token. The result is sorted. It reports false at a terminal
// position.
func mRuleMove(p grundy.Position) (grundy.Position, bool) {
	q := append(grundy.Position(nil), p...)
	if !mRuleStep(q) {
		return nil, false
	}
	return q, true
}

// mRuleStep plays the strict M-move on sorted p in place, or reports false
// at a terminal position.
func mRuleStep(p grundy.Position) bool {
	j := mRuleKeep(p)
	if j < 0 {
		return false
	}
	for i := range p {
		if i != j {
			p[i]--
		}
	}
	return true
}

// mState is a sorted position in difference form: g[0] = x1 and
// g[i] = x(i+1) − x(i), with the parities of the piles. The strict M-move
// depends only on the parities and on which g[i] are zero, and changes at
// most two of the g[i] by one.
type mState struct {
	g      []*big.Int
	parity []bool // true: odd
}

func newMState(p grundy.BigPosition) mState {
	s := mState{g: make([]*big.Int, len(p)), parity: make([]bool, len(p))}
	prev := new(big.Int)
	for i, x := range p {
		s.g[i] = new(big.Int).Sub(x, prev)
		s.parity[i] = x.Bit(0) == 1
		prev = x
	}
	return s
}

// keep is mRuleKeep in difference form.
func (s mState) keep() int {
	n := len(s.g)
	if s.g[0].Sign() == 0 && s.g[1].Sign() == 0 {
		return -1
	}
	for i, odd := range s.parity {
		if !odd {
			for i+1 < n && s.g[i+1].Sign() == 0 {
				i++
			}
			return i
		}
	}
	return n - 1
}

// step applies the strict M-move keeping pile j.
func (s mState) step(j int) {
	one := big.NewInt(1)
	for i := range s.g {
		switch {
		case i == 0 && j != 0, i > 0 && j == i-1:
			s.g[i].Sub(s.g[i], one) // pile i loses a token, pile i−1 does not (or i = 0)
		case i > 0 && j == i:
			s.g[i].Add(s.g[i], one)
		}
	}
	for i := range s.parity {
		if i != j {
			s.parity[i] = !s.parity[i]
		}
	}
}

// signature is what the next move depends on.
func (s mState) signature() string {
	b := make([]byte, 2*len(s.g))
	for i := range s.g {
		b[i] = '0'
		if s.parity[i] {
			b[i] = '1'
		}
		b[len(s.g)+i] = 'z'
		if s.g[i].Sign() > 0 {
			b[len(s.g)+i] = '+'
		}
	}
	return string(b)
}

// mRuleLength is 𝓜(x) of 003 §1.2: the number of strict M-moves from
// sorted x (n ≥ 2 piles, k = n−1) to a terminal position.
//
// A move depends only on the piles' parities and on which differences
// g[i] are zero, so when that signature recurs after T moves with the
// differences shifted by d, the same T moves repeat while every g[i] with
// d[i] ≠ 0 stays positive: the simulation jumps over all such repeats at
// once. No bound on the number of simulated moves is proved here, but
// they stay few in practice (under 0.2 ms for 8 piles of 2^100 tokens,
// BenchmarkMRuleLength; TestMRuleLengthHuge); mRuleStepsLimit caps
// them, and false means the cap was hit.
func mRuleLength(x grundy.BigPosition) (*big.Int, bool) {
	if len(x) < 2 {
		return nil, false
	}
	if p, ok := x.Small(); ok {
		tokens := 0
		for _, v := range p {
			tokens += v
		}
		if tokens <= mRulePlayLimit {
			return big.NewInt(int64(mRulePlay(p))), true
		}
	}
	return mRuleJump(x)
}

// mRulePlayLimit is the most tokens for which mRuleLength plays the moves
// one by one: at most tokens/(n−1) of them, each a few machine-integer
// operations a pile, where a step of the jumping simulation costs big
// integers and a map (a check of 003's boxes spent 75% of its time there).
const mRulePlayLimit = 1 << 12

// mRulePlay counts the strict M-moves from sorted p to a terminal position
// by playing them.
func mRulePlay(p grundy.Position) int {
	q := append(grundy.Position(nil), p...)
	moves := 0
	for mRuleStep(q) {
		moves++
	}
	return moves
}

// mRuleJump is mRuleLength by the jumping simulation, for positions of
// any size.
func mRuleJump(x grundy.BigPosition) (*big.Int, bool) {
	s := newMState(x)
	n := len(x)
	total := new(big.Int)
	var history [][]*big.Int // g at every simulated step
	last := map[string][]int{}
	const tries = 4
	for step := 0; ; step++ {
		if step > mRuleStepsLimit {
			return nil, false
		}
		sig := s.signature()
		snapshot := make([]*big.Int, n)
		for i, v := range s.g {
			snapshot[i] = new(big.Int).Set(v)
		}
		history = append(history, snapshot)
		if jumped := tryJump(s, history, last[sig], total, tries); jumped {
			// The state moved; its history restarts so windows never span a jump.
			history = history[:0]
			last = map[string][]int{}
			continue
		}
		last[sig] = append(last[sig], len(history)-1)
		j := s.keep()
		if j < 0 {
			return total, true
		}
		s.step(j)
		total.Add(total, big.NewInt(1))
	}
}

// mRuleStepsLimit bounds the simulated moves of mRuleLength.
const mRuleStepsLimit = 1 << 20

// tryJump looks for an earlier step with the same signature as the last
// entry of history whose window repeats, and applies as many repeats as
// stay valid, adding their moves to total.
func tryJump(s mState, history [][]*big.Int, earlier []int, total *big.Int, tries int) bool {
	t := len(history) - 1
	now := history[t]
	for c := len(earlier) - 1; c >= 0 && c >= len(earlier)-tries; c-- {
		from := earlier[c]
		period := t - from
		var m *big.Int
		ok := true
		for i := range now {
			d := new(big.Int).Sub(now[i], history[from][i])
			if d.Sign() == 0 {
				continue
			}
			low := history[from][i]
			for u := from; u < t; u++ {
				if history[u][i].Cmp(low) < 0 {
					low = history[u][i]
				}
			}
			if low.Sign() <= 0 {
				ok = false
				break
			}
			if d.Sign() < 0 {
				// Repeat c keeps g[i] at low + c·d ≥ 1.
				q := new(big.Int).Sub(low, big.NewInt(1))
				q.Div(q, new(big.Int).Neg(d))
				if m == nil || q.Cmp(m) < 0 {
					m = q
				}
			}
		}
		if !ok || m == nil || m.Sign() == 0 {
			continue
		}
		for i := range now {
			d := new(big.Int).Sub(now[i], history[from][i])
			s.g[i].Add(s.g[i], d.Mul(d, m))
		}
		total.Add(total, new(big.Int).Mul(m, big.NewInt(int64(period))))
		return true
	}
	return false
}
