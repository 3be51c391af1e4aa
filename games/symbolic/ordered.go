package symbolic

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// EncodeOrdered describes the moves of r on n piles from its rule (games.RuleOf:
// a rule file, or the family's embedded rule), for positions read in the
// order given: no pile is interchangeable (From = N), so no follower is
// sorted and the followers of x are all the positions its moves reach.
// Package automatic compiles it into a move relation over every position,
// as a numeration system's automata read them. Encode stays the SMT
// prover's encoding (and its digests): this is a second reading of the same
// rule, not a change to it.
func EncodeOrdered(r grundy.Ruleset, n int) (*Moves, error) {
	if err := r.Validate(make(grundy.Position, n)); err != nil {
		return nil, err
	}
	if grundy.PileCountChanges(r) {
		return nil, fmt.Errorf("%w for %s: not Presburger: take-and-break moves (leaving, split, octal) change the number of piles", ErrNoEncoding, r.Name())
	}
	rule, ok := games.RuleOf(r)
	if !ok {
		return nil, fmt.Errorf("%w for %s: its moves are Go code with no rule", ErrNoEncoding, r.Name())
	}
	if err := rule.Presburger(); err != nil {
		return nil, fmt.Errorf("%w (%w for %s)", err, ErrNoEncoding, r.Name())
	}
	return &Moves{N: n, From: n, Domain: domain(n, n), Branches: ruleBranches(rule, Vars(n), n)}, nil
}
