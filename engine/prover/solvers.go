package prover

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy/grundy/prove"
)

// FindSolvers reads a list of SMT solvers such as "z3,cvc5" or
// "z3,presburger", or "auto" for every SMT solver installed, or the
// pure-Go procedure (prove.PureGo) when none is. An error wrapping
// ErrNoSolver says a named solver is missing.
func FindSolvers(ctx context.Context, spec string) (Portfolio, error) {
	var out Portfolio
	if strings.TrimSpace(spec) == "auto" {
		var missing []string
		for _, name := range prove.Solvers {
			s, err := prove.FindSolver(ctx, name)
			if err != nil {
				missing = append(missing, err.Error())
				continue
			}
			out = append(out, s)
		}
		if len(out) == 0 {
			// No binary: the pure-Go procedure decides alone.
			s, err := prove.FindSolver(ctx, prove.PureGo)
			if err != nil {
				return nil, fmt.Errorf("%w: %s", prove.ErrNoSolver, strings.Join(missing, "; "))
			}
			out = append(out, s)
		}
		return out, nil
	}
	for _, name := range strings.Split(spec, ",") {
		s, err := prove.FindSolver(ctx, strings.TrimSpace(name))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
