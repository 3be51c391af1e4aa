package lang

import (
	"fmt"
	"strconv"
	"strings"
)

// Limits on a rule text. A rule beyond them is refused before any work
// that grows with it.
const (
	MaxText     = 64 << 10 // bytes of text
	MaxMoves    = 64       // move lines
	MaxParts    = 8        // parts of one move
	MaxParams   = 16       // parameters
	MaxExamples = 64       // example lines
	MaxVectors  = 1024     // difference vectors of one move
	MaxDepth    = 64       // nesting of an expression
	// MaxValue bounds parameters, literals and every number the rule's
	// own arithmetic fixes (amounts, counts, coordinates), far from
	// overflow in the move arithmetic.
	MaxValue = 1 << 20
	// MaxArrangements bounds the difference vectors "any arrangement of"
	// expands to, counted before any is built.
	MaxArrangements = 1 << 16
)

// reserved words may not name a parameter, role, amount or pile.
var reserved = wordSet(`ruleset source about param piles pile role move take subtract
	from each of one the other largest exactly at most least any odd even multiple mod div as
	where and or not in arrangement min max total true false edge edges terminal splitting`)

func wordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// Parse reads a rule text. name is what errors call the text (a file
// name, or "" for text given inline). The result is only parsed: Bind
// checks it.
func Parse(name, src string) (*File, error) {
	toks, lerr := lex(src)
	if lerr != nil {
		lerr.File = name
		return nil, lerr
	}
	p := &parser{toks: toks}
	f, err := p.file()
	if err != nil {
		err.File = name
		return nil, err
	}
	f.Origin = name
	return f, nil
}

type parser struct {
	toks  []token
	i     int
	depth int
}

func (p *parser) peek() token { return p.toks[p.i] }
func (p *parser) peekAt(k int) token {
	if p.i+k < len(p.toks) {
		return p.toks[p.i+k]
	}
	return p.toks[len(p.toks)-1]
}
func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tEOF {
		p.i++
	}
	return t
}

// is reports whether the next token is the word or punctuation s.
func (p *parser) is(s string) bool {
	t := p.peek()
	return (t.kind == tIdent || t.kind == tPunct) && t.text == s
}

func (p *parser) accept(s string) bool {
	if p.is(s) {
		p.next()
		return true
	}
	return false
}

func (p *parser) fail(expected string) *Error {
	t := p.peek()
	e := &Error{Line: t.pos.Line, Col: t.pos.Col, Kind: Syntax, Expected: expected, Found: t.String()}
	if t.kind == tIdent && itemWords[t.text] && expected == "end of line" {
		e.Msg = "a line that starts with a space continues the line above"
	}
	return e
}

func (p *parser) expect(s string) (token, *Error) {
	if !p.is(s) {
		return token{}, p.fail(strconv.Quote(s))
	}
	return p.next(), nil
}

var itemWords = map[string]bool{"ruleset": true, "source": true, "about": true, "param": true, "example": true, "piles": true, "role": true, "move": true, "edges": true, "terminal": true}

func (p *parser) file() (*File, *Error) {
	f := &File{}
	for p.peek().kind != tEOF {
		t := p.peek()
		if t.kind != tIdent || !itemWords[t.text] {
			return nil, p.fail("ruleset, source, about, param, example, piles, role, edges, move or terminal at the start of a line")
		}
		p.next()
		var err *Error
		switch t.text {
		case "ruleset":
			err = p.rulesetLine(f, t)
		case "source", "about":
			err = p.stringLine(f, t)
		case "param":
			err = p.paramLine(f, t)
		case "example":
			err = p.exampleLine(f, t)
		case "piles":
			if f.Piles != nil {
				return nil, t.pos.errorf(Syntax, "a second piles line (the first is at line %d)", f.PilesPos.Line)
			}
			f.PilesPos = t.pos
			f.Piles, err = p.pilesLine(f)
		case "role":
			err = p.roleLine(f, t)
		case "edges":
			err = p.edgesLine(f, t)
		case "move":
			var m *Move
			m, err = p.move(t)
			if err == nil {
				if len(f.Moves) == MaxMoves {
					return nil, t.pos.errorf(Limit, "more than %d moves", MaxMoves)
				}
				f.Moves = append(f.Moves, m)
			}
		case "terminal":
			err = p.terminalLine(f, t)
		}
		if err != nil {
			return nil, err
		}
		if p.peek().kind != tNewline {
			return nil, p.fail("end of line")
		}
		p.next()
	}
	return f, nil
}

