package prover

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy/grundy/prove"
)

// FindSolvers reads a list of SMT solvers such as "z3,cvc5", or "auto"
// for every known solver installed (at least one). An error wrapping
// ErrNoSolver says a solver is missing.
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
			return nil, fmt.Errorf("%w: %s", prove.ErrNoSolver, strings.Join(missing, "; "))
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
