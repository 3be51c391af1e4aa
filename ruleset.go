package grundy

import (
	"fmt"
	"slices"
)

// A Ruleset is an impartial game played on piles of tokens.
//
// Options must list every follower of p (duplicates are allowed and are
// ignored by the solvers). The slice passed to yield is only valid during
// the call; Options stops early when yield returns false. Options may assume
// that Validate(p) returned nil.
//
// Every move of every ruleset in grundy removes at least one token, so play
// always ends and the solvers may order positions by their token sum.
type Ruleset interface {
	// Name is the canonical name with every parameter, e.g. "slow-exact:k=2".
	Name() string
	// Validate reports why p is not a position of this ruleset (wrong
	// number of piles for the parameters, say), or nil.
	Validate(p Position) error
	// Options calls yield with each follower of p.
	Options(p Position, yield func(Position) bool)
}

// Symmetric is implemented by rulesets that are invariant under permuting
// the piles p[from:] among themselves, for a position with n piles. A
// ruleset that does not implement it treats every pile as distinguishable.
type Symmetric interface {
	SymmetricFrom(n int) int
}

// UnitDecrements is implemented by the slow rulesets, whose every move
// removes exactly one token from each of between Min and Max distinct
// non-empty piles, with all piles interchangeable. Solvers use it to
// enumerate followers of sorted positions without sorting.
type UnitDecrements interface {
	UnitDecrementRange(n int) (min, max int)
}

// OptionCounter is implemented by rulesets whose positions may have far
// too many followers to enumerate (Moore's k-Nim on many piles: a sum of
// products of pile sizes). OptionCount is their number, or an upper
// bound, in floating point (+Inf when beyond float64). Estimators use it
// instead of counting by enumeration.
type OptionCounter interface {
	OptionCount(p Position) float64
}

// Growing is implemented by rulesets some of whose moves add tokens to a
// pile (while removing more elsewhere), such as difference-set games with
// negative coordinates (004 §4). No box is closed under their moves, so
// only the single-position search solves them.
type Growing interface {
	PilesMayGrow() bool
}

// PilesMayGrow reports whether some move of r may add tokens to a pile.
func PilesMayGrow(r Ruleset) bool {
	g, ok := r.(Growing)
	return ok && g.PilesMayGrow()
}

// BoxTrying is implemented by growing rulesets whose followers usually
// stay in the box of their position (splitting the rest: Splythoff's
// followers have piles at most the larger pile). The box solver then
// solves their boxes by token sum, checking that every follower lies in
// the box and failing with a *FollowerOutsideBox at the first that does
// not, rather than refusing them as it refuses other growing rulesets.
type BoxTrying interface {
	TryBoxes() bool
}

// TryBoxes reports whether the box solver may try r's boxes though its
// piles may grow (BoxTrying).
func TryBoxes(r Ruleset) bool {
	b, ok := r.(BoxTrying)
	return ok && b.TryBoxes()
}

// FollowerOutsideBox says a follower of a position in a box lies outside
// it: the box is not closed under the ruleset's moves.
type FollowerOutsideBox struct {
	Ruleset            string
	Position, Follower Position
	Max                int
}

func (e *FollowerOutsideBox) Error() string {
	return fmt.Sprintf("%s: the follower %s of %s has a pile above %d: piles may grow, and this box is not closed under the moves", e.Ruleset, e.Follower, e.Position, e.Max)
}

// SymmetricFrom returns the index from which r treats the piles of an
// n-pile position as interchangeable (n if none are).
func SymmetricFrom(r Ruleset, n int) int {
	if s, ok := r.(Symmetric); ok {
		return s.SymmetricFrom(n)
	}
	return n
}

// Canonical returns the canonical form of p under r: the interchangeable
// piles sorted ascending. It does not modify p.
func Canonical(r Ruleset, p Position) Position {
	q := slices.Clone(p)
	Canonicalize(r, q)
	return q
}

// Canonicalize puts p into canonical form in place.
func Canonicalize(r Ruleset, p Position) {
	if from := SymmetricFrom(r, len(p)); from < len(p)-1 {
		slices.Sort(p[from:])
	}
}

// Terminal reports whether p has no options under r.
func Terminal(r Ruleset, p Position) bool {
	terminal := true
	r.Options(p, func(Position) bool {
		terminal = false
		return false
	})
	return terminal
}
