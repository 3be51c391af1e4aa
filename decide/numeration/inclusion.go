package numeration

import (
	"fmt"
	"hash/maphash"
	"slices"
	"unsafe"
)

// IncludedInProjection decides whether every word a accepts is accepted by
// the projection of b onto the tracks keep (a's track i is b's track
// keep[i]; b's other tracks are existentially quantified, with leading
// zero letters allowed as in Project), and otherwise returns a shortest
// word of a that the projection rejects.
//
// It is the ∀∃ test of an absorption obligation, L(a) ⊆ L(∃ys: b),
// decided on the fly: pairs (state of a, set of states of b reached by the
// same word) are explored breadth-first from the start, only those
// reachable together, and the search stops at the first pair where a
// accepts and no state of the set does. Neither the projection's
// determinization nor its minimization is built: only the subsets that
// occur beside a state of a. Sets keep only b's states from which
// acceptance is reachable, and pairs only a's states from which it is.
//
// The antichain algorithm of De Wulf, Doyen, Henzinger and Raskin (CAV
// 2006) would also discard a pair (p, S) when a pair (p, T) with T ⊆ S
// was seen; on the absorption obligations of misère (2,2)-Wythoff the
// ⊆-minimal sets of one state of a numbered 17,546 after 5,000 pairs
// expanded, and the subsumption tests cost more than the pairs they
// saved (the exact search ends at 101,296 pairs), so pairs are told
// apart by equality only.
//
// MaxStates bounds the pairs kept, and MaxBytes (when above 0) the memory
// they take (their sets' sizes vary, from one state to thousands); past
// either the test fails with ErrTooBig.
func IncludedInProjection(a, b *DFA, keep []int) (bool, []int, error) {
	if a.Digits != b.Digits || len(keep) != a.Tracks || a.Tracks > b.Tracks {
		panic(fmt.Sprintf("automata: inclusion of %d×%d tracks×digits in the projection of %d×%d onto %v",
			a.Tracks, a.Digits, b.Tracks, b.Digits, keep))
	}
	d := a.Digits
	La, Lb := a.Letters(), b.Letters()
	liveA, liveB := a.coReachable(), b.coReachable()
	if !liveA[0] {
		return true, nil, nil
	}
	var ext [][]int32
	var lay *layeredSteps
	if useLayered(d, b.Tracks) {
		lay = newLayeredSteps(b, keep, La, liveB)
	} else {
		// ext[la] lists b's letters that read la on the kept tracks.
		ext = make([][]int32, La)
		for lb := range Lb {
			la := 0
			for i, t := range keep {
				la += (lb / pow(d, t) % d) * pow(d, i)
			}
			ext[la] = append(ext[la], int32(lb))
		}
	}

	// The start set: b's start closed under letters zero on the kept
	// tracks (a witness may be longer than the tuple).
	nb := b.States()
	stamp := make([]uint32, nb)
	gen := uint32(1)
	stamp[0] = gen
	closure := []int32{0}
	for i := 0; i < len(closure); i++ {
		q := int(closure[i])
		var zero []int32 // the states q reaches by a letter zero on the kept tracks
		if lay != nil {
			zero = lay.all([]int32{int32(q)})[0]
		} else {
			for _, l := range ext[0] {
				zero = append(zero, b.Next[q*Lb+int(l)])
			}
		}
		for _, r := range zero {
			if stamp[r] != gen {
				stamp[r] = gen
				closure = append(closure, r)
			}
		}
	}
	var start []int32
	for _, q := range closure {
		if liveB[q] {
			start = append(start, q)
		}
	}
	slices.Sort(start)

	var ps pairSet
	ps.seed = maphash.MakeSeed()
	ps.index = map[uint64]int32{}
	ps.add(0, start, -1, 0)
	accepts := func(set []int32) bool {
		for _, q := range set {
			if b.Accept[q] {
				return true
			}
		}
		return false
	}
	if a.Accept[0] && !accepts(start) {
		return false, nil, nil
	}
	var ns []int32
	for i := 0; i < len(ps.nodes); i++ {
		if err := overBudget(i); err != nil {
			return false, nil, fmt.Errorf("%w: inclusion at %d pairs", err, len(ps.nodes))
		}
		p, set := int(ps.nodes[i].p), ps.set(i)
		var succ [][]int32
		if lay != nil {
			succ = lay.all(set)
		}
		for la := range La {
			p2 := a.Next[p*La+la]
			if !liveA[p2] {
				continue
			}
			if lay != nil {
				ns = append(ns[:0], succ[la]...)
			} else {
				gen++
				ns = ns[:0]
				for _, q := range set {
					base := int(q) * Lb
					for _, l := range ext[la] {
						r := b.Next[base+int(l)]
						if stamp[r] != gen && liveB[r] {
							stamp[r] = gen
							ns = append(ns, r)
						}
					}
				}
			}
			if a.Accept[p2] && !accepts(ns) {
				return false, append(ps.word(i), la), nil
			}
			slices.Sort(ns)
			if ps.find(p2, ns) >= 0 {
				continue
			}
			if len(ps.nodes) >= MaxStates {
				return false, nil, fmt.Errorf("%w: inclusion past %d pairs", ErrTooBig, MaxStates)
			}
			if MaxBytes > 0 && ps.bytes() > MaxBytes {
				return false, nil, fmt.Errorf("%w: inclusion past %d pairs taking %d MiB", ErrMemory, len(ps.nodes), ps.bytes()>>20)
			}
			ps.add(p2, ns, int32(i), int32(la))
		}
	}
	return true, nil, nil
}

