package theory

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
)

// TestTrustScope pins the one wording of a trust's reach: a proof for
// every position of n piles, a finite claim decided in its box, any other
// check within its box only.
func TestTrustScope(t *testing.T) {
	two := On("nim", func(_ games.Spec, n int) bool { return n == 2 })
	none := func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool) { return nil, false }
	box := []Instance{{Game: "nim", Piles: 2, Max: 5}}
	proved := &Claim{ID: "test/proved", Paper: "000", Ref: "none", Statement: "x1 = x2 iff P", Family: "nim", Quantity: grundy.QP,
		Support: Reported, Applies: two, Checks: box,
		Formula: func(grundy.Ruleset, int) *formula.Expr { return formula.Eq(formula.X(0), formula.X(1)) }}
	finite := &Claim{ID: "test/finite", Paper: "000", Ref: "none", Statement: "(1,1) is P", Family: "nim", Quantity: grundy.QP,
		Support: Table, Applies: two, Eval: none, Finite: true, Checks: box}
	example := &Claim{ID: "test/example", Paper: "000", Ref: "none", Statement: "(1,2) is N", Family: "nim", Quantity: grundy.QP,
		Support: PaperProof, Applies: two, Eval: none, Finite: true, Checks: box}
	boxed := &Claim{ID: "test/boxed", Paper: "000", Ref: "none", Statement: "every x is N", Family: "nim", Quantity: grundy.QP,
		Support: Reported, Applies: two, Eval: none, Checks: box}
	weaker := &Claim{ID: "test/boxed.weaker-p", Paper: "000", Ref: "none", Statement: "every x with x1 ≠ x2 is N", Family: "nim",
		Quantity: grundy.QP, Support: Reported, Applies: two, Eval: none, Checks: box,
		WeakeningOf: "test/boxed", Weakening: "restricted to x1 ≠ x2"}
	unboxed := &Claim{ID: "test/unboxed", Paper: "000", Ref: "none", Statement: "every x is N", Family: "nim", Quantity: grundy.QP,
		Support: Reported, Applies: two, Eval: none}
	swept := &Claim{ID: "test/swept", Paper: "000", Ref: "none", Statement: "every x is N", Family: "nim", Quantity: grundy.QProperty,
		Support: Reported, Applies: two, Checks: box, Sweep: &Sweep{
			Scope: func(in Instance) string { return fmt.Sprintf("%s, %d piles with x1 ≤ %d", in.Game, in.Piles, in.Max) }}}
	r, err := games.Parse("nim")
	if err != nil {
		t.Fatal(err)
	}
	rec := Record{ID: proved.ID, Game: r.Name(), Piles: 2, Formula: proved.Formula(r, 2).String(),
		Solver: "z3 4.8.12", Date: "2026-11-26"}
	reg := NewRegistry(Ledger{Records: []Record{rec}}, []*Claim{proved, finite, example, boxed, weaker, unboxed})
	for _, tc := range []struct {
		c      *Claim
		kind   grundy.TrustKind
		scope  string
		detail string
	}{
		{proved, grundy.TrustSMTProved, "for every position of 2 piles of nim", "for every position of 2 piles of nim; z3 4.8.12, 2026-11-26"},
		{finite, grundy.TrustDecided, "at every position it speaks of, all within the box nim, 2 piles ≤ 5",
			"at every position it speaks of, all within the box nim, 2 piles ≤ 5"},
		{example, grundy.TrustDecided, "at every position it speaks of, all within the box nim, 2 piles ≤ 5",
			"at every position it speaks of, all within the box nim, 2 piles ≤ 5; also paper-proof"},
		{boxed, grundy.TrustChecked, "within the box nim, 2 piles ≤ 5", "within the box nim, 2 piles ≤ 5"},
		{weaker, grundy.TrustChecked, "within the box nim, 2 piles ≤ 5",
			"within the box nim, 2 piles ≤ 5; a weakening of test/boxed, not the printed statement"},
		{unboxed, grundy.TrustUnchecked, "", "reported, not checked for these parameters"},
		// --max: the box checked, not the claim's own.
		{boxed.WithMax(9), grundy.TrustChecked, "within the box nim, 2 piles ≤ 9", "within the box nim, 2 piles ≤ 9"},
		{swept, grundy.TrustChecked, "within nim, 2 piles with x1 ≤ 5", "within nim, 2 piles with x1 ≤ 5"},
	} {
		got := reg.Trust(tc.c, r, 2)
		if got.Kind != tc.kind || got.Scope != tc.scope || got.Detail != tc.detail {
			t.Errorf("Trust(%s) = %s [%s] (%s), want %s [%s] (%s)", tc.c.ID, got.Kind, got.Scope, got.Detail, tc.kind, tc.scope, tc.detail)
		}
	}
	if got := reg.Trust(weaker, r, 2); weaker.Role() != "weakening of test/boxed: restricted to x1 ≠ x2" || weaker.Printed() ||
		weaker.Parent() != "test/boxed" {
		t.Errorf("weakening: role %q, printed %v, parent %s (trust %s)", weaker.Role(), weaker.Printed(), weaker.Parent(), got)
	}
}