func (p *parser) rulesetLine(f *File, t token) *Error {
	if f.Name != "" {
		return t.pos.errorf(Syntax, "a second ruleset line (the first is at line %d)", f.NamePos.Line)
	}
	// A name is words, numbers and hyphens written together: slow-exact,
	// wythoff-1mod.
	first := p.peek()
	if first.kind != tIdent {
		return p.fail("the ruleset's name, such as slow-exact")
	}
	var b strings.Builder
	last := first
	b.WriteString(p.next().text)
	for {
		t := p.peek()
		if t.pos != last.end || (t.kind != tIdent && t.kind != tInt && !(t.kind == tPunct && t.text == "-")) {
			break
		}
		b.WriteString(t.text)
		last = p.next()
	}
	if last.kind == tPunct {
		return last.pos.errorf(Syntax, "a ruleset name ends with a letter or digit, not a hyphen")
	}
	f.Name, f.NamePos = b.String(), first.pos
	return nil
}

func (p *parser) stringLine(f *File, t token) *Error {
	s := p.peek()
	if s.kind != tString {
		return p.fail(`a quoted line of text after ` + t.text)
	}
	p.next()
	dst := &f.Source
	if t.text == "about" {
		dst = &f.About
	}
	if *dst != "" {
		return t.pos.errorf(Syntax, "a second %s line", t.text)
	}
	if s.text == "" {
		return s.pos.errorf(Syntax, "empty %s text", t.text)
	}
	*dst = s.text
	return nil
}

func (p *parser) name(what string) (token, *Error) {
	t := p.peek()
	if t.kind != tIdent {
		return t, p.fail(what)
	}
	if reserved[t.text] {
		return t, &Error{Line: t.pos.Line, Col: t.pos.Col, Kind: Syntax, Expected: what, Found: t.String(),
			Msg: t.text + " is a word of the language"}
	}
	return p.next(), nil
}

func (p *parser) integer(what string) (int, Pos, *Error) {
	neg := false
	start := p.peek().pos
	if p.is("-") {
		p.next()
		neg = true
	}
	t := p.peek()
	if t.kind != tInt {
		return 0, start, p.fail(what)
	}
	p.next()
	v, err := strconv.ParseInt(t.text, 10, 64)
	if err != nil || v > MaxValue {
		return 0, start, t.pos.errorf(Limit, "%s is beyond %d", t.text, MaxValue)
	}
	if neg {
		v = -v
	}
	return int(v), start, nil
}

func (p *parser) paramLine(f *File, t token) *Error {
	n, err := p.name("a parameter name")
	if err != nil {
		return err
	}
	d := &ParamDecl{Pos: n.pos, Name: n.text}
	if _, err := p.expect("="); err != nil {
		return err
	}
	if d.Default, _, err = p.integer("the parameter's default value, an integer"); err != nil {
		return err
	}
	if p.accept("in") {
		if d.Min, _, err = p.integer("the least value, as in 1.."); err != nil {
			return err
		}
		d.HasMin = true
		if _, err := p.expect(".."); err != nil {
			return err
		}
		if p.peek().kind == tInt || p.is("-") {
			if d.Max, _, err = p.integer("the largest value"); err != nil {
				return err
			}
			d.HasMax = true
		}
	}
	if s := p.peek(); s.kind == tString {
		p.next()
		d.Doc = s.text
	}
	if len(f.Params) == MaxParams {
		return t.pos.errorf(Limit, "more than %d parameters", MaxParams)
	}
	f.Params = append(f.Params, d)
	return nil
}

