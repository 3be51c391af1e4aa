package smt

import (
	"context"
	"flag"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/formula"
)

var solverFlag = flag.String("solver", "z3", "SMT solver the tests run (z3 or cvc5)")

// needSolver finds the solver (-solver, z3 by default), or skips the test
// naming the missing binary; in CI (CI=true) a missing solver fails the
// test instead.
func needSolver(t *testing.T) Portfolio {
	t.Helper()
	s, err := FindSolver(context.Background(), *solverFlag)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI must have %s: %v", *solverFlag, err)
		}
		t.Skipf("skipping: %v", err)
	}
	return Portfolio{s}
}

func xName(v int) string { return fmt.Sprintf("x%d", v) }

func TestSMTEachOp(t *testing.T) {
	x, y := formula.X(0), formula.X(1)
	tests := []struct {
		name string
		e    *formula.Expr
		want string
	}{
		{"var", x, "x0"},
		{"const", formula.C(7), "7"},
		{"negative const", formula.C(-7), "(- 7)"},
		{"add", formula.Add(x, y, formula.C(3)), "(+ x0 x1 3)"},
		{"empty add", formula.Add(), "0"},
		{"sub", formula.Sub(x, y), "(- x0 x1)"},
		{"mul", formula.Mul(-3, x), "(* (- 3) x0)"},
		{"div", formula.Div(x, 4), "(div x0 4)"},
		{"mod", formula.Mod(x, 4), "(mod x0 4)"},
		{"min", formula.Min(x, y), "(ite (<= x0 x1) x0 x1)"},
		{"max", formula.Max(x, y), "(ite (<= x0 x1) x1 x0)"},
		{"ite", formula.Ite(formula.Lt(x, y), x, formula.C(0)), "(ite (< x0 x1) x0 0)"},
		{"eq", formula.Eq(x, y), "(= x0 x1)"},
		{"lt", formula.Lt(x, y), "(< x0 x1)"},
		{"le", formula.Le(x, y), "(<= x0 x1)"},
		{"gt", formula.Gt(x, y), "(< x1 x0)"},
		{"and", formula.And(formula.Lt(x, y), formula.Le(y, x)), "(and (< x0 x1) (<= x1 x0))"},
		{"true", formula.True(), "true"},
		{"or", formula.Or(formula.Lt(x, y), formula.Le(y, x)), "(or (< x0 x1) (<= x1 x0))"},
		{"false", formula.False(), "false"},
		{"not", formula.Not(formula.Eq(x, y)), "(not (= x0 x1))"},
		// A subterm used twice is bound once.
		{"shared", func() *formula.Expr { s := formula.Add(x, y); return formula.Eq(s, formula.Mul(2, s)) }(),
			"(let ((t1 (+ x0 x1))) (= t1 (* 2 t1)))"},
		{"min of three", formula.Min(x, y, formula.C(2)),
			"(let ((t1 (ite (<= x0 x1) x0 x1))) (ite (<= t1 2) t1 2))"},
	}
	for _, tc := range tests {
		if got := SMT(tc.e, xName, "t"); got != tc.want {
			t.Errorf("SMT(%s) = %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestSMTAgreesWithEval has the solver evaluate translated terms at fixed
// points (negative ones too, where floor division and Euclidean remainder
// differ from truncation) and compares with formula's own evaluator.
func TestSMTAgreesWithEval(t *testing.T) {
	s := needSolver(t)[0]
	x, y := formula.X(0), formula.X(1)
	terms := []*formula.Expr{
		formula.Add(x, formula.Mul(3, y), formula.C(-4)),
		formula.Sub(x, y),
		formula.Div(x, 3), formula.Mod(x, 3), formula.Div(formula.Sub(x, y), 4), formula.Mod(formula.Sub(y, x), 5),
		formula.Min(x, y, formula.C(1)), formula.Max(x, formula.Mul(-1, y)),
		formula.Ite(formula.Or(formula.Even(x), formula.Not(formula.Le(x, y))), formula.Add(x, y), formula.C(9)),
	}
	points := [][2]int64{{0, 0}, {7, 2}, {-7, 3}, {5, -11}, {-1, -1}, {12, 12}}
	var b strings.Builder
	b.WriteString("(set-logic QF_LIA)\n(declare-const x0 Int)\n(declare-const x1 Int)\n")
	var want []string
	for _, p := range points {
		env := []*big.Int{big.NewInt(p[0]), big.NewInt(p[1])}
		for _, e := range terms {
			v := e.Int(env)
			// unsat: the translated term cannot differ from v at p.
			fmt.Fprintf(&b, "(push 1)\n(assert (= x0 %s))\n(assert (= x1 %s))\n(assert (not (= %s %s)))\n(check-sat)\n(pop 1)\n",
				intLit(fmt.Sprint(p[0])), intLit(fmt.Sprint(p[1])), SMT(e, xName, "t"), intLit(v.String()))
			want = append(want, fmt.Sprintf("%v at %v = %s", e, p, v))
		}
	}
	file := filepath.Join(t.TempDir(), "eval.smt2")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	args := []string{file}
	if s.Name == "cvc5" {
		args = []string{"--incremental", file}
	}
	out, err := exec.CommandContext(ctx, s.Path, args...).Output()
	if err != nil {
		t.Fatalf("%s: %v: %s", s, err, out)
	}
	lines := strings.Fields(string(out))
	if len(lines) != len(want) {
		t.Fatalf("%s gave %d answers, want %d: %s", s, len(lines), len(want), out)
	}
	for i, l := range lines {
		if l != "unsat" {
			t.Errorf("solver disagrees with Eval: %s (%s: %s)", want[i], s, l)
		}
	}
}
