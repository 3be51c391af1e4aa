package engine

import (
	"context"
	"fmt"
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/solve"
)

// solvedValues is where Evaluate and ListMoves read values from: a search
// (*solve.Solved) or a two-pile rectangle (*solve.TwoPileValues).
type solvedValues interface {
	Values(grundy.Position) (grundy.Values, bool)
	Len() int
}

// twoPileRect solves [0,x]×[0,y], every position reachable from the
// two-pile position (x, y), with the line solver, as planned (Plan.TwoPile
// is its memory). A rectangle beyond the search budget or memory is an
// error wrapping solve.ErrBudget, so that theorems may answer.
func twoPileRect(ctx context.Context, r grundy.Ruleset, p grundy.Position, plan Plan, opt Options) (*solve.TwoPileValues, error) {
	budget := opt.Budget
	if budget <= 0 {
		budget = solve.DefaultBudget
	}
	// Beyond the budget or memory a search would be no way out (half as
	// many positions, each with Θ(x + y) options): a budget error, so that
	// theorems may answer. In floating point: piles near 2^63 overflow
	// int64(p)+1.
	if n := (float64(p[0]) + 1) * (float64(p[1]) + 1); n > float64(budget) {
		return nil, &BudgetError{Game: r.Name(), Pos: p.String(), Budget: budget,
			Detail: fmt.Sprintf("the two-pile solver needs all %.4g positions of [0,%d]×[0,%d], more than the budget of %d", n, p[0], p[1], budget)}
	}
	need, avail := plan.TwoPile, plan.TwoPileAvailable
	if need.Cmp(new(big.Int).SetUint64(avail)) > 0 {
		return nil, &BudgetError{Game: r.Name(), Pos: p.String(),
			Detail: fmt.Sprintf("the two-pile solver needs %s for [0,%d]×[0,%d], more than the %s available",
				plural.Bytes(need), p[0], p[1], plural.Bytes(new(big.Int).SetUint64(avail)))}
	}
	return solve.SolveTwoPile(ctx, r, p[0], p[1], opt.Progress)
}

// countTwoPile is CountBox for a two-pile box of a ruleset the line
// solver handles: the table is solved whole (the line solver sweeps
// columns, not tiers), then summarized tier by tier.
func countTwoPile(ctx context.Context, r grundy.Ruleset, max int, opt Options) (Count, error) {
	const kinds = grundy.KindG | grundy.KindGm
	t, err := SolveBox(ctx, r, 2, max, kinds, opt)
	if err != nil {
		return Count{}, err
	}
	var st solve.Stats
	sum := solve.NewChecksum(r, 2, max, kinds)
	for s := range t.Index.Tiers() {
		tier := t.Tier(s)
		if err := st.Add(tier); err != nil {
			return Count{}, err
		}
		if err := sum.Add(tier); err != nil {
			return Count{}, err
		}
	}
	return CountStats(r, 2, max, st, sum.Sum()), nil
}
