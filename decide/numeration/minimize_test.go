package numeration

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"
)

// minimizeStrings is Minimize as it was before hashed signatures (Moore's
// refinement keyed by each state's signature as a string): the reference
// the faster one must reproduce exactly.
func minimizeStrings(a *DFA) *DFA {
	a = a.reachable()
	n, L := a.States(), a.Letters()
	// Moore's partition refinement: classes by acceptance, then by the
	// classes of the successors, until stable.
	class := make([]int32, n)
	for q := range n {
		if a.Accept[q] {
			class[q] = 1
		}
	}
	seen := map[int32]bool{}
	for _, c := range class {
		seen[c] = true
	}
	count := len(seen)
	sig := make([]int32, L+1)
	for {
		ids := map[string]int32{}
		next := make([]int32, n)
		buf := make([]byte, 4*(L+1))
		for q := range n {
			sig[0] = class[q]
			for l := range L {
				sig[l+1] = class[a.Next[q*L+l]]
			}
			for i, v := range sig {
				binary.LittleEndian.PutUint32(buf[4*i:], uint32(v))
			}
			k := string(buf)
			id, ok := ids[k]
			if !ok {
				id = int32(len(ids))
				ids[k] = id
			}
			next[q] = id
		}
		class = next
		if len(ids) == count {
			break
		}
		count = len(ids)
	}
	// Renumber classes breadth-first from the start's class.
	rep := make([]int, count) // a state of each class
	for q := n - 1; q >= 0; q-- {
		rep[class[q]] = q
	}
	order := make([]int32, count)
	for i := range order {
		order[i] = -1
	}
	queue := []int32{class[0]}
	order[class[0]] = 0
	for i := 0; i < len(queue); i++ {
		q := rep[queue[i]]
		for l := range L {
			c := class[a.Next[q*L+l]]
			if order[c] < 0 {
				order[c] = int32(len(queue))
				queue = append(queue, c)
			}
		}
	}
	m := newDFA(a.Tracks, a.Digits, count)
	for i, c := range queue {
		q := rep[c]
		m.Accept[i] = a.Accept[q]
		for l := range L {
			m.Next[i*L+l] = order[class[a.Next[q*L+l]]]
		}
	}
	return m
}

// TestMinimizeReference: Minimize gives the same canonical automaton as
// the string-keyed refinement on random automata.
func TestMinimizeReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		a := randomDFA(rng, 1+trial%3, 2+trial%2, 1+rng.IntN(60))
		got, want := a.Minimize(), minimizeStrings(a)
		if !slices.Equal(got.Next, want.Next) || !slices.Equal(got.Accept, want.Accept) {
			t.Fatalf("trial %d: Minimize gives %d states, the reference %d (or other transitions)", trial, got.States(), want.States())
		}
	}
}

// benchDFA is a large automaton with many equivalent states: the product
// of two random automata, unminimized.
func benchDFA(b *testing.B, n int) *DFA {
	rng := rand.New(rand.NewPCG(5, 6))
	x := randomDFA(rng, 3, 3, n)
	y := randomDFA(rng, 3, 3, 7)
	p, err := Product(x, y, func(u, v bool) bool { return u && !v })
	if err != nil {
		b.Fatal(err)
	}
	return p
}

func BenchmarkMinimize(b *testing.B) {
	a := benchDFA(b, 20_000)
	b.Run("hashed", func(b *testing.B) {
		for b.Loop() {
			a.Minimize()
		}
	})
	b.Run("strings", func(b *testing.B) {
		for b.Loop() {
			minimizeStrings(a)
		}
	})
}
