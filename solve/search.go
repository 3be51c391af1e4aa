package solve

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"math"
	"math/big"
	"slices"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/internal/plural"
)

// DefaultBudget is the number of positions a Search may visit by default.
const DefaultBudget = 100_000_000

// ErrBudget is wrapped by errors of searches that would visit more
// positions than their budget.
var ErrBudget = errors.New("search budget exceeded")

// A Search explores every position reachable from one position.
type Search struct {
	Ruleset grundy.Ruleset
	// Budget is the most positions it may visit; zero means DefaultBudget.
	Budget int
	// Progress, if set, is called now and then with the positions visited.
	Progress func(visited int)
	// MemoryLimit, if set, refuses before any work a search whose budget
	// (or the positions reachable, if fewer) could need more memory, at
	// SearchBytes a position.
	MemoryLimit uint64
	// Plan, if set, is PlanSearch of the position Solve is given, made
	// by the caller that priced the search; else Solve plans.
	Plan *SearchPlan
}

// A Solved holds the values of every position reachable from a root.
type Solved struct {
	r    grundy.Ruleset
	find func(grundy.Position) (grundy.Values, bool)
	n    int
	Root grundy.Position // canonical
}

// Len is the number of positions solved.
func (s *Solved) Len() int { return s.n }

// Values returns the values of p if p was reached from the root.
func (s *Solved) Values(p grundy.Position) (grundy.Values, bool) {
	return s.find(grundy.Canonical(s.r, p))
}

// ReachExactTop is the largest pile ReachBound counts exactly (a pass
// over 0..top a pile).
const ReachExactTop = 1 << 14

// ReachBound is an upper bound on the number of positions reachable from
// p: every canonical position whose piles are each at most p's (after
// sorting the interchangeable ones), or, when piles may grow, every
// position with fewer tokens. It is an estimate, as a float.
func ReachBound(r grundy.Ruleset, p grundy.BigPosition) float64 {
	if grundy.PilesMayGrow(r) {
		// Piles may grow, but the token sum S only falls: bound by every
		// n-pile position with at most S tokens, C(S+n, n).
		s := 0.0
		for _, x := range p {
			f, _ := x.Float64()
			s += f
		}
		c := 1.0
		for i := 1.0; i <= float64(len(p)); i++ {
			c *= (s + i) / i
		}
		return c
	}
	from := SymmetricFromBig(r, p)
	bound := 1.0
	for _, x := range p[:from] {
		f, _ := x.Float64()
		bound *= f + 1
	}
	suf := slices.Clone(p[from:])
	slices.SortFunc(suf, func(a, b *big.Int) int { return a.Cmp(b) })
	if len(suf) == 0 {
		return bound
	}
	top, _ := suf[len(suf)-1].Float64()
	if top > ReachExactTop {
		// Too long for the exact count, which takes a pass over 0..top a
		// pile (8 MB and milliseconds at a million, and a b-file line
		// plans thousands of positions): the least of two bounds, every
		// sorted tuple ≤ top and every tuple ≤ p pile by pile. Both are
		// exact when the piles are equal, and the second when all but one
		// are small.
		c, prod := 1.0, 1.0
		for i, x := range suf {
			c *= (top + float64(i) + 1) / (float64(i) + 1)
			f, _ := x.Float64()
			prod *= f + 1
		}
		return bound * min(c, prod)
	}
	// count[v] = sorted prefixes ending in v, each pile ≤ its bound.
	count := make([]float64, int(top)+1)
	for v := 0; v <= int(suf[0].Int64()); v++ {
		count[v] = 1
	}
	for _, x := range suf[1:] {
		xi := int(x.Int64())
		acc := 0.0
		for v := 0; v <= int(top); v++ {
			acc += count[v]
			if v <= xi {
				count[v] = acc
			} else {
				count[v] = 0
			}
		}
	}
	total := 0.0
	for _, c := range count {
		total += c
	}
	return bound * total
}

// SymmetricFromBig is grundy.SymmetricFrom for a BigPosition.
func SymmetricFromBig(r grundy.Ruleset, p grundy.BigPosition) int {
	return grundy.SymmetricFrom(r, len(p))
}

