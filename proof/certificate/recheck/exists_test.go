package recheck

import (
	"math/rand/v2"
	"testing"
)

// randomAutomaton is a partial DFA over binary tracks with states
// states, some transitions missing.
func randomAutomaton(r *rand.Rand, tracks, states int) *Automaton {
	a := &Automaton{Radix: repeatInt(2, tracks)}
	for range states {
		a.Accept = append(a.Accept, r.IntN(3) == 0)
		row := make([]int32, a.letters())
		for l := range row {
			row[l] = int32(r.IntN(states+1)) - 1
		}
		a.Next = append(a.Next, row)
	}
	return a
}

// runs reports whether a accepts the word whose letter i is ws[t][i] on
// track t.
func runs(a *Automaton, ws [][]int) bool {
	q := int32(0)
	ds := make([]int, len(ws))
	for i := range ws[0] {
		for t := range ws {
			ds[t] = ws[t][i]
		}
		if q = a.Next[q][letter(a.Radix, ds)]; q < 0 {
			return false
		}
	}
	return a.Accept[q]
}

// bits is the k-digit binary word of v, most significant first.
func bits(v, k int) []int {
	out := make([]int, k)
	for i := range k {
		out[k-1-i] = v >> i & 1
	}
	return out
}

// TestExistsCompBruteForce compares existsComp, ∃ the last track of a
// random automaton over (x, y), with the definition read word by word: x
// (of up to 5 digits) is accepted iff some y, as long as x or up to
// states−1 digits longer with x padded by leading zeros, makes a accept.
// Longer witnesses add nothing: a state reached by leading zero letters
// on x is reached by a shortest path, of fewer than `states` of them.
func TestExistsCompBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 3))
	const states = 3
	for trial := range 200 {
		a := randomAutomaton(r, 2, states)
		c := newExistsComp(a, 1, &budget{limit: 1 << 30})
		for n := 0; n <= 5; n++ {
			for x := range 1 << n {
				xs := bits(x, n)
				s := c.start()
				for _, d := range xs {
					s = c.step(s, []int{d})
				}
				got := c.accept(s)
				if c.dead(s) && got {
					t.Fatalf("trial %d: x=%v: a dead set accepts", trial, xs)
				}
				want := false
				for pad := 0; pad < states && !want; pad++ {
					xp := append(make([]int, pad), xs...)
					for y := range 1 << (n + pad) {
						if runs(a, [][]int{xp, bits(y, n+pad)}) {
							want = true
							break
						}
					}
				}
				if got != want {
					t.Fatalf("trial %d: ∃y a(x=%v, y) = %v, want %v", trial, xs, got, want)
				}
			}
		}
	}
}
