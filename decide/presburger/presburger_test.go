package presburger

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy/grundy/formula"
)

// smt writes e in SMT-LIB, variable i named xi: a second, deliberately
// plain translation (smt.SMT shares subterms with let; this one does
// not), so the test does not rest on the prover's.
func smt(e *formula.Expr) string {
	args := func() []string {
		out := make([]string, len(e.Args))
		for i, a := range e.Args {
			out[i] = smt(a)
		}
		return out
	}
	app := func(f string, as ...string) string { return "(" + f + " " + strings.Join(as, " ") + ")" }
	switch e.Op {
	case formula.OpVar:
		return fmt.Sprintf("x%d", e.Var)
	case formula.OpConst:
		if e.Const.Sign() < 0 {
			return app("-", new(big.Int).Neg(e.Const).String())
		}
		return e.Const.String()
	case formula.OpAdd:
		if len(e.Args) == 0 {
			return "0"
		}
		return app("+", args()...)
	case formula.OpSub:
		return app("-", args()...)
	case formula.OpMul:
		return app("*", smt(formula.Big(e.Const)), smt(e.Args[0]))
	case formula.OpDiv:
		return app("div", smt(e.Args[0]), e.Const.String())
	case formula.OpMod:
		return app("mod", smt(e.Args[0]), e.Const.String())
	case formula.OpMin, formula.OpMax:
		acc := smt(e.Args[0])
		for _, a := range e.Args[1:] {
			b := smt(a)
			if e.Op == formula.OpMin {
				acc = app("ite", app("<=", acc, b), acc, b)
			} else {
				acc = app("ite", app("<=", acc, b), b, acc)
			}
		}
		return acc
	case formula.OpIte:
		return app("ite", args()...)
	case formula.OpEq:
		return app("=", args()...)
	case formula.OpLt:
		return app("<", args()...)
	case formula.OpLe:
		return app("<=", args()...)
	case formula.OpAnd:
		if len(e.Args) == 0 {
			return "true"
		}
		return app("and", args()...)
	case formula.OpOr:
		if len(e.Args) == 0 {
			return "false"
		}
		return app("or", args()...)
	case formula.OpNot:
		return app("not", args()...)
	}
	panic("smt: unknown op")
}

// randTerm and randForm draw small Presburger expressions over n piles.
func randTerm(r *rand.Rand, n, depth int) *formula.Expr {
	if depth == 0 || r.IntN(3) == 0 {
		if r.IntN(3) == 0 {
			return formula.C(int64(r.IntN(9) - 4))
		}
		return formula.X(r.IntN(n))
	}
	switch r.IntN(8) {
	case 0:
		return formula.Add(randTerm(r, n, depth-1), randTerm(r, n, depth-1))
	case 1:
		return formula.Sub(randTerm(r, n, depth-1), randTerm(r, n, depth-1))
	case 2:
		return formula.Mul(int64(r.IntN(7)-3), randTerm(r, n, depth-1))
	case 3:
		return formula.Div(randTerm(r, n, depth-1), int64(1+r.IntN(4)))
	case 4:
		return formula.Mod(randTerm(r, n, depth-1), int64(1+r.IntN(4)))
	case 5:
		return formula.Min(randTerm(r, n, depth-1), randTerm(r, n, depth-1))
	case 6:
		return formula.Max(randTerm(r, n, depth-1), randTerm(r, n, depth-1))
	}
	return formula.Ite(randForm(r, n, depth-1), randTerm(r, n, depth-1), randTerm(r, n, depth-1))
}

func randForm(r *rand.Rand, n, depth int) *formula.Expr {
	if depth == 0 || r.IntN(4) == 0 {
		a, b := randTerm(r, n, depth), randTerm(r, n, depth)
		switch r.IntN(3) {
		case 0:
			return formula.Eq(a, b)
		case 1:
			return formula.Lt(a, b)
		}
		return formula.Le(a, b)
	}
	switch r.IntN(4) {
	case 0:
		return formula.And(randForm(r, n, depth-1), randForm(r, n, depth-1))
	case 1:
		return formula.Or(randForm(r, n, depth-1), randForm(r, n, depth-1))
	case 2:
		return formula.Not(randForm(r, n, depth-1))
	}
	return formula.Ite(randForm(r, n, depth-1), randForm(r, n, depth-1), randForm(r, n, depth-1))
}

func declare(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "(declare-const x%d Int)\n", i)
	}
	return b.String()
}

// automatonOf builds the automaton of a script's assertions over all its
// constants.
func automatonOf(t *testing.T, script string) *automaton {
	t.Helper()
	p, err := parseProblem(script)
	if err != nil {
		t.Fatalf("%s: %v", script, err)
	}
	tr := &translator{p: p, bg: &Budget{}, memo: map[memoKey]*automaton{}, free: map[*node][]int{}}
	a, err := tr.formula(&node{op: opAnd, args: p.asserts, boolT: true}, false, nil)
	if err != nil {
		t.Fatalf("%s: %v", script, err)
	}
	return a
}

