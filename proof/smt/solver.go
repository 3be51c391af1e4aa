package smt

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// A Solver is an SMT solver run as a subprocess.
type Solver struct {
	Name    string // "z3" or "cvc5"
	Path    string // the binary
	Version string // as the binary reports it, e.g. "4.8.12"

	// netFactor and netMargin, when set, replace the safety net's
	// wallFactor and wallMargin for this solver (tests widen or narrow
	// it without changing what other tests run with).
	netFactor int
	netMargin time.Duration
}

// Solvers are the solvers prove knows how to run.
var Solvers = []string{"z3", "cvc5"}

// ErrNoSolver is wrapped by FindSolver's error when the binary is missing.
var ErrNoSolver = errors.New("SMT solver not found")

// A MissingError names the solvers not installed; errors.Is(err,
// ErrNoSolver) holds for it.
type MissingError struct{ Names []string }

func (e *MissingError) Error() string {
	return fmt.Sprintf("%v: no %s binary on PATH (Debian: apt-get install %s)",
		ErrNoSolver, strings.Join(e.Names, " or "), strings.Join(e.Names, " "))
}

func (e *MissingError) Is(target error) bool { return target == ErrNoSolver }

// versionTimeout bounds the version probe in wall-clock time: a binary
// that never answers --version would otherwise hang every run.
var versionTimeout = 10 * time.Second

// FindSolver looks name up on PATH and asks it for its version.
func FindSolver(ctx context.Context, name string) (Solver, error) {
	switch name {
	case "z3", "cvc5":
	case PureGo:
		return pureSolver(), nil
	default:
		return Solver{}, fmt.Errorf("unknown solver %q (want z3, cvc5 or %s)", name, PureGo)
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return Solver{}, &MissingError{Names: []string{name}}
	}
	pctx, cancel := context.WithTimeout(ctx, versionTimeout)
	defer cancel()
	cmd := exec.CommandContext(pctx, path, "--version")
	cmd.WaitDelay = time.Second // a killed script's children may hold its output open
	out, err := cmd.Output()
	if ctx.Err() == nil && pctx.Err() != nil {
		return Solver{}, fmt.Errorf("%s --version gave no answer in %v", path, versionTimeout)
	}
	if err != nil {
		return Solver{}, fmt.Errorf("%s --version: %w", path, err)
	}
	v := versionRe.FindString(string(out))
	if v == "" {
		return Solver{}, fmt.Errorf("%s --version printed no version: %q", path, firstLine(string(out)))
	}
	return Solver{Name: name, Path: path, Version: v}, nil
}

var versionRe = regexp.MustCompile(`\d+\.\d+(\.\d+)?`)

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

// String is "z3 4.8.12".
func (s Solver) String() string { return s.Name + " " + s.Version }

// An Answer is what the solver said of one problem.
type Answer struct {
	Result string     // "sat", "unsat", "unknown" or "timeout"
	Model  []*big.Int // x0 … x{n−1} when sat
	// Seconds is the wall-clock time until the answer; CPU the CPU time
	// (user + system) of every solver process run for it, the losers of
	// a race included.
	Seconds, CPU float64
	Reason       string // for unknown: what the solver printed; for timeout: which limit
	Solver       string // which solver answered, "z3 4.8.12"
	// Tries are the solver runs behind the answer, one per process.
	Tries []Try
	// Shared says the answer was given from the run's Cache: no solver
	// ran for it (CPU 0).
	Shared bool
}

// A Try is one solver process run on a problem.
type Try struct {
	Solver string  `json:"solver"` // "z3 4.8.12"
	Result string  `json:"result"` // sat, unsat, unknown, timeout, or stopped (another solver answered first)
	CPU    float64 `json:"cpu"`    // user + system seconds
}

// A Portfolio runs several solvers on each problem at once and takes the
// first definite answer (sat or unsat), stopping the others: solvers
// differ widely on quantified problems (cvc5 decides some absorption
// problems of 002 in a tenth of a second where z3 times out, and z3 finds
// models where cvc5 answers unknown).
type Portfolio []Solver

func (p Portfolio) String() string {
	names := make([]string, len(p))
	for i, s := range p {
		names[i] = s.String()
	}
	return strings.Join(names, ", ")
}

