package catalog

import (
	"context"
	"slices"
	"testing"

	"github.com/grundy/grundy/theory"
)

// TestFiniteClaims holds every claim that declares itself Finite (its
// trust is then "decided", not "checked") to it: checked again in boxes
// two larger, it speaks of no further position, and in its own boxes of
// at least one.
func TestFiniteClaims(t *testing.T) {
	var finite []*theory.Claim
	for _, c := range Registry().All() {
		if c.Finite {
			finite = append(finite, c)
		}
	}
	// The worked examples of 000 §1.5, §3.2, §3.3, Remark 16, 001
	// Examples 1, 5 and 7 and 002 Example 3 at least.
	for _, id := range []string{"000/example-1.5.G", "000/remark-16.G", "001/example-7.greedy-nim", "002/example-3"} {
		if !slices.ContainsFunc(finite, func(c *theory.Claim) bool { return c.ID == id }) {
			t.Errorf("%s is not marked Finite", id)
		}
	}
	for _, c := range finite {
		for _, in := range c.Checks {
			own, larger := *c, *c
			own.Checks = []theory.Instance{in}
			bigger := in
			bigger.Max += 2
			larger.Checks = []theory.Instance{bigger}
			a, err := theory.Check(context.Background(), &own, theory.CheckOptions{})
			if err != nil {
				t.Fatal(err)
			}
			b, err := theory.Check(context.Background(), &larger, theory.CheckOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if a.Checked == 0 || a.Checked != b.Checked {
				t.Errorf("Finite claim %s: %d positions checked in %s, %d in %s; want the same, at least one",
					c.ID, a.Checked, in, b.Checked, bigger)
			}
		}
	}
}
