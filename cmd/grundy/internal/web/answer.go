package web

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"math"
	"net/http"
	"strconv"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
)

// The web API's answers: a value, a move and moves in engine's one JSON
// shape (values as decimal strings, docs/json.md), with what the page
// needs beside.
type valueJSON struct {
	engine.ValueJSON
	// Fallback says why theorems answered instead of a search.
	Fallback string `json:"fallback,omitempty"`
	// Terminal: no move is left.
	Terminal bool `json:"terminal"`
}

type moveJSON = engine.MoveJSON

type movesJSON struct {
	valueJSON
	Misere bool       `json:"misere"`
	Moves  []moveJSON `json:"moves"`
	// Enumerated: Moves holds every option. Otherwise Options counts
	// them (a decimal string; at least that many when OptionsCapped),
	// or is null when they were not counted.
	Enumerated    bool    `json:"enumerated"`
	Options       *string `json:"options"`
	OptionsCapped bool    `json:"options_capped,omitempty"`
	// ClaimsHere is what every value claim that speaks of this position
	// says of it, beside this answer's values: a paper's counterexample
	// shows as a claim that disagrees with an exhaustive answer.
	ClaimsHere []engine.ClaimAt `json:"claims_here"`
}

// Bounds of the moves listed for a position answered by theorem.
const (
	optionCountCap = 200_000 // options counted at most
	optionListCap  = 100     // options evaluated one by one at most
	// optionCountWork bounds the steps of counting them (a fraction of a
	// second): 3,000 piles of nim count 580 options, not 200,000.
	optionCountWork = 2e7
)

func newValue(v engine.Value) valueJSON { return valueJSON{ValueJSON: v.JSON()} }

// answer runs find with the request's options; past the search's time
// limit (ctx's deadline) with method auto, it asks the theorems instead.
// fallback says why theorems answered, when they did with method auto.
func (s *Server) answer(ctx context.Context, opt engine.Options, find func(context.Context, engine.Options) (grundy.Method, error)) (fallback string, err error) {
	method, err := find(ctx, opt)
	if err == nil {
		if opt.Method == engine.Auto && method == grundy.MethodTheorem {
			fallback = fmt.Sprintf("an exhaustive search would exceed the server's budget of %d positions, so grundy's registered theorems answered", s.Budget)
		}
		return fallback, nil
	}
	if opt.Method != engine.Auto || !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "", s.budgetError(err)
	}
	opt.Method = grundy.MethodTheorem
	// Theorems evaluate in time polynomial in the bit length: no deadline.
	if _, terr := find(context.WithoutCancel(ctx), opt); terr != nil {
		return "", httpError{http.StatusServiceUnavailable, fmt.Errorf("the exhaustive search passed the time limit of %s, and %w", s.Timeout, terr)}
	}
	return fmt.Sprintf("the exhaustive search passed the time limit of %s, so grundy's registered theorems answered", s.Timeout), nil
}

func (s *Server) value(ctx context.Context, q query) (any, error) {
	r, p, err := s.position(q)
	if err != nil {
		return nil, err
	}
	opt, err := s.options(q)
	if err != nil {
		return nil, err
	}
	var v engine.Value
	fallback, err := s.answer(ctx, opt, func(ctx context.Context, opt engine.Options) (grundy.Method, error) {
		var err error
		v, err = engine.Evaluate(ctx, r, p, opt)
		return v.Method, err
	})
	if err != nil {
		return nil, err
	}
	out := newValue(v)
	out.Fallback = fallback
	out.Terminal = terminal(r, p)
	return out, nil
}

func terminal(r grundy.Ruleset, p grundy.BigPosition) bool {
	small, ok := p.Small()
	return ok && grundy.Terminal(r, small)
}

func (s *Server) moves(ctx context.Context, q query) (any, error) {
	m, _, err := s.movesOf(ctx, q)
	return m, err
}

func (s *Server) movesOf(ctx context.Context, q query) (movesJSON, grundy.Ruleset, error) {
	r, p, err := s.position(q)
	if err != nil {
		return movesJSON{}, nil, err
	}
	misere, err := q.flag("misere")
	if err != nil {
		return movesJSON{}, nil, err
	}
	opt, err := s.options(q)
	if err != nil {
		return movesJSON{}, nil, err
	}
	var m engine.Moves
	fallback, err := s.answer(ctx, opt, func(ctx context.Context, opt engine.Options) (grundy.Method, error) {
		var err error
		m, err = engine.ListMoves(ctx, r, p, misere, opt)
		return m.Method, err
	})
	if err != nil {
		return movesJSON{}, nil, err
	}
	out := movesJSON{valueJSON: newValue(m.Value), Misere: misere, Moves: []moveJSON{}, ClaimsHere: engine.ClaimsAt(r, p, m.Quantities)}
	out.Fallback = fallback
	out.Terminal = terminal(r, p)
	for _, mv := range m.Moves {
		out.Moves = append(out.Moves, mv.JSON())
	}
	if m.Method != grundy.MethodTheorem {
		// An exhaustive method lists every option.
		out.Enumerated = true
		n := strconv.Itoa(len(out.Moves))
		out.Options = &n
		return out, r, nil
	}
	s.theoremOptions(ctx, r, &out)
	return out, r, nil
}

