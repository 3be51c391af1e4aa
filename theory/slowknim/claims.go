package slowknim

import (
	"fmt"
	"strings"

	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/theory"
)

// Claims lists every claim of paper 000, built fresh on each call.
func Claims() []*theory.Claim {
	var cs []*theory.Claim
	cs = append(cs, surveyClaims()...)
	cs = append(cs, slowClaims()...)
	cs = append(cs, exact3Claims()...)
	return cs
}

// diagnose words the verdict of a printed claim that fails: what is
// wrong, the smallest counterexample, and with kinds every kind of
// failure with its own smallest counterexample.
func diagnose(what string, kinds bool) func(*theory.Result) string {
	return func(res *theory.Result) string {
		ce := res.Counterexamples[0]
		out := fmt.Sprintf("%s; smallest counterexample (%s) of %s: claims %s, is %s", what, ce.Pos, ce.Game, ce.Claimed, ce.Computed)
		if kinds {
			var ks []string
			for _, f := range res.Failures {
				ks = append(ks, fmt.Sprintf("%s (%s, smallest (%s))", f.Kind, plural.Count(f.Count, "position"), f.Smallest.Pos))
			}
			out += "; kinds of failure: " + strings.Join(ks, "; ")
		}
		return out
	}
}
