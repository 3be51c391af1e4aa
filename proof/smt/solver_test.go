package smt

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
)

// fake is a solver played by a script of testdata.
func fake(t *testing.T, script string) Solver {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("testdata", script))
	if err != nil {
		t.Fatal(err)
	}
	return Solver{Name: "fake", Path: path, Version: script}
}

// cubes is x³ + y³ = z³ with x, y, z > 2: unsatisfiable (Fermat, n = 3),
// but nonlinear, and neither z3 4.8.12 nor cvc5 1.0.3 decides it in
// minutes.
const cubes = `(set-logic NIA)
(declare-fun x () Int)
(declare-fun y () Int)
(declare-fun z () Int)
(assert (and (> x 2) (> y 2) (> z 2) (= (+ (* x x x) (* y y y)) (* z z z))))
(check-sat)
`

// TestCPULimit: a solver that spins is stopped by its CPU limit, having
// used about that much CPU, and the answer says which limit it hit; so is
// a real solver on a problem it cannot decide.
func TestCPULimit(t *testing.T) {
	t.Parallel() // its solver's safety net is its own (Solver.netFactor)
	if runtime.GOOS != "linux" {
		t.Skip("CPU limits need Linux's prlimit; elsewhere the limit is wall-clock")
	}
	// A real solver when there is one (the limit must hold for it); the
	// spinning fake otherwise. The safety net is widened so that a loaded
	// machine cannot make it fall before the CPU limit (a spinner got
	// 0.9 s of CPU in 20 s of wall clock at load 15).
	s := fake(t, "spin.sh")
	if p, err := FindSolver(context.Background(), *solverFlag); err == nil {
		s = p
	}
	s.netFactor, s.netMargin = 100, time.Minute
	file := filepath.Join(t.TempDir(), "cubes.smt2")
	if err := os.WriteFile(file, []byte(cubes), 0o644); err != nil {
		t.Fatal(err)
	}
	ans, err := s.Run(context.Background(), file, 0, time.Second, nil)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	if ans.Result != "timeout" || !strings.Contains(ans.Reason, "CPU limit of 1s") {
		t.Errorf("%s on a spin: %s (%q), want timeout by the CPU limit of 1s", s, ans.Result, ans.Reason)
	}
	// The kernel stops it at a tick past the limit (rusage, read apart,
	// may say a little less).
	if ans.CPU < 0.5 || ans.CPU > 2.5 {
		t.Errorf("%s used %.2f s of CPU, want about 1 s", s, ans.CPU)
	}
	if len(ans.Tries) != 1 || ans.Tries[0].Result != "timeout" || ans.Tries[0].CPU != round(ans.CPU) {
		t.Errorf("%s tries %+v, want one timeout of %.3f s", s, ans.Tries, ans.CPU)
	}
}