// theoremOptions completes the moves of a position answered by theorem:
// it counts the options, and when there are few, lists every one a
// theorem evaluates (engine lists them when there are at most a thousand
// and the theorems judge each, else gives the winning move).
func (s *Server) theoremOptions(ctx context.Context, r grundy.Ruleset, out *movesJSON) {
	bp, err := grundy.ParsePosition(out.Pos)
	if err != nil {
		return
	}
	p, ok := bp.Small()
	if !ok {
		// Options beyond 64 bits are not counted. From a P-position
		// (no winning move to show), where the rules let grundy make
		// moves on huge piles, the first few are listed: D4 of issue 25.
		if len(out.Moves) == 0 {
			s.bigOptions(ctx, r, bp, out)
		}
		return
	}
	var opts []grundy.Position
	// Options are told apart by a 128-bit hash of their canonical form,
	// not by their text: 200,000 options of 3,000 piles kept as text held
	// 3 GB outside the memory pool (issue 32). Two of them collide with
	// probability below 10⁻²⁸.
	seen := map[[2]uint64]bool{}
	seeds := [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}
	var buf []byte
	// Each option is made canonical and hashed, n log n steps for n
	// piles: the count stops at a bound of work as well as of options.
	per := float64(len(p)) * max(1, math.Log2(float64(len(p))))
	limit := min(optionCountCap, max(optionListCap+1, int(optionCountWork/per)))
	n := 0
	r.Options(p, func(q grundy.Position) bool {
		c := grundy.Canonical(r, q)
		buf = buf[:0]
		for _, x := range c {
			buf = binary.LittleEndian.AppendUint64(buf, uint64(x))
		}
		key := [2]uint64{maphash.Bytes(seeds[0], buf), maphash.Bytes(seeds[1], buf)}
		if seen[key] {
			return true
		}
		seen[key] = true
		n++
		if n <= optionListCap {
			opts = append(opts, c)
		}
		return n < limit && (n%256 != 0 || ctx.Err() == nil)
	})
	count := strconv.Itoa(n)
	out.Options, out.OptionsCapped = &count, n >= limit || ctx.Err() != nil
	if !out.OptionsCapped && len(out.Moves) == n {
		// The engine listed every option, each valued by theorem.
		out.Enumerated = true
		return
	}
	if n > optionListCap || out.OptionsCapped {
		return
	}
	big := make([]grundy.BigPosition, len(opts))
	for i, c := range opts {
		big[i] = c.Big()
	}
	listed := theoremValued(ctx, r, big, out.Misere)
	if len(listed) >= len(out.Moves) {
		out.Moves = listed
		out.Enumerated = len(listed) == n
	}
}

// bigOptions lists, for a position beyond 64 bits answered by theorem,
// the first options engine.SomeMoves makes and the theorems evaluate, so
// that a move can be made from a P-position too (every one loses).
func (s *Server) bigOptions(ctx context.Context, r grundy.Ruleset, p grundy.BigPosition, out *movesJSON) {
	ms, err := engine.SomeMoves(r, p, optionListCap)
	if err != nil {
		return
	}
	listed := theoremValued(ctx, r, ms, out.Misere)
	if len(listed) > len(out.Moves) {
		out.Moves = listed
	}
}

// theoremValued gives each of the positions the theorems value in the
// chosen play as a move, leaving out those no theorem judges.
func theoremValued(ctx context.Context, r grundy.Ruleset, to []grundy.BigPosition, misere bool) []moveJSON {
	var listed []moveJSON
	for _, q := range to {
		v, err := engine.Evaluate(ctx, r, q, engine.Options{Method: grundy.MethodTheorem})
		if err != nil {
			continue
		}
		vj := newValue(v)
		outcome := vj.Outcome
		if misere {
			outcome = vj.OutcomeMisere
		}
		if outcome == "" {
			continue
		}
		listed = append(listed, moveJSON{To: vj.Pos, QuantitiesJSON: vj.QuantitiesJSON, Winning: outcome == "P", Source: &vj.Trust})
	}
	return listed
}