// SearchBytes is the most memory a Search from p holds per position it
// visits: its key (an 8-byte rank in the box below p, or, for boxes too big
// for 64-bit ranks, the piles as varints in a string), its four values
// packed in 32 bits each, a state byte, and its slot in an open-addressing
// table of 4-byte ids kept at most 3/4 full (up to 8/3 slots a position,
// and while the table doubles, the old one too: 16 bytes). Keys, values
// and states are kept in pages, so no slice doubles. Its stacks grow with
// the depth of the search times the options of a position, not with the
// positions visited. Measured: TestSearchBytes.
func SearchBytes(r grundy.Ruleset, p grundy.Position) uint64 {
	return searchBytes(ranked(r, p), len(p))
}

// ranked reports whether a search from p keys its positions by 64-bit
// ranks in the box below p: asked of the box's size, without building its
// binomial table.
func ranked(r grundy.Ruleset, p grundy.Position) bool {
	_, err := indexable(len(p), grundy.SymmetricFrom(r, len(p)), searchMaxPile(r, p))
	return err == nil
}

func searchBytes(ranked bool, piles int) uint64 {
	const fixed = 16 + 1 + 16 // values, state, table
	if ranked {
		return fixed + 8
	}
	// A string header, and its bytes rounded up to Go's 8-byte size
	// classes: at most 10 bytes a pile.
	return fixed + 16 + uint64(10*piles+7)/8*8
}

// A SearchPlan is what a search from one position takes, worked out once
// and without building a table: the bound on the positions it reaches,
// the width of its keys, its bytes and its work a position, and its
// stacks. A Search given one probes the position no more.
type SearchPlan struct {
	// Reach bounds the positions reachable (ReachBound).
	Reach float64
	// Ranked: keys are 8-byte ranks in the box below the position, else
	// its piles as varints.
	Ranked bool
	// PerPosition is SearchBytes; Work is PositionWork.
	PerPosition uint64
	Work        float64
	// depth bounds the path a search follows down (every move removes a
	// token), and options the followers waiting at each step.
	depth, options float64
}

// PlanSearch plans a search from p.
func PlanSearch(r grundy.Ruleset, p grundy.Position) SearchPlan {
	rk := ranked(r, p)
	opts := optionCount(r, p)
	return SearchPlan{Reach: ReachBound(r, p.Big()), Ranked: rk, PerPosition: searchBytes(rk, len(p)),
		Work: positionWork(r, p, opts), depth: float64(p.Sum()), options: opts}
}

// Memory is the most the search holds within budget (what a front end
// admits; Search's own MemoryLimit counts the positions only): PerPosition
// for each position it may visit (the budget, or the positions reachable
// when fewer), and its stacks: on the path it follows down (at most the
// position's tokens long, as every move removes one) each position's
// followers wait, an edge and a stack entry of 4 bytes each, as many as
// the position's options at most (moore:k=2 from 10,12,14,16,18: 0.9 MB
// of stacks beside 1.1 MB of positions).
func (sp SearchPlan) Memory(budget int) float64 {
	most := min(float64(budget), sp.Reach)
	depth := min(sp.depth, most)
	return most*float64(sp.PerPosition) + depth*sp.options*8
}

// rankIndex is the rank index of the box a search from p stays in, built
// only when the plan found its ranks fit 64 bits.
func rankIndex(r grundy.Ruleset, p grundy.Position, ranked bool) (*Index, error) {
	if !ranked {
		return nil, errors.New("ranks beyond 64 bits")
	}
	return NewIndex(len(p), grundy.SymmetricFrom(r, len(p)), searchMaxPile(r, p))
}

// searchMaxPile bounds every pile a search from p meets.
func searchMaxPile(r grundy.Ruleset, p grundy.Position) int {
	if grundy.PilesMayGrow(r) {
		// Every move lowers the token sum, so no pile ever holds more
		// than p has in all.
		return p.Sum()
	}
	maxPile := 0
	for _, x := range p {
		maxPile = max(maxPile, x)
	}
	return maxPile
}

