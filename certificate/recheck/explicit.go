package recheck

import (
	"encoding/binary"
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

// exists is ∃ the last extra tracks of the conjunction comps (over outer
// + extra tracks): their product, built and minimized, read as a comp
// over the first outer tracks that follows the sets of its states on the
// fly (existsComp) instead of determinizing the projection.
func exists(comps []comp, outer, extra, radix int, b *budget) (comp, error) {
	a, err := product(comps, outer+extra, radix, b)
	if err != nil {
		return nil, err
	}
	return newExistsComp(a, outer, b), nil
}
