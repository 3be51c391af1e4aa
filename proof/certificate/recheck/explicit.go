package recheck

import (
	"cmp"
	"encoding/binary"
	"errors"
	"slices"
)

// product builds the automaton of the conjunction of comps over tracks
// of radix digits, from the start on the fly; a transition into a state
// some comp calls dead is left out (−1).
func product(comps []comp, tracks, radix int, b *budget) (*Automaton, error) {
	letters := allLetters(tracks, radix)
	// A state costs its row of transitions, its accepting flag, its
	// tuple of comp states (kept in the queue and as the index's key) and
	// the index's entry; the start tuple's size stands for every tuple's.
	a := &Automaton{Radix: repeatInt(radix, tracks)}
	index := map[string]int32{}
	var queue [][]string
	var perState uint64
	add := func(states []string) (int32, error) {
		k := tupleKey4(states)
		if q, ok := index[k]; ok {
			return q, nil
		}
		if perState == 0 {
			perState = uint64(4*len(letters)+1+2*len(k)+16*len(states)) + 64
		}
		if err := b.take(perState, "a product"); err != nil {
			return 0, err
		}
		q := int32(len(a.Accept))
		index[k] = q
		acc := true
		for i, c := range comps {
			acc = acc && c.accept(states[i])
		}
		a.Accept = append(a.Accept, acc)
		a.Next = append(a.Next, nil)
		queue = append(queue, states)
		return q, nil
	}
	start := make([]string, len(comps))
	for i, c := range comps {
		start[i] = c.start()
	}
	if _, err := add(start); err != nil {
		return nil, err
	}
	for q := 0; q < len(queue); q++ {
		row := make([]int32, len(letters))
		for _, ds := range letters {
			next := make([]string, len(comps))
			alive := true
			for i, c := range comps {
				next[i] = c.step(queue[q][i], ds)
				if c.dead(next[i]) {
					alive = false
					break
				}
			}
			row[letter(a.Radix, ds)] = -1
			if alive {
				t, err := add(next)
				if err != nil {
					return nil, err
				}
				row[letter(a.Radix, ds)] = t
			}
		}
		a.Next[q] = row
	}
	// The product's index and tuples go; its minimized automaton stays
	// for the search that reads it.
	b.give(perState * uint64(len(a.Accept)))
	m := minimize(a)
	if err := b.take(uint64(len(m.Accept))*uint64(4*len(letters)+1+24), "a product"); err != nil {
		return nil, err
	}
	return m, nil
}

