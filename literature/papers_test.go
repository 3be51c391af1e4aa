package literature

import (
	"flag"
	"math/big"
	"testing"

	"github.com/grundy/grundy/theory"
)

var long = flag.Bool("long", false, "check every literature claim on its full default boxes")

func bigOf(v int) *big.Int { return big.NewInt(int64(v)) }

// TestPapers: every folder loads, with a title, and says of every result
// it records what it is; the folder's claims cite the folder.
func TestPapers(t *testing.T) {
	ps := Papers()
	if len(ps) < 8 {
		t.Errorf("%d papers, want the 8 folders at least", len(ps))
	}
	for _, p := range ps {
		if theory.PaperTitles[p.ID] != p.Title {
			t.Errorf("paper %s: title %q not registered", p.ID, p.Title)
		}
		for _, c := range p.Claims {
			if c.Paper != p.ID || c.Quote == "" {
				t.Errorf("claim %s: paper %q, quote %q; want %s and the paper's words", c.ID, c.Paper, c.Quote, p.ID)
			}
		}
		for _, u := range p.Unstated {
			if u.Quote == "" || u.Why == "" || (u.Kind != Unstateable && u.Kind != Unreached) {
				t.Errorf("paper %s: unstated %+v lacks a quote, a reason or a kind", p.ID, u)
			}
		}
	}
}

// TestClaimsCheck checks every literature claim against the exhaustive
// solver: on boxes of 40 in the default run (past the threshold 8 of
// 2510.11767), on its own boxes with -long. A claim recording Refuted
// must fail there first; every other must pass.
func TestClaimsCheck(t *testing.T) {
	max := 40
	if *long {
		max = 0
	}
	for _, c := range Claims() {
		res, err := theory.Check(t.Context(), c, theory.CheckOptions{Max: max})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case c.Refuted == "" && res.Status != theory.Pass:
			t.Errorf("%s: %s (%v), want pass", c.ID, res.Status, res.Counterexamples)
		case c.Refuted != "" && (res.Status != theory.Fail || res.Counterexamples[0].Pos != c.Refuted):
			t.Errorf("%s: %s (%v), want a failure first at (%s)", c.ID, res.Status, res.Counterexamples, c.Refuted)
		}
	}
}