// exampleLine reads "example [NAME = VALUE, …]"; Bind checks the names
// and values against the parameters.
func (p *parser) exampleLine(f *File, t token) *Error {
	e := &Example{Pos: t.pos}
	for p.peek().kind != tNewline && p.peek().kind != tEOF {
		if len(e.Values) > 0 {
			if _, err := p.expect(","); err != nil {
				return err
			}
		}
		n, err := p.name("a parameter name")
		if err != nil {
			return err
		}
		if _, err := p.expect("="); err != nil {
			return err
		}
		v, _, err := p.integer("the parameter's value, an integer")
		if err != nil {
			return err
		}
		if len(e.Values) == MaxParams {
			return t.pos.errorf(Limit, "more than %d values in one example", MaxParams)
		}
		e.Values = append(e.Values, ExampleValue{Name: n.text, Value: v})
	}
	if len(f.Examples) == MaxExamples {
		return t.pos.errorf(Limit, "more than %d examples", MaxExamples)
	}
	f.Examples = append(f.Examples, e)
	return nil
}

func (p *parser) roleLine(f *File, t token) *Error {
	n, err := p.name("a role name, such as x0")
	if err != nil {
		return err
	}
	if _, err := p.expect("="); err != nil {
		return err
	}
	if _, err := p.expect("pile"); err != nil {
		return err
	}
	idx, pos, err := p.integer("a pile number (1 is the first pile)")
	if err != nil {
		return err
	}
	if idx < 1 {
		return pos.errorf(Check, "piles are numbered from 1, got pile %d", idx)
	}
	if len(f.Roles) == MaxParams {
		return t.pos.errorf(Limit, "more than %d roles", MaxParams)
	}
	f.Roles = append(f.Roles, &Role{Pos: n.pos, Name: n.text, Index: idx})
	return nil
}

// count reads how many piles: e, exactly e, at least e, at most e, lo..hi
// or lo.. .
func (p *parser) count() (*Count, *Error) {
	c := &Count{Pos: p.peek().pos}
	var err *Error
	switch {
	case p.accept("exactly"):
		c.Kind, c.Exactly = CountExact, true
		c.Lo, err = p.expr(precAdd, false)
	case p.accept("at"):
		switch {
		case p.accept("least"):
			c.Kind = CountAtLeast
		case p.accept("most"):
			c.Kind = CountAtMost
		default:
			return nil, p.fail(`"least" or "most" after "at"`)
		}
		c.Lo, err = p.expr(precAdd, false)
	default:
		if c.Lo, err = p.expr(precAdd, false); err != nil {
			return nil, err
		}
		if p.accept("..") {
			c.Kind = CountRange
			if p.rangeHasEnd() {
				c.Hi, err = p.expr(precAdd, false)
			}
		}
	}
	return c, err
}

// rangeHasEnd reports whether an expression follows "..": not when the
// next word ends the range (lo.. piles, lo.. as, lo.. from, end of line).
func (p *parser) rangeHasEnd() bool {
	t := p.peek()
	switch t.kind {
	case tInt, tString:
		return t.kind == tInt
	case tPunct:
		return t.text == "(" || t.text == "-"
	case tIdent:
		switch t.text {
		case "piles":
			// "1..piles piles" has an end; "1.. piles" does not.
			n := p.peekAt(1)
			return n.kind == tIdent && (n.text == "piles" || n.text == "largest" || n.text == "other") ||
				n.kind == tPunct && strings.Contains("+-*", n.text)
		case "total", "min", "max":
			return true
		}
		return !reserved[t.text]
	}
	return false
}

