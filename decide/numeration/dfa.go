package numeration

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/maphash"
	"slices"
)

// A DFA reads words of letters, each letter a tuple of Tracks digits in
// 0..Digits−1 (see the package comment for the encoding). It is complete
// and starts in state 0.
type DFA struct {
	Tracks int
	Digits int
	Next   []int32 // Next[q*Letters()+a]
	Accept []bool
}

// ErrTooBig is returned when a construction would exceed MaxStates.
var ErrTooBig = errors.New("automaton too big")

// MaxStates caps every construction (subset construction, products); past
// it the operation fails with ErrTooBig rather than exhausting memory.
var MaxStates = 150_000

// Letters is the alphabet size, Digits^Tracks.
func (a *DFA) Letters() int { return pow(a.Digits, a.Tracks) }

// States is the number of states.
func (a *DFA) States() int { return len(a.Accept) }

func pow(b, k int) int {
	n := 1
	for range k {
		n *= b
	}
	return n
}

// newDFA allocates n states.
func newDFA(tracks, digits, n int) *DFA {
	return &DFA{Tracks: tracks, Digits: digits, Next: make([]int32, n*pow(digits, tracks)), Accept: make([]bool, n)}
}

// Step is the state after reading letter l in state q.
func (a *DFA) Step(q int, l int) int { return int(a.Next[q*a.Letters()+l]) }

// Run reads word from the start and reports the final state.
func (a *DFA) Run(word []int) int {
	q, L := 0, a.Letters()
	for _, l := range word {
		q = int(a.Next[q*L+l])
	}
	return q
}

// Accepts reports whether a accepts word.
func (a *DFA) Accepts(word []int) bool { return a.Accept[a.Run(word)] }

// Letter packs one digit per track into a letter.
func Letter(digits int, ds ...int) int {
	l := 0
	for i := len(ds) - 1; i >= 0; i-- {
		l = l*digits + ds[i]
	}
	return l
}

// Unpack splits a letter into its tracks' digits.
func Unpack(l, digits, tracks int) []int {
	ds := make([]int, tracks)
	for i := range ds {
		ds[i] = l % digits
		l /= digits
	}
	return ds
}

// Complement accepts exactly the words a rejects (over all words, valid
// or not: Rel.Not restricts it to valid tuples).
func (a *DFA) Complement() *DFA {
	b := &DFA{Tracks: a.Tracks, Digits: a.Digits, Next: a.Next, Accept: make([]bool, len(a.Accept))}
	for i, v := range a.Accept {
		b.Accept[i] = !v
	}
	return b
}

// Product runs a and b together (same tracks and digits) and accepts
// where op of their acceptances holds. Only reachable pairs are built.
func Product(a, b *DFA, op func(x, y bool) bool) (*DFA, error) {
	if a.Tracks != b.Tracks || a.Digits != b.Digits {
		panic(fmt.Sprintf("automata: product of %d×%d and %d×%d tracks×digits", a.Tracks, a.Digits, b.Tracks, b.Digits))
	}
	L := a.Letters()
	nb := int64(b.States())
	idx := newPairIndex(int64(a.States()), nb)
	var next blocks
	next.init(L)
	for i := 0; i < len(idx.pairs); i++ {
		if err := overBudget(i); err != nil {
			return nil, fmt.Errorf("%w: product at %d states", err, len(idx.pairs))
		}
		p, q := int(idx.pairs[i]/nb), int(idx.pairs[i]%nb)
		row := next.row()
		ap, bq := a.Next[p*L:(p+1)*L], b.Next[q*L:(q+1)*L]
		for l := range L {
			j, ok := idx.id(int64(ap[l])*nb+int64(bq[l]), MaxStates)
			if !ok {
				return nil, fmt.Errorf("%w: product past %d states", ErrTooBig, MaxStates)
			}
			row[l] = j
		}
	}
	c := &DFA{Tracks: a.Tracks, Digits: a.Digits, Next: next.join(), Accept: make([]bool, len(idx.pairs))}
	for i, k := range idx.pairs {
		c.Accept[i] = op(a.Accept[k/nb], b.Accept[k%nb])
	}
	return c, nil
}

// denseIndex is the largest pair space Product indexes by an array (16
// MiB of int32).
const denseIndex = 1 << 22

