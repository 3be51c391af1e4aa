package lang

import (
	"fmt"
	"strconv"
	"strings"
)

// Format prints f as rule text in the canonical layout: one item a line,
// in the order ruleset, source, about, param, example, piles, role, move,
// terminal. Parse
// reads it back to the same tree (positions aside).
func (f *File) Format() string {
	var b strings.Builder
	if f.Name != "" {
		fmt.Fprintf(&b, "ruleset %s\n", f.Name)
	}
	// Strings are printed as read: they hold no quote and no line break.
	if f.Source != "" {
		fmt.Fprintf(&b, "source \"%s\"\n", f.Source)
	}
	if f.About != "" {
		fmt.Fprintf(&b, "about \"%s\"\n", f.About)
	}
	for _, p := range f.Params {
		fmt.Fprintf(&b, "param %s = %d", p.Name, p.Default)
		if p.HasMin {
			fmt.Fprintf(&b, " in %d..", p.Min)
			if p.HasMax {
				fmt.Fprintf(&b, "%d", p.Max)
			}
		}
		if p.Doc != "" {
			fmt.Fprintf(&b, " \"%s\"", p.Doc)
		}
		b.WriteByte('\n')
	}
	for _, e := range f.Examples {
		b.WriteString("example")
		for i, v := range e.Values {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, " %s = %d", v.Name, v.Value)
		}
		b.WriteByte('\n')
	}
	if f.Piles != nil {
		fmt.Fprintf(&b, "piles %s\n", f.pilesString())
	}
	for _, r := range f.Roles {
		fmt.Fprintf(&b, "role %s = pile %d\n", r.Name, r.Index)
	}
	if f.Edges != nil {
		fmt.Fprintf(&b, "edges %s\n", f.Edges)
	}
	for _, m := range f.Moves {
		b.WriteString("move ")
		b.WriteString(m.String())
		b.WriteByte('\n')
	}
	f.formatTerminals(&b)
	return b.String()
}

// String prints a move as it follows "move".
func (m *Move) String() string {
	if s, ok := m.breakString(); ok {
		return s
	}
	var b strings.Builder
	if m.Take != nil {
		b.WriteString("take ")
		for i, pt := range m.Take {
			if i > 0 {
				b.WriteString(" and ")
			}
			b.WriteString(amountString(pt.Amount))
			if pt.Name != "" {
				b.WriteString(" as " + pt.Name)
			}
			b.WriteString(" from " + selectString(pt.From))
		}
		b.WriteString(m.leavingString())
		b.WriteString(m.splittingString())
		if m.Where != nil {
			b.WriteString(", where " + exprString(m.Where, precOr))
		}
		return b.String()
	}
	if m.PStar != nil {
		return m.PStar.String()
	}
	b.WriteString("subtract ")
	if m.Arrange {
		b.WriteString("any arrangement of ")
	}
	for i, v := range m.Vectors {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		for j, c := range v {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString(exprString(c, precAdd))
		}
		b.WriteByte(')')
	}
	return b.String()
}

func countString(c *Count) string {
	switch c.Kind {
	case CountAtLeast:
		return "at least " + exprString(c.Lo, precAdd)
	case CountAtMost:
		return "at most " + exprString(c.Lo, precAdd)
	case CountRange:
		s := exprString(c.Lo, precAdd) + ".."
		if c.Hi != nil {
			s += exprString(c.Hi, precAdd)
		}
		return s
	}
	if c.Exactly {
		return "exactly " + exprString(c.Lo, precAdd)
	}
	return exprString(c.Lo, precAdd)
}

func amountString(a *Amount) string {
	switch a.Kind {
	case AmountAny:
		return "any"
	case AmountOdd:
		return "odd"
	case AmountEven:
		return "even"
	case AmountMultiple:
		return "multiple of " + amountExpr(a.A)
	case AmountResidue:
		return amountExpr(a.A) + " mod " + amountExpr(a.B)
	case AmountRange:
		s := amountExpr(a.A) + ".."
		if a.B != nil {
			s += amountExpr(a.B)
		}
		return s
	case AmountSquare, AmountPower:
		return wholeAmountString(a)
	}
	return amountExpr(a.A)
}

