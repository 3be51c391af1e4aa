package greedynim

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// The worked examples of 001, each checked at exactly the positions the
// paper prints (no empty heaps added), inside a box that holds them.

func exampleClaims() []*theory.Claim {
	cs := []*theory.Claim{
		{
			ID: "001/example-1", Paper: "001", Ref: "Example 1",
			Statement: "k = 3: (1,1,1,5) is a P-position (after P1 takes t, P2 takes 4 − t, reaching the P-position (1,1,1,1)); " +
				"(1,1,2,5) is an N-position (taking 3 reaches the P-position (1,1,2,2))",
			Family: "bounded-greedy", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies:  onK(func(k, n int) bool { return k == 3 && n == 4 }),
			Property: example1,
			Needs:    grundy.KindG,
			Finite:   true,
			Checks:   []theory.Instance{{Game: "bounded-greedy:k=3", Piles: 4, Max: 5}},
		},
		{
			ID: "001/example-5", Paper: "001", Ref: "Example 5",
			Statement: "k = 3: β(5,5,5,5,8) = 3 is odd and (5,5,8) satisfies (i) of k-good; β(5,5,5,5,9) = 3 is odd and (5,5,9) is not k-good; " +
				"β(1,1,5,6) = 2 is even and R_4(6 − 5) ≠ 0; β(1,1,5,5) = 2 is even and R_4(5 − 5) = 0 " +
				"(so by Theorem 6 the first and last are P-positions, the others N-positions)",
			Family: "bounded-greedy", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Note: "Each printed fact is checked at the printed position itself (five heaps for S1, S2, four for S3, S4), " +
				"against Definitions 3 and 4, and the outcome Theorem 6 draws from it against the solver.",
			Applies:  onK(func(k, n int) bool { return k == 3 && (n == 4 || n == 5) }),
			Property: example5,
			Needs:    grundy.KindG,
			Finite:   true,
			Checks:   []theory.Instance{{Game: "bounded-greedy:k=3", Piles: 5, Max: 9}, {Game: "bounded-greedy:k=3", Piles: 4, Max: 6}},
		},
	}
	// Example 7's table: S1..S8 under three rulesets, k = 3, n = 7 as
	// printed: five heaps listed, the other two empty (§1's convention;
	// the header n = 7 is a claim of its own, example7Header).
	for _, row := range example7Rows {
		want := map[string]bool{}
		for i, pos := range ex7 {
			want["0,0,"+pos] = row.p[i] == '1'
		}
		family, _, _ := strings.Cut(row.game, ":")
		k := 0
		if family != "greedy-nim" {
			k = 3
		}
		cs = append(cs, &theory.Claim{
			ID: row.id, Paper: "001", Ref: "Example 7 (table)",
			Statement: "The Example 7 table's outcomes of S1..S8 (n = 7, k = 3) in " + row.game,
			Family:    family, Quantity: grundy.QP, Support: theory.Table,
			Note: "The paper says n = 7 and lists five heaps: the positions are checked as seven heaps, two of them empty " +
				"(§1: a sequence with x_1 = 0 is the sequence without it); 001/example-7.n checks the header itself.",
			Applies: theory.On(family, func(s games.Spec, n int) bool { return s.K == k && n == 7 }),
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				v, ok := want[p.String()]
				if !ok {
					return nil, false
				}
				return theory.BoolInt(v), true
			},
			Finite: true,
			Checks: []theory.Instance{{Game: row.game, Piles: 7, Max: 9}},
		})
	}
	return append(cs, example7Header()...)
}

// valueAt looks up whether sorted q is a P-position of the site's box.
func valueAt(s *theory.Site, q grundy.Position) (p, ok bool) {
	v, ok := s.ValuesOf(grundy.Canonical(s.Ruleset, q))
	return v.G == 0, ok
}

func outcome(p bool) string {
	if p {
		return "P"
	}
	return "N"
}

func example1(s *theory.Site) theory.Verdict {
	switch s.Pos.String() {
	case "1,1,1,5":
		if s.Values.G != 0 {
			return theory.Fails("a printed outcome is wrong", "(1,1,1,5) P", "N")
		}
		if p, _ := valueAt(s, grundy.Position{1, 1, 1, 1}); !p {
			return theory.Fails("the printed strategy fails", "(1,1,1,1) P", "N")
		}
		return theory.Holds()
	case "1,1,2,5":
		if s.Values.G == 0 {
			return theory.Fails("a printed outcome is wrong", "(1,1,2,5) N", "P")
		}
		if p, _ := valueAt(s, grundy.Position{1, 1, 2, 2}); !p {
			return theory.Fails("the printed strategy fails", "(1,1,2,2) P", "N")
		}
		return theory.Holds()
	}
	return theory.Verdict{}
}

// example5Facts are Example 5's printed facts: β, and the residue
// condition it states; wantP is what Theorem 6 makes of them.
var example5Facts = map[string]struct {
	beta  int
	fact  string
	holds func(k int, p grundy.Position) bool
	wantP bool
}{
	"5,5,5,5,8": {3, "(5,5,8) satisfies (i) of k-good", func(k int, p grundy.Position) bool {
		return remK(k, p[3]-p[2]) == 0 && remK(k, p[4]-p[3]) == k
	}, true},
	"5,5,5,5,9": {3, "(5,5,9) is not k-good", func(k int, p grundy.Position) bool {
		return !good(k, remK(k, p[3]-p[2]), remK(k, p[4]-p[3]))
	}, false},
	"1,1,5,6": {2, "R_4(6 − 5) ≠ 0", func(k int, p grundy.Position) bool { return remK(k, p[3]-p[2]) != 0 }, false},
	"1,1,5,5": {2, "R_4(5 − 5) = 0", func(k int, p grundy.Position) bool { return remK(k, p[3]-p[2]) == 0 }, true},
}

func example5(s *theory.Site) theory.Verdict {
	f, ok := example5Facts[s.Pos.String()]
	if !ok {
		return theory.Verdict{}
	}
	k := games.SpecOf(s.Ruleset).K
	if b := beta(s.Pos); b != f.beta {
		return theory.Fails("a printed β is wrong", fmt.Sprintf("β = %d", f.beta), fmt.Sprintf("β = %d", b))
	}
	if !f.holds(k, s.Pos) {
		return theory.Fails("a printed residue fact is false", f.fact, "false")
	}
	if isP := s.Values.G == 0; isP != f.wantP {
		return theory.Fails("the outcome Theorem 6 draws is wrong", outcome(f.wantP), outcome(isP))
	}
	return theory.Holds()
}
