package prover

import (
	"context"
	"errors"
	"strings"

	"github.com/grundy/grundy/proof/smt"
)

// FindSolvers reads a list of SMT solvers such as "z3,cvc5" or
// "z3,presburger", or "auto" for every SMT solver installed, or the
// pure-Go procedure (smt.PureGo) when none is. An error wrapping
// ErrNoSolver says a named solver is missing.
func FindSolvers(ctx context.Context, spec string) (smt.Portfolio, error) {
	var out smt.Portfolio
	if strings.TrimSpace(spec) == "auto" {
		for _, name := range smt.Solvers {
			if s, err := smt.FindSolver(ctx, name); err == nil {
				out = append(out, s)
			}
		}
		if len(out) > 0 {
			return out, nil
		}
		// No binary answers: the pure-Go procedure decides alone.
		s, err := smt.FindSolver(ctx, smt.PureGo)
		if err != nil {
			return nil, err
		}
		return smt.Portfolio{s}, nil
	}
	// Named solvers: every one missing is named in one line, saying
	// ErrNoSolver's words once.
	var missing []string
	for _, name := range strings.Split(spec, ",") {
		s, err := smt.FindSolver(ctx, strings.TrimSpace(name))
		var me *smt.MissingError
		switch {
		case errors.As(err, &me):
			missing = append(missing, me.Names...)
		case err != nil:
			return nil, err
		default:
			out = append(out, s)
		}
	}
	if len(missing) > 0 {
		return nil, &smt.MissingError{Names: missing}
	}
	return out, nil
}