// box calls f at every point of [−b, b]^n.
func box(n, b int, f func(env []*big.Int)) {
	env := make([]*big.Int, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			f(env)
			return
		}
		for v := -b; v <= b; v++ {
			env[i] = big.NewInt(int64(v))
			rec(i + 1)
		}
	}
	rec(0)
}

func vals(env []*big.Int) map[int]*big.Int {
	m := map[int]*big.Int{}
	for i, x := range env {
		m[i] = x
	}
	return m
}

// TestRandomFormulas compares the automaton of random quantifier-free
// formulas with math/big evaluation at every point of a box, negative
// values included, and Decide's verdict and model with a search of the box.
func TestRandomFormulas(t *testing.T) {
	t.Run("cases", func(t *testing.T) { randomFormulas(t, 1) })
	// Every if-then-else, div and mod as a fresh variable instead.
	defer func(old int) { splitPieces = old }(splitPieces)
	splitPieces = 1
	t.Run("fresh", func(t *testing.T) { randomFormulas(t, 5) })
}

func randomFormulas(t *testing.T, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 2))
	count := 150
	if testing.Short() {
		count = 40
	}
	for i := range count {
		n := 1 + r.IntN(3)
		f := randForm(r, n, 3)
		script := declare(n) + "(assert " + smt(f) + ")\n"
		a := automatonOf(t, script)
		b := map[int]int{1: 40, 2: 9, 3: 4}[n]
		some := false
		box(n, b, func(env []*big.Int) {
			want := f.Bool(env)
			some = some || want
			if got := a.accepts(vals(env)); got != want {
				t.Fatalf("formula %d %v at %v: automaton says %v, evaluation %v", i, f, env, got, want)
			}
		})
		res, err := Decide(script, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if some && !res.Sat {
			t.Fatalf("formula %d %v: unsat, but true in the box", i, f)
		}
		if res.Sat {
			env := make([]*big.Int, n)
			for j := range n {
				env[j] = res.Model[fmt.Sprintf("x%d", j)]
			}
			if !f.Bool(env) {
				t.Fatalf("formula %d %v: model %v does not satisfy it", i, f, env)
			}
		}
	}
}

// TestRandomQuantified compares ∃y ∈ [−b, b] F(x, y) and
// ∀y ∈ [−b, b] F(x, y) with a search of y, at every x of a box.
func TestRandomQuantified(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	count := 60
	if testing.Short() {
		count = 20
	}
	const b = 6
	for i := range count {
		n := 2 + r.IntN(2) // the last variable is y
		f := randForm(r, n, 3)
		y := fmt.Sprintf("x%d", n-1)
		inBox := fmt.Sprintf("(<= (- %d) %s %d)", b, y, b)
		body := smt(f)
		for _, forall := range []bool{false, true} {
			q := "(exists ((" + y + " Int)) (and " + inBox + " " + body + "))"
			if forall {
				q = "(forall ((" + y + " Int)) (=> " + inBox + " " + body + "))"
			}
			a := automatonOf(t, declare(n-1)+"(assert "+q+")\n")
			box(n-1, b, func(env []*big.Int) {
				want := forall
				for v := -b; v <= b; v++ {
					if f.Bool(append(env[:n-1:n-1], big.NewInt(int64(v)))) != forall {
						want = !forall
						break
					}
				}
				if got := a.accepts(vals(env)); got != want {
					t.Fatalf("formula %d %s at %v: automaton says %v, search %v", i, q, env, got, want)
				}
			})
		}
	}
}

// TestUnboundedQuantifiers checks statements true or false only because
// the integers are unbounded, which no box can test.
func TestUnboundedQuantifiers(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want bool
	}{
		{"(assert (forall ((x Int)) (exists ((y Int)) (< x y))))", true},
		{"(assert (exists ((x Int)) (forall ((y Int)) (<= y x))))", false},
		{"(assert (forall ((x Int)) (exists ((y Int)) (or (= x (* 2 y)) (= x (+ (* 2 y) 1))))))", true},
		{"(assert (forall ((x Int)) (exists ((y Int)) (= x (* 3 y)))))", false},
		{"(assert (forall ((x Int) (y Int)) (=> (and (<= 0 x) (<= 0 y)) (<= 0 (+ x y)))))", true},
		// 2^70 > 0 needs 71 bits
		{"(declare-const x Int)(assert (and (> x 1180591620717411303423) (< x 1180591620717411303425)))", true},
		{"(declare-const x Int)(declare-const y Int)(assert (and (= (* 4 x) (+ (* 6 y) 2)) (< 0 x 3)))", true},
		{"(declare-const x Int)(declare-const y Int)(assert (and (= (* 4 x) (+ (* 6 y) 1))))", false},
	} {
		res, err := Decide(tt.src, nil, nil)
		if err != nil {
			if tt.want && strings.Contains(err.Error(), "64 bits") {
				continue // constants past 64 bits are refused, not mis-decided
			}
			t.Fatalf("%s: %v", tt.src, err)
		}
		if res.Sat != tt.want {
			t.Errorf("Decide(%s) = %v, want %v", tt.src, res.Sat, tt.want)
		}
	}
}
