package play

import (
	"errors"
	"fmt"
	"slices"

	"github.com/grundy/grundy"
)

// multiset is p without its empty piles, sorted: a take-and-break
// position (rules' piles any), whose pile count changes as it is played.
func multiset(p grundy.Position) grundy.Position {
	q := make(grundy.Position, 0, len(p))
	for _, x := range p {
		if x > 0 {
			q = append(q, x)
		}
	}
	slices.Sort(q)
	return q
}

// legalBreak is Legal for a take-and-break ruleset: q, as a multiset of
// nonempty piles of any count, must be a follower of the position.
func (g *Game) legalBreak(q grundy.Position) error {
	if g.Over() {
		return errors.New("the game is over: there is no move")
	}
	target := multiset(q)
	legal := false
	g.Ruleset.Options(g.Pos, func(o grundy.Position) bool {
		legal = slices.Equal(multiset(o), target)
		return !legal
	})
	if legal {
		return nil
	}
	return fmt.Errorf("%s → %s is not a move of %s, whose rule is: %s", g.Pos, target, g.Ruleset.Name(), Rule(g.Ruleset))
}
