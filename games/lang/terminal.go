package lang

import (
	"math/big"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
)

// A Terminal is "terminal where COND": the positions where COND holds
// have no moves, whatever the move lines allow. It states the variants
// of Wythoff's game whose play ends on a terminal set instead of at
// (0,0) (Komaki, Miyadera, Murakami, arXiv 2510.11767 and 2605.01435:
// the set x + y ≤ k). COND speaks of the position only: the parameters,
// the roles' piles and piles (how many there are); a move's words (its
// amounts, named piles, total) have no meaning there.
type Terminal struct {
	Pos   Pos
	Where Expr
}

// terminalLine reads what follows "terminal": "where COND".
func (p *parser) terminalLine(f *File, t token) *Error {
	if _, err := p.expect("where"); err != nil {
		return err
	}
	w, err := p.expr(precOr, false)
	if err != nil {
		return err
	}
	if len(f.Terminals) == MaxMoves {
		return t.pos.errorf(Limit, "more than %d terminal lines", MaxMoves)
	}
	f.Terminals = append(f.Terminals, &Terminal{Pos: t.pos, Where: w})
	return nil
}

// formatTerminals prints the terminal lines, after the moves.
func (f *File) formatTerminals(b *strings.Builder) {
	for _, t := range f.Terminals {
		b.WriteString("terminal where " + exprString(t.Where, precOr) + "\n")
	}
}

// terminals binds the terminal lines: one condition, the disjunction of
// the lines', over the slots piles and the roles (TerminalSlots).
func (b *binder) terminals() *Error {
	if len(b.f.Terminals) == 0 {
		return nil
	}
	slots := []Slot{{Kind: SlotPiles, Name: "piles"}}
	for _, ro := range b.f.Roles {
		slots = append(slots, Slot{Kind: SlotRole, Name: ro.Name, Index: ro.Index - 1})
	}
	var ors []*formula.Expr
	for _, t := range b.f.Terminals {
		if err := b.terminalWhole(t.Where, &slots); err != nil {
			return err
		}
		w, err := b.cond(t.Where, func(id *Ident) (*formula.Expr, *Error) {
			for i, s := range slots {
				if s.Name == id.Name {
					return formula.X(i), nil
				}
			}
			known := []string{}
			for _, s := range slots {
				known = append(known, s.Name)
			}
			return nil, errAt(id.Pos, Check, "unknown name %s in the terminal condition (it speaks of the position: %s, and the parameters; name a pile with a role: role %s = pile 1)",
				id.Name, strings.Join(known, ", "), id.Name)
		})
		if err != nil {
			return err
		}
		ors = append(ors, w)
	}
	b.r.Terminal = fold(formula.Or(ors...))
	b.r.TerminalSlots = slots
	b.r.terminal = b.r.Terminal.Compile()
	return nil
}

// IsTerminal reports whether p is in the rule's terminal set, where no
// move is allowed ("terminal where …"); false for a rule without one.
func (r *Rule) IsTerminal(p grundy.Position) bool {
	if r.terminal == nil {
		return false
	}
	env := make([]int, len(r.TerminalSlots))
	PositionTerms(r.TerminalSlots, p, env)
	return r.terminal.Bool(env)
}

// naiveTerminal is IsTerminal evaluated on the formula tree in big
// integers, as the naive interpreter evaluates conditions: the compiled
// ruleset's fast evaluation is tested against it.
func (r *Rule) naiveTerminal(p grundy.Position) bool {
	if r.Terminal == nil {
		return false
	}
	env := make([]*big.Int, len(r.TerminalSlots))
	for i, s := range r.TerminalSlots {
		switch {
		case s.Kind == SlotPiles:
			env[i] = bigInt(len(p))
		case s.Kind >= SlotSum:
			env[i] = bigInt(naivePositionTerm(s.Kind, p))
		default:
			env[i] = bigInt(p[s.Index])
		}
	}
	return r.Terminal.Bool(env)
}

// TerminalAt is the terminal condition with the position's piles x
// substituted for its slots (x[i] the i-th pile): the formula the prover
// conjoins, negated, to every move's guard. nil for a rule without one.
func (r *Rule) TerminalAt(x []*formula.Expr) *formula.Expr {
	if r.Terminal == nil {
		return nil
	}
	ts := make([]*formula.Expr, len(r.TerminalSlots))
	for i, s := range r.TerminalSlots {
		switch {
		case s.Kind == SlotPiles:
			ts[i] = formula.C(int64(len(x)))
		case s.Kind >= SlotSum:
			ts[i] = PositionTermAt(s.Kind, x)
		default:
			ts[i] = x[s.Index]
		}
	}
	return substVars(r.Terminal, ts)
}

func substVars(e *formula.Expr, ts []*formula.Expr) *formula.Expr {
	if e.Op == formula.OpVar {
		return ts[e.Var]
	}
	c := *e
	c.Args = make([]*formula.Expr, len(e.Args))
	for i, a := range e.Args {
		c.Args[i] = substVars(a, ts)
	}
	return &c
}
