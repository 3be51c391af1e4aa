package numeration

import (
	"errors"
	"fmt"
	"math/big"
)

// A Learner infers the minimal automaton of a set of k-tuples from
// membership answers on a box, by Myhill–Nerode: two prefixes lead to the
// same state when they agree on every suffix the box can test. Words
// whose values all stay below the box bound (length ≤ MaxLen) are asked;
// a prefix is a state of length ≤ PrefixLen, told apart by suffixes of
// length ≤ MaxLen − PrefixLen (Angluin's observation table with a bounded
// teacher).
type Learner struct {
	Sys    System
	Tracks int
	// Member answers whether the tuple is in the set; it is asked about
	// tuples below Bound, and about prefixes followed by Experiments.
	Member func(xs []int64) bool
	Bound  int64 // every value asked is < Bound, but for Experiments
	// MaxStates stops the learner (0: 64).
	MaxStates int
	// Experiments are suffixes that tell prefixes apart beside those the
	// box allows: the suffixes of counterexamples (Maler and Pnueli's
	// treatment of Angluin's equivalence queries), so that a hypothesis
	// refuted beyond the box is refined by the words that refute it.
	// Words whose values pass 2^62 are not asked.
	Experiments [][]int
}

// ErrNoFit says no automaton within the learner's limits fits the box.
var ErrNoFit = fmt.Errorf("no automaton fits")

// Learn returns the hypothesis automaton (minimal, restricted to valid
// tuples), or ErrNoFit with the reason.
func (l *Learner) Learn() (*DFA, error) {
	sys, k := l.Sys, l.Tracks
	d := sys.Digits()
	maxStates := l.MaxStates
	if maxStates == 0 {
		maxStates = 64
	}
	us := sys.Place(64)
	maxLen := 0
	for maxLen+1 < len(us) && us[maxLen+1].Cmp(big.NewInt(l.Bound)) <= 0 {
		maxLen++
	}
	// Words of length maxLen have values < u_maxLen ≤ Bound.
	if maxLen < 4 {
		return nil, fmt.Errorf("%w: the box is too small for %s (words of %d digits)", ErrNoFit, sys, maxLen)
	}
	L := pow(d, k)
	valid, err := sys.ValidTracks(k)
	if err != nil {
		return nil, err
	}
	// Places up to the longest word asked: a prefix of up to maxLen
	// digits and the longest experiment, while they stay below 2^62 / d.
	longest := 0
	for _, e := range l.Experiments {
		longest = max(longest, len(e))
	}
	var place []int64
	for _, u := range sys.Place(maxLen + longest + 1) {
		if u.BitLen() > 62-bitLen(d) {
			break
		}
		place = append(place, u.Int64())
	}
	member := func(w []int) bool {
		if !valid.Accepts(w) {
			return false
		}
		xs := make([]int64, k)
		for j, letter := range w {
			for i, dg := range Unpack(letter, d, k) {
				xs[i] += int64(dg) * place[len(w)-1-j]
			}
		}
		return l.Member(xs)
	}
	var experiments [][]int
	asked := l.Bound // every value asked is below it
	for _, e := range l.Experiments {
		if len(e)+maxLen < len(place) {
			experiments = append(experiments, e)
			asked = max(asked, place[len(e)+maxLen])
		}
	}
	// States deeper than half the digits are told apart by shorter
	// suffixes: try longer prefixes when the states do not fit.
	var lastErr error
	for prefixLen := (maxLen + 1) / 2; prefixLen < maxLen; prefixLen++ {
		a, err := l.learn(valid, member, L, prefixLen, maxLen-prefixLen, maxStates, experiments, asked)
		if err == nil || !errors.Is(err, ErrDeep) {
			return a, err
		}
		lastErr = err
	}
	return nil, lastErr
}

// ErrDeep marks a hypothesis whose states need longer prefixes than the
// box allows: a larger Bound may fit.
var ErrDeep = fmt.Errorf("%w", ErrNoFit)

func bitLen(d int) int {
	n := 0
	for ; d > 0; d >>= 1 {
		n++
	}
	return n
}

func (l *Learner) learn(valid *DFA, member func([]int) bool, L, prefixLen, sufLen, maxStates int, experiments [][]int, asked int64) (*DFA, error) {
	sys, k, d := l.Sys, l.Tracks, l.Sys.Digits()
	// Suffixes: every word of length ≤ sufLen (valid or not: invalid
	// words are simply outside the set).
	var suffixes [][]int
	var grow func(w []int)
	grow = func(w []int) {
		suffixes = append(suffixes, append([]int(nil), w...))
		if len(w) == sufLen {
			return
		}
		for a := range L {
			grow(append(w, a))
		}
	}
	grow(nil)
	suffixes = append(suffixes, experiments...)
	if len(suffixes) > 200_000 {
		return nil, fmt.Errorf("%w: %d suffixes to test is too many", ErrNoFit, len(suffixes))
	}
	row := func(u []int) string {
		b := make([]byte, len(suffixes))
		w := make([]int, 0, len(u)+sufLen)
		for i, v := range suffixes {
			w = append(append(w[:0], u...), v...)
			if member(w) {
				b[i] = 1
			}
		}
		return string(b)
	}
	ids := map[string]int{}
	var reps [][]int
	var rows []string
	add := func(u []int) int {
		r := row(u)
		if id, ok := ids[r]; ok {
			return id
		}
		ids[r] = len(reps)
		reps = append(reps, u)
		rows = append(rows, r)
		return len(reps) - 1
	}
	add(nil)
	var next []int32
	for i := 0; i < len(reps); i++ {
		if err := overBudget(i * budgetStride); err != nil {
			return nil, fmt.Errorf("%w: learning at %d states", err, len(reps))
		}
		if len(reps) > maxStates {
			// The prefixes are pairwise told apart by the words asked
			// (Myhill–Nerode), so any automaton that agrees with them
			// has a state for each.
			return nil, fmt.Errorf("%w: no automaton with ≤ %d states in %s agrees with every position with piles < %d", ErrNoFit, maxStates, sys, asked)
		}
		if len(reps[i]) >= prefixLen {
			return nil, fmt.Errorf("%w: %s needs states beyond what the box of piles < %d can tell apart (prefixes of %d digits)", ErrDeep, sys, l.Bound, prefixLen)
		}
		for a := range L {
			u := append(append([]int(nil), reps[i]...), a)
			next = append(next, int32(add(u)))
		}
	}
	h := &DFA{Tracks: k, Digits: d, Next: next, Accept: make([]bool, len(reps))}
	for i, r := range rows {
		h.Accept[i] = r[0] == 1 // the empty suffix comes first
	}
	p, err := Product(h, valid, func(x, y bool) bool { return x && y })
	if err != nil {
		return nil, err
	}
	return p.Minimize(), nil
}