// A pairIndex numbers the pairs of states a product reaches, in the order
// reached, the pair (0,0) first. A small pair space is indexed by an
// array, a large one by a map (a cylinder's validity has 2 to 4 states;
// the map's lookups were a third of the CPU of Wythoff's move relations).
type pairIndex struct {
	pairs []int64 // pair p·nb + q of the state numbered i
	dense []int32 // the number of a pair, or −1; nil when the map is used
	ids   map[int64]int32
}

func newPairIndex(na, nb int64) *pairIndex {
	x := &pairIndex{pairs: []int64{0}}
	if space := na * nb; space <= denseIndex {
		x.dense = make([]int32, space)
		for i := range x.dense {
			x.dense[i] = -1
		}
		x.dense[0] = 0
	} else {
		x.ids = map[int64]int32{0: 0}
	}
	return x
}

// id is the number of pair key, numbered next if new; ok is false when
// it is new and limit pairs are numbered already.
func (x *pairIndex) id(key int64, limit int) (j int32, ok bool) {
	if x.dense != nil {
		if j = x.dense[key]; j >= 0 {
			return j, true
		}
	} else if j, ok = x.ids[key]; ok {
		return j, true
	}
	if len(x.pairs) >= limit {
		return 0, false
	}
	j = int32(len(x.pairs))
	if x.dense != nil {
		x.dense[key] = j
	} else {
		x.ids[key] = j
	}
	x.pairs = append(x.pairs, key)
	return j, true
}

// blocks is a transition table built a state at a time, in blocks of
// fixed size joined once at the end: appending to one slice copied and
// re-faulted the table at every growth, 3.8 GB allocated for a 0.3 GB
// table on (3,3)-Wythoff's move relation, and the page faults were a
// quarter of prove --automata --all's CPU (system time).
type blocks struct {
	L    int
	full [][]int32
	cur  []int32
	have int // transitions in full
}

// blockBytes is a block's size: large enough that the block list stays
// short, small enough that a small automaton allocates little.
const blockBytes = 1 << 20

func (b *blocks) init(L int) { b.L = L }

// row is the next state's L transitions to fill.
func (b *blocks) row() []int32 {
	if len(b.cur)+b.L > cap(b.cur) {
		if b.cur != nil {
			b.full = append(b.full, b.cur)
		}
		// Blocks double from 16 states up to blockBytes, so a small
		// automaton allocates little and a large one few blocks.
		b.have += len(b.cur)
		states := max(16, min(b.have/b.L, blockBytes/4/b.L))
		b.cur = make([]int32, 0, states*b.L)
	}
	b.cur = b.cur[:len(b.cur)+b.L]
	return b.cur[len(b.cur)-b.L:]
}

// join is the whole table; one block is returned as is.
func (b *blocks) join() []int32 {
	if len(b.full) == 0 {
		return b.cur
	}
	n := len(b.cur)
	for _, f := range b.full {
		n += len(f)
	}
	out := make([]int32, 0, n)
	for _, f := range b.full {
		out = append(out, f...)
	}
	return append(out, b.cur...)
}