// TestWeakeningValidation: a weakening says what it gives up and is no
// correction.
func TestWeakeningValidation(t *testing.T) {
	base := func() *Claim {
		return &Claim{ID: "test/a.weaker-b", Paper: "000", Ref: "none", Statement: "s", Family: "nim", Quantity: grundy.QP,
			Support: Reported, Applies: On("nim", nil),
			Eval:        func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool) { return nil, false },
			WeakeningOf: "test/a", Weakening: "drops b"}
	}
	if err := base().Validate(); err != nil {
		t.Fatalf("a well-formed weakening: %v", err)
	}
	for name, spoil := range map[string]func(c *Claim){
		"says nothing":       func(c *Claim) { c.Weakening = "" },
		"a correction too":   func(c *Claim) { c.Corrects, c.Change, c.Support = "test/a", "x", Correction },
		"a reading too":      func(c *Claim) { c.ReadingOf, c.Reading = "test/a", "x" },
		"foreign ID":         func(c *Claim) { c.ID = "test/b.weaker" },
		"correction support": func(c *Claim) { c.Support = Correction },
	} {
		c := base()
		spoil(c)
		if c.Validate() == nil {
			t.Errorf("a weakening that %s validates", name)
		}
	}
}

// TestFindingsWithin: the trust of a finding's weakening checked with
// --max 9 names the box of 9, not the claim's default box.
func TestFindingsWithin(t *testing.T) {
	two := On("nim", func(_ games.Spec, n int) bool { return n == 2 })
	none := func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool) { return nil, false }
	box := []Instance{{Game: "nim", Piles: 2, Max: 5}}
	printed := &Claim{ID: "test/boxed", Paper: "000", Ref: "none", Statement: "every x is N", Family: "nim", Quantity: grundy.QP,
		Support: Reported, Applies: two, Eval: none, Checks: box}
	weaker := &Claim{ID: "test/boxed.weaker-p", Paper: "000", Ref: "none", Statement: "every x with x1 ≠ x2 is N", Family: "nim",
		Quantity: grundy.QP, Support: Reported, Applies: two, Eval: none, Checks: box,
		WeakeningOf: "test/boxed", Weakening: "restricted to x1 ≠ x2"}
	reg := NewRegistry(Ledger{}, []*Claim{printed, weaker})
	results := []Result{{ID: printed.ID, Status: grundy.ClaimFail}, {ID: weaker.ID, Status: grundy.ClaimPass}}
	for max, want := range map[int]string{0: "within the box nim, 2 piles ≤ 5", 9: "within the box nim, 2 piles ≤ 9"} {
		fs := reg.FindingsWithin(results, max)
		if len(fs) != 1 || len(fs[0].Weakenings) != 1 || len(fs[0].Weakenings[0].Trust) != 1 {
			t.Fatalf("FindingsWithin(…, %d) = %+v, want one finding with one weakening", max, fs)
		}
		if got := fs[0].Weakenings[0].Trust[0].Scope; got != want {
			t.Errorf("FindingsWithin(…, %d): weakening trusted %q, want %q", max, got, want)
		}
	}
}

