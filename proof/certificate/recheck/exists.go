package recheck

import (
	"encoding/binary"
	"slices"
)

// existsComp is ∃ the last tracks of an explicit automaton a (over outer
// + extra tracks), read over the search's first outer tracks without
// determinizing it. Its state is the set of a's states that some digits
// on the extra tracks reach by the word read so far; it accepts when one
// of them accepts.
//
// The search pairs these sets with the states of the other conjuncts and
// visits only the pairs that occur together: for absorption, only the
// sets reached beside a position outside P, not every set the projection
// has. This is the on-the-fly inclusion test of De Wulf, Doyen,
// Henzinger and Raskin (CAV 2006) — L(outside P) ⊆ L(∃y: M ∧ P(y)),
// searched for a shortest word in the difference — with pairs told apart
// by equality: the antichain of ⊆-minimal sets is not tried here (on the
// prover's absorption obligations it cost more than it saved,
// docs/certify.md).
//
// A set keeps only states from which a can still accept (live): the
// others cannot make the ∃ true, and dropping them keeps sets small and
// lets the empty set stand for "no witness any more".
type existsComp struct {
	a     *Automaton
	outer []int     // radices of the outer tracks
	ext   [][]int32 // ext[outer letter]: a's letters that read it
	live  []bool
	// The sets met so far, each stored once (the index's key and sets
	// share its bytes) and named by its number, the comp's state
	// enc(number). Set 0 is the empty set. Successors are not cached:
	// on (3,1)-Wythoff's absorption nearly every set occurs beside one
	// state of the rest of the condition only.
	index  map[string]int32
	sets   []string
	acc    []bool
	start0 string
	b      *budget
	err    error // the first set refused by the budget
	// mark and members are scratch space for one step.
	mark    []uint32
	gen     uint32
	members []int32
	buf     []int
	kb      []byte
}

// newExistsComp reads a over its first outer tracks, the others
// quantified; the sets it meets are charged to b.
func newExistsComp(a *Automaton, outer int, b *budget) *existsComp {
	c := &existsComp{a: a, outer: a.Radix[:outer], live: coReachable(a), mark: make([]uint32, len(a.Accept)),
		index: map[string]int32{}, b: b}
	nOuter := 1
	for _, r := range c.outer {
		nOuter *= r
	}
	c.ext = make([][]int32, nOuter)
	full := make([]int, len(a.Radix))
	for l := range a.letters() {
		rest := l
		for i, r := range a.Radix {
			full[i] = rest % r
			rest /= r
		}
		lo := letter(c.outer, full[:outer])
		c.ext[lo] = append(c.ext[lo], int32(l))
	}
	c.intern(nil)
	// The start set is a's start closed under letters zero on the outer
	// tracks: a witness may have more digits than the position.
	closure := []int32{0}
	c.gen++
	c.mark[0] = c.gen
	for i := 0; i < len(closure); i++ {
		for _, l := range c.ext[0] {
			if t := a.Next[closure[i]][l]; t >= 0 && c.mark[t] != c.gen {
				c.mark[t] = c.gen
				closure = append(closure, t)
			}
		}
	}
	var start []int32
	for _, q := range closure {
		if c.live[q] {
			start = append(start, q)
		}
	}
	slices.Sort(start)
	c.start0 = enc(c.intern(start))
	return c
}

// intern numbers a sorted set of states, charging a new one to the
// budget; a set past the budget is read as the empty set, and the
// refusal is kept for the search to report (err).
func (c *existsComp) intern(qs []int32) int32 {
	c.kb = c.kb[:0]
	for _, q := range qs {
		c.kb = binary.LittleEndian.AppendUint32(c.kb, uint32(q))
	}
	if i, ok := c.index[string(c.kb)]; ok { // no allocation for a lookup
		return i
	}
	k := string(c.kb)
	// The set's bytes, its string header in sets (twice: the slice
	// grows by doubling), its flag and the index's entry.
	cost := uint64(len(k)) + 2*17 + 60
	if err := c.b.take(cost, "the sets of an ∃"); err != nil {
		if c.err == nil {
			c.err = err
		}
		return 0
	}
	i := int32(len(c.sets))
	c.index[k] = i
	c.sets = append(c.sets, k)
	acc := false
	for _, q := range qs {
		acc = acc || c.a.Accept[q]
	}
	c.acc = append(c.acc, acc)
	return i
}

func (c *existsComp) start() string { return c.start0 }

func (c *existsComp) step(s string, ds []int) string {
	i := dec(s)
	if i == 0 {
		return s
	}
	if c.buf == nil {
		c.buf = make([]int, len(c.outer))
	}
	copy(c.buf, ds[:len(c.outer)])
	ls := c.ext[letter(c.outer, c.buf)]
	c.gen++
	if c.gen == 0 { // wrapped: clear the marks
		clear(c.mark)
		c.gen = 1
	}
	c.members = c.members[:0]
	set := c.sets[i]
	for j := 0; j < len(set); j += 4 {
		row := c.a.Next[binary.LittleEndian.Uint32([]byte(set[j:j+4]))]
		for _, l := range ls {
			if t := row[l]; t >= 0 && c.live[t] && c.mark[t] != c.gen {
				c.mark[t] = c.gen
				c.members = append(c.members, t)
			}
		}
	}
	slices.Sort(c.members)
	return enc(c.intern(c.members))
}

func (c *existsComp) accept(s string) bool { return c.acc[dec(s)] }

// dead: the empty set, from which no digits on the extra tracks lead to
// acceptance.
func (c *existsComp) dead(s string) bool { return dec(s) == 0 }

// failed is the budget's refusal of a set, if any: the search then
// cannot trust what it read.
func (c *existsComp) failed() error { return c.err }

// coReachable marks the states of a from which an accepting state can be
// reached.
func coReachable(a *Automaton) []bool {
	n := len(a.Accept)
	// Reverse edges, counted first so they sit in one slice.
	count := make([]int32, n+1)
	for _, row := range a.Next {
		for _, t := range row {
			if t >= 0 {
				count[t+1]++
			}
		}
	}
	for i := range n {
		count[i+1] += count[i]
	}
	from := make([]int32, count[n])
	fill := slices.Clone(count[:n])
	for q, row := range a.Next {
		for _, t := range row {
			if t >= 0 {
				from[fill[t]] = int32(q)
				fill[t]++
			}
		}
	}
	live := make([]bool, n)
	var queue []int32
	for q, acc := range a.Accept {
		if acc {
			live[q] = true
			queue = append(queue, int32(q))
		}
	}
	for len(queue) > 0 {
		t := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, q := range from[count[t]:count[t+1]] {
			if !live[q] {
				live[q] = true
				queue = append(queue, q)
			}
		}
	}
	return live
}
