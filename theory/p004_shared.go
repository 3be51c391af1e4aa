package theory

import (
	"math/big"
	"sync"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
)

// Helpers paper 003's claims still share with paper 004's former files;
// they go when 003 moves to its own package.

func piles004(n int) []*formula.Expr {
	x := make([]*formula.Expr, n)
	for i := range x {
		x[i] = formula.X(i)
	}
	return x
}

// domainEvalCached004 is DomainFormulaEval building each formula tree once
// per ruleset and pile count rather than once a position: the trees are
// immutable, and a box check evaluates them at up to millions of positions.
func domainEvalCached004(domain, f func(r grundy.Ruleset, n int) *formula.Expr) func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool) {
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
			return boolInt(df[1].Bool(p)), true
		}
		return df[1].Int(p), true
	}
}

// mustParse004 parses a ruleset name of this file; a bad one is a
// programmer error.
func mustParse004(game string) grundy.Ruleset {
	r, err := games.Parse(game)
	if err != nil {
		panic(err)
	}
	return r
}

func sortBig004(q grundy.BigPosition) {
	for i := 1; i < len(q); i++ {
		for j := i; j > 0 && q[j].Cmp(q[j-1]) < 0; j-- {
			q[j], q[j-1] = q[j-1], q[j]
		}
	}
}
