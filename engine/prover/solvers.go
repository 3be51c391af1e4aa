package prover

import (
	"context"
	"errors"
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
		var missing []string // not on PATH
		var broken []string  // on PATH, but no version from it
		for _, name := range prove.Solvers {
			s, err := prove.FindSolver(ctx, name)
			var me *prove.MissingError
			switch {
			case errors.As(err, &me):
				missing = append(missing, me.Names...)
			case err != nil:
				broken = append(broken, err.Error())
			default:
				out = append(out, s)
			}
		}
		if len(out) > 0 {
			return out, nil
		}
		// No binary: the pure-Go procedure decides alone.
		if s, err := prove.FindSolver(ctx, prove.PureGo); err == nil {
			return Portfolio{s}, nil
		}
		// One line, saying ErrNoSolver's words once.
		if len(broken) == 0 {
			return nil, &prove.MissingError{Names: missing}
		}
		if len(missing) == 0 {
			return nil, fmt.Errorf("%w: %s", prove.ErrNoSolver, strings.Join(broken, "; "))
		}
		return nil, fmt.Errorf("%w; %s", &prove.MissingError{Names: missing}, strings.Join(broken, "; "))
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
