package engine

import (
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
)

// A Plan is how Evaluate and ListMoves answer one position, decided once
// before any work: the limits (the available memory read once), the
// method tried first, the search budget, and what a search from the
// position takes (the bound on the positions it reaches, the width of its
// keys, its bytes and work a position) or what the two-pile line solver
// takes. The solvers take the plan instead of probing the position again;
// a front end prices a request from it (PlanValue) as engine will run it.
type Plan struct {
	// Limits are Options.Limits, or DefaultLimits read once.
	Limits solve.Limits
	// Method is the method tried first: grundy.MethodTheorem when it was
	// asked for or, with Auto, when a search would surely overrun its
	// budget (Auto falls back to a search when no theorem answers),
	// grundy.MethodBox for the two-pile line solver, else
	// grundy.MethodSearch.
	Method grundy.Method
	// Budget is the most positions a search may visit: the budget asked
	// for, lowered to what the work and memory limits let a search of
	// positions like this one reach.
	Budget int
	// Small is the position with 64-bit piles, nil when a pile is larger:
	// no exhaustive method applies then.
	Small grundy.Position
	// Search is what a search from Small takes (zero when Small is nil).
	Search solve.SearchPlan
	// TwoPile is the memory of the line solver for the rectangle below
	// Small, nil unless Method is grundy.MethodBox; TwoPileAvailable is
	// what it may take.
	TwoPile          *big.Int
	TwoPileAvailable uint64
}

// PlanValue plans the answer to p under opt (see Plan). It reads the
// memory available at most once and builds no table.
func PlanValue(r grundy.Ruleset, p grundy.BigPosition, opt Options) Plan {
	avail := AvailableMemory()
	pl := Plan{Limits: opt.Limits}
	if pl.Limits == (solve.Limits{}) {
		pl.Limits = solve.Limits{Memory: avail * 3 / 4, Work: solve.DefaultWork, Search: solve.DefaultSearchWork}
	}
	pl.TwoPileAvailable = avail / 2
	if m := pl.Limits.Memory; m > 0 {
		pl.TwoPileAvailable = min(pl.TwoPileAvailable, m)
	}
	small, ok := p.Small()
	if !ok {
		// No exhaustive method applies: a search asked for is refused
		// with the reach.
		pl.Method = grundy.MethodTheorem
		if opt.Method == grundy.MethodSearch {
			pl.Method = grundy.MethodSearch
		}
		pl.Search.Reach = solve.ReachBound(r, p)
		return pl
	}
	pl.Small = small
	pl.Search = solve.PlanSearch(r, small)
	pl.Budget = pl.searchBudget(opt.Budget)
	pl.Method = grundy.MethodSearch
	if need, ok := pl.twoPile(r, small); ok {
		pl.Method, pl.TwoPile = grundy.MethodBox, need
	}
	if opt.Method == grundy.MethodTheorem || opt.Method == Auto && pl.Search.Reach > float64(pl.Budget) {
		pl.Method = grundy.MethodTheorem
	}
	return pl
}

// searchBudget is the budget of a search: asked, lowered so that the
// positions it may visit, at the work of the planned position each, stay
// within the work limit (a position of a thousand piles may have a
// million followers).
func (pl Plan) searchBudget(asked int) int {
	budget := asked
	if budget <= 0 {
		budget = solve.DefaultBudget
	}
	if w := pl.Limits.Search; w > 0 {
		if most := w / pl.Search.Work; most < float64(budget) {
			budget = int(most) // 0: not even p itself
		}
	}
	// The default budget is lowered to what the memory holds, at
	// Search.PerPosition bytes a position; a budget asked for is checked
	// against it by searchMemory.
	if m := pl.Limits.Memory; m > 0 && asked <= 0 {
		if fit := m / pl.Search.PerPosition; fit < uint64(budget) {
			budget = int(fit)
		}
	}
	return budget
}

// twoPile is the memory of the line solver for the rectangle below the
// two-pile position p, and false when it does not apply: the ruleset does
// not describe its moves as lines, or a parameter sizes the sweep's lines
// rather than the positions (wythoff-mod's K: (x+y+1)·K diagonal lines,
// 2.28 GB for the 61 positions below 0,60 at K = 2^20) — past 64 MiB and
// four times what a search would need at Search.PerPosition a position it
// may visit, the search it is.
func (pl Plan) twoPile(r grundy.Ruleset, p grundy.Position) (*big.Int, bool) {
	if len(p) != 2 {
		return nil, false
	}
	need, ok := solve.TwoPileBytes(r, p[0], p[1])
	if !ok {
		return nil, false
	}
	search := new(big.Int).SetUint64(pl.Search.PerPosition)
	search.Mul(search, new(big.Int).Mul(big.NewInt(int64(p[0])+1), big.NewInt(int64(p[1])+1)))
	if search.Lsh(search, 2); need.Cmp(search) > 0 && need.Cmp(big.NewInt(64<<20)) > 0 {
		return nil, false
	}
	return need, true
}

// SearchMemory is the most the planned search holds, within its budget:
// what a front end admits.
func (pl Plan) SearchMemory() float64 { return pl.Search.Memory(pl.Budget) }