func (p *parser) move(t token) (*Move, *Error) {
	m := &Move{Pos: t.pos}
	switch {
	case p.accept("take"):
		for {
			if len(m.Take) == MaxParts {
				return nil, p.peek().pos.errorf(Limit, "more than %d parts in one move", MaxParts)
			}
			part, err := p.part()
			if err != nil {
				return nil, err
			}
			m.Take = append(m.Take, part)
			if !p.accept("and") {
				break
			}
		}
		p.accept(",")
		if err := p.leaving(m); err != nil {
			return nil, err
		}
		if err := p.splitting(m); err != nil {
			return nil, err
		}
		if p.accept("where") {
			var err *Error
			if m.Where, err = p.expr(precOr, false); err != nil {
				return nil, err
			}
			if err := p.splittingAfterWhere(m); err != nil {
				return nil, err
			}
		}
	case p.accept("subtract"):
		if p.is("any") && p.peekAt(1).kind == tIdent && p.peekAt(1).text == "P" {
			p.next()
			if err := p.pstarMove(m); err != nil {
				return nil, err
			}
			return m, nil
		}
		if p.accept("any") {
			if _, err := p.expect("arrangement"); err != nil {
				return nil, err
			}
			if _, err := p.expect("of"); err != nil {
				return nil, err
			}
			m.Arrange = true
		}
		for {
			if len(m.Vectors) == MaxVectors {
				return nil, p.peek().pos.errorf(Limit, "more than %d vectors in one move", MaxVectors)
			}
			v, err := p.vector()
			if err != nil {
				return nil, err
			}
			m.Vectors = append(m.Vectors, v)
			if !p.accept(",") {
				break
			}
		}
	case p.is("split") || p.is("octal") || p.is("hexadecimal"):
		if err := p.breakMove(m); err != nil {
			return nil, err
		}
	default:
		return nil, p.fail(`"take" or "subtract" after move`)
	}
	return m, nil
}

func (p *parser) vector() ([]Expr, *Error) {
	if _, err := p.expect("("); err != nil {
		return nil, &Error{Line: err.Line, Col: err.Col, Kind: Syntax, Expected: "a difference vector such as (1,1,0)", Found: err.Found}
	}
	var v []Expr
	for {
		if len(v) == MaxVectors {
			return nil, p.peek().pos.errorf(Limit, "a vector with more than %d coordinates", MaxVectors)
		}
		e, err := p.expr(precAdd, false)
		if err != nil {
			return nil, err
		}
		v = append(v, e)
		if !p.accept(",") {
			break
		}
	}
	if _, err := p.expect(")"); err != nil {
		return nil, &Error{Line: err.Line, Col: err.Col, Kind: Syntax, Expected: `"," or ")" in a vector`, Found: err.Found}
	}
	return v, nil
}

func (p *parser) part() (*Part, *Error) {
	pt := &Part{Pos: p.peek().pos}
	var err *Error
	if pt.Amount, err = p.amount(); err != nil {
		return nil, err
	}
	if p.accept("as") {
		n, err := p.name("a name for the amount, such as k")
		if err != nil {
			return nil, err
		}
		pt.Name = n.text
	}
	if _, err := p.expect("from"); err != nil {
		return nil, &Error{Line: err.Line, Col: err.Col, Kind: Syntax, Expected: `"from" (or "as NAME from") after the amount`, Found: err.Found}
	}
	pt.From, err = p.selector()
	return pt, err
}

const amountWords = "an amount: any, odd, even, multiple of K, r mod K, c, or lo..hi"

