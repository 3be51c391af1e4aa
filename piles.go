package grundy

import "fmt"

// PileCounter is implemented by rulesets some of whose moves change the
// number of piles: take-and-break games (Winning Ways ch. 4), whose
// positions are multisets of nonempty piles of any count — a pile taken
// whole disappears, a split adds piles. A move may also keep every token
// (a split without taking), so the token sum does not order positions.
// The solvers that index positions of a fixed number of piles (boxes,
// tiers, the single-position search) refuse such rulesets with a
// *PileCountError; their values come from the nim-sum of one sequence
// (package octal) or a search over multisets.
type PileCounter interface {
	PileCountChanges() bool
}

// PileCountChanges reports whether some move of r may change the number
// of piles.
func PileCountChanges(r Ruleset) bool {
	c, ok := r.(PileCounter)
	return ok && c.PileCountChanges()
}

// A PileCountError refuses a ruleset whose moves change the number of
// piles in a solver that holds positions of a fixed number of piles.
type PileCountError struct {
	Ruleset string
	Solver  string // what refused it: "box", "search", …
}

func (e *PileCountError) Error() string {
	return fmt.Sprintf("%s: moves change the number of piles (take-and-break), which the %s solver cannot hold; value gives G by the nim-sum of the game's sequence and G⁻, R by a search of multisets", e.Ruleset, e.Solver)
}
