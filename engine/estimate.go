package engine

import (
	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
)

// Estimates, in the solvers' own terms (solve.Estimate, solve.Limits): a
// front end estimates a job (positions × work × memory) before it asks
// for it, and refuses what will not fit, through these.

// EstimateBox is what the box of piles ≤ max of r holding kinds costs.
func EstimateBox(r grundy.Ruleset, piles, max int, kinds grundy.Kinds) solve.Estimate {
	return solve.EstimateBox(r, solve.BoxSpec{Piles: piles, Max: max, Kinds: kinds})
}

// EstimateGeneric is what the box costs when every follower of every
// position is listed: the work of the tier solver, which writes tables to
// disk (grundy solve), and of classify's test of miserability. The two-pile
// line solver fills a box of side 1,000 in a tenth of a second without
// listing a follower; listing them takes half a minute.
func EstimateGeneric(r grundy.Ruleset, piles, max int, kinds grundy.Kinds) solve.Estimate {
	return solve.EstimateBox(r, solve.BoxSpec{Piles: piles, Max: max, Kinds: kinds, Generic: true})
}

// PositionWork is the work of solving one position (its followers times
// its piles).
func PositionWork(r grundy.Ruleset, p grundy.Position) float64 { return solve.PositionWork(r, p) }
