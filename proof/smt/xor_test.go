package smt

import (
	"context"
	"errors"
	"testing"

	"github.com/grundy/grundy/theory/claimtext"
)

// TestNimSumRefused: SMT cannot encode the nim-sum, so Prove refuses a
// claim that uses it with a typed error naming ^, before any solver runs.
func TestNimSumRefused(t *testing.T) {
	for _, line := range []string{
		"P[nim, 3 piles] iff x1 ^ x2 ^ x3 == 0",
		"P[nim, 2 piles] iff x1 == x2 where x1 ^ 1 > 0",
	} {
		f, err := claimtext.Parse("t.claims", []byte(line))
		if err != nil {
			t.Fatal(err)
		}
		c := f.Theory()[0]
		in := Instance{Ruleset: f.Claims[0].Ruleset, Piles: f.Claims[0].Piles}
		_, err = Prove(context.Background(), c, in, Options{})
		var np *NotPresburgerError
		if !errors.As(err, &np) || np.Construct != "^" || !errors.Is(err, ErrNotExpressible) {
			t.Errorf("Prove(%s) = %v, want a NotPresburgerError naming ^", line, err)
		}
	}
}
