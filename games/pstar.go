package games

import (
	"errors"
	"fmt"
	"sync"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
)

func init() { lang.PPositions = pPositions }

// pSets keeps one P-set per ruleset and pile count, so that every
// compiled ⋆ rule on it shares what was computed.
var pSets sync.Map // "NAME|n" → *pSet

// pPositions resolves "P-position of GAME" on n piles for package lang:
// a built-in family with its parameters. A rule file is refused (a rule
// names no file), as is a game whose piles may grow, where no box holds
// a position's followers.
func pPositions(game string, n int) (lang.PSet, error) {
	if IsRulesPath(game) {
		return nil, errors.New("give a built-in ruleset, not a rule file")
	}
	r, err := Parse(game)
	if err != nil {
		return nil, err
	}
	if err := r.Validate(make(grundy.Position, n)); err != nil {
		return nil, err
	}
	if grundy.PilesMayGrow(r) {
		return nil, fmt.Errorf("%s may add tokens to a pile, so its P-positions below a position are not finite to find", r.Name())
	}
	key := fmt.Sprintf("%s|%d", r.Name(), n)
	s, _ := pSets.LoadOrStore(key, &pSet{r: r, n: n})
	return s.(*pSet), nil
}

// A pSet decides P-membership of the positions of r with n piles by
// exhaustive search over a box [0, b₁] × … × [0, bₙ], in index order:
// every follower is at most its position pile by pile (piles never grow),
// so its index is smaller and its status known. A bound doubles when a
// position past it asks, so the box stays within 2ⁿ times the box below
// the positions asked about, which is what the solvers estimated and
// accepted before calling. The nonzero P-positions are kept as a list,
// so Below costs the P-positions of the box, not the box.
type pSet struct {
	r      grundy.Ruleset
	n      int
	mu     sync.Mutex
	bounds []int             // the box solved; nil before any
	isP    []bool            // by mixed-radix index, radix bounds[i]+1
	ps     []grundy.Position // the nonzero P-positions of the box
}

func (s *pSet) Symmetric() bool { return grundy.SymmetricFrom(s.r, s.n) == 0 }

// Below calls yield with every nonzero P-position v ≤ p.
func (s *pSet) Below(p grundy.Position, yield func(grundy.Position) bool) bool {
	s.mu.Lock()
	if s.bounds == nil || !below(p, s.bounds) {
		b := make([]int, s.n)
		for i := range b {
			b[i] = p[i]
			if s.bounds != nil {
				b[i] = s.bounds[i]
				if p[i] > b[i] {
					b[i] = max(p[i], 2*b[i])
				}
			}
		}
		s.solve(b)
	}
	ps := s.ps
	s.mu.Unlock()
	for _, v := range ps {
		if below(v, p) && !yield(v) {
			return false
		}
	}
	return true
}

// solve fills the box below b (with s.mu held).
func (s *pSet) solve(b []int) {
	size := 1
	for _, x := range b {
		size *= x + 1
	}
	s.isP = make([]bool, 0, size)
	s.ps = nil
	v := make(grundy.Position, s.n)
	for {
		p := true
		s.r.Options(v, func(q grundy.Position) bool {
			if s.isP[index(q, b)] {
				p = false
				return false
			}
			return true
		})
		s.isP = append(s.isP, p)
		if p && !zero(v) {
			s.ps = append(s.ps, append(grundy.Position(nil), v...))
		}
		// The next position in index order: the last pile fastest.
		i := s.n - 1
		for i >= 0 && v[i] == b[i] {
			v[i] = 0
			i--
		}
		if i < 0 {
			break
		}
		v[i]++
	}
	s.bounds = b
}

func index(q grundy.Position, b []int) int {
	x := 0
	for i, c := range q {
		x = x*(b[i]+1) + c
	}
	return x
}

func below(v grundy.Position, p []int) bool {
	for i := range v {
		if v[i] > p[i] {
			return false
		}
	}
	return true
}

func zero(v grundy.Position) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}
