package lang

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/grundy/grundy"
)

// A PStar is "subtract any P-position of RULESET": Larsson's ⋆-operator.
// The moves of the rule are the nonzero P-positions of another ruleset
// with as many piles, used as subtraction vectors (U. Larsson, "The
// ⋆-operator and invariant subtraction games", Theoret. Comput. Sci.
// 422 (2012)): from p, every p − v with v ≠ 0 a P-position of RULESET and
// v ≤ p pile by pile. Game is what games.Parse reads, a built-in family
// with its parameters ("moore:k=2").
type PStar struct {
	Pos  Pos
	Game string
}

// A PSet is the P-positions of a ruleset with a fixed number of piles,
// as the ⋆-operator reads them.
type PSet interface {
	// Below calls yield with every nonzero P-position v ≤ p pile by pile
	// (same pile count), and reports false when yield stopped it.
	Below(p grundy.Position, yield func(v grundy.Position) bool) bool
	// Symmetric reports whether the P-set is closed under permuting the
	// piles, so that the ⋆-game's piles are interchangeable.
	Symmetric() bool
}

// PPositions resolves "P-position of GAME" on n piles: package games
// sets it at init (rules cannot import the rulesets). Nil: a rule with a
// ⋆ move does not bind.
var PPositions func(game string, n int) (PSet, error)

// pstarMove reads what follows "subtract any": "P-position of GAME",
// GAME a family name (wythoff, slow-exact) or a quoted spec with
// parameters ("moore:k=2").
func (p *parser) pstarMove(m *Move) *Error {
	t := p.next() // "P"
	if _, err := p.expect("-"); err != nil {
		return err
	}
	if _, err := p.expect("position"); err != nil {
		return err
	}
	if _, err := p.expect("of"); err != nil {
		return err
	}
	g := p.peek()
	switch g.kind {
	case tString:
		p.next()
		if g.text == "" {
			return g.pos.errorf(Syntax, "an empty ruleset after P-position of")
		}
		m.PStar = &PStar{Pos: t.pos, Game: g.text}
	case tIdent:
		// A name is words, numbers and hyphens written together, as on
		// the ruleset line.
		name, last := p.next().text, g
		for {
			u := p.peek()
			if u.pos != last.end || (u.kind != tIdent && u.kind != tInt && !(u.kind == tPunct && u.text == "-")) {
				break
			}
			name += u.text
			last = p.next()
		}
		if last.kind == tPunct {
			return last.pos.errorf(Syntax, "a ruleset name ends with a letter or digit, not a hyphen")
		}
		m.PStar = &PStar{Pos: t.pos, Game: name}
	default:
		return p.fail(`a ruleset after "P-position of", such as wythoff or "moore:k=2"`)
	}
	return nil
}

// String prints the move as it follows "move".
func (s *PStar) String() string {
	game := s.Game
	if !bareName(game) {
		game = strconv.Quote(game)
	}
	return "subtract any P-position of " + game
}

// bareName reports whether s reads back unquoted: letters, digits and
// inner hyphens, starting with a letter.
func bareName(s string) bool {
	if s == "" || !(s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') || s[len(s)-1] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' && s[i-1] != '-'
		if !ok || reserved[s] {
			return false
		}
	}
	return true
}

// pstar binds a ⋆ move: the rule's pile count is fixed, and the other
// ruleset is resolved on it.
func (b *binder) pstar(m *Move, bm *BoundMove) *Error {
	n := b.r.MinPiles
	if b.r.MaxPiles != n {
		return errAt(m.Pos, Check, `"subtract any P-position of %s" needs a fixed pile count ("piles %d")`, m.PStar.Game, max(n, 1))
	}
	if PPositions == nil {
		return errAt(m.PStar.Pos, Check, "P-positions of %s: no ruleset is known here (link package games)", m.PStar.Game)
	}
	set, err := PPositions(m.PStar.Game, n)
	if err != nil {
		return errAt(m.PStar.Pos, Check, "P-position of %s: %v", m.PStar.Game, err)
	}
	bm.PStar, bm.PStarGame = set, m.PStar.Game
	return nil
}

// pstarOptions yields p − v for every nonzero P-position v ≤ p.
func pstarOptions(s PSet, p grundy.Position, yield func(grundy.Position) bool) bool {
	q := make(grundy.Position, len(p))
	return s.Below(p, func(v grundy.Position) bool {
		for i := range p {
			q[i] = p[i] - v[i]
		}
		return yield(q)
	})
}

// naivePStar is the ⋆ move by its definition: every vector v ≤ p, kept
// when it is nonzero and a P-position of the other game (Below asked of
// v itself, the one P-position ≤ v that equals it).
func naivePStar(s PSet, p grundy.Position, yield func(grundy.Position) bool) bool {
	n := len(p)
	v := make(grundy.Position, n)
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == n {
			isP := false
			s.Below(v, func(w grundy.Position) bool {
				if grundy.Position(w).String() == v.String() {
					isP = true
					return false
				}
				return true
			})
			if !isP {
				return true
			}
			q := make(grundy.Position, n)
			for j := range p {
				q[j] = p[j] - v[j]
			}
			return yield(q)
		}
		for a := 0; a <= p[i]; a++ {
			v[i] = a
			if !rec(i + 1) {
				return false
			}
		}
		return true
	}
	return rec(0)
}

// ErrNotPresburger is wrapped by every *NotPresburger.
var ErrNotPresburger = errors.New("not Presburger")

// pstarNotPresburger reports a ⋆ move of r, which no Presburger formula
// describes: its moves are another game's P-positions, which grundy
// encodes for no game (even where that set is Presburger, as Nim's x = y
// is, the encoding would rest on a proof of that set the prover does not
// have).
func (r *Rule) pstarNotPresburger() error {
	for _, m := range r.Moves {
		if m.PStar != nil {
			return &NotPresburger{Construct: fmt.Sprintf("subtract any P-position of %s", m.PStarGame)}
		}
	}
	return nil
}
