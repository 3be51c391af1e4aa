package prove

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
}

// Solvers are the solvers prove knows how to run.
var Solvers = []string{"z3", "cvc5"}

// ErrNoSolver is wrapped by FindSolver's error when the binary is missing.
var ErrNoSolver = errors.New("SMT solver not found")

// FindSolver looks name up on PATH and asks it for its version.
func FindSolver(ctx context.Context, name string) (Solver, error) {
	switch name {
	case "z3", "cvc5":
	default:
		return Solver{}, fmt.Errorf("unknown solver %q (want z3 or cvc5)", name)
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return Solver{}, fmt.Errorf("%w: no %s binary on PATH (Debian: apt-get install %s)", ErrNoSolver, name, name)
	}
	out, err := exec.CommandContext(ctx, path, "--version").Output()
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
	Result  string     // "sat", "unsat", "unknown" or "timeout"
	Model   []*big.Int // x0 … x{n−1} when sat
	Seconds float64
	Reason  string // for unknown: what the solver printed
	Solver  string // which solver answered, "z3 4.8.12"
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

// Solve writes script to file and runs every solver on it.
func (p Portfolio) Solve(ctx context.Context, script, file string, n int, timeout time.Duration) (Answer, error) {
	if len(p) == 0 {
		return Answer{}, errors.New("no SMT solver given")
	}
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		return Answer{}, err
	}
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	type reply struct {
		ans Answer
		err error
	}
	replies := make(chan reply, len(p))
	for _, s := range p {
		go func() {
			ans, err := s.Run(ctx, file, n, timeout)
			replies <- reply{ans, err}
		}()
	}
	var last Answer
	var reasons []string
	var firstErr error
	for range p {
		r := <-replies
		switch {
		case r.err != nil:
			if firstErr == nil && !errors.Is(r.err, context.Canceled) {
				firstErr = r.err
			}
		case r.ans.Result == "sat" || r.ans.Result == "unsat":
			stop()
			return r.ans, nil
		default:
			if last.Result != "timeout" {
				last = r.ans // a timeout outranks unknown in the report
			}
			if r.ans.Reason != "" {
				reasons = append(reasons, r.ans.Solver+": "+r.ans.Reason)
			}
		}
	}
	if err := ctx.Err(); err != nil && last.Result == "" {
		return Answer{}, err
	}
	if last.Result == "" {
		return Answer{}, firstErr
	}
	last.Reason = strings.Join(reasons, "; ")
	last.Solver = p.String()
	return last, nil
}

// Run solves the SMT-LIB problem in file with a time limit; n is the
// number of position variables x0 … x{n−1} to read from a model.
func (s Solver) Run(ctx context.Context, file string, n int, timeout time.Duration) (Answer, error) {
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, timeout+2*time.Second)
	defer cancel()
	var args []string
	secs := max(int(timeout.Seconds()), 1)
	switch s.Name {
	case "z3":
		args = []string{fmt.Sprintf("-T:%d", secs), file}
	case "cvc5":
		args = []string{fmt.Sprintf("--tlimit=%d", timeout.Milliseconds()), file}
	}
	cmd := exec.CommandContext(ctx, s.Path, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	runErr := cmd.Run()
	ans := Answer{Seconds: time.Since(start).Seconds(), Solver: s.String()}
	if err := parent.Err(); err != nil {
		return Answer{}, err
	}
	if ctx.Err() != nil {
		ans.Result = "timeout" // killed after the solver's own limit passed
		return ans, nil
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
		if strings.Contains(out+stderr.String(), "timeout") || strings.Contains(out+stderr.String(), "interrupted") {
			ans.Result = "timeout"
			return ans, nil
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
	return ans, nil
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
