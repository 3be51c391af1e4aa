package play

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/solve"
)

// Syntax documents the moves Parse reads.
const Syntax = `a move is the position it leads to, such as 1,2 (piles in the order shown),
or removals PILE-AMOUNT separated by spaces, such as 2-3 (three tokens from
pile 2) or 1-1 3-1 (one token from pile 1 and one from pile 3)`

// A Game is a position in play, with the positions before it.
type Game struct {
	Ruleset grundy.Ruleset
	Misere  bool
	Budget  int // search budget (0: the default)
	// Limits bound each search's memory and steps (zero: the engine's
	// defaults). A front end passes its own: a position of thousands of
	// piles may fit a budget of a few positions yet cost minutes to expand.
	Limits  solve.Limits
	Pos     grundy.Position
	History []grundy.Position
}

// New starts a game at p, which must be a position of r.
func New(r grundy.Ruleset, p grundy.Position, misere bool) (*Game, error) {
	if err := r.Validate(p); err != nil {
		return nil, fmt.Errorf("%s at %s: %w", r.Name(), p, err)
	}
	return &Game{Ruleset: r, Misere: misere, Pos: grundy.Canonical(r, p)}, nil
}

// Moves lists every move from the current position with its values.
func (g *Game) Moves(ctx context.Context) (engine.Moves, error) {
	return engine.ListMoves(ctx, g.Ruleset, g.Pos.Big(), g.Misere, g.options())
}

// Over reports whether the player to move has no move.
func (g *Game) Over() bool { return grundy.Terminal(g.Ruleset, g.Pos) }

// MoverWinsAtEnd reports who wins when the game is over: the player to
// move (who cannot) loses in normal play and wins in misère play.
func (g *Game) MoverWinsAtEnd() bool { return g.Misere }

// Best is the optimal move: to a P-position as fast as possible when there
// is one, else to the position that resists longest. Among equals it takes
// the first in the ruleset's order, so play is reproducible.
func (g *Game) Best(ctx context.Context) (engine.Move, error) {
	return best(ctx, g.Ruleset, g.Pos, g.Misere, g.options())
}

// Best is Game.Best for any position, within the engine's default limits.
func Best(ctx context.Context, r grundy.Ruleset, p grundy.Position, misere bool, budget int) (engine.Move, error) {
	return best(ctx, r, p, misere, (&Game{Budget: budget}).options())
}

func best(ctx context.Context, r grundy.Ruleset, p grundy.Position, misere bool, opt engine.Options) (engine.Move, error) {
	ms, err := engine.ListMoves(ctx, r, p.Big(), misere, opt)
	if err != nil {
		return engine.Move{}, err
	}
	for _, m := range ms.Moves {
		if m.Optimal != nil && *m.Optimal {
			return m, nil
		}
	}
	return engine.Move{}, fmt.Errorf("%s at %s: no move, the game is over", r.Name(), p)
}

// Play moves to q, which must be a legal move.
func (g *Game) Play(q grundy.Position) error {
	if err := g.Legal(q); err != nil {
		return err
	}
	g.History = append(g.History, g.Pos)
	g.Pos = grundy.Canonical(g.Ruleset, q)
	if grundy.PileCountChanges(g.Ruleset) {
		g.Pos = multiset(q)
	}
	return nil
}

// Undo goes back one move; it reports false at the start.
func (g *Game) Undo() bool {
	if len(g.History) == 0 {
		return false
	}
	g.Pos = g.History[len(g.History)-1]
	g.History = g.History[:len(g.History)-1]
	return true
}

