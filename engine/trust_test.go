package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory/catalog"
)

// TestStrongestTrustWins: where several claims give a quantity, the
// answer names the one of the strongest trust (grundy.TrustKinds), and a
// winning move is found through it (issue 32: classical Wythoff past 10⁶
// said "classical" though 002/sec3-vile is automata-proved there).
func TestStrongestTrustWins(t *testing.T) {
	// (⌊nφ⌋, ⌊nφ²⌋) for n = 10⁶, φ = 1.6180339887…: a P-position of
	// Wythoff's game, both piles past the recursions' 2^20.
	r, p := mustParse(t, "wythoff", "1618033,2618033")
	v, err := Evaluate(context.Background(), r, p, Options{Method: grundy.MethodTheorem})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[grundy.TrustKind]bool{}
	for _, f := range catalog.Registry().Answer(r, p) {
		if f.Quantity == grundy.QP {
			kinds[f.Trust.Kind] = true
		}
	}
	if !kinds[grundy.TrustClassical] || !kinds[grundy.TrustAutomataProved] {
		t.Fatalf("P at %s of wythoff is given by %v, want a classical and an automata-proved claim (else this test shows nothing)", p, kinds)
	}
	if got := v.Sources[grundy.QP]; v.Outcome != "P" || got.Kind != grundy.TrustAutomataProved || got.Claims[0] != "002/sec3-vile" {
		t.Errorf("Evaluate(wythoff %s) = %s by %s, want P by automata-proved 002/sec3-vile", p, v.Outcome, got)
	}
	_, p = mustParse(t, "wythoff", "3000000,4000000")
	m, err := ListMoves(context.Background(), r, p, false, Options{Method: grundy.MethodTheorem})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Moves) != 1 || m.Moves[0].Source == nil || m.Moves[0].Source.Kind != grundy.TrustAutomataProved {
		t.Errorf("ListMoves(wythoff %s) = %+v, want one winning move by an automata-proved claim", p, m.Moves)
	}
}

// TestGapSaysWhy: an outcome no theorem gives says which claim stops
// where (issue 32: misère (2,1)-Wythoff past 2^20 printed "—" with no
// reason; (2,t) is automata-proved since, (3,1) is not); a search over the budget says so too.
func TestGapSaysWhy(t *testing.T) {
	r, p := mustParse(t, "wythoff:s=3,t=1", "30000000,40000000")
	v, err := Evaluate(context.Background(), r, p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v.OutcomeMisere != "" || len(v.Gaps) != 1 || !v.Gaps[0].Misere {
		t.Fatalf("Evaluate(wythoff:s=3,t=1 %s) = misère %q, gaps %+v; want no misère outcome and one gap saying why", p, v.OutcomeMisere, v.Gaps)
	}
	// 002 Theorem 6 (K = 1) is the misère theorem for every (s,t); it is
	// evaluated by its recursion for the smaller pile up to 2^20 only.
	want := "002/thm-6.K1 (paper-proof) answers only for the smaller pile up to 2^20"
	if got := v.Gaps[0].String(); !strings.Contains(got, want) {
		t.Errorf("gap = %q, want it to contain %q", got, want)
	}
	_, err = ListMoves(context.Background(), r, p, true, Options{Budget: 1000})
	var be *BudgetError
	if !errors.As(err, &be) || !strings.Contains(err.Error(), want) {
		t.Errorf("ListMoves(misère wythoff:s=3,t=1 %s) = %v, want a budget error naming %q", p, err, want)
	}
}
