package claimtext

import (
	"math/big"
	"regexp"
	"slices"
)

// keywords cannot name a let-bound value.
var keywords = map[string]bool{
	"let": true, "in": true, "if": true, "then": true, "else": true, "where": true, "iff": true,
	"true": true, "false": true, "min": true, "max": true, "even": true, "odd": true, "claim": true,
	"and": true, "or": true, "not": true, "mod": true, "div": true,
}

// claimSpelling is the claim operator a rule's word (or "=") spells: one
// expression language for rules and claims (package lang reads == && ||
// ! % / as its words). The tree and the printer keep the claim spelling.
var claimSpelling = map[string]string{"=": "==", "and": "&&", "or": "||", "mod": "%", "div": "/"}

// opOf is the binary operator t spells, if any, in the claim spelling.
func (p *parser) opOf(t token) string {
	if t.kind == tOp || t.kind == tIdent {
		if o, ok := claimSpelling[t.text]; ok {
			return o
		}
	}
	if t.kind == tOp {
		return t.text
	}
	return ""
}

var pileVar = regexp.MustCompile(`^x([1-9][0-9]*)$`)

// MaxLine bounds a line of claim text, in characters, and so the nesting
// of its expression: the parser, Lower and the printer recurse over it.
const MaxLine = 10_000

type parser struct {
	toks []token
	i    int
}

func (p *parser) peek() token { return p.toks[p.i] }
func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tEOF {
		p.i++
	}
	return t
}

func (p *parser) isOp(s string) bool { t := p.peek(); return t.kind == tOp && t.text == s }
func (p *parser) isWord(s string) bool {
	t := p.peek()
	return t.kind == tIdent && t.text == s
}

func (p *parser) expect(s string, what string) (token, error) {
	t := p.peek()
	if (t.kind == tOp || t.kind == tIdent) && t.text == s {
		return p.next(), nil
	}
	return t, errorf(t.pos, "expected %s, found %s", what, t)
}

// ParseExpr reads one expression (a formula or a term) from src, taken
// as line 1. It checks syntax only: whether the expression is well typed
// and which piles it may name is Lower's business.
func ParseExpr(src string) (*Expr, error) {
	if n := len([]rune(src)); n > MaxLine {
		return nil, errorf(Pos{1, 1}, "an expression of %d characters (at most %d)", n, MaxLine)
	}
	toks, err := lex([]rune(src), 1, 1)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks}
	e, err := p.expr()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tEOF {
		return nil, errorf(t.pos, "unexpected %s after the expression", t)
	}
	return e, nil
}

// expr = "let" NAME "=" expr "in" expr | "if" expr "then" expr "else" expr | or.
func (p *parser) expr() (*Expr, error) {
	t := p.peek()
	switch {
	case p.isWord("let"):
		p.next()
		name := p.next()
		if name.kind != tIdent || keywords[name.text] || pileVar.MatchString(name.text) {
			return nil, errorf(name.pos, "let needs a name (not a keyword or a pile x1, x2, …), found %s", name)
		}
		if _, err := p.expect("=", `"=" after let `+name.text); err != nil {
			return nil, err
		}
		val, err := p.expr()
		if err != nil {
			return nil, err
		}
		if _, err := p.expect("in", `"in" after the value of `+name.text); err != nil {
			return nil, err
		}
		body, err := p.expr()
		if err != nil {
			return nil, err
		}
		return &Expr{Kind: KLet, Pos: t.pos, Name: name.text, Args: []*Expr{val, body}}, nil
	case p.isWord("if"):
		p.next()
		c, err := p.expr()
		if err != nil {
			return nil, err
		}
		if _, err := p.expect("then", `"then"`); err != nil {
			return nil, err
		}
		a, err := p.expr()
		if err != nil {
			return nil, err
		}
		if _, err := p.expect("else", `"else"`); err != nil {
			return nil, err
		}
		b, err := p.expr()
		if err != nil {
			return nil, err
		}
		return &Expr{Kind: KIf, Pos: t.pos, Args: []*Expr{c, a, b}}, nil
	}
	return p.binary(precOr)
}