// TestWallSafetyNet: a solver that uses no CPU and never answers is
// stopped by the wall-clock safety net, which the answer names.
func TestWallSafetyNet(t *testing.T) {
	t.Parallel() // its solver's safety net is its own (Solver.netFactor)
	file := filepath.Join(t.TempDir(), "p.smt2")
	if err := os.WriteFile(file, []byte(cubes), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	s := fake(t, "sleep.sh")
	s.netFactor, s.netMargin = 1, 200*time.Millisecond
	ans, err := s.Run(context.Background(), file, 0, time.Second, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "wall-clock safety net of 1.2s"
	if runtime.GOOS != "linux" {
		want = "wall-clock limit of 1s"
	}
	if ans.Result != "timeout" || !strings.Contains(ans.Reason, want) {
		t.Errorf("sleeping solver: %s (%q), want timeout by the %s", ans.Result, ans.Reason, want)
	}
	if el := time.Since(start); el > 30*time.Second {
		t.Errorf("the safety net of 1.2 s took %v to stop a sleeping solver", el)
	}
}

// TestPortfolioCountsLosers: when one solver answers, the other is
// stopped, and the answer's CPU and tries count both.
func TestPortfolioCountsLosers(t *testing.T) {
	z3 := needSolver(t)
	p := Portfolio{fake(t, "spin.sh"), z3[0]}
	script := "(set-logic QF_LIA)\n(declare-const x0 Int)\n(assert (and (< 3 x0) (< x0 4)))\n(check-sat)\n"
	ans, err := p.Solve(context.Background(), script, filepath.Join(t.TempDir(), "p.smt2"), 1, 10*time.Second, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ans.Result != "unsat" || ans.Solver != z3[0].String() {
		t.Fatalf("portfolio: %s by %s, want unsat by %s", ans.Result, ans.Solver, z3[0])
	}
	results := map[string]string{}
	sum := 0.0
	for _, try := range ans.Tries {
		results[try.Solver] = try.Result
		sum += try.CPU
	}
	if results[z3[0].String()] != "unsat" || results[p[0].String()] != "stopped" || len(ans.Tries) != 2 {
		t.Errorf("tries %+v, want unsat by %s and the spinner stopped", ans.Tries, z3[0])
	}
	if d := sum - ans.CPU; d > 0.01 || d < -0.01 {
		t.Errorf("CPU %.3f, tries sum to %.3f", ans.CPU, sum)
	}
}

// TestSlots: with one slot, two problems solved at once run one after
// the other (the fake solver logs its start and end), and with two they
// overlap.
func TestSlots(t *testing.T) {
	t.Parallel() // mostly waits on fake solvers; reads no package state the sequential tests change
	for _, tc := range []struct {
		slots   int
		overlap bool
	}{{1, false}, {2, true}} {
		dir := t.TempDir()
		slots := NewSlots(tc.slots)
		p := Portfolio{fake(t, "slow-unsat.sh")}
		var wg sync.WaitGroup
		for _, name := range []string{"a", "b"} {
			wg.Go(func() {
				ans, err := p.Solve(context.Background(), cubes, filepath.Join(dir, name+".smt2"), 0, 10*time.Second, slots)
				if err != nil || ans.Result != "unsat" {
					t.Errorf("%s: %s, %v", name, ans.Result, err)
				}
			})
		}
		wg.Wait()
		log, err := os.ReadFile(filepath.Join(dir, "log"))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(log)), "\n")
		// Apart: start, end, start, end. Together: both start first.
		together := len(lines) == 4 && strings.HasPrefix(lines[1], "start")
		if together != tc.overlap {
			t.Errorf("%d slots: solver log %q, want overlap %v", tc.slots, lines, tc.overlap)
		}
	}
}

// TestProfile: Profile hears of every problem a proof sends, named by
// claim, game and obligation, and their CPU times add up to the result's.
func TestProfile(t *testing.T) {
	s := needSolver(t)
	r, _ := games.Parse("nim")
	// Two-pile Nim: P iff the piles are equal (Bouton), two obligations.
	equal := testClaim("test/nim-equal", "nim", grundy.QP, fixed(func(x []*formula.Expr) *formula.Expr { return eq(x[0], x[1]) }).f)
	var mu sync.Mutex
	var problems []Problem
	opt := Options{Solvers: s, Profile: func(p Problem) {
		mu.Lock()
		defer mu.Unlock()
		problems = append(problems, p)
	}}
	res, err := Prove(context.Background(), equal, Instance{Ruleset: r, Piles: 2}, opt)
	if err != nil || res.Status != Proved {
		t.Fatalf("Prove(nim-equal) = %s, %v", res.Status, err)
	}
	var names []string
	cpu := 0.0
	for _, p := range problems {
		names = append(names, p.Obligation)
		cpu += p.CPU
		if p.Claim != equal.ID || p.Game != "nim" || p.Piles != 2 || p.Result != "unsat" || p.Limit != DefaultQuick.Seconds() || p.Solver != s.String() {
			t.Errorf("problem %+v, want %s on 2 piles of nim, unsat within %v by %s", p, equal.ID, DefaultQuick, s)
		}
		if len(p.Tries) != 1 || p.Tries[0].CPU != p.CPU {
			t.Errorf("problem %s: tries %+v, want one of %.3f s", p.Obligation, p.Tries, p.CPU)
		}
	}
	if got := strings.Join(names, " "); got != "stability absorption" {
		t.Errorf("problems %s, want stability absorption", got)
	}
	if d := cpu - res.CPU; d > 0.002 || d < -0.002 {
		t.Errorf("result CPU %.3f, problems sum to %.3f", res.CPU, cpu)
	}
}

// TestCPUBudget: a proof whose solvers never answer stops when its CPU
// budget is spent — every problem's limit cut to what is left — with an
// error wrapping ErrOverBudget; a budget below a second stops it at once.
func TestCPUBudget(t *testing.T) {
	t.Parallel() // its solver's safety net is its own (Solver.netFactor)
	if runtime.GOOS != "linux" {
		t.Skip("CPU limits need Linux's prlimit")
	}
	spin := fake(t, "spin.sh")
	spin.netFactor, spin.netMargin = 100, time.Minute
	r, _ := games.Parse("nim")
	equal := testClaim("test/nim-equal", "nim", grundy.QP, fixed(func(x []*formula.Expr) *formula.Expr { return eq(x[0], x[1]) }).f)
	for _, tc := range []struct {
		budget time.Duration
		limits []float64 // of the problems sent
		maxCPU float64   // the budget, and a kernel tick or two
	}{
		{time.Nanosecond, nil, 0},
		// The first try's 2 s cut to the whole second the budget has;
		// after it, half a second is left: no second problem.
		{1500 * time.Millisecond, []float64{1}, 1.5},
	} {
		var problems []Problem
		opt := Options{Solvers: Portfolio{spin}, CPUBudget: tc.budget, Profile: func(p Problem) { problems = append(problems, p) }}
		_, err := Prove(context.Background(), equal, Instance{Ruleset: r, Piles: 2}, opt)
		if !errors.Is(err, ErrOverBudget) {
			t.Fatalf("budget %v: Prove error %v, want one wrapping ErrOverBudget", tc.budget, err)
		}
		cpu := 0.0
		var limits []float64
		for _, p := range problems {
			cpu += p.CPU
			limits = append(limits, p.Limit)
		}
		if !slices.Equal(limits, tc.limits) || cpu > tc.maxCPU {
			t.Errorf("budget %v: problems with limits %v, %.2f s of CPU; want limits %v and at most %.1f s", tc.budget, limits, cpu, tc.limits, tc.maxCPU)
		}
	}
}

// TestPieceLimit: up to four pieces get the full limit; more share four
// limits (in whole seconds), never below the first round's limit.
func TestPieceLimit(t *testing.T) {
	s := time.Second
	for _, tc := range []struct {
		timeout, quick time.Duration
		n              int
		want           time.Duration
	}{
		{60 * s, 2 * s, 2, 60 * s},
		{60 * s, 2 * s, 4, 60 * s},
		{60 * s, 2 * s, 8, 30 * s},
		{60 * s, 2 * s, 12, 20 * s},
		{60 * s, 2 * s, 36, 6 * s}, // 240/36 = 6.67
		{60 * s, 2 * s, 64, 3 * s}, // 240/64 = 3.75
		{10 * s, 2 * s, 64, 2 * s}, // 40/64 < quick
		{5 * s, 5 * s, 36, 5 * s},  // quick = timeout
		{30 * s, 2 * s, 25, 4 * s}, // 120/25 = 4.8
	} {
		if got := pieceLimit(tc.timeout, tc.quick, tc.n); got != tc.want {
			t.Errorf("pieceLimit(%v, %v, %d) = %v, want %v", tc.timeout, tc.quick, tc.n, got, tc.want)
		}
	}
}

// TestVersionProbeBounded: a binary that never answers --version is given
// up after the probe's limit, with an error saying so (issue 32: prove
// hung on it).
func TestVersionProbeBounded(t *testing.T) {
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	hang := "#!/bin/sh\n" + sleep + " 600\n" // not exec: the shell's child holds the output open
	if err := os.WriteFile(filepath.Join(dir, "z3"), []byte(hang), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	saved := versionTimeout
	versionTimeout = 200 * time.Millisecond
	defer func() { versionTimeout = saved }()
	start := time.Now()
	_, err = FindSolver(context.Background(), "z3")
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("FindSolver took %v with a probe limit of 200ms", d)
	}
	if err == nil || !strings.Contains(err.Error(), "--version gave no answer in 200ms") {
		t.Errorf("FindSolver(a hanging z3) = %v, want an error saying it gave no answer", err)
	}
}