// Solve computes the values of p and of every position reachable from it.
func (s Search) Solve(ctx context.Context, p grundy.Position) (*Solved, error) {
	r := s.Ruleset
	if err := r.Validate(p); err != nil {
		return nil, err
	}
	if grundy.PileCountChanges(r) {
		return nil, &grundy.PileCountError{Ruleset: r.Name(), Solver: "search"}
	}
	root := grundy.Canonical(r, p)
	budget := s.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	plan := s.Plan
	if plan == nil {
		pl := PlanSearch(r, p)
		plan = &pl
	}
	if s.MemoryLimit > 0 {
		per := plan.PerPosition
		most := min(float64(budget), plan.Reach)
		if need := most * float64(per); need > float64(s.MemoryLimit) {
			return nil, fmt.Errorf("%w: a search of up to %.4g positions needs %s at %d B a position, more than the %s allowed",
				ErrTooBig, most, plural.Bytes(bigOf(need)), per, plural.Bytes(new(big.Int).SetUint64(s.MemoryLimit)))
		}
	}
	scratch := make(grundy.Position, len(p))
	if ix, err := rankIndex(r, p, plan.Ranked); err == nil {
		// Keys are ranks in the box [0, max p]^n: eight bytes a position.
		return search(ctx, s, root, budget,
			func(q grundy.Position) uint64 { copy(scratch, q); return ix.canonicalRank(scratch) },
			func(k uint64, q grundy.Position) { ix.Unrank(k, q) },
			mix64)
	}
	// A box too big for 64-bit ranks: keys are the piles' bytes.
	seed := maphash.MakeSeed()
	return search(ctx, s, root, budget,
		func(q grundy.Position) string {
			copy(scratch, q)
			grundy.Canonicalize(r, scratch)
			return packKey(scratch)
		},
		unpackKey,
		func(k string) uint64 { return maphash.String(seed, k) })
}

func bigOf(f float64) *big.Int {
	b, _ := big.NewFloat(f).Int(nil)
	return b
}

// mix64 is SplitMix64's finalizer: ranks of nearby positions are nearby
// integers, and the table's slot is the hash's low bits.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

func packKey(p grundy.Position) string {
	b := make([]byte, 0, len(p)*2)
	for _, x := range p {
		b = binary.AppendUvarint(b, uint64(x))
	}
	return string(b)
}

func unpackKey(k string, p grundy.Position) {
	b := []byte(k)
	for i := range p {
		x, n := binary.Uvarint(b)
		p[i] = int(x)
		b = b[n:]
	}
}

// pages is a growing array kept in fixed pages, so that it never holds a
// doubled copy of itself.
type pages[T any] struct {
	p [][]T
	n int
}

const pageBits = 16

func (s *pages[T]) add(v T) {
	if s.n&(1<<pageBits-1) == 0 {
		s.p = append(s.p, make([]T, 1<<pageBits))
	}
	s.p[s.n>>pageBits][s.n&(1<<pageBits-1)] = v
	s.n++
}

func (s *pages[T]) at(i int32) *T { return &s.p[i>>pageBits][i&(1<<pageBits-1)] }

// idTable maps keys to ids 0, 1, … with open addressing: a slot holds an
// id + 1 (0 is empty) and the key is read back from the caller's pages,
// so a slot costs 4 bytes.
type idTable[K comparable] struct {
	slots []int32
	n     int
	hash  func(K) uint64
	key   func(int32) K
}

func newIDTable[K comparable](hash func(K) uint64, key func(int32) K) *idTable[K] {
	return &idTable[K]{slots: make([]int32, 1024), hash: hash, key: key}
}

// find returns k's id, or false and the slot where it would go.
func (t *idTable[K]) find(k K) (id int32, slot int, ok bool) {
	mask := uint64(len(t.slots) - 1)
	for i := t.hash(k) & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			return 0, int(i), false
		}
		if t.key(s-1) == k {
			return s - 1, 0, true
		}
	}
}

