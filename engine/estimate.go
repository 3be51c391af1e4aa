package engine

import (
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
)

// Estimates and limits, in the solvers' own terms: a front end estimates a
// job (positions × work × memory) before it asks for it, and refuses what
// will not fit, through these, not through package solve.

// An Estimate is what a box will cost (solve.Estimate); Limits refuse
// what costs more (solve.Limits).
type (
	Estimate = solve.Estimate
	Limits   = solve.Limits
)

// The default work limits of a box and of a search (solve.DefaultWork,
// solve.DefaultSearchWork), and the most piles a position may have.
const (
	DefaultWork       = solve.DefaultWork
	DefaultSearchWork = solve.DefaultSearchWork
	MaxPiles          = solve.MaxPiles
)

// ErrTooBig is wrapped by every refusal of a job over its limits;
// ErrBudget by a search that would visit more positions than its budget.
var (
	ErrTooBig = solve.ErrTooBig
	ErrBudget = solve.ErrBudget
)

// Kinds select the values a box holds (G, G⁻, R, R⁻).
type Kinds = solve.Kinds

const (
	KindG    = solve.KindG
	KindGm   = solve.KindGm
	KindR    = solve.KindR
	KindRm   = solve.KindRm
	AllKinds = solve.AllKinds
)

// ParseKinds reads a list of kinds such as "G,Gm".
func ParseKinds(s string) (Kinds, error) { return solve.ParseKinds(s) }

// EstimateBox is what the box of piles ≤ max of r holding kinds costs.
func EstimateBox(r grundy.Ruleset, piles, max int, kinds Kinds) Estimate {
	return solve.EstimateBox(r, solve.BoxSpec{Piles: piles, Max: max, Kinds: kinds})
}

// EstimateGeneric is what the box costs when every follower of every
// position is listed: the work of the tier solver, which writes tables to
// disk (grundy solve), and of classify's test of miserability. The two-pile
// line solver fills a box of side 1,000 in a tenth of a second without
// listing a follower; listing them takes half a minute.
func EstimateGeneric(r grundy.Ruleset, piles, max int, kinds Kinds) Estimate {
	return solve.EstimateBox(r, solve.BoxSpec{Piles: piles, Max: max, Kinds: kinds, Generic: true})
}

// TwoPileBytes is the memory of the two-pile line solver for the
// rectangle below (x, y), and false where it does not apply.
func TwoPileBytes(r grundy.Ruleset, x, y int) (*big.Int, bool) { return solve.TwoPileBytes(r, x, y) }

// ReachBound bounds the positions reachable from p.
func ReachBound(r grundy.Ruleset, p grundy.BigPosition) float64 { return solve.ReachBound(r, p) }

// SearchMemory is the most a search from p within budget holds: its
// positions and its stacks.
func SearchMemory(r grundy.Ruleset, p grundy.Position, budget int) float64 {
	return solve.SearchMemory(r, p, budget)
}

// PositionWork is the work of solving one position (its followers times
// its piles).
func PositionWork(r grundy.Ruleset, p grundy.Position) float64 { return solve.PositionWork(r, p) }

// FormatBytes writes a byte count for people ("3.2 GiB").
func FormatBytes(b *big.Int) string { return solve.FormatBytes(b) }

// Piles writes a pile count for people ("3 piles").
func Piles(n int) string { return solve.Piles(n) }

// Magnitude writes 10^l for people.
func Magnitude(l float64) string { return solve.Magnitude(l) }
