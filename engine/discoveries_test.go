package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy/grundy"
)

// TestDiscoveryAnswers: a position far beyond search is answered by a
// proved formula of grundy discover's ledger, named in the method. In
// wythoff-1mod with K = 3 (002 §5, open), discover proved that (0, y) is a
// P-position iff y = 0 or y ≡ 2 (mod 3); exhaustive search agrees at
// (0, 5) and (0, 8), and 10^30 + 1 ≡ 2 (mod 3).
func TestDiscoveryAnswers(t *testing.T) {
	ctx := context.Background()
	for _, pos := range []string{"0,5", "0,8"} {
		r, p, err := Parse("wythoff-1mod:K=3", pos)
		if err != nil {
			t.Fatal(err)
		}
		v, err := Evaluate(ctx, r, p, Options{Method: grundy.MethodSearch})
		if err != nil || v.Outcome != "P" {
			t.Fatalf("search at %s: %v, %v; want a P-position", pos, v.Outcome, err)
		}
	}
	r, p, err := Parse("wythoff-1mod:K=3", "0,1000000000000000000000000000001")
	if err != nil {
		t.Fatal(err)
	}
	v, err := Evaluate(ctx, r, p, Options{Method: grundy.MethodTheorem})
	if err != nil {
		t.Fatal(err)
	}
	if tr := v.Trust.String(); v.Outcome != "P" || !strings.HasPrefix(tr, "smt-proved discover/wythoff-1mod:K=3,s=1,t=1/n2/P (for every position of 2 piles of wythoff-1mod:K=3,s=1,t=1; found by grundy discover; ") {
		t.Fatalf("Evaluate = outcome %q, trust %q; want P from the discovery", v.Outcome, tr)
	}
}