// MaxBytes, when above 0, bounds the memory of IncludedInProjection's
// pairs.
var MaxBytes int64

// bytes is the memory of the pairs: the nodes, their sets, and the index
// (about 48 bytes an entry with the map's overhead), counted by capacity.
func (s *pairSet) bytes() int64 {
	return int64(cap(s.nodes))*int64(unsafe.Sizeof(pairNode{})) + 4*s.arenaCap + 48*int64(len(s.index))
}

// arenaChunk is the members of a chunk of the pairs' sets (4 MiB).
const arenaChunk = 1 << 20

// A pairSet holds the pairs of IncludedInProjection: their sets in one
// arena, indexed by a hash with collisions chained through the nodes.
type pairSet struct {
	seed  maphash.Seed
	nodes []pairNode
	// arena holds the sets in chunks that are never moved: one slice
	// grown by appending was copied at each growth, its old and new
	// copies live at once and every new page faulted in (Γ_3 with s = 2:
	// 1.06 million minor faults, 3.6 s of system time in 40 s).
	arena    [][]int32
	arenaCap int64            // the chunks' capacity, in members
	index    map[uint64]int32 // hash → last node with it
}

type pairNode struct {
	p, parent, letter, same int32 // same: the previous node of equal hash, or −1
	chunk                   int32 // the set is arena[chunk][off : off+n]
	off                     int32
	n                       int32
}

func (s *pairSet) hash(p int32, set []int32) uint64 {
	var h maphash.Hash
	h.SetSeed(s.seed)
	buf := [4]byte{byte(p), byte(p >> 8), byte(p >> 16), byte(p >> 24)}
	h.Write(buf[:])
	// The set's memory as bytes at once: a write per member was a
	// twentieth of the ∀∃ test's time.
	h.Write(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(set))), 4*len(set)))
	return h.Sum64()
}

func (s *pairSet) set(i int) []int32 {
	n := s.nodes[i]
	return s.arena[n.chunk][n.off : n.off+n.n]
}

// find is the node of (p, set), or −1.
func (s *pairSet) find(p int32, set []int32) int32 {
	j, ok := s.index[s.hash(p, set)]
	for ok && j >= 0 {
		if s.nodes[j].p == p && slices.Equal(s.set(int(j)), set) {
			return j
		}
		j = s.nodes[j].same
	}
	return -1
}

func (s *pairSet) add(p int32, set []int32, parent, letter int32) {
	h := s.hash(p, set)
	same, ok := s.index[h]
	if !ok {
		same = -1
	}
	last := len(s.arena) - 1
	if last < 0 || len(s.arena[last])+len(set) > cap(s.arena[last]) {
		// Chunks double from 1,024 members up to arenaChunk, so a small
		// test allocates little.
		c := max(min(arenaChunk, max(1024, int(s.arenaCap))), len(set))
		s.arena = append(s.arena, make([]int32, 0, c))
		s.arenaCap += int64(c)
		last++
	}
	s.nodes = append(s.nodes, pairNode{p: p, parent: parent, letter: letter, same: same, chunk: int32(last), off: int32(len(s.arena[last])), n: int32(len(set))})
	s.arena[last] = append(s.arena[last], set...)
	s.index[h] = int32(len(s.nodes) - 1)
}