// Precedences, loosest first. ^ is looser than arithmetic and tighter
// than comparison, as in Python and as a mathematician reads ⊕: x ^ y ==
// 0 is (x ^ y) == 0 and x + 1 ^ y is (x + 1) ^ y (C would read the first
// as x ^ (y == 0)).
const (
	precTop   = iota // let, if: as far right as they go
	precOr           // ||
	precAnd          // &&
	precCmp          // == != < <= > >= in; a chain a < b <= c is a < b && b <= c
	precXor          // ^
	precAdd          // + -
	precMul          // * / %
	precUnary        // - !
	precAtom
)

var binaryPrec = map[string]int{
	"||": precOr, "&&": precAnd,
	"==": precCmp, "!=": precCmp, "<": precCmp, "<=": precCmp, ">": precCmp, ">=": precCmp,
	"^": precXor, "+": precAdd, "-": precAdd, "*": precMul, "/": precMul, "%": precMul,
}

func (p *parser) binary(prec int) (*Expr, error) {
	if prec == precUnary {
		return p.unary()
	}
	if prec == precCmp && p.isWord("not") {
		// The rules' not: as loose as a comparison, so "not x1 == x2" is
		// !(x1 == x2) (the symbol ! binds to its atom).
		t := p.next()
		a, err := p.binary(precCmp)
		if err != nil {
			return nil, err
		}
		if a.Kind == KTuple {
			return nil, errorf(a.Pos, `a tuple (…, …) stands only left of "in {…}"`)
		}
		return &Expr{Kind: KUnary, Pos: t.pos, Op: "!", Args: []*Expr{a}}, nil
	}
	left, err := p.binary(prec + 1)
	if err != nil {
		return nil, err
	}
	var chain *Expr // the comparisons read so far, joined by &&
	for {
		t := p.peek()
		if prec == precCmp && t.kind == tIdent && t.text == "in" && p.toks[p.i+1].kind == tOp && p.toks[p.i+1].text == "{" {
			if chain != nil {
				return nil, errorf(t.pos, `"in {…}" does not chain: parenthesize, or join with &&`)
			}
			p.next()
			if left, err = p.set(left, left.Pos); err != nil {
				return nil, err
			}
			if p.cmpFollows() {
				return nil, errorf(p.peek().pos, `"in {…}" does not chain: parenthesize, or join with &&`)
			}
			return left, nil
		}
		op := p.opOf(t)
		if op == "" || binaryPrec[op] != prec {
			if left.Kind == KTuple && prec <= precCmp {
				return nil, errorf(left.Pos, `a tuple (…, …) stands only left of "in {…}"`)
			}
			if chain != nil {
				return chain, nil
			}
			return left, nil
		}
		p.next()
		right, err := p.binary(prec + 1)
		if err != nil {
			return nil, err
		}
		if left.Kind == KTuple || right.Kind == KTuple {
			return nil, errorf(t.pos, `a tuple (…, …) stands only left of "in {…}"`)
		}
		if prec != precCmp {
			left = &Expr{Kind: KBinary, Pos: left.Pos, Op: op, Args: []*Expr{left, right}}
			continue
		}
		// a < b <= c is a < b && b <= c: b is read once and stands in both.
		cmp := &Expr{Kind: KBinary, Pos: left.Pos, Op: op, Args: []*Expr{left, right}}
		if chain == nil {
			chain = cmp
		} else {
			chain = &Expr{Kind: KBinary, Pos: chain.Pos, Op: "&&", Args: []*Expr{chain, cmp}}
		}
		left = right
	}
}

func (p *parser) cmpFollows() bool {
	t := p.peek()
	return binaryPrec[p.opOf(t)] == precCmp || t.kind == tIdent && t.text == "in" && p.toks[p.i+1].text == "{"
}

// set reads "{e, e, …}" after "in": integers, or tuples of integers of
// the left side's arity.
func (p *parser) set(left *Expr, pos Pos) (*Expr, error) {
	arity := 1
	if left.Kind == KTuple {
		arity = len(left.Args)
	}
	p.next() // {
	var set [][]*big.Int
	for !p.isOp("}") {
		if len(set) > 0 {
			if _, err := p.expect(",", `"," or "}" in the set`); err != nil {
				return nil, err
			}
		}
		el, at, err := p.element()
		if err != nil {
			return nil, err
		}
		if len(el) != arity {
			return nil, errorf(at, "a set element of %d numbers where the left side has %d", len(el), arity)
		}
		set = append(set, el)
	}
	p.next() // }
	slices.SortFunc(set, compareTuple)
	set = slices.CompactFunc(set, func(a, b []*big.Int) bool { return compareTuple(a, b) == 0 })
	return &Expr{Kind: KIn, Pos: pos, Args: []*Expr{left}, Set: set}, nil
}

