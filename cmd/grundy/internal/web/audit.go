package web

import (
	"context"
	"fmt"
	"sync"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games/families"
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
// memory (the tables it keeps and the box it solves), as engine
// estimates them in closed form.
func checkCost(s *Server, q query) cost {
	id := q.str("claim")
	s.checks.mu.Lock()
	_, ok := s.checks.done[id]
	s.checks.mu.Unlock()
	if ok {
		return cost{work: 1}
	}
	c := engine.CheckClaimCost(id, s.CheckPositions, s.engineOptions())
	return cost{work: c.Work, mem: c.Memory}
}

// ruleText answers a family's rule text (family=NAME), for the rule
// editor to start from: the file of rulesets/ the family equals.
func (s *Server) ruleText(_ context.Context, q query) (any, error) {
	name, err := q.required("family")
	if err != nil {
		return nil, err
	}
	text, ok := families.Text(name)
	if !ok {
		return nil, fmt.Errorf("parameter family=%q: no rule file of that name (see /api/games)", name)
	}
	return map[string]string{"family": name, "rule": text}, nil
}

// claimText checks a claim text (claims=TEXT, theory/claimtext's
// language): each claim against exhaustive search on its box cut to
// CheckPositions positions. An error lists each fault's line and column.
func (s *Server) claimText(ctx context.Context, q query) (any, error) {
	text, err := q.required("claims")
	if err != nil {
		return nil, err
	}
	res, err := engine.CheckClaimsText(ctx, "claims", text, s.CheckPositions, s.engineOptions())
	if err != nil {
		return nil, err
	}
	return map[string]any{"checks": res}, nil
}

func claimTextCost(s *Server, q query) cost {
	c := engine.ClaimsTextCost(q.str("claims"), s.CheckPositions, s.engineOptions())
	return cost{work: c.Work, mem: c.Memory}
}