// TestSweepCheck: a swept claim is checked on the positions its Run
// visits, its boxes named by its Scope, its failures counted as a box's;
// a sweep beside a Property, or without Run, does not validate.
func TestSweepCheck(t *testing.T) {
	sweep := &Sweep{
		Scope: func(in Instance) string { return fmt.Sprintf("the odd x ≤ %d of %s", in.Max, in.Game) },
		Run: func(_ context.Context, in Instance, _ SweepLimits, visit func(grundy.Position, Verdict)) (string, error) {
			for x := 1; x <= in.Max; x += 2 {
				if x%3 == 0 {
					visit(grundy.Position{x}, Fails("a multiple of 3", "prime", "composite"))
				} else {
					visit(grundy.Position{x}, Holds())
				}
			}
			return fmt.Sprintf("to %d", in.Max), nil
		}}
	c := &Claim{ID: "test/swept", Paper: "000", Ref: "none", Statement: "odd x ≤ m are prime", Family: "nim", Quantity: grundy.QProperty,
		Support: Reported, Applies: On("nim", nil), Sweep: sweep, Checks: []Instance{{Game: "nim", Piles: 1, Max: 9}},
		Diagnose: func(res *Result) string { return strings.Join(res.SweepDetails(), "; ") }}
	if err := c.Validate(); err != nil {
		t.Fatalf("a swept claim: %v", err)
	}
	res, err := Check(context.Background(), c, CheckOptions{Max: 11})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != grundy.ClaimFail || res.Checked != 6 || res.Instances[0].Failed != 2 || res.Box[0] != "the odd x ≤ 11 of nim" ||
		res.Counterexamples[0].Pos != "3" || res.Verdict != "to 11" {
		t.Errorf("Check = %s, %d checked, %+v, boxes %q, %v, verdict %q; want a failure at 3 of 6, 2 failing, verdict \"to 11\"",
			res.Status, res.Checked, res.Instances, res.Box, res.Counterexamples, res.Verdict)
	}
	for name, spoil := range map[string]func(c *Claim){
		"beside a Property": func(c *Claim) { c.Property = func(*Site) Verdict { return Verdict{} } },
		"without Run":       func(c *Claim) { c.Sweep = &Sweep{Scope: sweep.Scope} },
		"on a value":        func(c *Claim) { c.Quantity = grundy.QP },
	} {
		cc := *c
		spoil(&cc)
		if cc.Validate() == nil {
			t.Errorf("a sweep %s validates", name)
		}
	}
}

// TestTrustKindsRanked: every kind is ranked, each once, the machine
// proofs above the papers' (issue 32: automata-proved was missing, so an
// answer could not prefer it to a classical theorem).
func TestTrustKindsRanked(t *testing.T) {
	all := []grundy.TrustKind{grundy.TrustComputed, grundy.TrustPaperProof, grundy.TrustClassical, grundy.TrustSMTProved, grundy.TrustAutomataProved,
		grundy.TrustDecided, grundy.TrustChecked, grundy.TrustRefuted, grundy.TrustUnchecked}
	seen := map[grundy.TrustKind]bool{}
	for _, k := range grundy.TrustKinds {
		if seen[k] {
			t.Errorf("TrustKinds lists %s twice", k)
		}
		seen[k] = true
	}
	for _, k := range all {
		if !seen[k] {
			t.Errorf("TrustKinds lacks %s", k)
		}
	}
	for _, pair := range [][2]grundy.TrustKind{{grundy.TrustSMTProved, grundy.TrustAutomataProved}, {grundy.TrustAutomataProved, grundy.TrustPaperProof},
		{grundy.TrustAutomataProved, grundy.TrustClassical}, {grundy.TrustPaperProof, grundy.TrustChecked}, {grundy.TrustChecked, grundy.TrustUnchecked}} {
		if pair[0].Rank() >= pair[1].Rank() {
			t.Errorf("%s ranks %d, %s %d: want the first stronger", pair[0], pair[0].Rank(), pair[1], pair[1].Rank())
		}
	}
}