// Minimize returns the minimal complete DFA of a's language, its states
// numbered in breadth-first order from the start over letters in order:
// a canonical form (two DFAs accept the same language iff their minimal
// forms are identical).
func (a *DFA) Minimize() *DFA {
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
	class, reps := refine(a.Next, L, class, count)
	count = len(reps)
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

// refine is Moore's partition refinement of the n = len(class) states of
// the flat transition table next (width successors a state, next[q*width+i]):
// from class, a partition into count classes, each round gives a state the
// class of its signature (its class and its successors' classes) until no
// class splits; it returns the stable partition, the classes numbered in
// the order of their first state, and that first state of each (its
// length is the class count). Minimize and the layered minimization share
// it.
//
// A signature's class is found by a hash and confirmed against a
// representative: no signature is stored, so a round takes O(n) memory
// beside the transitions (a string per state took 4·(width+1) bytes each).
func refine(next []int32, width int, class []int32, count int) (classes, reps []int32) {
	n := len(class)
	seed := maphash.MakeSeed()
	same := func(p, q int, class []int32) bool {
		if class[p] != class[q] {
			return false
		}
		bp, bq := p*width, q*width
		for l := range width {
			if class[next[bp+l]] != class[next[bq+l]] {
				return false
			}
		}
		return true
	}
	buf := make([]byte, 4*(width+1))
	// The rounds reuse one index and two class arrays: a fresh map and
	// array per round were most of minimization's allocations.
	type entry struct{ id, more int32 } // a class, and the next entry of its hash or −1
	first := make(map[uint64]int32, n)
	var entries []entry
	out := make([]int32, n)
	for {
		clear(first)
		entries, reps = entries[:0], reps[:0]
		for q := range n {
			binary.LittleEndian.PutUint32(buf, uint32(class[q]))
			for l := range width {
				binary.LittleEndian.PutUint32(buf[4*(l+1):], uint32(class[next[q*width+l]]))
			}
			h := maphash.Bytes(seed, buf)
			e, ok := first[h]
			id := int32(-1)
			for ok && e >= 0 {
				if same(int(reps[entries[e].id]), q, class) {
					id = entries[e].id
					break
				}
				e = entries[e].more
			}
			if id < 0 {
				id = int32(len(reps))
				reps = append(reps, int32(q))
				more := int32(-1)
				if f, ok := first[h]; ok {
					more = f
				}
				entries = append(entries, entry{id, more})
				first[h] = int32(len(entries) - 1)
			}
			out[q] = id
		}
		class, out = out, class
		if len(reps) == count {
			return class, reps
		}
		count = len(reps)
	}
}

// reachable drops the states not reachable from the start.
func (a *DFA) reachable() *DFA {
	n, L := a.States(), a.Letters()
	id := make([]int32, n)
	for i := range id {
		id[i] = -1
	}
	id[0] = 0
	order := []int{0}
	for i := 0; i < len(order); i++ {
		q := order[i]
		for l := range L {
			r := a.Next[q*L+l]
			if id[r] < 0 {
				id[r] = int32(len(order))
				order = append(order, int(r))
			}
		}
	}
	if len(order) == n {
		return a
	}
	b := newDFA(a.Tracks, a.Digits, len(order))
	for i, q := range order {
		b.Accept[i] = a.Accept[q]
		for l := range L {
			b.Next[i*L+l] = id[a.Next[q*L+l]]
		}
	}
	return b
}

// Shortest is a shortest word a accepts, and false when a accepts none.
func (a *DFA) Shortest() ([]int, bool) {
	n, L := a.States(), a.Letters()
	prev := make([]int32, n)
	via := make([]int32, n)
	for i := range prev {
		prev[i] = -2
	}
	prev[0] = -1
	queue := []int{0}
	for i := 0; i < len(queue); i++ {
		q := queue[i]
		if a.Accept[q] {
			var w []int
			for p := q; prev[p] >= 0; p = int(prev[p]) {
				w = append(w, int(via[p]))
			}
			for i, j := 0, len(w)-1; i < j; i, j = i+1, j-1 {
				w[i], w[j] = w[j], w[i]
			}
			return w, true
		}
		for l := range L {
			r := a.Next[q*L+l]
			if prev[r] == -2 {
				prev[r], via[r] = int32(q), int32(l)
				queue = append(queue, int(r))
			}
		}
	}
	return nil, false
}

// Empty reports whether a accepts no word.
func (a *DFA) Empty() bool {
	_, ok := a.Shortest()
	return !ok
}

// Equal reports whether a and b accept the same words, and otherwise a
// shortest word one accepts and the other does not.
func Equal(a, b *DFA) (bool, []int, error) {
	x, err := Product(a, b, func(p, q bool) bool { return p != q })
	if err != nil {
		return false, nil, err
	}
	w, ok := x.Shortest()
	return !ok, w, nil
}

// Canonical is the hex SHA-256 of a's minimal form (tracks, digits,
// transitions, accepting states): equal for equal languages.
func (a *DFA) Canonical() string {
	m := a.Minimize()
	h := sha256.New()
	var buf [4]byte
	for _, v := range []int{m.Tracks, m.Digits, m.States()} {
		binary.LittleEndian.PutUint32(buf[:], uint32(v))
		h.Write(buf[:])
	}
	for _, v := range m.Next {
		binary.LittleEndian.PutUint32(buf[:], uint32(v))
		h.Write(buf[:])
	}
	for _, v := range m.Accept {
		if v {
			h.Write([]byte{1})
		} else {
			h.Write([]byte{0})
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Permute renames tracks: track i of the result is track perm[i] of a;
// perm must be a permutation.
func (a *DFA) Permute(perm []int) *DFA {
	L := a.Letters()
	mapL := make([]int, L)
	for l := range L {
		ds := Unpack(l, a.Digits, a.Tracks)
		nd := make([]int, a.Tracks)
		for i, p := range perm {
			nd[p] = ds[i]
		}
		mapL[l] = Letter(a.Digits, nd...)
	}
	b := newDFA(a.Tracks, a.Digits, a.States())
	copy(b.Accept, a.Accept)
	for q := range a.States() {
		for l := range L {
			b.Next[q*L+l] = a.Next[q*L+mapL[l]]
		}
	}
	return b
}

// Cylinder inserts an unconstrained track at position at (0 ≤ at ≤
// Tracks): the result ignores its digits.
func (a *DFA) Cylinder(at int) *DFA {
	k := a.Tracks + 1
	L, L0 := pow(a.Digits, k), a.Letters()
	low := pow(a.Digits, at)
	b := &DFA{Tracks: k, Digits: a.Digits, Next: make([]int32, a.States()*L), Accept: append([]bool(nil), a.Accept...)}
	old := make([]int, L) // the letter of a under each letter, its digit at position at dropped
	for l := range L {
		lo, hi := l%low, l/(low*a.Digits)
		old[l] = lo + hi*low
	}
	for q := range a.States() {
		row, from := b.Next[q*L:(q+1)*L], a.Next[q*L0:(q+1)*L0]
		for l, o := range old {
			row[l] = from[o]
		}
	}
	return b
}

// Project removes track t, accepting a word when some digits on track t
// (and some leading zero letters) make a accept: the subset construction,
// its start set closed under letters that are zero on every kept track.
func (a *DFA) Project(t int) (*DFA, error) {
	d, k := a.Digits, a.Tracks
	L := a.Letters()
	k2 := k - 1
	L2 := pow(d, k2)
	low := pow(d, t)
	// full[l2] lists the letters of a over l2 with every digit on track t.
	full := make([][]int, L2)
	for l2 := range L2 {
		lo, hi := l2%low, l2/low
		for x := range d {
			full[l2] = append(full[l2], lo+x*low+hi*low*d)
		}
	}
	// Start: closure of {0} under zero letters (l2 = 0).
	n := a.States()
	inStart := make([]bool, n)
	inStart[0] = true
	stack := []int{0}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, l := range full[0] {
			r := int(a.Next[q*L+l])
			if !inStart[r] {
				inStart[r] = true
				stack = append(stack, r)
			}
		}
	}
	// Subsets are kept as sorted member lists (they are small next to
	// the state count), keyed by their bytes.
	key := func(set []int32, kb []byte) []byte {
		kb = kb[:0]
		for _, q := range set {
			kb = binary.LittleEndian.AppendUint32(kb, uint32(q))
		}
		return kb
	}
	var start []int32
	for q, ok := range inStart {
		if ok {
			start = append(start, int32(q))
		}
	}
	ids := map[string]int32{string(key(start, nil)): 0}
	sets := [][]int32{start}
	var next []int32
	var acc []bool
	stamp := make([]int32, n)
	gen := int32(0)
	var ns []int32
	var kb []byte
	for i := 0; i < len(sets); i++ {
		if err := overBudget(i); err != nil {
			return nil, fmt.Errorf("%w: projection at %d states", err, len(sets))
		}
		set := sets[i]
		any := false
		for _, q := range set {
			any = any || a.Accept[q]
		}
		acc = append(acc, any)
		for l2 := range L2 {
			gen++
			ns = ns[:0]
			for _, q := range set {
				base := int(q) * L
				for _, l := range full[l2] {
					r := a.Next[base+l]
					if stamp[r] != gen {
						stamp[r] = gen
						ns = append(ns, r)
					}
				}
			}
			slices.Sort(ns)
			kb = key(ns, kb)
			j, ok := ids[string(kb)]
			if !ok {
				if len(sets) >= MaxStates {
					return nil, fmt.Errorf("%w: projection past %d states", ErrTooBig, MaxStates)
				}
				j = int32(len(sets))
				ids[string(kb)] = j
				sets = append(sets, slices.Clone(ns))
			}
			next = append(next, j)
		}
	}
	return &DFA{Tracks: k2, Digits: d, Next: next, Accept: acc}, nil
}

// ZeroClosed reports whether a accepts w iff it accepts 0w, for every w:
// for a minimal DFA, whether the zero letter loops on the start state.
func (a *DFA) ZeroClosed() bool {
	m := a.Minimize()
	return m.Next[0] == 0
}
