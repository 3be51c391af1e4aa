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
// two-pile position (x, y), with the line solver when r describes its
// moves as lines; ok is false for other rulesets, and the caller searches
// instead. A rectangle beyond the search budget or memory is an error
// wrapping solve.ErrBudget, so that theorems may answer.
func twoPileRect(ctx context.Context, r grundy.Ruleset, p grundy.Position, opt Options) (tv *solve.TwoPileValues, ok bool, err error) {
	if len(p) != 2 {
		return nil, false, nil
	}
	budget := opt.Budget
	if budget <= 0 {
		budget = solve.DefaultBudget
	}
	need, ok := solve.TwoPileBytes(r, p[0], p[1])
	if !ok {
		return nil, false, nil
	}
	// Beyond the budget or memory a search would be no way out (half as
	// many positions, each with Θ(x + y) options): a budget error, so that
	// theorems may answer. In floating point: piles near 2^63 overflow
	// int64(p)+1.
	if n := (float64(p[0]) + 1) * (float64(p[1]) + 1); n > float64(budget) {
		return nil, false, &BudgetError{Game: r.Name(), Pos: p.String(), Budget: budget,
			Detail: fmt.Sprintf("the two-pile solver needs all %.4g positions of [0,%d]×[0,%d], more than the budget of %d", n, p[0], p[1], budget)}
	}
	// A parameter may size the sweep's lines rather than the positions
	// (wythoff-mod's K: (x+y+1)·K diagonal lines, 2.28 GB for the 61
	// positions below 0,60 at K = 2^20): past 64 MiB and four times what a
	// search would need at solve.SearchBytes a position it may visit, the
	// search it is.
	search := new(big.Int).SetUint64(solve.SearchBytes(r, p))
	search.Mul(search, new(big.Int).Mul(big.NewInt(int64(p[0])+1), big.NewInt(int64(p[1])+1)))
	if search.Lsh(search, 2); need.Cmp(search) > 0 && need.Cmp(big.NewInt(64<<20)) > 0 {
		return nil, false, nil
	}
	avail := TwoPileMemory()
	if m := opt.limits().Memory; m > 0 {
		avail = min(avail, m)
	}
	if need.Cmp(new(big.Int).SetUint64(avail)) > 0 {
		return nil, false, &BudgetError{Game: r.Name(), Pos: p.String(),
			Detail: fmt.Sprintf("the two-pile solver needs %s for [0,%d]×[0,%d], more than the %s available",
				plural.Bytes(need), p[0], p[1], plural.Bytes(new(big.Int).SetUint64(avail)))}
	}
	tv, err = solve.SolveTwoPile(ctx, r, p[0], p[1], opt.Progress)
	return tv, err == nil, err
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
