package discovered

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/grundy/grundy/formula"
)

// Sexpr writes e as an S-expression, the form discoveries are stored in:
// piles x1, x2, … (1-based), constants in decimal, and the operators
// + - * div mod min max ite = < <= and or not, with the constant first in
// (* k a) and last in (div a k), (mod a k). ParseSexpr reads it back.
func Sexpr(e *formula.Expr) string {
	var b strings.Builder
	writeSexpr(&b, e)
	return b.String()
}

var opNames = map[formula.Op]string{
	formula.OpAdd: "+", formula.OpSub: "-", formula.OpMul: "*", formula.OpDiv: "div", formula.OpMod: "mod",
	formula.OpMin: "min", formula.OpMax: "max", formula.OpIte: "ite", formula.OpEq: "=", formula.OpLt: "<",
	formula.OpLe: "<=", formula.OpAnd: "and", formula.OpOr: "or", formula.OpNot: "not",
}

func writeSexpr(b *strings.Builder, e *formula.Expr) {
	switch e.Op {
	case formula.OpVar:
		fmt.Fprintf(b, "x%d", e.Var+1)
		return
	case formula.OpConst:
		b.WriteString(e.Const.String())
		return
	}
	b.WriteString("(" + opNames[e.Op])
	if e.Op == formula.OpMul {
		b.WriteString(" " + e.Const.String())
	}
	for _, a := range e.Args {
		b.WriteByte(' ')
		writeSexpr(b, a)
	}
	if e.Op == formula.OpDiv || e.Op == formula.OpMod {
		b.WriteString(" " + e.Const.String())
	}
	b.WriteByte(')')
}

// ParseSexpr reads what Sexpr writes.
func ParseSexpr(s string) (e *formula.Expr, err error) {
	toks := strings.Fields(strings.NewReplacer("(", " ( ", ")", " ) ").Replace(s))
	defer func() {
		// The formula constructors panic on ill-typed trees; here that is
		// bad input.
		if r := recover(); r != nil {
			e, err = nil, fmt.Errorf("formula %q: %v", s, r)
		}
	}()
	e, rest, err := parseSexpr(toks)
	if err != nil {
		return nil, fmt.Errorf("formula %q: %w", s, err)
	}
	if len(rest) > 0 {
		return nil, fmt.Errorf("formula %q: trailing %q", s, strings.Join(rest, " "))
	}
	return e, nil
}

func parseSexpr(toks []string) (*formula.Expr, []string, error) {
	if len(toks) == 0 {
		return nil, nil, fmt.Errorf("unexpected end")
	}
	t := toks[0]
	if t == ")" {
		return nil, nil, fmt.Errorf("unexpected )")
	}
	if t != "(" {
		if strings.HasPrefix(t, "x") {
			i, err := strconv.Atoi(t[1:])
			if err != nil || i < 1 || i > 64 {
				return nil, nil, fmt.Errorf("bad pile variable %q", t)
			}
			return formula.X(i - 1), toks[1:], nil
		}
		n, ok := new(big.Int).SetString(t, 10)
		if !ok {
			return nil, nil, fmt.Errorf("bad token %q", t)
		}
		return formula.Big(n), toks[1:], nil
	}
	if len(toks) < 2 {
		return nil, nil, fmt.Errorf("unexpected end")
	}
	op := toks[1]
	rest := toks[2:]
	var args []*formula.Expr
	for len(rest) > 0 && rest[0] != ")" {
		a, r, err := parseSexpr(rest)
		if err != nil {
			return nil, nil, err
		}
		args, rest = append(args, a), r
	}
	if len(rest) == 0 {
		return nil, nil, fmt.Errorf("missing )")
	}
	rest = rest[1:]
	need := func(n int) error {
		if len(args) != n {
			return fmt.Errorf("%s takes %d arguments, got %d", op, n, len(args))
		}
		return nil
	}
	constArg := func(i int) (int64, error) {
		if args[i].Op != formula.OpConst || !args[i].Const.IsInt64() {
			return 0, fmt.Errorf("%s needs a constant", op)
		}
		return args[i].Const.Int64(), nil
	}
	var e *formula.Expr
	var err error
	switch op {
	case "+":
		e = formula.Add(args...)
	case "min", "max":
		if len(args) == 0 {
			return nil, nil, fmt.Errorf("%s of nothing", op)
		}
		e = map[string]func(...*formula.Expr) *formula.Expr{"min": formula.Min, "max": formula.Max}[op](args...)
	case "and":
		e = formula.And(args...)
	case "or":
		e = formula.Or(args...)
	case "-", "=", "<", "<=":
		if err = need(2); err == nil {
			e = map[string]func(a, b *formula.Expr) *formula.Expr{"-": formula.Sub, "=": formula.Eq, "<": formula.Lt, "<=": formula.Le}[op](args[0], args[1])
		}
	case "not":
		if err = need(1); err == nil {
			e = formula.Not(args[0])
		}
	case "ite":
		if err = need(3); err == nil {
			e = formula.Ite(args[0], args[1], args[2])
		}
	case "*":
		var k int64
		if err = need(2); err == nil {
			if k, err = constArg(0); err == nil {
				e = formula.Mul(k, args[1])
			}
		}
	case "div", "mod":
		var k int64
		if err = need(2); err == nil {
			if k, err = constArg(1); err == nil {
				if k <= 0 {
					return nil, nil, fmt.Errorf("%s by %d", op, k)
				}
				e = map[string]func(*formula.Expr, int64) *formula.Expr{"div": formula.Div, "mod": formula.Mod}[op](args[0], k)
			}
		}
	default:
		return nil, nil, fmt.Errorf("unknown operator %q", op)
	}
	if err != nil {
		return nil, nil, err
	}
	return e, rest, nil
}
