package web

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
)

// A playJSON is the check of a move list (a shared URL's play): Valid
// moves of it are legal one after the other, the first illegal one, if
// any, named in Error.
type playJSON struct {
	Game  string `json:"game"`
	Start string `json:"start"`
	// Valid counts the moves that are legal in turn; Positions are the
	// canonical positions they reach.
	Valid     int      `json:"valid"`
	Positions []string `json:"positions"`
	Error     string   `json:"error,omitempty"`
}

// maxCheckWork bounds the work of checking one move (enumerating the
// options of its position).
const maxCheckWork = 5e6

// play checks a move list: play=P1;P2;… from pos, a position prefixed
// with c where the computer made the move.
func (s *Server) play(_ context.Context, q query) (any, error) {
	r, p, err := s.position(q)
	if err != nil {
		return nil, err
	}
	out := playJSON{Game: r.Name(), Start: p.String(), Positions: []string{}}
	if q.str("play") == "" {
		return out, nil
	}
	from := p
	for i, m := range strings.Split(q.str("play"), ";") {
		who, text := "your", m
		if strings.HasPrefix(m, "c") {
			who, text = "the computer's", m[1:]
		}
		to, err := grundy.ParsePosition(text)
		if err == nil && len(to) != len(from) {
			err = fmt.Errorf("%d piles, not %d", len(to), len(from))
		}
		var ok bool
		if err == nil {
			if small, isSmall := from.Small(); isSmall && engine.PositionWork(r, small) > maxCheckWork {
				err = fmt.Errorf("too many options to check")
			} else {
				ok, err = engine.IsMove(r, from, to)
			}
		}
		if err == nil && !ok {
			err = fmt.Errorf("not a move from %s", from)
		}
		if err != nil {
			out.Error = fmt.Sprintf("move %d (%s move to %s): %v", i+1, who, text, err)
			return out, nil
		}
		from = engine.Canonical(r, to)
		out.Valid++
		out.Positions = append(out.Positions, from.String())
	}
	return out, nil
}
