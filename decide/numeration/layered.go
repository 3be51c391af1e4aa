package numeration

import (
	"encoding/binary"
	"fmt"
	"slices"
)

// A layered automaton reads a k-track letter one track at a time: track 0,
// then track 1, …, then track k−1, each a sub-step over Digits digits, so
// a state has Digits transitions instead of Digits^k. Its states lie in
// layers 0…k−1 (the track read next); the states of layer 0 are the
// states of the DFA it stands for, and the others are the nodes of a
// decision diagram over the tracks that the whole automaton shares (the
// serialized-tracks automaton; MONA's shared BDDs play the same part).
// A relation over six piles' moves in base 2 has 4,096 letters a state
// densely and, for Wythoff-like structure, a few nodes a state here.
//
// It is complete, starts in state 0 (layer 0), and only layer-0 states
// accept. Products, cylinders (a track inserted), projections (∃ over a
// track, by a subset construction only over the sets that occur) and
// minimization work on it directly; Dense converts back, and the
// canonical form is always the dense DFA's (DFA.Canonical), so nothing
// recorded depends on which representation built it.
type layered struct {
	tracks, digits int
	layer          []int8  // layer[q]: the track q reads next
	next           []int32 // next[q*digits+x]
	accept         []bool
}

func (a *layered) states() int { return len(a.layer) }

// layeredOf is a's layered form: each state's letters decided track by
// track, the nodes of every layer shared between states (hash-consed
// from the last track up).
func layeredOf(a *DFA) *layered {
	k, d, n, L := a.Tracks, a.Digits, a.States(), a.Letters()
	if k == 0 {
		panic("automata: a layered automaton reads at least one track")
	}
	out := &layered{tracks: k, digits: d}
	// Layer-0 states keep their numbers; nodes of layers 1…k−1 follow.
	out.layer = make([]int8, n, 2*n)
	out.next = make([]int32, n*d, 2*n*d)
	out.accept = append(make([]bool, 0, 2*n), a.Accept...)
	ids := make([]map[string]int32, k) // layer → children → node
	for i := range ids {
		ids[i] = map[string]int32{}
	}
	key := make([]byte, 4*d)
	// cur[j] is the node (or, below layer k−1, the target) reached after
	// reading the first i tracks' digits j (track 0 least significant).
	cur := make([]int32, L)
	nextCur := make([]int32, L)
	for q := range n {
		copy(cur, a.Next[q*L:(q+1)*L])
		// Node of layer i reads track i: its children are the nodes for
		// the d digits of track i, at letter offsets j + x·d^i.
		width := L
		for i := k - 1; i >= 0; i-- {
			width /= d // letters over tracks 0…i−1
			for j := range width {
				for x := range d {
					binary.LittleEndian.PutUint32(key[4*x:], uint32(cur[j+x*width]))
				}
				if i == 0 {
					// width is 1 here: the children are cur[0…d−1].
					for x := range d {
						out.next[q*d+x] = cur[x]
					}
					continue
				}
				id, ok := ids[i][string(key)]
				if !ok {
					id = int32(len(out.layer))
					ids[i][string(key)] = id
					out.layer = append(out.layer, int8(i))
					out.accept = append(out.accept, false)
					for x := range d {
						out.next = append(out.next, cur[j+x*width])
					}
				}
				nextCur[j] = id
			}
			cur, nextCur = nextCur, cur
		}
	}
	return out
}

// Dense is the DFA of a's layer-0 states (numbered in order of first
// reach from the start), each letter's target found by reading its k
// digits.
func (a *layered) Dense() *DFA {
	k, d := a.tracks, a.digits
	L := pow(d, k)
	// The table is sized for every layer-0 state (all of them, when a is
	// minimal): grown by appending, it was allocated three times over.
	n0 := 0
	id := make([]int32, a.states())
	for q, l := range a.layer {
		id[q] = -1
		if l == 0 {
			n0++
		}
	}
	id[0] = 0
	order := []int32{0}
	next := make([]int32, 0, n0*L)
	targets := make([]int32, L)
	for i := 0; i < len(order); i++ {
		a.letters(order[i], targets)
		for _, r := range targets {
			j := id[r]
			if j < 0 {
				j = int32(len(order))
				id[r] = j
				order = append(order, r)
			}
			next = append(next, j)
		}
	}
	out := &DFA{Tracks: k, Digits: d, Next: next, Accept: make([]bool, len(order))}
	for i, q := range order {
		out.Accept[i] = a.accept[q]
	}
	return out
}

