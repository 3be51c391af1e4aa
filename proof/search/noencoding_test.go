package search

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy"
)

// subtractOneOrThree is a ruleset defined in Go outside games: no family,
// no rule, so no symbolic move encoding. A pile of x has G = x mod 2 (its
// followers x−1 and x−3 have the other parity), so P iff x1 + x2 is even.
type subtractOneOrThree struct{}

func (subtractOneOrThree) Name() string                     { return "subtract-1-or-3" }
func (subtractOneOrThree) Validate(p grundy.Position) error { return nil }
func (subtractOneOrThree) Options(p grundy.Position, yield func(grundy.Position) bool) {
	for i, x := range p {
		for _, d := range []int{1, 3} {
			if x >= d {
				q := slices.Clone(p)
				q[i] -= d
				if !yield(q) {
					return
				}
			}
		}
	}
}

// TestNoEncodingIsChecked: a formula that holds in the boxes of a ruleset
// without a symbolic move encoding is reported checked, with why it is not
// proved (issue 24: discover exited 2, "no symbolic move encoding"). Every
// family has an encoding now (games.RuleOf), so the ruleset is one of the
// test's own.
func TestNoEncodingIsChecked(t *testing.T) {
	ps := solvers(t)
	var r grundy.Ruleset = subtractOneOrThree{}
	res, err := Discover(context.Background(), r, Options{What: "P", Piles: 2, Max: 10, Prove: true, Solvers: ps, ProveTimeout: 30 * time.Second})
	if err != nil {
		t.Fatalf("Discover(%s) = %v", r.Name(), err)
	}
	if res.Status != StatusChecked || len(res.Parts) == 0 || !strings.Contains(res.Parts[0].Note, "no symbolic encoding") {
		t.Errorf("Discover(%s): status %s, parts %+v; want checked, noting no encoding", r.Name(), res.Status, res.Parts)
	}
}
