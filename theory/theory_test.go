package theory

import (
	"context"
	"math/big"
	"runtime"
	"slices"
	"testing"

	"github.com/grundy/grundy"
)

// TestCheckFindsAWrongClaim feeds Check a deliberately false claim and
// expects its smallest counterexample.
func TestCheckFindsAWrongClaim(t *testing.T) {
	wrong := &Claim{ID: "test/wrong", Paper: "000", Ref: "none", Statement: "every nim position with piles ≤ 1 is a P-position",
		Family: "nim", Quantity: grundy.QP, Support: PaperProof,
		Applies: On("nim", nil),
		Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
			for _, x := range p {
				if x.Cmp(big.NewInt(1)) > 0 {
					return nil, false
				}
			}
			return big.NewInt(1), true
		},
		Checks: []Instance{{"nim", 2, 3}},
	}
	res, err := Check(context.Background(), wrong, CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Positions with piles ≤ 1: (0,0) P, (0,1) N, (1,1) P.
	if res.Status != "fail" || res.Checked != 3 || len(res.Counterexamples) != 1 || res.Counterexamples[0].Pos != "0,1" {
		t.Errorf("Check(wrong) = %+v, want one counterexample at 0,1 of 3 checked", res)
	}
}

func TestMatchAndOrder(t *testing.T) {
	mk := func(id string) *Claim {
		return &Claim{ID: id, Paper: "000", Ref: "none", Statement: id, Family: "nim", Quantity: grundy.QP, Support: PaperProof,
			Applies: On("nim", nil), Eval: func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool) { return nil, false }}
	}
	fix := mk("000/bouton.corrected")
	fix.Corrects, fix.Change, fix.Support = "000/bouton", "none", Correction
	reg := NewRegistry(Ledger{}, []*Claim{mk("000/prop-11.2"), mk("000/prop-11.1"), mk("000/prop-110"), mk("000/prop-1"),
		mk("000/bouton"), mk("000/bouton.misere"), fix, mk("001/thm-1")})
	// An ID is that claim with its corrections, not the claims whose IDs
	// extend it (issue 32: prove --automata 000/bouton proved
	// 000/bouton.misere too); a prefix that names no claim, a trailing
	// separator or a glob selects what is under it.
	for _, tc := range []struct {
		pattern string
		want    []string
	}{
		{"000/prop-11", []string{"000/prop-11.1", "000/prop-11.2"}},
		{"000/prop-1", []string{"000/prop-1"}},
		{"000/bouton", []string{"000/bouton", "000/bouton.corrected"}},
		{"000/bouton.", []string{"000/bouton.corrected", "000/bouton.misere"}},
		{"000/bouton*", []string{"000/bouton", "000/bouton.corrected", "000/bouton.misere"}},
		{"000/prop-1?0", []string{"000/prop-110"}},
		{"000/prop-1?.1", []string{"000/prop-11.1"}},
		{"*.misere", []string{"000/bouton.misere"}},
		{"001", []string{"001/thm-1"}},
		{"001/", []string{"001/thm-1"}},
		{"000/prop", []string{"000/prop-1", "000/prop-11.1", "000/prop-11.2", "000/prop-110"}},
		{"000/bout", nil},
		{"00", nil},
	} {
		var got []string
		for _, c := range reg.Match(tc.pattern) {
			got = append(got, c.ID)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("Match(%q) = %v, want %v", tc.pattern, got, tc.want)
		}
	}
	if CompareIDs("002/thm-9", "002/thm-10") >= 0 || CompareIDs("002/thm-10", "002/thm-9") <= 0 {
		t.Error("CompareIDs does not order numbers naturally")
	}
}

// TestCheckOnAllCores: a property failing in three kinds over a box split
// into several chunks gives, on one core and on four, the counts, the
// smallest counterexample of each kind and the smallest overall that a
// plain loop over the sorted 4-tuples of nim ≤ 20 gives.
func TestCheckOnAllCores(t *testing.T) {
	kindOf := func(p grundy.Position) string {
		switch s := p[0] + p[1] + p[2] + p[3]; {
		case s%7 == 3:
			return "sum ≡ 3 (mod 7)"
		case p[3] == 17:
			return "x4 = 17"
		case p[0] == p[3] && s > 40:
			return "all equal above 40"
		}
		return ""
	}
	c := &Claim{ID: "test/kinds", Paper: "000", Ref: "none", Statement: "no position is of a kind", Family: "nim",
		Quantity: grundy.QProperty, Support: Reported, Applies: On("nim", nil),
		Property: func(s *Site) Verdict {
			if k := kindOf(s.Pos); k != "" {
				return Fails(k, "none", "one")
			}
			return Holds()
		},
		Checks: []Instance{{"nim", 4, 20}}}
	// The plain loop: positions in order of token sum, then
	// lexicographically, so the first of each kind is its smallest.
	type pos struct {
		p   grundy.Position
		sum int
	}
	var all []pos
	for a := 0; a <= 20; a++ {
		for b := a; b <= 20; b++ {
			for c := b; c <= 20; c++ {
				for d := c; d <= 20; d++ {
					all = append(all, pos{grundy.Position{a, b, c, d}, a + b + c + d})
				}
			}
		}
	}
	slices.SortStableFunc(all, func(x, y pos) int { return x.sum - y.sum })
	counts, first := map[string]uint64{}, map[string]string{}
	var smallest []string
	for _, x := range all {
		k := kindOf(x.p)
		if k == "" {
			continue
		}
		if counts[k] == 0 {
			first[k] = x.p.String()
		}
		counts[k]++
		if len(smallest) < MaxCounterexamples {
			smallest = append(smallest, x.p.String())
		}
	}
	for _, procs := range []int{1, 4} {
		old := runtime.GOMAXPROCS(procs)
		res, err := Check(context.Background(), c, CheckOptions{})
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatal(err)
		}
		if res.Checked != uint64(len(all)) || len(res.Failures) != len(counts) {
			t.Errorf("%d cores: checked %d, %d kinds; want %d, %d", procs, res.Checked, len(res.Failures), len(all), len(counts))
		}
		for _, f := range res.Failures {
			if f.Count != counts[f.Kind] || f.Smallest.Pos != first[f.Kind] {
				t.Errorf("%d cores: kind %q: %d, smallest (%s); want %d, (%s)", procs, f.Kind, f.Count, f.Smallest.Pos, counts[f.Kind], first[f.Kind])
			}
		}
		var got []string
		for _, ce := range res.Counterexamples {
			got = append(got, ce.Pos)
		}
		if !slices.Equal(got, smallest) {
			t.Errorf("%d cores: smallest counterexamples %v, want %v", procs, got, smallest)
		}
	}
}
