package presburger

import (
	"fmt"
	"math/big"
	"strings"
)

// A ParseError says what of an SMT-LIB script this package cannot read,
// and where (a byte offset).
type ParseError struct {
	Offset int
	Msg    string
}

func (e *ParseError) Error() string { return fmt.Sprintf("SMT-LIB at byte %d: %s", e.Offset, e.Msg) }

// sexp is an S-expression: an atom or a list.
type sexp struct {
	atom string
	list []*sexp
	isAt bool
	pos  int
}

// maxDepth bounds the nesting of a script (grundy's deepest let chains
// nest a few hundred deep).
const maxDepth = 10000

func parseSexps(src string) ([]*sexp, error) {
	p := &sexpParser{src: src}
	var out []*sexp
	for {
		p.space()
		if p.i >= len(p.src) {
			return out, nil
		}
		s, err := p.one(0)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
}

type sexpParser struct {
	src string
	i   int
}

func (p *sexpParser) space() {
	for p.i < len(p.src) {
		c := p.src[p.i]
		switch {
		case c == ';':
			for p.i < len(p.src) && p.src[p.i] != '\n' {
				p.i++
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *sexpParser) one(depth int) (*sexp, error) {
	if depth > maxDepth {
		return nil, &ParseError{p.i, fmt.Sprintf("nested deeper than %d", maxDepth)}
	}
	p.space()
	if p.i >= len(p.src) {
		return nil, &ParseError{p.i, "unexpected end of script"}
	}
	start := p.i
	switch c := p.src[p.i]; c {
	case '(':
		p.i++
		s := &sexp{pos: start}
		for {
			p.space()
			if p.i >= len(p.src) {
				return nil, &ParseError{start, "unclosed parenthesis"}
			}
			if p.src[p.i] == ')' {
				p.i++
				return s, nil
			}
			e, err := p.one(depth + 1)
			if err != nil {
				return nil, err
			}
			s.list = append(s.list, e)
		}
	case ')':
		return nil, &ParseError{start, "unexpected )"}
	case '"', '|':
		end := strings.IndexByte(p.src[p.i+1:], c)
		if end < 0 {
			return nil, &ParseError{start, "unclosed " + string(c)}
		}
		p.i += end + 2
		return &sexp{atom: p.src[start:p.i], isAt: true, pos: start}, nil
	}
	for p.i < len(p.src) && !strings.ContainsRune("() \t\n\r;\"|", rune(p.src[p.i])) {
		p.i++
	}
	return &sexp{atom: p.src[start:p.i], isAt: true, pos: start}, nil
}

func (s *sexp) String() string {
	if s.isAt {
		return s.atom
	}
	parts := make([]string, len(s.list))
	for i, e := range s.list {
		parts[i] = e.String()
	}
	out := "(" + strings.Join(parts, " ") + ")"
	if len(out) > 60 {
		out = out[:57] + "..."
	}
	return out
}

// op is the kind of a node of a parsed problem.
type op int

const (
	opVar op = iota
	opNum
	opAdd
	opMul // k · args[0]
	opDiv // div(args[0], k)
	opMod // mod(args[0], k)
	opIte
	opEq
	opLt
	opLe
	opAnd
	opOr
	opNot
	opForall
	opExists
)

// A node of a problem, shared where the script's lets share it.
type node struct {
	op    op
	args  []*node
	v     int      // opVar
	k     *big.Int // opNum, opMul, opDiv, opMod
	bound []int    // opForall, opExists: the variables bound
	boolT bool     // a formula, not a term
}

// A problem is a parsed script: its assertions over its declared
// constants.
type problem struct {
	names   []string // declared constants; variable i is names[i]
	asserts []*node
	nvars   int // variables numbered so far, bound ones included
}

type scope struct {
	name string
	n    *node
	up   *scope
}

func (s *scope) lookup(name string) *node {
	for ; s != nil; s = s.up {
		if s.name == name {
			return s.n
		}
	}
	return nil
}

// parseProblem reads the commands grundy's prover writes: set-option,
// set-logic, set-info, declare-const and declare-fun of Int constants,
// assert, check-sat, get-value, exit.
func parseProblem(src string) (*problem, error) {
	cmds, err := parseSexps(src)
	if err != nil {
		return nil, err
	}
	p := &problem{}
	var globals *scope
	for _, c := range cmds {
		if c.isAt || len(c.list) == 0 || !c.list[0].isAt {
			return nil, &ParseError{c.pos, "expected a command, got " + c.String()}
		}
		switch name := c.list[0].atom; name {
		case "set-option", "set-logic", "set-info", "check-sat", "get-value", "exit", "get-model":
		case "declare-const", "declare-fun":
			var sort *sexp
			switch {
			case name == "declare-const" && len(c.list) == 3:
				sort = c.list[2]
			case name == "declare-fun" && len(c.list) == 4 && !c.list[2].isAt && len(c.list[2].list) == 0:
				sort = c.list[3]
			default:
				return nil, &ParseError{c.pos, "expected (declare-const NAME Int), got " + c.String()}
			}
			if !c.list[1].isAt || !sort.isAt || sort.atom != "Int" {
				return nil, &ParseError{c.pos, "only Int constants are supported: " + c.String()}
			}
			if globals.lookup(c.list[1].atom) != nil {
				return nil, &ParseError{c.pos, "constant declared twice: " + c.list[1].atom}
			}
			v := &node{op: opVar, v: p.nvars}
			p.nvars++
			p.names = append(p.names, c.list[1].atom)
			globals = &scope{c.list[1].atom, v, globals}
		case "assert":
			if len(c.list) != 2 {
				return nil, &ParseError{c.pos, "expected (assert FORMULA)"}
			}
			n, err := p.term(c.list[1], globals, 0)
			if err != nil {
				return nil, err
			}
			if !n.boolT {
				return nil, &ParseError{c.pos, "assert of a term, not a formula"}
			}
			p.asserts = append(p.asserts, n)
		default:
			return nil, &ParseError{c.pos, "unsupported command " + name}
		}
	}
	return p, nil
}

func (p *problem) term(s *sexp, sc *scope, depth int) (*node, error) {
	if depth > maxDepth {
		return nil, &ParseError{s.pos, "nested too deep"}
	}
	if s.isAt {
		switch s.atom {
		case "true":
			return &node{op: opAnd, boolT: true}, nil
		case "false":
			return &node{op: opOr, boolT: true}, nil
		}
		if n := sc.lookup(s.atom); n != nil {
			return n, nil
		}
		if k, ok := new(big.Int).SetString(s.atom, 10); ok && s.atom[0] >= '0' && s.atom[0] <= '9' {
			return &node{op: opNum, k: k}, nil
		}
		return nil, &ParseError{s.pos, "unknown symbol " + s.atom}
	}
	if len(s.list) == 0 || !s.list[0].isAt {
		return nil, &ParseError{s.pos, "expected an application, got " + s.String()}
	}
	head := s.list[0].atom
	rest := s.list[1:]
	switch head {
	case "let":
		if len(rest) != 2 || rest[0].isAt {
			return nil, &ParseError{s.pos, "expected (let ((NAME TERM) ...) BODY)"}
		}
		inner := sc
		for _, b := range rest[0].list {
			if b.isAt || len(b.list) != 2 || !b.list[0].isAt {
				return nil, &ParseError{b.pos, "expected a binding (NAME TERM)"}
			}
			n, err := p.term(b.list[1], sc, depth+1) // parallel let: outer scope
			if err != nil {
				return nil, err
			}
			inner = &scope{b.list[0].atom, n, inner}
		}
		return p.term(rest[1], inner, depth+1)
	case "forall", "exists":
		if len(rest) != 2 || rest[0].isAt || len(rest[0].list) == 0 {
			return nil, &ParseError{s.pos, "expected (" + head + " ((NAME Int) ...) BODY)"}
		}
		inner := sc
		var bound []int
		for _, b := range rest[0].list {
			if b.isAt || len(b.list) != 2 || !b.list[0].isAt || !b.list[1].isAt || b.list[1].atom != "Int" {
				return nil, &ParseError{b.pos, "expected a bound variable (NAME Int)"}
			}
			v := &node{op: opVar, v: p.nvars}
			bound = append(bound, p.nvars)
			p.nvars++
			inner = &scope{b.list[0].atom, v, inner}
		}
		body, err := p.term(rest[1], inner, depth+1)
		if err != nil {
			return nil, err
		}
		if !body.boolT {
			return nil, &ParseError{s.pos, head + " of a term"}
		}
		o := opForall
		if head == "exists" {
			o = opExists
		}
		return &node{op: o, args: []*node{body}, bound: bound, boolT: true}, nil
	}
	args := make([]*node, len(rest))
	for i, r := range rest {
		n, err := p.term(r, sc, depth+1)
		if err != nil {
			return nil, err
		}
		args[i] = n
	}
	wantAll := func(formula bool) error {
		for i, a := range args {
			if a.boolT != formula {
				what := "a term"
				if formula {
					what = "a formula"
				}
				return &ParseError{rest[i].pos, head + " wants " + what + ": " + rest[i].String()}
			}
		}
		return nil
	}
	arity := func(lo, hi int) error {
		if len(args) < lo || (hi >= 0 && len(args) > hi) {
			return &ParseError{s.pos, fmt.Sprintf("%s given %d arguments", head, len(args))}
		}
		return nil
	}
	switch head {
	case "+", "-", "*":
		if err := arity(1, -1); err != nil {
			return nil, err
		}
		if err := wantAll(false); err != nil {
			return nil, err
		}
		switch head {
		case "+":
			return &node{op: opAdd, args: args}, nil
		case "-":
			if len(args) == 1 && args[0].op == opNum {
				return &node{op: opNum, k: new(big.Int).Neg(args[0].k)}, nil
			}
			if len(args) == 1 {
				return &node{op: opMul, k: big.NewInt(-1), args: args}, nil
			}
			out := []*node{args[0]}
			for _, a := range args[1:] {
				out = append(out, &node{op: opMul, k: big.NewInt(-1), args: []*node{a}})
			}
			return &node{op: opAdd, args: out}, nil
		}
		k := big.NewInt(1)
		var t *node
		for i, a := range args {
			if a.op == opNum {
				k.Mul(k, a.k)
				continue
			}
			if t != nil {
				return nil, &ParseError{rest[i].pos, "non-linear product: " + s.String()}
			}
			t = a
		}
		if t == nil {
			return &node{op: opNum, k: k}, nil
		}
		return &node{op: opMul, k: k, args: []*node{t}}, nil
	case "div", "mod":
		if err := arity(2, 2); err != nil {
			return nil, err
		}
		if err := wantAll(false); err != nil {
			return nil, err
		}
		if args[1].op != opNum || args[1].k.Sign() <= 0 {
			return nil, &ParseError{rest[1].pos, head + " by something else than a positive constant: " + rest[1].String()}
		}
		o := opDiv
		if head == "mod" {
			o = opMod
		}
		return &node{op: o, k: args[1].k, args: args[:1]}, nil
	case "ite":
		if err := arity(3, 3); err != nil {
			return nil, err
		}
		if !args[0].boolT || args[1].boolT != args[2].boolT {
			return nil, &ParseError{s.pos, "ill-typed ite: " + s.String()}
		}
		return &node{op: opIte, args: args, boolT: args[1].boolT}, nil
	case "=", "<", "<=", ">", ">=", "distinct":
		if err := arity(2, -1); err != nil {
			return nil, err
		}
		if err := wantAll(false); err != nil {
			if head == "=" && len(args) == 2 && args[0].boolT && args[1].boolT {
				// a = b on formulas: (a ∧ b) ∨ (¬a ∧ ¬b)
				na, nb := &node{op: opNot, args: args[:1], boolT: true}, &node{op: opNot, args: args[1:], boolT: true}
				return &node{op: opOr, boolT: true, args: []*node{
					{op: opAnd, boolT: true, args: args},
					{op: opAnd, boolT: true, args: []*node{na, nb}}}}, nil
			}
			return nil, err
		}
		if head == "distinct" {
			if len(args) != 2 {
				return nil, &ParseError{s.pos, "distinct of more than two terms is not supported"}
			}
			return &node{op: opNot, boolT: true, args: []*node{{op: opEq, args: args, boolT: true}}}, nil
		}
		var parts []*node
		for i := 0; i+1 < len(args); i++ {
			a, b := args[i], args[i+1]
			var n *node
			switch head {
			case "=":
				n = &node{op: opEq, args: []*node{a, b}}
			case "<":
				n = &node{op: opLt, args: []*node{a, b}}
			case "<=":
				n = &node{op: opLe, args: []*node{a, b}}
			case ">":
				n = &node{op: opLt, args: []*node{b, a}}
			case ">=":
				n = &node{op: opLe, args: []*node{b, a}}
			}
			n.boolT = true
			parts = append(parts, n)
		}
		if len(parts) == 1 {
			return parts[0], nil
		}
		return &node{op: opAnd, args: parts, boolT: true}, nil
	case "and", "or", "not", "=>", "xor":
		if err := wantAll(true); err != nil {
			return nil, err
		}
		switch head {
		case "and":
			return &node{op: opAnd, args: args, boolT: true}, nil
		case "or":
			return &node{op: opOr, args: args, boolT: true}, nil
		case "not":
			if err := arity(1, 1); err != nil {
				return nil, err
			}
			return &node{op: opNot, args: args, boolT: true}, nil
		case "=>":
			if err := arity(2, -1); err != nil {
				return nil, err
			}
			// a => b => c is a => (b => c)
			out := args[len(args)-1]
			for i := len(args) - 2; i >= 0; i-- {
				out = &node{op: opOr, boolT: true, args: []*node{{op: opNot, args: args[i : i+1], boolT: true}, out}}
			}
			return out, nil
		}
		if err := arity(2, 2); err != nil {
			return nil, err
		}
		na, nb := &node{op: opNot, args: args[:1], boolT: true}, &node{op: opNot, args: args[1:], boolT: true}
		return &node{op: opOr, boolT: true, args: []*node{
			{op: opAnd, boolT: true, args: []*node{args[0], nb}},
			{op: opAnd, boolT: true, args: []*node{na, args[1]}}}}, nil
	}
	return nil, &ParseError{s.pos, "unsupported function " + head}
}
