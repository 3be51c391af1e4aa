package engine

import (
	"context"
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

// Methods name how an answer was obtained.
const (
	MethodSearch = "search" // exhaustive search of every reachable position
	MethodBox    = "box"    // exhaustive box solver
)

// Options tune how answers are computed.
type Options struct {
	// Budget caps the positions a search may visit (0: solve.DefaultBudget).
	Budget int
	// Progress, if set, receives (done, total) now and then; total is 0
	// when unknown.
	Progress func(done, total uint64)
}

// A Value is the answer to "what are the values of this position". Values
// a method does not establish are nil.
type Value struct {
	Game          string `json:"game"`
	Pos           string `json:"pos"`
	G             *int   `json:"G"`
	Gm            *int   `json:"Gm"`
	R             *int   `json:"R"`
	Rm            *int   `json:"Rm"`
	Outcome       string `json:"outcome"`
	OutcomeMisere string `json:"outcome_misere"`
	Method        string `json:"method"`
	// Searched is the number of positions the search solved.
	Searched int `json:"searched,omitempty"`
}

// Parse reads a ruleset and a position and checks they fit together.
func Parse(game, pos string) (grundy.Ruleset, grundy.BigPosition, error) {
	r, err := games.Parse(game)
	if err != nil {
		return nil, nil, err
	}
	p, err := grundy.ParsePosition(pos)
	if err != nil {
		return nil, nil, err
	}
	small, ok := p.Small()
	if !ok {
		// Only the pile count matters to Validate; zeros stand in.
		small = make(grundy.Position, len(p))
	}
	if err := r.Validate(small); err != nil {
		return nil, nil, fmt.Errorf("%s at %s: %w", r.Name(), p, err)
	}
	return r, p, nil
}

func exact(r grundy.Ruleset, p grundy.Position, v grundy.Values, method string) Value {
	ints := [4]int{v.G, v.Gm, v.R, v.Rm}
	return Value{
		Game: r.Name(), Pos: grundy.Canonical(r, p).String(),
		G: &ints[0], Gm: &ints[1], R: &ints[2], Rm: &ints[3],
		Outcome: v.Outcome().String(), OutcomeMisere: v.OutcomeMisere().String(),
		Method: method,
	}
}

// Evaluate finds the values of p by exhaustive search.
func Evaluate(ctx context.Context, r grundy.Ruleset, p grundy.BigPosition, opt Options) (Value, error) {
	s, small, err := search(ctx, r, p, opt)
	if err != nil {
		return Value{}, err
	}
	v, _ := s.Values(small)
	out := exact(r, small, v, MethodSearch)
	out.Searched = s.Len()
	return out, nil
}

func search(ctx context.Context, r grundy.Ruleset, p grundy.BigPosition, opt Options) (*solve.Solved, grundy.Position, error) {
	small, ok := p.Small()
	if !ok {
		return nil, nil, fmt.Errorf("%s at %s: %w: piles beyond 64 bits (about %.3g positions reachable)",
			r.Name(), p, solve.ErrBudget, solve.ReachBound(r, p))
	}
	budget := opt.Budget
	if budget <= 0 {
		budget = solve.DefaultBudget
	}
	srch := solve.Search{Ruleset: r, Budget: budget}
	if opt.Progress != nil {
		srch.Progress = func(n int) { opt.Progress(uint64(n), 0) }
	}
	s, err := srch.Solve(ctx, small)
	if err != nil {
		return nil, nil, fmt.Errorf("%s at %s: %w (at most %.3g positions are reachable; raise --budget to search further)",
			r.Name(), p, err, solve.ReachBound(r, p))
	}
	return s, small, nil
}

// A Move is one option of a position, with the values of where it leads.
type Move struct {
	To            string `json:"to"`
	G             int    `json:"G"`
	Gm            int    `json:"Gm"`
	R             int    `json:"R"`
	Rm            int    `json:"Rm"`
	Outcome       string `json:"outcome"`
	OutcomeMisere string `json:"outcome_misere"`
	// Winning: the move leads to a P-position of the chosen play.
	Winning bool `json:"winning"`
	// Optimal: the move keeps to the remoteness of the chosen play — wins
	// as fast as possible, or when lost resists as long as possible.
	Optimal bool `json:"optimal"`
}

// Moves is the answer to "what can I do from here".
type Moves struct {
	Value
	Misere bool   `json:"misere"`
	Moves  []Move `json:"moves"`
}

// ListMoves lists every option of p once (as canonical positions), in the
// order the ruleset generates them.
func ListMoves(ctx context.Context, r grundy.Ruleset, p grundy.BigPosition, misere bool, opt Options) (Moves, error) {
	s, small, err := search(ctx, r, p, opt)
	if err != nil {
		return Moves{}, err
	}
	here, _ := s.Values(small)
	out := Moves{Value: exact(r, small, here, MethodSearch), Misere: misere, Moves: []Move{}}
	out.Searched = s.Len()
	seen := map[string]bool{}
	r.Options(grundy.Canonical(r, small), func(q grundy.Position) bool {
		c := grundy.Canonical(r, q)
		key := c.String()
		if seen[key] {
			return true
		}
		seen[key] = true
		v, _ := s.Values(c)
		m := Move{To: key, G: v.G, Gm: v.Gm, R: v.R, Rm: v.Rm,
			Outcome: v.Outcome().String(), OutcomeMisere: v.OutcomeMisere().String()}
		if misere {
			m.Winning, m.Optimal = v.Gm == 0, v.Rm == here.Rm-1
		} else {
			m.Winning, m.Optimal = v.G == 0, v.R == here.R-1
		}
		out.Moves = append(out.Moves, m)
		return true
	})
	return out, nil
}