// letters fills out[l] with the layer-0 state reached from layer-0 state
// q by letter l.
func (a *layered) letters(q int32, out []int32) {
	d := a.digits
	out[0] = q
	width := 1
	for range a.tracks {
		// out[0…width) hold the states after the tracks read so far,
		// letter offsets j; spread them to j + x·width.
		for j := width - 1; j >= 0; j-- {
			s := out[j]
			for x := d - 1; x >= 0; x-- {
				out[j+x*width] = a.next[int(s)*d+x]
			}
		}
		width *= d
	}
}

// layeredProduct runs a and b together, accepting where op of their
// acceptances holds; only reachable pairs are built.
func layeredProduct(a, b *layered, op func(x, y bool) bool) (*layered, error) {
	if a.tracks != b.tracks || a.digits != b.digits {
		panic(fmt.Sprintf("automata: product of %d×%d and %d×%d tracks×digits", a.tracks, a.digits, b.tracks, b.digits))
	}
	d := a.digits
	nb := int64(b.states())
	idx := newPairIndex(int64(a.states()), nb)
	out := &layered{tracks: a.tracks, digits: d}
	limit := layeredLimit(a.tracks)
	for i := 0; i < len(idx.pairs); i++ {
		if err := overBudget(i); err != nil {
			return nil, fmt.Errorf("%w: product at %d states", err, len(idx.pairs))
		}
		p, q := int(idx.pairs[i]/nb), int(idx.pairs[i]%nb)
		out.layer = append(out.layer, a.layer[p])
		out.accept = append(out.accept, a.layer[p] == 0 && op(a.accept[p], b.accept[q]))
		for x := range d {
			j, ok := idx.id(int64(a.next[p*d+x])*nb+int64(b.next[q*d+x]), limit)
			if !ok {
				return nil, fmt.Errorf("%w: product past %d layered states (the state bound for each track)", ErrTooBig, limit)
			}
			out.next = append(out.next, j)
		}
	}
	return out, nil
}

// layeredLimit bounds a layered construction's states: MaxStates in each
// layer.
func layeredLimit(tracks int) int { return MaxStates * max(tracks, 1) }

// cylinder inserts an unconstrained track at position at (0 ≤ at ≤
// tracks): before each state that reads track at (or, for at = tracks,
// before each layer-0 state entered from the last track) a node that
// goes to it on every digit.
func (a *layered) cylinder(at int) *layered {
	k, d, n := a.tracks, a.digits, a.states()
	out := &layered{tracks: k + 1, digits: d}
	// The waiting node of q is n + q's rank among the states of its layer.
	target := at % k // the layer whose states get a waiting node
	wait := make([]int32, n)
	m := int32(n)
	for q := range n {
		wait[q] = -1
		if int(a.layer[q]) == target {
			wait[q] = m
			m++
		}
	}
	out.layer = make([]int8, m)
	out.accept = make([]bool, m)
	out.next = make([]int32, int(m)*d)
	for q := range n {
		l := int(a.layer[q])
		nl := l
		if l >= at && !(at == k && l == 0) {
			nl = l + 1 // tracks from at on move one later
		}
		if at == 0 && l == 0 {
			nl = 1
		}
		out.layer[q] = int8(nl)
		for x := range d {
			r := a.next[q*d+x]
			if w := wait[r]; w >= 0 {
				r = w
			}
			out.next[q*d+x] = r
		}
		if w := wait[q]; w >= 0 {
			wl := at
			out.layer[w] = int8(wl)
			for x := range d {
				out.next[int(w)*d+x] = int32(q)
			}
			if at == 0 {
				out.accept[w] = a.accept[q] // the waiting node is the new layer-0 state
			}
		}
		if nl == 0 {
			out.accept[q] = a.accept[q]
		}
	}
	if at == 0 {
		// The start is the start's waiting node.
		return out.renumber(wait[0])
	}
	return out
}

// renumber makes start state 0, keeping the states reachable from it in
// breadth-first order.
func (a *layered) renumber(start int32) *layered {
	d := a.digits
	id := make([]int32, a.states())
	for i := range id {
		id[i] = -1
	}
	id[start] = 0
	order := []int32{start}
	for i := 0; i < len(order); i++ {
		q := order[i]
		for x := range d {
			r := a.next[int(q)*d+x]
			if id[r] < 0 {
				id[r] = int32(len(order))
				order = append(order, r)
			}
		}
	}
	out := &layered{tracks: a.tracks, digits: d, layer: make([]int8, len(order)), accept: make([]bool, len(order)), next: make([]int32, len(order)*d)}
	for i, q := range order {
		out.layer[i], out.accept[i] = a.layer[q], a.accept[q]
		for x := range d {
			out.next[i*d+x] = id[a.next[int(q)*d+x]]
		}
	}
	return out
}

