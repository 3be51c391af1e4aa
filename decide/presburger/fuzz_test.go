package presburger

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"
)

// FuzzDecide feeds arbitrary scripts to Decide: a parse error, an answer
// or a budget error, never a panic or a hang; a model it gives satisfies
// the script, checked by the automaton of the whole script.
func FuzzDecide(f *testing.F) {
	for _, s := range []string{
		"(declare-const x Int)(assert (= (* 2 x) 8))",
		"(declare-const x0 Int)(declare-const x1 Int)(assert (let ((p (div (+ x0 x1) 3))) (and (<= 0 x0) (< p x1))))",
		"(assert (forall ((x Int)) (exists ((y Int)) (< x y))))",
		"(declare-const x Int)(assert (ite (< x 0) (= (mod x 5) 1) (distinct x 3)))",
		"(set-logic LIA)(declare-fun x () Int)(assert (=> (> x 2) (>= x 3)))(check-sat)(get-value (x))",
		"(assert (",
		"(declare-const x Bool)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		bg := &Budget{MaxStates: 20_000, CPU: 2 * time.Second}
		res, err := Decide(script, nil, bg)
		var pe *ParseError
		if err != nil {
			if errors.As(err, &pe) || errors.Is(err, ErrTooBig) || errors.Is(err, ErrCPU) ||
				errors.Is(err, ErrTooManyCases) || errors.Is(err, errOverflow) {
				return
			}
			t.Fatalf("Decide(%q): unexpected error %v", script, err)
		}
		if !res.Sat {
			return
		}
		p, err := parseProblem(script)
		if err != nil {
			t.Fatalf("Decide accepted %q, parseProblem did not: %v", script, err)
		}
		tr := &translator{p: p, bg: &Budget{MaxStates: 20_000}, memo: map[memoKey]*automaton{}, free: map[*node][]int{}}
		a, err := tr.formula(&node{op: opAnd, args: p.asserts, boolT: true}, false, nil)
		if err != nil {
			return
		}
		m := map[int]*big.Int{}
		for i, name := range p.names {
			m[i] = res.Model[name]
		}
		if !a.accepts(m) {
			t.Fatalf("Decide(%q): model %v rejected by the script's automaton", script, res.Model)
		}
	})
}

// FuzzRandomFormula draws a formula from the seed and compares its
// automaton with evaluation on a box (TestRandomFormulas, one formula a
// run; with an odd first seed, by fresh variables rather than cases).
func FuzzRandomFormula(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Add(uint64(7), uint64(99))
	f.Fuzz(func(t *testing.T, s1, s2 uint64) {
		r := rand.New(rand.NewPCG(s1, s2))
		if s1%2 == 1 {
			// Odd seeds: every if-then-else, div and mod a fresh variable.
			defer func(old int) { splitPieces = old }(splitPieces)
			splitPieces = 1
		}
		n := 1 + r.IntN(3)
		e := randForm(r, n, 4)
		a := automatonOf(t, declare(n)+"(assert "+smt(e)+")\n")
		b := map[int]int{1: 40, 2: 9, 3: 4}[n]
		box(n, b, func(env []*big.Int) {
			if got, want := a.accepts(vals(env)), e.Bool(env); got != want {
				t.Fatalf("%v at %v: automaton %v, evaluation %v", e, env, got, want)
			}
		})
	})
}
