package smt

import (
	"context"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/slowknim"
)

// TestConfirmBoundedInTime: the search that confirms a solver's model
// stops at its time limit and says so (issue 24: a model far out kept the
// confirming search, bounded in positions only, busy for 6.5 minutes).
// nim 1000,1000,1000,1000 has thousands of followers a position: two
// million positions are hours of work.
func TestConfirmBoundedInTime(t *testing.T) {
	c, ok := claimOf("000/bouton")
	if !ok {
		t.Fatal("no claim 000/bouton")
	}
	r, _ := games.Parse("nim")
	model := []*big.Int{big.NewInt(1000), big.NewInt(1000), big.NewInt(1000), big.NewInt(1000)}
	start := time.Now()
	ce, note, err := confirm(context.Background(), c, r, model, Options{}, 200*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("confirm took %v with a limit of 200ms", d)
	}
	if ce != nil || !strings.Contains(note, "took more than 200ms") {
		t.Errorf("confirm = %v, %q; want no counterexample and a note of the time limit", ce, note)
	}
	// A small model is confirmed (here: the claim holds, so no
	// counterexample, and the note says the search agrees).
	model = []*big.Int{big.NewInt(1), big.NewInt(2), big.NewInt(3)}
	ce, note, err = confirm(context.Background(), c, r, model, Options{}, time.Minute)
	if err != nil || ce != nil || !strings.Contains(note, "agrees with the claim") {
		t.Errorf("confirm(nim 1,2,3) = %v, %q, %v", ce, note, err)
	}
}

// claimOf finds a claim of paper 000 (package catalog, which lists every
// paper's, imports this package).
func claimOf(id string) (*theory.Claim, bool) {
	for _, c := range slowknim.Claims() {
		if c.ID == id {
			return c, true
		}
	}
	return nil, false
}

// TestLyingSolverRefuted: a solver that answers unsat to everything
// "proves" every obligation, but a proof is recorded only when exhaustive
// search of a box agrees: a claim the box refutes comes out Refuted with
// the box's smallest counterexample (issue 32: it was recorded PROVED),
// and a true claim stays proved, saying what confirmed it.
func TestLyingSolverRefuted(t *testing.T) {
	liar := Portfolio{fake(t, "liar.sh")}
	for _, tc := range []struct {
		id, game string
		piles    int
		want     Status
		pos      string // the counterexample, when refuted
	}{
		// Refuted is the smallest counterexample the audit pins against
		// Check (theory/slowknim).
		{"000/cor-18.3", "slow-exact:k=2", 3, Refuted, ""},
		{"000/prop-11.1", "slow-moore:k=2", 2, Proved, ""},
	} {
		c, ok := claimOf(tc.id)
		if !ok {
			t.Fatalf("no claim %s", tc.id)
		}
		if tc.want == Refuted {
			tc.pos = c.Refuted
		}
		r, err := games.Parse(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Prove(context.Background(), c, Instance{Ruleset: r, Piles: tc.piles}, Options{Solvers: liar, Timeout: 10 * time.Second})
		if err != nil {
			t.Fatalf("Prove(%s) with a lying solver: %v", tc.id, err)
		}
		if res.Status != tc.want {
			t.Errorf("Prove(%s) with a lying solver = %s (%s), want %s", tc.id, res.Status, res.Reason, tc.want)
			continue
		}
		switch {
		case tc.want == Refuted && (res.Counterexample == nil || res.Counterexample.Pos != tc.pos):
			t.Errorf("Prove(%s) with a lying solver: counterexample %+v, want (%s)", tc.id, res.Counterexample, tc.pos)
		case tc.want == Refuted && !strings.Contains(res.Reason, "answered unsat to every obligation"):
			t.Errorf("Prove(%s) with a lying solver: reason %q does not say the solvers were contradicted", tc.id, res.Reason)
		case !strings.Contains(res.Confirmed, "exhaustive search of the box "+tc.game):
			t.Errorf("Prove(%s): confirmed %q, want the box searched", tc.id, res.Confirmed)
		}
	}
}