// insert puts id in the slot find gave, whose key key(id) must now
// return; it doubles the table past 3/4 full.
func (t *idTable[K]) insert(slot int, id int32) {
	t.slots[slot] = id + 1
	t.n++
	if 4*t.n <= 3*len(t.slots) {
		return
	}
	old := t.slots
	t.slots = make([]int32, 2*len(old))
	mask := uint64(len(t.slots) - 1)
	for _, s := range old {
		if s == 0 {
			continue
		}
		i := t.hash(t.key(s-1)) & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
}

// packed holds a position's four values in 32 bits each: no value exceeds
// the positions a search may visit (fewer than 2^31), as a value is at
// most a position's options or its longest play.
type packed [4]uint32

func pack(v grundy.Values) packed {
	return packed{uint32(v.G), uint32(v.Gm), uint32(v.R), uint32(v.Rm)}
}

func (p packed) values() grundy.Values {
	return grundy.Values{G: int(p[0]), Gm: int(p[1]), R: int(p[2]), Rm: int(p[3])}
}

// search is the iterative depth-first search over keys of type K. A node
// is expanded when first popped — its followers' ids are recorded on an
// edge stack and its unsolved followers pushed above it — and evaluated
// when popped again, when all its followers are solved: no move leads back
// up, as every move removes a token. Nodes expanded after a node are
// evaluated before it, so its edges are then on top of the edge stack.
// canon puts a copy of a position into canonical form and keys it; hash
// spreads keys over the table.
func search[K comparable](ctx context.Context, s Search, root grundy.Position, budget int,
	canon func(grundy.Position) K, decode func(K, grundy.Position), hash func(K) uint64) (*Solved, error) {
	r := s.Ruleset
	n := len(root)
	var keys pages[K]
	var vals pages[packed]
	var state pages[uint8] // 0 new, 1 expanded, 2 solved
	ids := newIDTable(hash, func(id int32) K { return *keys.at(id) })
	intern := func(q grundy.Position) (int32, error) {
		k := canon(q)
		id, slot, ok := ids.find(k)
		if ok {
			return id, nil
		}
		if keys.n >= budget || keys.n >= math.MaxInt32 {
			return 0, fmt.Errorf("%w: more than %d positions are reachable", ErrBudget, keys.n)
		}
		id = int32(keys.n)
		keys.add(k)
		vals.add(packed{})
		state.add(0)
		ids.insert(slot, id)
		return id, nil
	}
	rootID, err := intern(root)
	if err != nil {
		return nil, err
	}
	stack := []int32{rootID}
	var edges []int32  // followers of expanded, unsolved nodes
	var segments []int // where each such node's followers start in edges
	p := make(grundy.Position, n)
	var gs, gms []int
	work := 0
	// One closure for every expansion (one per node would be garbage of
	// the size of the table).
	var ierr error
	follow := func(q grundy.Position) bool {
		// Positions of some rulesets have thousands of options:
		// look for cancellation by edges, not only by steps.
		if work++; work&0xFFFF == 0 {
			if err := ctx.Err(); err != nil {
				ierr = err
				return false
			}
		}
		f, err := intern(q)
		if err != nil {
			ierr = err
			return false
		}
		edges = append(edges, f)
		if *state.at(f) == 0 {
			stack = append(stack, f)
		}
		return true
	}
	for steps := 0; len(stack) > 0; steps++ {
		if steps&0xFFFF == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if s.Progress != nil {
				s.Progress(keys.n)
			}
		}
		id := stack[len(stack)-1]
		switch *state.at(id) {
		case 2:
			stack = stack[:len(stack)-1]
		case 0:
			*state.at(id) = 1
			segments = append(segments, len(edges))
			decode(*keys.at(id), p)
			r.Options(p, follow)
			if ierr != nil {
				return nil, ierr
			}
		case 1:
			stack = stack[:len(stack)-1]
			from := segments[len(segments)-1]
			segments = segments[:len(segments)-1]
			gs, gms = gs[:0], gms[:0]
			var rs, rms grundy.RemotenessStep
			for _, f := range edges[from:] {
				v := vals.at(f).values()
				gs, gms = append(gs, v.G), append(gms, v.Gm)
				rs.Add(v.R)
				rms.Add(v.Rm)
			}
			edges = edges[:from]
			v := grundy.TerminalValues
			if len(gs) > 0 {
				v = grundy.Values{G: grundy.Mex(gs), Gm: grundy.Mex(gms), R: rs.Result(0), Rm: rms.Result(1)}
			}
			*vals.at(id) = pack(v)
			*state.at(id) = 2
		}
	}
	find := func(q grundy.Position) (grundy.Values, bool) {
		if len(q) != n || !withinBox(q, root, r) {
			return grundy.Values{}, false
		}
		id, _, ok := ids.find(canon(q))
		if !ok {
			return grundy.Values{}, false
		}
		return vals.at(id).values(), true
	}
	return &Solved{r: r, find: find, n: keys.n, Root: root}, nil
}

// withinBox reports whether every pile of q lies in the range the rank
// keys cover: [0, max root], or [0, sum root] when piles may grow.
func withinBox(q, root grundy.Position, r grundy.Ruleset) bool {
	m := slices.Max(root)
	if grundy.PilesMayGrow(r) {
		m = root.Sum()
	}
	for _, x := range q {
		if x < 0 || x > m {
			return false
		}
	}
	return true
}