// project removes track t, accepting a word when some digits on track t
// (and some leading zero letters) make a accept, as DFA.Project does: a
// subset construction over the sets of states that occur, each set's
// members in one layer, the removed track's digits all taken at once.
func (a *layered) project(t int) (*layered, error) {
	k, d, n := a.tracks, a.digits, a.states()
	stamp := make([]uint32, n)
	gen := uint32(0)
	// all is the union over every digit from the states of set (layer t).
	all := func(set []int32, out []int32) []int32 {
		gen++
		out = out[:0]
		for _, q := range set {
			for x := range d {
				r := a.next[int(q)*d+x]
				if stamp[r] != gen {
					stamp[r] = gen
					out = append(out, r)
				}
			}
		}
		return out
	}
	step := func(set []int32, x int, out []int32) []int32 {
		gen++
		out = out[:0]
		for _, q := range set {
			r := a.next[int(q)*d+x]
			if stamp[r] != gen {
				stamp[r] = gen
				out = append(out, r)
			}
		}
		return out
	}
	// Start: {0} closed under letters zero on every kept track.
	inStart := map[int32]bool{0: true}
	start := []int32{0}
	for i := 0; i < len(start); i++ {
		cur := []int32{start[i]}
		var buf []int32
		for l := range k {
			if l == t {
				buf = all(cur, buf)
			} else {
				buf = step(cur, 0, buf)
			}
			cur = slices.Clone(buf)
		}
		for _, r := range cur {
			if !inStart[r] {
				inStart[r] = true
				start = append(start, r)
			}
		}
	}
	slices.Sort(start)
	key := func(set []int32, kb []byte) []byte {
		kb = kb[:0]
		for _, q := range set {
			kb = binary.LittleEndian.AppendUint32(kb, uint32(q))
		}
		return kb
	}
	ids := map[string]int32{string(key(start, nil)): 0}
	sets := [][]int32{start}
	out := &layered{tracks: k - 1, digits: d}
	limit := layeredLimit(k - 1)
	var ns, tmp []int32
	var kb []byte
	for i := 0; i < len(sets); i++ {
		if err := overBudget(i); err != nil {
			return nil, fmt.Errorf("%w: projection at %d states", err, len(sets))
		}
		set := sets[i]
		l := int(a.layer[set[0]])
		// The new layer: tracks after t move one earlier; a set of
		// layer-t states stands only at the start (t = 0).
		nl := l
		if l > t {
			nl = l - 1
		}
		out.layer = append(out.layer, int8(nl))
		acc := false
		if l == 0 {
			for _, q := range set {
				acc = acc || a.accept[q]
			}
		}
		out.accept = append(out.accept, acc)
		from := set
		if l == t {
			tmp = all(set, tmp)
			from = slices.Clone(tmp)
		}
		for x := range d {
			ns = step(from, x, ns)
			if int(a.layer[ns[0]]) == t && t != 0 {
				tmp = all(ns, tmp)
				ns, tmp = tmp, ns
			}
			slices.Sort(ns)
			kb = key(ns, kb)
			j, ok := ids[string(kb)]
			if !ok {
				if len(sets) >= limit {
					return nil, fmt.Errorf("%w: projection past %d layered states (the state bound for each track)", ErrTooBig, limit)
				}
				j = int32(len(sets))
				ids[string(kb)] = j
				sets = append(sets, slices.Clone(ns))
			}
			out.next = append(out.next, j)
		}
	}
	return out, nil
}

// minimize is the minimal layered automaton of a's language (Moore's
// refinement over Digits letters, classes split by layer and
// acceptance), its states numbered breadth-first from the start.
func (a *layered) minimize() *layered {
	a = a.renumber(0)
	n, d := a.states(), a.digits
	class := make([]int32, n)
	for q := range n {
		c := int32(a.layer[q]) * 2
		if a.accept[q] {
			c++
		}
		class[q] = c
	}
	// Compact the initial classes.
	{
		m := map[int32]int32{}
		for q, c := range class {
			j, ok := m[c]
			if !ok {
				j = int32(len(m))
				m[c] = j
			}
			class[q] = j
		}
	}
	count := 0
	for _, c := range class {
		count = max(count, int(c)+1)
	}
	class, reps := refine(a.next, d, class, count)
	count = len(reps)
	out := &layered{tracks: a.tracks, digits: d, layer: make([]int8, count), accept: make([]bool, count), next: make([]int32, count*d)}
	for c, q := range reps {
		out.layer[c], out.accept[c] = a.layer[q], a.accept[q]
		for x := range d {
			out.next[c*d+x] = class[a.next[int(q)*d+x]]
		}
	}
	return out.renumber(class[0])
}