func (p *parser) amount() (*Amount, *Error) {
	a := &Amount{Pos: p.peek().pos}
	if ok, err := p.wholeAmount(a); ok {
		return a, err
	}
	var err *Error
	switch {
	case p.accept("any"):
		a.Kind = AmountAny
	case p.accept("odd"):
		a.Kind = AmountOdd
	case p.accept("even"):
		a.Kind = AmountEven
	case p.accept("multiple"):
		if _, err := p.expect("of"); err != nil {
			return nil, err
		}
		a.Kind = AmountMultiple
		a.A, err = p.expr(precAdd, true)
	default:
		if !p.startsExpr() {
			return nil, p.fail(amountWords)
		}
		if a.A, err = p.expr(precAdd, true); err != nil {
			return nil, err
		}
		switch {
		case p.accept(".."):
			a.Kind = AmountRange
			if p.rangeHasEnd() {
				a.B, err = p.expr(precAdd, true)
			}
		case p.accept("mod"), p.accept("%"):
			a.Kind = AmountResidue
			a.B, err = p.expr(precAdd, true)
		default:
			a.Kind = AmountExact
		}
	}
	return a, err
}

func (p *parser) startsExpr() bool {
	t := p.peek()
	switch t.kind {
	case tInt:
		return true
	case tPunct:
		return t.text == "(" || t.text == "-" || t.text == "!"
	case tIdent:
		return !reserved[t.text] || t.text == "piles" || t.text == "total" || t.text == "min" || t.text == "max" || t.text == "not"
	}
	return false
}

const selectWords = "which piles: one pile, the other pile, each of COUNT piles, pile N, or a role's name"

func (p *parser) selector() (*Select, *Error) {
	s := &Select{Pos: p.peek().pos}
	pileName := func() *Error {
		t := p.peek()
		if t.kind == tIdent && !reserved[t.text] {
			s.Name = p.next().text
		}
		return nil
	}
	switch {
	case p.accept("one"):
		s.Kind = SelectOne
		s.Largest = p.accept("largest")
		s.Other = p.accept("other")
		if _, err := p.expect("pile"); err != nil {
			return nil, err
		}
		return s, pileName()
	case p.accept("the"):
		s.Kind, s.Other, s.The = SelectOne, true, true
		if _, err := p.expect("other"); err != nil {
			return nil, err
		}
		if _, err := p.expect("pile"); err != nil {
			return nil, err
		}
		return s, pileName()
	case p.accept("each"):
		if p.is("pile") {
			return p.edgeSelector(s)
		}
		s.Kind = SelectEach
		if _, err := p.expect("of"); err != nil {
			return nil, err
		}
		var err *Error
		if s.Count, err = p.count(); err != nil {
			return nil, err
		}
		s.Largest = p.accept("largest")
		s.Other = p.accept("other")
		s.Consecutive = p.accept("consecutive")
		if _, err := p.expect("piles"); err != nil {
			return nil, err
		}
		return s, p.circle(s)
	case p.accept("pile"):
		s.Kind = SelectIndex
		idx, pos, err := p.integer("a pile number (1 is the first pile)")
		if err != nil {
			return nil, err
		}
		if idx < 1 {
			return nil, pos.errorf(Check, "piles are numbered from 1, got pile %d", idx)
		}
		s.Index = idx
		return s, pileName()
	}
	t := p.peek()
	if t.kind == tIdent && !reserved[t.text] {
		s.Kind, s.Role = SelectRole, p.next().text
		return s, nil
	}
	return nil, p.fail(selectWords)
}

// Precedences, loosest first.
const (
	precOr = iota + 1
	precAnd
	precNot
	precCmp
	precAdd
	precMul
	precUnary
)

var cmpOps = map[string]bool{"=": true, "==": true, "!=": true, "<": true, "<=": true, ">": true, ">=": true}

// ruleSpelling is the rule language's word for an operator token spelled
// as in claims (and C); the tree keeps the rule spelling.
var ruleSpelling = map[string]string{"==": "=", "&&": "and", "||": "or", "%": "mod", "/": "div", "!": "not"}

// opOf is the operator t spells in an expression, in the rule spelling.
func opOf(t token) string {
	if t.kind == tPunct {
		if w, ok := ruleSpelling[t.text]; ok {
			return w
		}
	}
	return t.text
}

