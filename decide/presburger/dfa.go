package presburger

import (
	"cmp"
	"encoding/binary"
	"math/big"
	"slices"
)

// An automaton reads words of rounds over its variables (see the package
// comment). A constant (no variable) is konst with isConst set.
type automaton struct {
	vars    []int    // variable numbers, increasing
	level   []uint16 // per state: index into vars of the bit read next
	next    []int32  // next[2q+b]
	acc     []bool   // per state; only level-0 states other than 0 accept
	isConst bool
	konst   bool
}

func constant(v bool) *automaton { return &automaton{isConst: true, konst: v} }

func (a *automaton) states() int { return len(a.acc) }

// builder accumulates the states of an automaton under construction.
type builder struct {
	a  *automaton
	bg *Budget
}

func newBuilder(vars []int, bg *Budget) *builder {
	return &builder{a: &automaton{vars: vars}, bg: bg}
}

func (b *builder) add(level int, acc bool) (int32, error) {
	a := b.a
	if err := b.bg.state(len(a.acc) + 1); err != nil {
		return 0, err
	}
	a.level = append(a.level, uint16(level))
	a.acc = append(a.acc, acc)
	a.next = append(a.next, -1, -1)
	return int32(len(a.acc) - 1), nil
}

// complement accepts exactly the tuples a rejects.
func (a *automaton) complement() *automaton {
	if a.isConst {
		return constant(!a.konst)
	}
	c := &automaton{vars: a.vars, level: a.level, next: a.next, acc: make([]bool, len(a.acc))}
	for q := range a.acc {
		c.acc[q] = q != 0 && a.level[q] == 0 && !a.acc[q]
	}
	return c
}

// product is a ∧ b (and) or a ∨ b, over the union of their variables,
// built from the start state on the fly and minimized.
func product(a, b *automaton, and bool, bg *Budget) (*automaton, error) {
	if a.isConst || b.isConst {
		if b.isConst {
			a, b = b, a
		}
		if a.konst == and { // true ∧ b, false ∨ b
			return b, nil
		}
		return a, nil
	}
	vars := union(a.vars, b.vars)
	k := len(vars)
	inA := make([]bool, k)
	inB := make([]bool, k)
	for i, v := range vars {
		_, inA[i] = slices.BinarySearch(a.vars, v)
		_, inB[i] = slices.BinarySearch(b.vars, v)
	}
	bd := newBuilder(vars, bg)
	type triple struct {
		l      int
		qa, qb int32
	}
	// Keys pack into 64 bits: states stay below 2^24 (Budget.maxStates).
	key := func(t triple) uint64 { return uint64(t.l)<<48 | uint64(t.qa)<<24 | uint64(t.qb) }
	index := map[uint64]int32{}
	var queue []triple
	get := func(t triple) (int32, error) {
		if q, ok := index[key(t)]; ok {
			return q, nil
		}
		acc := false
		if t.l == 0 && (t.qa != 0 || t.qb != 0) {
			if and {
				acc = a.acc[t.qa] && b.acc[t.qb]
			} else {
				acc = a.acc[t.qa] || b.acc[t.qb]
			}
		}
		q, err := bd.add(t.l, acc)
		if err != nil {
			return 0, err
		}
		index[key(t)] = q
		queue = append(queue, t)
		return q, nil
	}
	if _, err := get(triple{0, 0, 0}); err != nil {
		return nil, err
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		q := index[key(t)]
		for bit := range 2 {
			n := triple{(t.l + 1) % k, t.qa, t.qb}
			if inA[t.l] {
				n.qa = a.next[2*t.qa+int32(bit)]
			}
			if inB[t.l] {
				n.qb = b.next[2*t.qb+int32(bit)]
			}
			r, err := get(n)
			if err != nil {
				return nil, err
			}
			bd.a.next[2*q+int32(bit)] = r
		}
		if err := bg.tick(); err != nil {
			return nil, err
		}
	}
	return bd.a.minimize(bg)
}

