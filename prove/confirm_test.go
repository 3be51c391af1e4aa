package prove

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