// expr reads an expression of precedence at least prec. In an amount
// (noMod), "mod" ends the expression: "1 mod K" is a residue class.
func (p *parser) expr(prec int, noMod bool) (Expr, *Error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > MaxDepth {
		return nil, p.peek().pos.errorf(Limit, "expression nested more than %d deep", MaxDepth)
	}
	x, err := p.unary(prec, noMod)
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		op := opOf(t)
		if t.kind != tIdent && t.kind != tPunct {
			return x, nil
		}
		var q int
		switch {
		case op == "or":
			q = precOr
		case op == "and":
			q = precAnd
		case t.kind == tPunct && cmpOps[t.text]:
			q = precCmp
		case t.kind == tPunct && (op == "+" || op == "-"):
			q = precAdd
		case t.kind == tPunct && op == "*", op == "div", op == "mod" && !noMod:
			q = precMul
		default:
			return x, nil
		}
		if q < prec {
			return x, nil
		}
		p.next()
		if q == precCmp {
			c := &Compare{Pos: t.pos, Args: []Expr{x}}
			for {
				y, err := p.expr(precAdd, noMod)
				if err != nil {
					return nil, err
				}
				c.Ops, c.Args = append(c.Ops, op), append(c.Args, y)
				if n := p.peek(); n.kind != tPunct || !cmpOps[n.text] {
					break
				}
				op = opOf(p.next())
			}
			x = c
			continue
		}
		y, err := p.expr(q+1, noMod)
		if err != nil {
			return nil, err
		}
		x = &Binary{Pos: t.pos, Op: op, X: x, Y: y}
	}
}

func (p *parser) unary(prec int, noMod bool) (Expr, *Error) {
	if x, ok, err := p.wholeAtom(prec); ok {
		return x, err
	}
	t := p.peek()
	switch {
	case t.kind == tInt:
		p.next()
		v, err := strconv.ParseInt(t.text, 10, 64)
		if err != nil || v > MaxValue {
			return nil, t.pos.errorf(Limit, "%s is beyond %d", t.text, MaxValue)
		}
		return &Num{Pos: t.pos, Val: v}, nil
	case t.kind == tPunct && t.text == "(":
		p.next()
		x, err := p.expr(precOr, false)
		if err != nil {
			return nil, err
		}
		if _, err := p.expect(")"); err != nil {
			return nil, err
		}
		return x, nil
	case t.kind == tPunct && t.text == "-":
		p.next()
		x, err := p.expr(precUnary, noMod)
		if err != nil {
			return nil, err
		}
		return &Unary{Pos: t.pos, Op: "-", X: x}, nil
	case opOf(t) == "not":
		if prec > precNot {
			return nil, p.fail("a number or a name (put a condition with not in parentheses)")
		}
		p.next()
		x, err := p.expr(precNot, noMod)
		if err != nil {
			return nil, err
		}
		return &Unary{Pos: t.pos, Op: "not", X: x}, nil
	case t.kind == tIdent && (t.text == "min" || t.text == "max"):
		p.next()
		if _, err := p.expect("("); err != nil {
			return nil, err
		}
		c := &Call{Pos: t.pos, Fn: t.text}
		for {
			if len(c.Args) == MaxDepth {
				return nil, p.peek().pos.errorf(Limit, "%s of more than %d terms", t.text, MaxDepth)
			}
			a, err := p.expr(precAdd, false)
			if err != nil {
				return nil, err
			}
			c.Args = append(c.Args, a)
			if !p.accept(",") {
				break
			}
		}
		if _, err := p.expect(")"); err != nil {
			return nil, err
		}
		return c, nil
	case t.kind == tIdent && (!reserved[t.text] || t.text == "piles" || t.text == "total"):
		p.next()
		return &Ident{Pos: t.pos, Name: t.text}, nil
	}
	return nil, p.fail("a number, a name or (")
}

// errorf is used by callers outside the parser for a node's position.
func errAt(pos Pos, kind ErrorKind, format string, args ...any) *Error {
	return &Error{Line: pos.Line, Col: pos.Col, Kind: kind, Msg: fmt.Sprintf(format, args...)}
}