// union is the sorted set of the elements of a and b.
func union[T cmp.Ordered](a, b []T) []T {
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// minimize merges states with the same future (Moore's partition
// refinement), keeping levels apart and the start state alone; an
// automaton that accepts every tuple or none becomes a constant.
func (a *automaton) minimize(bg *Budget) (*automaton, error) {
	if a.isConst {
		return a, nil
	}
	n := a.states()
	class := make([]int32, n)
	type key0 struct {
		level      uint16
		acc, start bool
	}
	first := map[key0]int32{}
	for q := range n {
		k := key0{a.level[q], a.acc[q], q == 0}
		c, ok := first[k]
		if !ok {
			c = int32(len(first))
			first[k] = c
		}
		class[q] = c
	}
	count := len(first)
	next := make([]int32, n)
	for {
		// A signature (class, class of the 0-successor, of the
		// 1-successor) packs into 63 bits while classes stay below 2^21;
		// beyond, a struct key.
		var distinct int
		if count < 1<<21 {
			ids := make(map[uint64]int32, count)
			for q := range n {
				s := uint64(class[q])<<42 | uint64(class[a.next[2*q]])<<21 | uint64(class[a.next[2*q+1]])
				c, ok := ids[s]
				if !ok {
					c = int32(len(ids))
					ids[s] = c
				}
				next[q] = c
			}
			distinct = len(ids)
		} else {
			type sig struct{ c, c0, c1 int32 }
			ids := make(map[sig]int32, count)
			for q := range n {
				s := sig{class[q], class[a.next[2*q]], class[a.next[2*q+1]]}
				c, ok := ids[s]
				if !ok {
					c = int32(len(ids))
					ids[s] = c
				}
				next[q] = c
			}
			distinct = len(ids)
		}
		if err := bg.tick(); err != nil {
			return nil, err
		}
		stable := distinct == count
		class, next, count = next, class, distinct
		if stable {
			break
		}
	}
	// Renumber from the start state in breadth-first order, so that
	// state 0 is the start and equal automata get equal numbers.
	out := &automaton{vars: a.vars}
	rep := make([]int32, count)
	for i := range rep {
		rep[i] = -1
	}
	newID := make([]int32, count)
	for i := range newID {
		newID[i] = -1
	}
	for q := n - 1; q >= 0; q-- {
		rep[class[q]] = int32(q)
	}
	order := []int32{class[0]}
	newID[class[0]] = 0
	for i := 0; i < len(order); i++ {
		c := order[i]
		for bit := range 2 {
			d := class[a.next[2*rep[c]+int32(bit)]]
			if newID[d] < 0 {
				newID[d] = int32(len(order))
				order = append(order, d)
			}
		}
	}
	out.level = make([]uint16, len(order))
	out.acc = make([]bool, len(order))
	out.next = make([]int32, 2*len(order))
	for i, c := range order {
		q := rep[c]
		out.level[i] = a.level[q]
		out.acc[i] = a.acc[q]
		out.next[2*i] = newID[class[a.next[2*q]]]
		out.next[2*i+1] = newID[class[a.next[2*q+1]]]
	}
	some, all := false, true
	for q := 1; q < len(order); q++ {
		if out.level[q] == 0 {
			some = some || out.acc[q]
			all = all && out.acc[q]
		}
	}
	if !some || all {
		return constant(some), nil
	}
	return out, nil
}

// project is ∃v a: the variable's bits are guessed (a subset
// construction), and its first round saturated with repeated first
// rounds of the other variables, since a witness for v may need more bits
// than the tuple it witnesses for.
func (a *automaton) project(v int, bg *Budget) (*automaton, error) {
	if a.isConst {
		return a, nil
	}
	yl, found := slices.BinarySearch(a.vars, v)
	if !found {
		return a, nil
	}
	if len(a.vars) == 1 {
		return constant(!a.empty()), nil
	}
	k := len(a.vars)
	vars := slices.Delete(slices.Clone(a.vars), yl, yl+1)
	oldLevel := func(l int) int { // the old level of new level l
		if l >= yl {
			return l + 1
		}
		return l
	}
	// stepSet reads bit b (or both, b < 0) from every state of s.
	stepSet := func(s []int32, b int) []int32 {
		var out []int32
		for _, q := range s {
			if b < 0 {
				out = append(out, a.next[2*q], a.next[2*q+1])
			} else {
				out = append(out, a.next[2*q+int32(b)])
			}
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	// readNew reads one new-level bit from s at new level l: the
	// projected variable's bit is guessed before it (at level 0, when
	// y is the first variable) and after it.
	readNew := func(s []int32, l, b int) []int32 {
		if l == 0 && yl == 0 {
			s = stepSet(s, -1)
		}
		s = stepSet(s, b)
		if oldLevel(l)+1 == yl {
			s = stepSet(s, -1)
		}
		return s
	}
	// round reads a whole round whose other bits are sigma.
	round := func(s []int32, sigma []byte) []int32 {
		for l := range k - 1 {
			s = readNew(s, l, int(sigma[l]))
		}
		return s
	}
	bd := newBuilder(vars, bg)
	type key struct {
		l     int
		set   string
		first string // bits of the first round so far; empty after it
	}
	index := map[key]int32{}
	type item struct {
		k     key
		set   []int32
		sigma []byte
		first bool
	}
	var queue []item
	enc := func(s []int32) string {
		buf := make([]byte, 4*len(s))
		for i, q := range s {
			binary.LittleEndian.PutUint32(buf[4*i:], uint32(q))
		}
		return string(buf)
	}
	get := func(l int, s []int32, sigma []byte, first bool) (int32, error) {
		kk := key{l: l, set: enc(s)}
		if first {
			kk.first = "f" + string(sigma)
		}
		if q, ok := index[kk]; ok {
			return q, nil
		}
		acc := false
		if l == 0 && !(first && len(sigma) == 0) {
			for _, q := range s {
				acc = acc || a.acc[q]
			}
		}
		q, err := bd.add(l, acc)
		if err != nil {
			return 0, err
		}
		index[kk] = q
		queue = append(queue, item{kk, s, sigma, first})
		return q, nil
	}
	if _, err := get(0, []int32{0}, nil, true); err != nil {
		return nil, err
	}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		q := index[it.k]
		for bit := range 2 {
			s := readNew(it.set, it.k.l, bit)
			nl := (it.k.l + 1) % (k - 1)
			var r int32
			var err error
			switch {
			case it.first && nl == 0:
				// The first round is complete: saturate with its repeats.
				sigma := append(slices.Clone(it.sigma), byte(bit))
				for {
					t := round(s, sigma)
					u := union(s, t)
					if len(u) == len(s) {
						break
					}
					s = u
					if err := bg.tick(); err != nil {
						return nil, err
					}
				}
				r, err = get(0, s, nil, false)
			case it.first:
				r, err = get(nl, s, append(slices.Clone(it.sigma), byte(bit)), true)
			default:
				r, err = get(nl, s, nil, false)
			}
			if err != nil {
				return nil, err
			}
			bd.a.next[2*q+int32(bit)] = r
		}
		if err := bg.tick(); err != nil {
			return nil, err
		}
	}
	return bd.a.minimize(bg)
}

// empty reports whether a accepts no word.
func (a *automaton) empty() bool {
	if a.isConst {
		return !a.konst
	}
	_, ok := a.shortest()
	return !ok
}

// shortest is a shortest accepted word, as bits; false when none.
func (a *automaton) shortest() ([]byte, bool) {
	n := a.states()
	parent := make([]int32, n)
	for i := range parent {
		parent[i] = -1
	}
	parent[0] = 0
	queue := []int32{0}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		if q != 0 && a.level[q] == 0 && a.acc[q] {
			var word []byte
			for p := q; p != 0; {
				pp := parent[p]
				bit := byte(0)
				if a.next[2*pp+1] == p && a.next[2*pp] != p {
					bit = 1
				}
				word = append(word, bit)
				p = pp
			}
			slices.Reverse(word)
			return word, true
		}
		for bit := range 2 {
			r := a.next[2*q+int32(bit)]
			if parent[r] < 0 {
				parent[r] = q
				queue = append(queue, r)
			}
		}
	}
	return nil, false
}

// decode reads the values of a's variables from a word of whole rounds.
func (a *automaton) decode(word []byte) map[int]*big.Int {
	k := len(a.vars)
	out := map[int]*big.Int{}
	rounds := len(word) / k
	for i, v := range a.vars {
		x := new(big.Int)
		for r := range rounds {
			bit := int64(word[r*k+i])
			if r == 0 {
				x.SetInt64(-bit)
				continue
			}
			x.Lsh(x, 1)
			x.Add(x, big.NewInt(bit))
		}
		out[v] = x
	}
	return out
}

// accepts runs a on the values of its variables (missing ones are 0),
// with enough rounds for every value.
func (a *automaton) accepts(vals map[int]*big.Int) bool {
	if a.isConst {
		return a.konst
	}
	bits := 1
	for _, v := range a.vars {
		if x, ok := vals[v]; ok {
			bits = max(bits, x.BitLen()+1)
		}
	}
	q := int32(0)
	for r := range bits {
		for _, v := range a.vars {
			x, ok := vals[v]
			if !ok {
				x = new(big.Int)
			}
			var bit uint
			if r == 0 {
				if x.Sign() < 0 {
					bit = 1
				}
			} else {
				// two's complement bit bits−1−r of x
				pos := bits - 1 - r
				if x.Sign() >= 0 {
					bit = x.Bit(pos)
				} else {
					// −x−1 has the complement bits
					m := new(big.Int).Neg(x)
					m.Sub(m, big.NewInt(1))
					bit = 1 - m.Bit(pos)
				}
			}
			q = a.next[2*q+int32(bit)]
		}
	}
	return a.acc[q]
}