// Slots bounds the solver processes running at once across a run, so
// that jobs × solvers never exceed the cores: an oversubscribed machine
// gives each solver a fraction of a core, which a CPU-time limit does
// not punish but which makes every answer come later. A nil *Slots sets
// no bound.
type Slots struct{ ch chan struct{} }

// NewSlots returns room for n solver processes at once (n ≥ 1).
func NewSlots(n int) *Slots { return &Slots{ch: make(chan struct{}, max(n, 1))} }

func (s *Slots) acquire(ctx context.Context) error {
	if s == nil {
		return nil
	}
	select {
	case s.ch <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Slots) release() {
	if s != nil {
		<-s.ch
	}
}

// Solve writes script to file and runs every solver on it, each within
// limit of CPU time, at most slots' worth at once. The answer's CPU
// counts every solver run, those stopped by a faster one included.
func (p Portfolio) Solve(ctx context.Context, script, file string, n int, limit time.Duration, slots *Slots) (Answer, error) {
	if len(p) == 0 {
		return Answer{}, errors.New("no SMT solver given")
	}
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		return Answer{}, err
	}
	start := time.Now()
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	type reply struct {
		ans Answer
		err error
	}
	replies := make(chan reply, len(p))
	for _, s := range p {
		go func() {
			ans, err := s.Run(ctx, file, n, limit, slots)
			replies <- reply{ans, err}
		}()
	}
	var won, last Answer
	var reasons []string
	var tries []Try
	var firstErr error
	cpu := 0.0
	// Every reply is awaited, the stopped ones too (they are killed at
	// once): their CPU time counts, and their slots are free on return.
	for range p {
		r := <-replies
		cpu += r.ans.CPU
		tries = append(tries, r.ans.Tries...)
		switch {
		case won.Result != "":
		case r.err != nil:
			if firstErr == nil && !errors.Is(r.err, context.Canceled) {
				firstErr = r.err
			}
		case r.ans.Result == "sat" || r.ans.Result == "unsat":
			won = r.ans
			stop()
		default:
			if last.Result != "timeout" {
				last = r.ans // a timeout outranks unknown in the report
			}
			if r.ans.Reason != "" {
				reasons = append(reasons, r.ans.Solver+": "+r.ans.Reason)
			}
		}
	}
	if won.Result != "" {
		won.CPU, won.Tries = cpu, tries
		return won, nil
	}
	if err := ctx.Err(); err != nil && last.Result == "" {
		return Answer{CPU: cpu, Tries: tries}, err
	}
	if last.Result == "" {
		return Answer{CPU: cpu, Tries: tries}, firstErr
	}
	last.Reason = strings.Join(reasons, "; ")
	last.Solver = p.String()
	last.Seconds = time.Since(start).Seconds()
	last.CPU, last.Tries = cpu, tries
	return last, nil
}

// The wall-clock safety net of a CPU-time limit: a solver is killed after
// wallFactor × limit + wallMargin of wall clock whatever its CPU time, so
// that nothing hangs (a solver blocked on something else than the CPU).
// It is wide because a loaded machine gives a solver a fraction of a
// core: at load 12 on 2 cores z3 took 8 s of wall clock for 1 s of CPU.
const (
	wallFactor = 10
	wallMargin = 10 * time.Second
)

