package games

import (
	"errors"
	"fmt"
	"sync"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/rules"
)

func init() { rules.PPositions = pPositions }

// pSets keeps one P-set per ruleset and pile count, so that every
// compiled ⋆ rule on it shares what was computed.
var pSets sync.Map // "NAME|n" → *pSet

// pPositions resolves "P-position of GAME" on n piles for package rules:
// a built-in family with its parameters. A rule file is refused (a rule
// names no file), as is a game whose piles may grow, where no box holds
// a position's followers.
func pPositions(game string, n int) (rules.PSet, error) {
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
	s, _ := pSets.LoadOrStore(key, &pSet{r: r, n: n, p: map[string]bool{}})
	return s.(*pSet), nil
}

// A pSet decides P-membership of the positions of r with n piles by
// exhaustive search, memoized: a position is P iff none of its options
// is. Its followers are smaller pile by pile, so the positions below p
// are all one needs.
type pSet struct {
	r  grundy.Ruleset
	n  int
	mu sync.Mutex
	p  map[string]bool // canonical position → is P
}

func (s *pSet) Symmetric() bool { return grundy.SymmetricFrom(s.r, s.n) == 0 }

// Below calls yield with every nonzero P-position v ≤ p. The memo is
// filled under the lock, then yield runs without it.
func (s *pSet) Below(p grundy.Position, yield func(grundy.Position) bool) bool {
	var found []grundy.Position
	s.mu.Lock()
	v := make(grundy.Position, len(p))
	var rec func(i int)
	rec = func(i int) {
		if i == len(p) {
			if s.isP(v) && !zero(v) {
				found = append(found, append(grundy.Position(nil), v...))
			}
			return
		}
		for a := 0; a <= p[i]; a++ {
			v[i] = a
			rec(i + 1)
		}
	}
	rec(0)
	s.mu.Unlock()
	for _, w := range found {
		if !yield(w) {
			return false
		}
	}
	return true
}

// isP is called with s.mu held.
func (s *pSet) isP(v grundy.Position) bool {
	c := grundy.Canonical(s.r, v)
	key := c.String()
	if p, ok := s.p[key]; ok {
		return p
	}
	p := true
	s.r.Options(c, func(q grundy.Position) bool {
		if s.isP(q) {
			p = false
			return false
		}
		return true
	})
	s.p[key] = p
	return p
}

func zero(v grundy.Position) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}