// amountExpr prints an amount's expression; a mod inside must be
// parenthesized, as mod there would start a residue class.
func amountExpr(e Expr) string {
	s := exprString(e, precAdd)
	if hasMod(e) {
		return "(" + s + ")"
	}
	return s
}

func hasMod(e Expr) bool {
	switch e := e.(type) {
	case *Binary:
		return e.Op == "mod" || hasMod(e.X) || hasMod(e.Y)
	case *Unary:
		return hasMod(e.X)
	}
	return false
}

func selectString(s *Select) string {
	var b strings.Builder
	switch s.Kind {
	case SelectOne:
		if s.The {
			b.WriteString("the other pile")
		} else {
			b.WriteString("one ")
			if s.Largest {
				b.WriteString("largest ")
			}
			if s.Other {
				b.WriteString("other ")
			}
			b.WriteString("pile")
		}
	case SelectEach:
		b.WriteString("each of " + countString(s.Count) + " ")
		if s.Largest {
			b.WriteString("largest ")
		}
		if s.Other {
			b.WriteString("other ")
		}
		if s.Consecutive {
			b.WriteString("consecutive ")
		}
		b.WriteString("piles")
		if s.Circle {
			b.WriteString(" in a circle")
		}
	case SelectIndex:
		b.WriteString("pile " + strconv.Itoa(s.Index))
	case SelectRole:
		b.WriteString(s.Role)
	case SelectEdge:
		b.WriteString("each pile of one edge")
	}
	if s.Name != "" {
		b.WriteString(" " + s.Name)
	}
	return b.String()
}

// exprString prints e, parenthesized when its precedence is below prec.
func exprString(e Expr, prec int) string {
	var s string
	var own int
	switch e := e.(type) {
	case *Num:
		return strconv.FormatInt(e.Val, 10)
	case *Whole:
		return e.Kind.String()
	case *Quant:
		own, s = precOr, e.String()
	case *Ident:
		return e.Name
	case *Call:
		parts := make([]string, len(e.Args))
		for i, a := range e.Args {
			parts[i] = exprString(a, precAdd)
		}
		return e.Fn + "(" + strings.Join(parts, ", ") + ")"
	case *Unary:
		if e.Op == "not" {
			own = precNot
			s = "not " + exprString(e.X, precNot)
		} else {
			own = precUnary
			s = "-" + exprString(e.X, precUnary)
		}
	case *Binary:
		own = map[string]int{"or": precOr, "and": precAnd, "+": precAdd, "-": precAdd, "*": precMul, "mod": precMul, "div": precMul}[e.Op]
		s = exprString(e.X, own) + " " + e.Op + " " + exprString(e.Y, own+1)
	case *Compare:
		own = precCmp
		var b strings.Builder
		for i, a := range e.Args {
			if i > 0 {
				b.WriteString(" " + e.Ops[i-1] + " ")
			}
			b.WriteString(exprString(a, precAdd))
		}
		s = b.String()
	}
	if own < prec {
		return "(" + s + ")"
	}
	return s
}

// Describe is the rule in one line: its about text, or else its moves as
// written, joined by "; or ".
func (r *Rule) Describe() string {
	if r.File.About != "" {
		return r.File.About
	}
	var moves []string
	for _, m := range r.File.Moves {
		moves = append(moves, m.String())
	}
	return strings.Join(moves, "; or ")
}

// Brief prints a count in symbols, as `grundy games` shows a family's
// piles: 2, ≥ k, ≤ 5, 2..4.
func (c *Count) Brief() string {
	switch c.Kind {
	case CountAtLeast:
		return "≥ " + exprString(c.Lo, precAdd)
	case CountAtMost:
		return "≤ " + exprString(c.Lo, precAdd)
	case CountRange:
		if c.Hi == nil {
			return "≥ " + exprString(c.Lo, precAdd)
		}
	}
	return strings.TrimPrefix(countString(c), "exactly ")
}
