package smt

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"time"

	"github.com/grundy/grundy/decide/presburger"
)

// PureGo is the name of the solver that needs no binary: package
// presburger, which decides the problems by automata over base 2 inside
// this process. z3 and cvc5, where installed, are usually faster; it is
// what `prove` uses when neither is.
const PureGo = "presburger"

// pureVersion names the decision procedure in records ("presburger 1");
// raise it when what the procedure decides changes.
const pureVersion = "1"

// pureSolver is the Solver for PureGo.
func pureSolver() Solver { return Solver{Name: PureGo, Version: pureVersion} }

// runPure decides the problem in file with package presburger, within
// limit of the deciding thread's CPU time (wall-clock time where the
// kernel offers no thread clock) and a state bound; like Run, it takes
// one of slots first, since it keeps a core busy as a solver process does.
func (s Solver) runPure(ctx context.Context, file string, n int, limit time.Duration, slots *Slots) (Answer, error) {
	if err := slots.acquire(ctx); err != nil {
		return Answer{}, err
	}
	defer slots.release()
	script, err := os.ReadFile(file)
	if err != nil {
		return Answer{}, err
	}
	keep := make([]string, n)
	for i := range keep {
		keep[i] = fmt.Sprintf("x%d", i)
	}
	start := time.Now()
	bg := &presburger.Budget{CPU: limit, Ctx: ctx}
	res, err := presburger.Decide(string(script), keep, bg)
	ans := Answer{Seconds: time.Since(start).Seconds(), CPU: res.CPU.Seconds(), Solver: s.String()}
	try := func(a Answer, result string) Answer {
		a.Tries = []Try{{Solver: s.String(), Result: result, CPU: round(a.CPU)}}
		return a
	}
	if cerr := ctx.Err(); cerr != nil {
		return try(Answer{CPU: ans.CPU}, "stopped"), cerr
	}
	var pe *presburger.ParseError
	switch {
	case errors.Is(err, presburger.ErrCPU):
		ans.Result = "timeout"
		ans.Reason = fmt.Sprintf("CPU limit of %v reached", limit)
		return try(ans, ans.Result), nil
	case errors.As(err, &pe):
		return Answer{}, fmt.Errorf("%s on %s: %w", s.Name, filepath.Base(file), err)
	case err != nil:
		// Over the state bound, too many cases, a constant past 64 bits:
		// undecided, and said why.
		ans.Result = "unknown"
		ans.Reason = err.Error()
		return try(ans, ans.Result), nil
	case res.Sat:
		ans.Result = "sat"
		ans.Model = make([]*big.Int, n)
		for i, name := range keep {
			if v, ok := res.Model[name]; ok {
				ans.Model[i] = v
			} else {
				ans.Model[i] = new(big.Int)
			}
		}
	default:
		ans.Result = "unsat"
	}
	return try(ans, ans.Result), nil
}