// word is the word that reached node i.
func (s *pairSet) word(i int) []int {
	var w []int
	for ; s.nodes[i].parent >= 0; i = int(s.nodes[i].parent) {
		w = append(w, int(s.nodes[i].letter))
	}
	slices.Reverse(w)
	return w
}

// coReachable marks the states from which an accepting state is reachable.
func (a *DFA) coReachable() []bool {
	n, L := a.States(), a.Letters()
	// Reverse edges, counted then filled (CSR).
	count := make([]int32, n+1)
	for _, r := range a.Next {
		count[r+1]++
	}
	for i := range n {
		count[i+1] += count[i]
	}
	from := make([]int32, len(a.Next))
	fill := slices.Clone(count[:n])
	for i, r := range a.Next {
		from[fill[r]] = int32(i / L)
		fill[r]++
	}
	live := make([]bool, n)
	var stack []int32
	for q, ok := range a.Accept {
		if ok {
			live[q] = true
			stack = append(stack, int32(q))
		}
	}
	for len(stack) > 0 {
		r := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, q := range from[count[r]:count[r+1]] {
			if !live[q] {
				live[q] = true
				stack = append(stack, q)
			}
		}
	}
	return live
}

// layeredSteps finds, for a set of b's states and every letter of the
// kept tracks at once, the live states the set reaches: b's layered
// automaton read track by track, a kept track's digit branching and any
// other track's digits united, so a prefix of tracks is read once for
// all the letters that share it and the sets shrink as they merge
// (dense, each of the set's states read every one of b's letters over
// the kept ones).
type layeredSteps struct {
	b     *layered
	kept  []int // kept[j]: the kept track i read at b's track j, or −1
	place []int // place[i] = digits^i
	live  []bool
	stamp []uint32
	gen   uint32
	bufs  [][]int32 // the set after each track
	out   [][]int32 // out[la]: the states reached by la
}

func newLayeredSteps(b *DFA, keep []int, La int, live []bool) *layeredSteps {
	s := &layeredSteps{b: layeredOf(b), kept: make([]int, b.Tracks), live: live, out: make([][]int32, La)}
	for j := range s.kept {
		s.kept[j] = -1
	}
	for i, t := range keep {
		s.kept[t] = i
	}
	s.place = make([]int, len(keep))
	for i := range s.place {
		s.place[i] = pow(b.Digits, i)
	}
	s.stamp = make([]uint32, s.b.states())
	s.bufs = make([][]int32, b.Tracks+1)
	return s
}

// all is, for every letter la of the kept tracks, the live layer-0
// states (unsorted, each once) that set reaches; the slices are reused
// by the next call.
func (s *layeredSteps) all(set []int32) [][]int32 {
	for la := range s.out {
		s.out[la] = s.out[la][:0]
	}
	s.bufs[0] = append(s.bufs[0][:0], set...)
	s.walk(0, 0)
	return s.out
}

func (s *layeredSteps) walk(j, la int) {
	b := s.b
	cur := s.bufs[j]
	if j == b.tracks {
		out, live := s.out[la], s.live
		for _, q := range cur {
			if live[q] {
				out = append(out, q)
			}
		}
		s.out[la] = out
		return
	}
	if i := s.kept[j]; i >= 0 {
		for x := range b.digits {
			s.step(cur, j, x, x+1)
			s.walk(j+1, la+x*s.place[i])
		}
		return
	}
	s.step(cur, j, 0, b.digits)
	s.walk(j+1, la)
}

// step sets the set after track j to the states cur reaches by the
// digits from..to−1, each once.
func (s *layeredSteps) step(cur []int32, j, from, to int) {
	s.gen++
	gen, stamp, next, d := s.gen, s.stamp, s.b.next, s.b.digits
	nxt := s.bufs[j+1][:0]
	for _, q := range cur {
		for _, r := range next[int(q)*d+from : int(q)*d+to] {
			if stamp[r] != gen {
				stamp[r] = gen
				nxt = append(nxt, r)
			}
		}
	}
	s.bufs[j+1] = nxt
}
