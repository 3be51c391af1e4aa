package prover

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/proof/smt"
)

// TestProveClaimsOnce: a claim file mixing a claim whose domain moves can
// leave (held for the second pass) with claims the first pass refutes
// gives one result per claim — the second pass does not prove the
// refuted ones again as claims the held one may rest on (issue 32: 3
// claims, "4 proofs", one printed twice).
func TestProveClaimsOnce(t *testing.T) {
	solvers, err := FindSolvers(context.Background(), "auto")
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "mix.claims")
	// By hand: from (1,1,1) of slow-exact:k=2 the move to (0,0,1) leaves
	// the first claim's domain (closure); the second is false at (0,2,2)
	// (G = 0, two moves to (0,1,1), of value 1); the third at (1,1,1)
	// (every move reaches a position with two empty piles, P, so (1,1,1)
	// is N).
	text := "G[slow-exact:k=2, 3 piles] = x2 % 2 where x1 == 1 && x2 == x3\n" +
		"G[slow-exact:k=2, 3 piles] = x2 % 3 where x1 == 0\n" +
		"P[slow-exact:k=2, 3 piles] iff x1 == x2\n"
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := engine.LoadClaimFile(file)
	if err != nil {
		t.Fatal(err)
	}
	run := Run{Claims: f.Claims, Registry: f.Registry, Workers: 2, Options: smt.Options{Solvers: solvers}}
	seen := map[string]int{}
	sum, err := ProveClaims(context.Background(), run, func(res smt.Result) error {
		seen[res.ID]++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("%s handed over %d times, want once", id, n)
		}
	}
	if sum.Ran != 3 || len(seen) != 3 {
		t.Errorf("ProveClaims ran %d results of %d claims, want 3 of 3", sum.Ran, len(seen))
	}
}

// TestNoSolverOneLine: with neither solver installed, naming both is one
// line that says "not found" once and names both (issue 32: "SMT solver
// not found: SMT solver not found: …"); auto then takes the pure-Go
// procedure.
func TestNoSolverOneLine(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := FindSolvers(context.Background(), "z3,cvc5")
	want := "SMT solver not found: no z3 or cvc5 binary on PATH (Debian: apt-get install z3 cvc5)"
	if err == nil || err.Error() != want {
		t.Errorf("FindSolvers(z3,cvc5) with no solver = %v, want %q", err, want)
	}
	if !errors.Is(err, smt.ErrNoSolver) {
		t.Errorf("FindSolvers(z3,cvc5) with no solver = %v, not ErrNoSolver", err)
	}
	p, err := FindSolvers(context.Background(), "auto")
	if err != nil || len(p) != 1 || p[0].Name != "presburger" {
		t.Errorf("FindSolvers(auto) with no solver = %v, %v; want the pure-Go procedure alone", p, err)
	}
}