func (p *parser) element() ([]*big.Int, Pos, error) {
	at := p.peek().pos
	if !p.isOp("(") {
		n, err := p.integer()
		return []*big.Int{n}, at, err
	}
	p.next()
	var out []*big.Int
	for {
		n, err := p.integer()
		if err != nil {
			return nil, at, err
		}
		out = append(out, n)
		if p.isOp(")") {
			p.next()
			return out, at, nil
		}
		if _, err := p.expect(",", `"," or ")" in the tuple`); err != nil {
			return nil, at, err
		}
	}
}

func (p *parser) integer() (*big.Int, error) {
	neg := false
	if p.isOp("-") {
		p.next()
		neg = true
	}
	t := p.next()
	if t.kind != tInt {
		return nil, errorf(t.pos, "expected an integer in the set, found %s", t)
	}
	n := new(big.Int).Set(t.num)
	if neg {
		n.Neg(n)
	}
	return n, nil
}

func (p *parser) unary() (*Expr, error) {
	t := p.peek()
	if t.kind == tOp && (t.text == "-" || t.text == "!") {
		p.next()
		a, err := p.unary()
		if err != nil {
			return nil, err
		}
		if a.Kind == KTuple {
			return nil, errorf(a.Pos, `a tuple (…, …) stands only left of "in {…}"`)
		}
		return &Expr{Kind: KUnary, Pos: t.pos, Op: t.text, Args: []*Expr{a}}, nil
	}
	return p.atom()
}

func (p *parser) atom() (*Expr, error) {
	t := p.next()
	switch t.kind {
	case tInt:
		return &Expr{Kind: KNum, Pos: t.pos, Num: t.num}, nil
	case tIdent:
		switch t.text {
		case "true", "false":
			return &Expr{Kind: KBool, Pos: t.pos, Bool: t.text == "true"}, nil
		case "min", "max", "even", "odd":
			return p.call(t)
		case "let", "if":
			// In operand position: parenthesize to nest.
			p.i--
			return p.expr()
		case "not":
			return nil, errorf(t.pos, `"not" stands before a comparison: parenthesize it here, (not …), or write !`)
		}
		if keywords[t.text] {
			return nil, errorf(t.pos, "unexpected %q", t.text)
		}
		if m := pileVar.FindStringSubmatch(t.text); m != nil {
			i, ok := new(big.Int).SetString(m[1], 10)
			if !ok || !i.IsInt64() || i.Int64() > 1<<20 {
				return nil, errorf(t.pos, "pile variable %s out of range", t.text)
			}
			return &Expr{Kind: KVar, Pos: t.pos, Var: int(i.Int64()) - 1}, nil
		}
		return &Expr{Kind: KName, Pos: t.pos, Name: t.text}, nil
	case tOp:
		if t.text == "(" {
			e, err := p.expr()
			if err != nil {
				return nil, err
			}
			if p.isOp(",") {
				tup := &Expr{Kind: KTuple, Pos: t.pos, Args: []*Expr{e}}
				for p.isOp(",") {
					p.next()
					e, err := p.expr()
					if err != nil {
						return nil, err
					}
					tup.Args = append(tup.Args, e)
				}
				e = tup
			}
			if _, err := p.expect(")", `")"`); err != nil {
				return nil, err
			}
			return e, nil
		}
	}
	if t.kind == tEOF {
		return nil, errorf(t.pos, "expression ends too early")
	}
	return nil, errorf(t.pos, "unexpected %s", t)
}

func (p *parser) call(fn token) (*Expr, error) {
	if _, err := p.expect("(", `"(" after `+fn.text); err != nil {
		return nil, err
	}
	e := &Expr{Kind: KCall, Pos: fn.pos, Op: fn.text}
	for {
		a, err := p.expr()
		if err != nil {
			return nil, err
		}
		e.Args = append(e.Args, a)
		if p.isOp(")") {
			p.next()
			break
		}
		if _, err := p.expect(",", `"," or ")"`); err != nil {
			return nil, err
		}
	}
	if (fn.text == "even" || fn.text == "odd") && len(e.Args) != 1 {
		return nil, errorf(fn.pos, "%s takes one argument, got %d", fn.text, len(e.Args))
	}
	return e, nil
}