// Run solves the SMT-LIB problem in file within limit of CPU time (the
// kernel's RLIMIT_CPU on Linux; elsewhere, wall-clock time) and a
// wall-clock safety net (10 × limit + 10 s), waiting first for one
// of slots; n is the number of position variables x0 … x{n−1} to read
// from a model. A cancelled ctx returns its error with the CPU time
// spent so far.
func (s Solver) Run(ctx context.Context, file string, n int, limit time.Duration, slots *Slots) (Answer, error) {
	if s.Name == PureGo {
		return s.runPure(ctx, file, n, limit, slots)
	}
	if err := slots.acquire(ctx); err != nil {
		return Answer{}, err
	}
	defer slots.release()
	parent := ctx
	wall := wallFactor*limit + wallMargin
	if s.netFactor != 0 {
		wall = time.Duration(s.netFactor)*limit + s.netMargin
	}
	ctx, cancel := context.WithTimeout(ctx, wall)
	defer cancel()
	// No solver's own limit is given: z3's -T and -t and cvc5's --tlimit
	// are wall-clock.
	cmd := exec.CommandContext(ctx, s.Path, file)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = time.Second // a killed solver's children may hold its output open
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return Answer{}, fmt.Errorf("%s on %s: %w", s.Name, filepath.Base(file), err)
	}
	cpuLimited := limitCPU(cmd.Process.Pid, limit)
	if !cpuLimited {
		// No CPU limit to be had: the wall clock is the limit.
		wall = limit
		time.AfterFunc(limit, cancel)
	}
	runErr := cmd.Wait()
	ans := Answer{Seconds: time.Since(start).Seconds(), Solver: s.String()}
	if ps := cmd.ProcessState; ps != nil {
		ans.CPU = (ps.UserTime() + ps.SystemTime()).Seconds()
	}
	try := func(a Answer, result string) Answer {
		a.Tries = []Try{{Solver: s.String(), Result: result, CPU: round(a.CPU)}}
		return a
	}
	if err := parent.Err(); err != nil {
		return try(Answer{CPU: ans.CPU}, "stopped"), err
	}
	if ctx.Err() != nil {
		ans.Result = "timeout"
		switch {
		case cpuLimited && ans.CPU >= 0.95*limit.Seconds():
			// Its CPU time was up as the net fell.
			ans.Reason = fmt.Sprintf("CPU limit of %v reached", limit)
		case cpuLimited:
			ans.Reason = fmt.Sprintf("wall-clock safety net of %v reached (CPU limit %v, %.1f s of CPU used)", wall, limit, ans.CPU)
		default:
			ans.Reason = fmt.Sprintf("wall-clock limit of %v reached", limit)
		}
		return try(ans, ans.Result), nil
	}
	out := stdout.String()
	first := firstLine(out)
	switch first {
	case "sat", "unsat":
		ans.Result = first
	case "unknown", "timeout":
		ans.Result = first
		ans.Reason = strings.TrimSpace(stderr.String())
	default:
		if cpuLimited && (killedByLimit(cmd.ProcessState) || ans.CPU >= 0.9*limit.Seconds()) {
			ans.Result = "timeout"
			ans.Reason = fmt.Sprintf("CPU limit of %v reached", limit)
			return try(ans, ans.Result), nil
		}
		if strings.Contains(out+stderr.String(), "timeout") || strings.Contains(out+stderr.String(), "interrupted") {
			ans.Result = "timeout"
			return try(ans, ans.Result), nil
		}
		if runErr != nil {
			return Answer{}, fmt.Errorf("%s on %s: %v: %s", s.Name, filepath.Base(file), runErr, firstLine(out+stderr.String()))
		}
		return Answer{}, fmt.Errorf("%s on %s: unexpected answer %q", s.Name, filepath.Base(file), first)
	}
	if ans.Result == "sat" {
		m, err := parseModel(out, n)
		if err != nil {
			return Answer{}, fmt.Errorf("%s on %s: %w", s.Name, filepath.Base(file), err)
		}
		ans.Model = m
	}
	return try(ans, ans.Result), nil
}

var valueRe = regexp.MustCompile(`\(\s*x(\d+)\s+(\(\s*-\s*\d+\s*\)|-?\d+)\s*\)`)

// parseModel reads get-value's answer ((x0 3) (x1 (- 2)) …).
func parseModel(out string, n int) ([]*big.Int, error) {
	m := make([]*big.Int, n)
	for _, sub := range valueRe.FindAllStringSubmatch(out, -1) {
		var i int
		fmt.Sscan(sub[1], &i)
		lit := strings.NewReplacer("(", "", ")", "", " ", "").Replace(sub[2])
		v, ok := new(big.Int).SetString(lit, 10)
		if !ok || i >= n {
			return nil, fmt.Errorf("cannot read model value %q", sub[0])
		}
		m[i] = v
	}
	for i, v := range m {
		if v == nil {
			return nil, fmt.Errorf("model lacks x%d: %q", i, firstLine(out))
		}
	}
	return m, nil
}