func repeatInt(v, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// minimize merges states with the same future (Moore's refinement; the
// missing transition −1 is a class of its own).
func minimize(a *Automaton) *Automaton {
	n := len(a.Accept)
	class := make([]int32, n)
	for q := range n {
		if a.Accept[q] {
			class[q] = 1
		}
	}
	count := 0
	for {
		ids := map[string]int32{}
		next := make([]int32, n)
		buf := make([]byte, 0, 4*(len(a.Radix)+1))
		for q := range n {
			buf = binary.LittleEndian.AppendUint32(buf[:0], uint32(class[q]))
			for _, t := range a.Next[q] {
				c := int32(-1)
				if t >= 0 {
					c = class[t]
				}
				buf = binary.LittleEndian.AppendUint32(buf, uint32(c))
			}
			id, ok := ids[string(buf)]
			if !ok {
				id = int32(len(ids))
				ids[string(buf)] = id
			}
			next[q] = id
		}
		class = next
		if len(ids) == count {
			break
		}
		count = len(ids)
	}
	// Renumber, the start state's class first.
	newID := map[int32]int32{class[0]: 0}
	order := []int{0}
	for i := 0; i < len(order); i++ {
		for _, t := range a.Next[order[i]] {
			if t >= 0 {
				if _, ok := newID[class[t]]; !ok {
					newID[class[t]] = int32(len(order))
					order = append(order, int(t))
				}
			}
		}
	}
	out := &Automaton{Systems: a.Systems, Radix: a.Radix}
	for _, q := range order {
		out.Accept = append(out.Accept, a.Accept[q])
		row := make([]int32, len(a.Next[q]))
		for l, t := range a.Next[q] {
			row[l] = -1
			if t >= 0 {
				row[l] = newID[class[t]]
			}
		}
		out.Next = append(out.Next, row)
	}
	return out
}

// project removes the last track: a word is accepted when some digits on
// it make a accept (the subset construction), the start set closed under
// letters zero on the other tracks, since a witness may be longer than
// the word it witnesses for.
func project(a *Automaton, most int, b *budget) (*Automaton, error) {
	k := len(a.Radix) - 1
	radix := a.Radix[:k]
	last := a.Radix[k]
	kept := allLetters(k, radix0(radix))
	step := func(s []int32, ds []int) []int32 {
		var out []int32
		full := append(slices.Clone(ds), 0)
		for _, q := range s {
			for d := range last {
				full[k] = d
				if t := a.Next[q][letter(a.Radix, full)]; t >= 0 {
					out = append(out, t)
				}
			}
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	start := []int32{0}
	zero := make([]int, k)
	for {
		u := append(slices.Clone(start), step(start, zero)...)
		slices.Sort(u)
		u = slices.Compact(u)
		if len(u) == len(start) {
			break
		}
		start = u
	}
	out := &Automaton{Radix: slices.Clone(radix)}
	// What the construction took is given back: the minimized result
	// is charged by the caller.
	var took uint64
	defer func() { b.give(took) }()
	index := map[string]int32{}
	var queue [][]int32
	key := func(s []int32) string {
		b := make([]byte, 0, 4*len(s))
		for _, q := range s {
			b = binary.LittleEndian.AppendUint32(b, uint32(q))
		}
		return string(b)
	}
	add := func(s []int32) (int32, error) {
		if len(s) == 0 {
			return -1, nil
		}
		kk := key(s)
		if q, ok := index[kk]; ok {
			return q, nil
		}
		if len(out.Accept) >= most {
			return 0, errTooMany
		}
		if err := b.take(uint64(4*len(kept)+2*len(kk))+120, "a projection"); err != nil {
			return 0, err
		}
		took += uint64(4*len(kept)+2*len(kk)) + 120
		q := int32(len(out.Accept))
		index[kk] = q
		acc := false
		for _, p := range s {
			acc = acc || a.Accept[p]
		}
		out.Accept = append(out.Accept, acc)
		out.Next = append(out.Next, nil)
		queue = append(queue, s)
		return q, nil
	}
	if _, err := add(start); err != nil {
		return nil, err
	}
	for q := 0; q < len(queue); q++ {
		row := make([]int32, len(kept))
		for _, ds := range kept {
			t, err := add(step(queue[q], ds))
			if err != nil {
				return nil, err
			}
			row[letter(out.Radix, ds)] = t
		}
		out.Next[q] = row
	}
	return minimize(out), nil
}

func radix0(r []int) int {
	if len(r) == 0 {
		return 1
	}
	return r[0]
}

// errTooMany: a projection past the states it was given.
var errTooMany = errors.New("too many states")

// projectMost bounds the subset construction of one projected track by
// default (Options.ProjectMost); past it the ∃ is followed on the fly.
const projectMost = 20_000

// exists is ∃ the last extra tracks of the conjunction comps (over outer
// + extra tracks), read as a comp over the first outer tracks. Their
// product is built and minimized; then the extra tracks are projected one
// at a time by the subset construction, each result minimized, while
// that stays within projectMost states (a small ∃ such as "x has a move"
// is then one small automaton, not a set beside every state of the
// search). Past that the product is read by existsComp, which follows the
// sets of its states on the fly instead of determinizing.
func exists(comps []comp, outer, extra, radix int, b *budget) (comp, error) {
	a, err := product(comps, outer+extra, radix, b)
	if err != nil {
		return nil, err
	}
	p := a
	err = errTooMany
	if b.projectMost >= 0 {
		err = nil
		for range extra {
			if p, err = project(p, cmp.Or(b.projectMost, projectMost), b); err != nil {
				break
			}
		}
	}
	switch {
	case err == nil:
		b.give(uint64(len(a.Accept)) * uint64(4*a.letters()+25))
		if err := b.take(uint64(len(p.Accept))*uint64(4*p.letters()+25), "a projection"); err != nil {
			return nil, err
		}
		return &dfaComp{a: p, tracks: span(0, outer)}, nil
	case errors.Is(err, errTooMany):
		return newExistsComp(a, outer, b), nil
	}
	return nil, err
}