// Parse reads a move in [Syntax] and returns the position it leads to,
// or why it cannot be played.
func (g *Game) Parse(s string) (grundy.Position, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, errors.New("empty move; " + Syntax)
	}
	var q grundy.Position
	if strings.Contains(s, ",") || !strings.Contains(s, "-") {
		p, err := grundy.ParsePosition(s)
		if err != nil {
			return nil, fmt.Errorf("%w; %s", err, Syntax)
		}
		small, ok := p.Small()
		if !ok {
			return nil, fmt.Errorf("position %s: piles too large", s)
		}
		q = small
	} else {
		q = append(grundy.Position(nil), g.Pos...)
		for _, f := range strings.Fields(s) {
			ps, as, ok := strings.Cut(f, "-")
			pile, err1 := strconv.Atoi(ps)
			amount, err2 := strconv.Atoi(as)
			if !ok || err1 != nil || err2 != nil || amount < 1 {
				return nil, fmt.Errorf("%q is not PILE-AMOUNT with a positive amount; %s", f, Syntax)
			}
			if pile < 1 || pile > len(q) {
				return nil, fmt.Errorf("pile %d does not exist: the piles are numbered 1 to %d", pile, len(q))
			}
			if amount > q[pile-1] {
				return nil, fmt.Errorf("pile %d has only %d tokens left, cannot remove %d", pile, q[pile-1], amount)
			}
			q[pile-1] -= amount
		}
	}
	if err := g.Legal(q); err != nil {
		return nil, err
	}
	return q, nil
}

// Legal explains why q is not a move from the current position, or
// returns nil.
func (g *Game) Legal(q grundy.Position) error {
	if grundy.PileCountChanges(g.Ruleset) {
		return g.legalBreak(q)
	}
	p := g.Pos
	if len(q) != len(p) {
		return fmt.Errorf("%s has %d piles, you gave %d", p, len(p), len(q))
	}
	if g.Over() {
		return errors.New("the game is over: there is no move")
	}
	target := grundy.Canonical(g.Ruleset, q)
	grows := grundy.PilesMayGrow(g.Ruleset)
	// p is canonical; sorted interchangeable piles can be reached by
	// removals only if each is at most its counterpart. A rule whose
	// moves may add tokens to a pile (a negative coordinate of a
	// difference vector) is asked only whether q is a follower.
	from := grundy.SymmetricFrom(g.Ruleset, len(p))
	for i := range p {
		switch {
		case grows:
		case q[i] > p[i] && i < from:
			return fmt.Errorf("pile %d would grow from %d to %d; a move only removes tokens", i+1, p[i], q[i])
		case target[i] > p[i]:
			return fmt.Errorf("%s has more tokens than %s in some pile; a move only removes tokens", q, p)
		}
	}
	if slices.Equal(target, p) {
		if grows {
			return errors.New("a move changes the position")
		}
		return errors.New("a move removes at least one token")
	}
	legal := false
	g.Ruleset.Options(p, func(o grundy.Position) bool {
		if slices.Equal(grundy.Canonical(g.Ruleset, o), target) {
			legal = true
			return false
		}
		return true
	})
	if legal {
		return nil
	}
	return fmt.Errorf("%s → %s is not a move of %s, whose rule is: %s", p, q, g.Ruleset.Name(), Rule(g.Ruleset))
}

// Rule is the one-line rule of r's family, or of its rule file: the
// about line, else the moves as written.
func Rule(r grundy.Ruleset) string {
	if f, ok := games.Lookup(games.SpecOf(r).Family); ok {
		return f.Rule
	}
	if c, ok := lang.Compiled(r); ok {
		return c.Rule().Describe()
	}
	return "(unknown)"
}

// options ask for exhaustive search within the game's budget and limits:
// the optimal player needs every move's remoteness, which theorems do not
// give.
func (g *Game) options() engine.Options {
	return engine.Options{Budget: g.Budget, Method: grundy.MethodSearch, Limits: g.Limits}
}

// Remoteness is a move's remoteness in the chosen play (known after a
// search).
func Remoteness(m engine.Move, misere bool) int {
	r := m.R
	if misere {
		r = m.Rm
	}
	if r == nil || !r.IsInt64() {
		return -1
	}
	return int(r.Int64())
}
