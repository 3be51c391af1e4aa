package exactslow

import (
	"context"
	"math/big"
	"sync"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

// Shift claims of paper 004 (Theorem 3, the §2 conjecture) say the value at
// x + y equals the value at x. They are evaluated by reducing p to the
// smallest x = p − m·y that is still a sorted position and solving x
// exhaustively when it is small; beyond that the claim stays silent.

// shiftSearchLimit caps the positions a reduced position may reach.
const shiftSearchLimit = 200_000

var shiftCache struct {
	sync.Mutex
	vals map[string]grundy.Values
}

// shiftEval is the Eval of a shift claim with shift y (for r) and the
// quantity read from exhaustive values by value.
func shiftEval(y func(grundy.Ruleset) []int, value func(grundy.Values) *big.Int) func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool) {
	return func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
		ys := y(r)
		if len(ys) != len(p) {
			return nil, false
		}
		x, ok := reduceShift(p, ys)
		if !ok || solve.ReachBound(r, x) > shiftSearchLimit {
			return nil, false
		}
		small, _ := x.Small()
		v, ok := shiftValues(r, small)
		if !ok {
			return nil, false
		}
		return value(v), true
	}
}

// reduceShift subtracts y from sorted p as often as the result stays
// non-negative and sorted (y is sorted too, so only coordinates where y
// grows bound the count), and reports false if it cannot subtract once.
func reduceShift(p grundy.BigPosition, y []int) (grundy.BigPosition, bool) {
	var m *big.Int
	bound := func(num *big.Int, den int) {
		if den <= 0 {
			return
		}
		q := new(big.Int).Div(num, big.NewInt(int64(den)))
		if m == nil || q.Cmp(m) < 0 {
			m = q
		}
	}
	for i := range p {
		bound(p[i], y[i])
		if i > 0 {
			bound(new(big.Int).Sub(p[i], p[i-1]), y[i]-y[i-1])
		}
	}
	if m == nil || m.Sign() == 0 {
		return nil, false
	}
	x := make(grundy.BigPosition, len(p))
	for i := range p {
		x[i] = new(big.Int).Sub(p[i], new(big.Int).Mul(m, big.NewInt(int64(y[i]))))
	}
	return x, true
}

func shiftValues(r grundy.Ruleset, x grundy.Position) (grundy.Values, bool) {
	key := r.Name() + "|" + x.String()
	shiftCache.Lock()
	v, ok := shiftCache.vals[key]
	shiftCache.Unlock()
	if ok {
		return v, true
	}
	s, err := solve.Search{Ruleset: r, Budget: shiftSearchLimit}.Solve(context.Background(), x)
	if err != nil {
		return grundy.Values{}, false
	}
	v, ok = s.Values(x)
	if !ok {
		return grundy.Values{}, false
	}
	shiftCache.Lock()
	if shiftCache.vals == nil || len(shiftCache.vals) > 1<<16 {
		shiftCache.vals = map[string]grundy.Values{}
	}
	shiftCache.vals[key] = v
	shiftCache.Unlock()
	return v, true
}

func repeat(prefix []int, v, times int) []int {
	out := append([]int(nil), prefix...)
	for range times {
		out = append(out, v)
	}
	return out
}

// mustParse parses a ruleset name of this file; a bad one is a
// programmer error.
func mustParse(game string) grundy.Ruleset {
	r, err := games.Parse(game)
	if err != nil {
		panic(err)
	}
	return r
}

// domainEvalCached is DomainFormulaEval building each formula tree once
// per ruleset and pile count rather than once a position: the trees are
// immutable, and a box check evaluates them at up to millions of positions.
func domainEvalCached(domain, f func(r grundy.Ruleset, n int) *formula.Expr) func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool) {
	type key struct {
		game string
		n    int
	}
	var cache sync.Map // key → [2]*formula.Expr
	return func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
		k := key{r.Name(), len(p)}
		v, ok := cache.Load(k)
		if !ok {
			v, _ = cache.LoadOrStore(k, [2]*formula.Expr{domain(r, len(p)), f(r, len(p))})
		}
		df := v.([2]*formula.Expr)
		if df[0] == nil || df[1] == nil || !df[0].Bool(p) {
			return nil, false
		}
		if df[1].IsBool() {
			return theory.BoolInt(df[1].Bool(p)), true
		}
		return df[1].Int(p), true
	}
}
