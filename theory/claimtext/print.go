package claimtext

import (
	"fmt"
	"strings"
)

// String writes e in normal form: ASCII operators with single spaces,
// parentheses only where precedence needs them (and around an && inside
// an ||, which readers expect), sets sorted. Parsing the result gives e
// back; printing that again gives the same text.
func (e *Expr) String() string {
	var b strings.Builder
	write(&b, e)
	return b.String()
}

func prec(e *Expr) int {
	switch e.Kind {
	case KBinary:
		return binaryPrec[e.Op]
	case KIn:
		return precCmp
	case KUnary:
		return precUnary
	case KIf, KLet:
		return precTop
	}
	return precAtom
}

// operand writes a child of e, parenthesized when its precedence is below
// min.
func operand(b *strings.Builder, child *Expr, min int) {
	if prec(child) < min {
		b.WriteByte('(')
		write(b, child)
		b.WriteByte(')')
		return
	}
	write(b, child)
}

func write(b *strings.Builder, e *Expr) {
	switch e.Kind {
	case KNum:
		b.WriteString(e.Num.String())
	case KVar:
		fmt.Fprintf(b, "x%d", e.Var+1)
	case KName:
		b.WriteString(e.Name)
	case KBool:
		fmt.Fprint(b, e.Bool)
	case KUnary:
		b.WriteString(e.Op)
		// -(-x) rather than --x: two signs read as a typo.
		operand(b, e.Args[0], precAtom)
	case KBinary:
		p := prec(e)
		l, r := p, p+1 // left-associative
		if p == precCmp {
			l = p + 1
		}
		if e.Op == "||" {
			// (a && b) || c: the parentheses a reader expects.
			l, r = orOperand(e.Args[0], l), orOperand(e.Args[1], r)
		}
		operand(b, e.Args[0], l)
		b.WriteString(" " + e.Op + " ")
		operand(b, e.Args[1], r)
	case KCall:
		b.WriteString(e.Op + "(")
		for i, a := range e.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			write(b, a)
		}
		b.WriteByte(')')
	case KIf:
		b.WriteString("if ")
		operand(b, e.Args[0], precOr)
		b.WriteString(" then ")
		operand(b, e.Args[1], precOr)
		b.WriteString(" else ")
		write(b, e.Args[2])
	case KLet:
		fmt.Fprintf(b, "let %s = ", e.Name)
		operand(b, e.Args[0], precOr)
		b.WriteString(" in ")
		write(b, e.Args[1])
	case KTuple:
		b.WriteByte('(')
		for i, a := range e.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			write(b, a)
		}
		b.WriteByte(')')
	case KIn:
		operand(b, e.Args[0], precCmp+1)
		b.WriteString(" in {")
		for i, t := range e.Set {
			if i > 0 {
				b.WriteString(", ")
			}
			if e.Args[0].Kind == KTuple {
				b.WriteByte('(')
				for j, x := range t {
					if j > 0 {
						b.WriteString(", ")
					}
					b.WriteString(x.String())
				}
				b.WriteByte(')')
			} else {
				b.WriteString(t[0].String())
			}
		}
		b.WriteByte('}')
	}
}

func orOperand(child *Expr, min int) int {
	if child.Kind == KBinary && child.Op == "&&" {
		return precAnd + 1
	}
	return min
}
