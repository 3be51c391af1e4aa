package engine

import (
	"context"
	"fmt"
	"math"
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/internal/plural"
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
	return planValue(r, p, opt, AvailableMemory())
}

// planValue is PlanValue with the memory available read by the caller
// (once for many positions).
func planValue(r grundy.Ruleset, p grundy.BigPosition, opt Options, avail uint64) Plan {
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

// Steps a plan's answer by theorem takes, a character of the position
// written out (its digits and commas): the arithmetic of the closed form,
// the claims' lookup and the printing. Measured at idle on the terms of
// lines (bfile line, 10⁵ terms): nim on two 21-digit piles 18 µs a term,
// two 201-digit piles 51 µs, slow-exact:k=2 on three 21-digit piles
// 175 µs (2.6 µs a character, 150 steps of ≈ 17 ns, the most measured).
const theoremStepsPerChar = 150

// lineSolverSteps are the steps a position of the two-pile line solver's
// rectangle takes: value nim 3000,3005 solved its 9·10⁶ positions in
// 0.35 s at idle (39 ns, ≈ 2.3 steps, a position); twice that for the
// lines of a (s,t)-Wythoff diagonal.
const lineSolverSteps = 4

// Steps is what answering p by the plan costs, in the solver steps of
// solve.Limits.Work: a search's positions (its budget, or those
// reachable when fewer) times the work of p, the most of any; the line
// solver's rectangle at lineSolverSteps a position; an answer by theorem
// at theoremStepsPerChar a character of p; and the plan itself. A front
// end that answers many positions in one job prices the job by their sum
// (PriceLine).
func (pl Plan) Steps(p grundy.BigPosition) float64 {
	s := planSteps(p) + theoremSteps(p)
	switch pl.Method {
	case grundy.MethodSearch:
		s += min(float64(pl.Budget), pl.Search.Reach) * pl.Search.Work
	case grundy.MethodBox:
		s += (float64(pl.Small[0]) + 1) * (float64(pl.Small[1]) + 1) * lineSolverSteps
	}
	return s
}

func theoremSteps(p grundy.BigPosition) float64 {
	return float64(theoremStepsPerChar * len(p.String()))
}

// planSteps is a plan's own work, made twice (priced, then answered):
// the count of the positions a search reaches passes over each pile's
// values up to the largest, when that is at most solve.ReachExactTop.
func planSteps(p grundy.BigPosition) float64 {
	top := 0.0
	for _, x := range p {
		f, _ := x.Float64()
		top = max(top, f)
	}
	if top > solve.ReachExactTop {
		top = 0
	}
	return 2 * float64(len(p)) * (top + 1)
}

// A Line is the positions Start + n·Step, n = 0..Count-1: the terms of
// a b-file along a line (bfile line). Start is as its user wrote it, pile
// by pile (a canonical form may sort it), and Step has one non-negative
// amount a pile.
type Line struct {
	Start grundy.BigPosition
	Step  []*big.Int
	Count int
}

// Term is the line's n-th position.
func (l Line) Term(n int) grundy.BigPosition {
	p := make(grundy.BigPosition, len(l.Start))
	for i, x := range l.Start {
		p[i] = new(big.Int).Mul(l.Step[i], big.NewInt(int64(n)))
		p[i].Add(p[i], x)
	}
	return p
}

// PriceLine prices a job answering every term of l before any is
// answered: each term's plan under opt, summed, against the work limit,
// and the searches' sum against the search limit. Over either, a
// *BudgetError says the sum, the limit and the term where the sum passed
// it. The job is first priced from below, at its count times the
// cheapest answer (its start's by theorem: every term is written with at
// least as many characters), so that millions of terms are refused
// without planning each. Terms are planned only up to the first a plan
// answers by theorem: the terms past it reach further and would exceed
// the same budgets, so they are priced as theorems at the last term's
// length. It stops when ctx is done.
func PriceLine(ctx context.Context, r grundy.Ruleset, l Line, opt Options) (steps float64, err error) {
	// The work and search limits; the plans take opt's own, as Evaluate
	// will.
	limits := opt.limits()
	work := func(x float64) string {
		return fmt.Sprintf("%s steps (%s)", plural.Magnitude(math.Log10(x)), solve.WorkTime(x))
	}
	if floor := float64(l.Count) * theoremStepsPerChar * float64(len(l.Start.String())); limits.Work > 0 && floor > limits.Work {
		return floor, lineError(r, l, fmt.Sprintf("its terms take at least %s, more than the work limit of %s; ask for fewer terms",
			work(floor), work(limits.Work)))
	}
	avail := AvailableMemory()
	var search float64
	for n := range l.Count {
		if n%256 == 0 && ctx.Err() != nil {
			return steps, ctx.Err()
		}
		p := l.Term(n)
		pl := planValue(r, p, opt, avail)
		s, upTo := pl.Steps(p), n
		if pl.Method == grundy.MethodTheorem {
			// The terms from here on: the last is the longest; a plan
			// counts exactly up to solve.ReachExactTop, and none past
			// it once this one's piles are.
			first := planSteps(p)
			if m := 2 * float64(len(p)); first > m {
				first = m * (solve.ReachExactTop + 1)
			}
			upTo, p = l.Count-1, l.Term(l.Count-1)
			s = float64(l.Count-n) * (theoremSteps(p) + first)
		}
		steps += s
		if pl.Method == grundy.MethodSearch {
			search += s
		}
		var over string
		switch {
		case limits.Work > 0 && steps > limits.Work:
			over = "the work limit of " + work(limits.Work)
		case limits.Search > 0 && search > limits.Search:
			over = "the search limit of " + work(limits.Search)
		}
		if over != "" {
			return steps, lineError(r, l, fmt.Sprintf(
				"terms 0..%d (to %s) take up to %s, more than %s; ask for fewer terms, or a lower --budget so that theorems answer the larger ones",
				upTo, short(p), work(steps), over))
		}
		if pl.Method == grundy.MethodTheorem {
			break
		}
	}
	return steps, nil
}

func lineError(r grundy.Ruleset, l Line, detail string) *BudgetError {
	return &BudgetError{Game: shortName(r), Pos: fmt.Sprintf("%s + n·(%s), n = 0..%d", short(l.Start), short(l.Step), l.Count-1), Detail: detail, Job: true}
}
