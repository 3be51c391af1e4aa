package solve

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"

	"github.com/grundy/grundy"
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
}

// A Solved holds the values of every position reachable from a root.
type Solved struct {
	r    grundy.Ruleset
	find func(grundy.Position) (int32, bool)
	vals []grundy.Values
	Root grundy.Position // canonical
}

// Len is the number of positions solved.
func (s *Solved) Len() int { return len(s.vals) }

// Values returns the values of p if p was reached from the root.
func (s *Solved) Values(p grundy.Position) (grundy.Values, bool) {
	i, ok := s.find(grundy.Canonical(s.r, p))
	if !ok {
		return grundy.Values{}, false
	}
	return s.vals[i], true
}

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
	if top > 1e6 {
		// Too long for the exact count: bound by every sorted tuple ≤ top.
		m := float64(len(suf))
		c := 1.0
		for i := 1.0; i <= m; i++ {
			c *= (top + i) / i
		}
		return bound * c
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

// Solve computes the values of p and of every position reachable from it.
func (s Search) Solve(ctx context.Context, p grundy.Position) (*Solved, error) {
	r := s.Ruleset
	if err := r.Validate(p); err != nil {
		return nil, err
	}
	root := grundy.Canonical(r, p)
	budget := s.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	maxPile := 0
	for _, x := range p {
		maxPile = max(maxPile, x)
	}
	if grundy.PilesMayGrow(r) {
		// Every move lowers the token sum, so no pile ever holds more
		// than p has in all.
		maxPile = p.Sum()
	}
	scratch := make(grundy.Position, len(p))
	ix, err := NewIndex(len(p), grundy.SymmetricFrom(r, len(p)), maxPile)
	if err == nil {
		// Keys are ranks in the box [0, max p]^n: eight bytes a position.
		return search(ctx, s, root, budget,
			func(q grundy.Position) uint64 { copy(scratch, q); return ix.canonicalRank(scratch) },
			func(k uint64, q grundy.Position) { ix.Unrank(k, q) })
	}
	// A box too big for 64-bit ranks: keys are the piles' bytes.
	return search(ctx, s, root, budget,
		func(q grundy.Position) string {
			copy(scratch, q)
			grundy.Canonicalize(r, scratch)
			return packKey(scratch)
		},
		unpackKey)
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

// search is the iterative depth-first search over keys of type K. A node
// is expanded when first popped — its followers' ids are recorded on an
// edge stack and its unsolved followers pushed above it — and evaluated
// when popped again, when all its followers are solved: no move leads back
// up, as every move removes a token. Nodes expanded after a node are
// evaluated before it, so its edges are then on top of the edge stack.
// canon puts a copy of a position into canonical form and keys it.
func search[K comparable](ctx context.Context, s Search, root grundy.Position, budget int,
	canon func(grundy.Position) K, decode func(K, grundy.Position)) (*Solved, error) {
	r := s.Ruleset
	n := len(root)
	ids := map[K]int32{}
	var keys []K
	var vals []grundy.Values
	var state []uint8 // 0 new, 1 expanded, 2 solved
	intern := func(q grundy.Position) (int32, error) {
		k := canon(q)
		if id, ok := ids[k]; ok {
			return id, nil
		}
		if len(keys) >= budget || len(keys) >= math.MaxInt32 {
			return 0, fmt.Errorf("%w: more than %d positions are reachable", ErrBudget, len(keys))
		}
		id := int32(len(keys))
		ids[k] = id
		keys = append(keys, k)
		vals = append(vals, grundy.Values{})
		state = append(state, 0)
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
	for steps := 0; len(stack) > 0; steps++ {
		if steps&0xFFFF == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if s.Progress != nil {
				s.Progress(len(keys))
			}
		}
		id := stack[len(stack)-1]
		switch state[id] {
		case 2:
			stack = stack[:len(stack)-1]
		case 0:
			state[id] = 1
			segments = append(segments, len(edges))
			decode(keys[id], p)
			var ierr error
			r.Options(p, func(q grundy.Position) bool {
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
				if state[f] == 0 {
					stack = append(stack, f)
				}
				return true
			})
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
				v := vals[f]
				gs, gms = append(gs, v.G), append(gms, v.Gm)
				rs.Add(v.R)
				rms.Add(v.Rm)
			}
			edges = edges[:from]
			v := grundy.TerminalValues
			if len(gs) > 0 {
				v = grundy.Values{G: grundy.Mex(gs), Gm: grundy.Mex(gms), R: rs.Result(0), Rm: rms.Result(1)}
			}
			vals[id] = v
			state[id] = 2
		}
	}
	find := func(q grundy.Position) (int32, bool) {
		if len(q) != n || !withinBox(q, root, r) {
			return 0, false
		}
		id, ok := ids[canon(q)]
		return id, ok
	}
	return &Solved{r: r, find: find, vals: vals, Root: root}, nil
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
