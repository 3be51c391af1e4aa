package web

import (
	"context"
	"fmt"
	"sync"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
)

// DefaultCheckPositions caps the positions of each box a claim is
// checked on here: a claim's default boxes are cut down to it, so that
// one check takes seconds, not the minutes of `grundy check`.
const DefaultCheckPositions = 200_000

// A claimsJSON lists the claims that speak of a ruleset with a pile
// count, each with its trust there (engine.ClaimInfo's fields).
type claimsJSON struct {
	Game   string             `json:"game"`
	Piles  int                `json:"piles"`
	Claims []engine.ClaimInfo `json:"claims"`
}

// claims answers the claims of game with the piles of pos (or piles=N).
func (s *Server) claims(_ context.Context, q query) (any, error) {
	r, err := s.game(q)
	if err != nil {
		return nil, err
	}
	n, err := q.integer("piles", 0)
	if err != nil {
		return nil, err
	}
	if pos := q.str("pos"); pos != "" {
		p, err := grundy.ParsePosition(pos)
		if err != nil {
			return nil, err
		}
		n = len(p)
	}
	if n < 1 || n > 64 {
		return nil, fmt.Errorf("give pos (a position) or piles (1 to 64), not %d piles", n)
	}
	return claimsJSON{Game: r.Name(), Piles: n, Claims: engine.Claims(r, n)}, nil
}

// findings answers the printed claims the registry knows to fail, with
// their readings and corrections; /api/check re-checks each.
func (s *Server) findings(context.Context, query) (any, error) { return engine.KnownFindings(), nil }

// A checkCache keeps the checks done, per claim: each is the same for
// every caller, and the registry never changes while the server runs.
type checkCache struct {
	mu   sync.Mutex
	done map[string]engine.ClaimCheck
}

// check re-checks one claim (claim=ID) on its default boxes cut to
// CheckPositions positions each, a printed one with its readings and
// corrections.
func (s *Server) check(ctx context.Context, q query) (any, error) {
	id, err := q.required("claim")
	if err != nil {
		return nil, err
	}
	if _, ok := engine.LookupClaim(id); !ok {
		return nil, fmt.Errorf("parameter claim=%q: no such claim (see GET /api/findings or /api/claims)", id)
	}
	s.checks.mu.Lock()
	res, ok := s.checks.done[id]
	s.checks.mu.Unlock()
	if ok {
		return res, nil
	}
	res, err = engine.CheckClaim(ctx, id, s.CheckPositions, s.engineOptions())
	if err != nil {
		return nil, err
	}
	s.checks.mu.Lock()
	if s.checks.done == nil {
		s.checks.done = map[string]engine.ClaimCheck{}
	}
	s.checks.done[id] = res
	s.checks.mu.Unlock()
	return res, nil
}

// checkCost is a check's work (its boxes' positions times followers) and
// memory (each box's tables, two bytes a value, four values).
func checkCost(s *Server, q query) cost {
	id := q.str("claim")
	s.checks.mu.Lock()
	_, ok := s.checks.done[id]
	s.checks.mu.Unlock()
	if ok {
		return cost{work: 1}
	}
	return cost{work: engine.CheckWork(id, s.CheckPositions), mem: s.CheckPositions * 16}
}
