package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// 000 Corollary 18(3) as printed fails at (2,2,3) of slow-exact:k=2: it
// gives G = b + [i/2] = 2 there, a value the same corollary bounds by 1
// (every position of its part (3) has G ∈ {0, 1}); its correction holds.
// The claims of slow-exact:k=2 with 3 piles include both, the correction
// right after the printed one.
func TestClaimsAndCheck(t *testing.T) {
	r, _ := games.Parse("slow-exact:k=2")
	cs := Claims(r, 3)
	i := slices.IndexFunc(cs, func(c ClaimInfo) bool { return c.ID == "000/cor-18.3" })
	if i < 0 {
		t.Fatalf("Claims(slow-exact:k=2, 3) lacks 000/cor-18.3")
	}
	printed := cs[i]
	if printed.Kind != "printed" || !slices.Contains(printed.Family, "000/cor-18.3.corrected") || printed.Citation == "" {
		t.Errorf("000/cor-18.3: %+v", printed)
	}
	if i+1 >= len(cs) || cs[i+1].ID != "000/cor-18.3.corrected" || cs[i+1].Kind != "correction" || cs[i+1].Parent != "000/cor-18.3" {
		t.Errorf("the correction does not follow the printed claim")
	}
	res, err := CheckClaim(context.Background(), "000/cor-18.3", 20_000, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != theory.Fail || len(res.Counterexamples) == 0 || res.Counterexamples[0].Pos != "2,2,3" {
		t.Errorf("CheckClaim(000/cor-18.3) = %s, counterexamples %v; want a failure at 2,2,3", res.Status, res.Counterexamples)
	}
	if len(res.Reduced) == 0 || !strings.Contains(res.Reduced[0], "→") {
		t.Errorf("the box ≤ 60 of 3 piles (over 20,000 positions) was not cut: %v", res.Reduced)
	}
	if res.Finding == nil || len(res.Finding.Corrections) != 1 || res.Finding.Corrections[0].Status != theory.Pass {
		t.Errorf("finding of 000/cor-18.3: %+v; want its correction passing", res.Finding)
	}
	if _, err := CheckClaim(context.Background(), "no/such", 1000, Options{}); err == nil {
		t.Errorf("CheckClaim of an unknown claim succeeded")
	}
	fs := KnownFindings()
	j := slices.IndexFunc(fs, func(c ClaimInfo) bool { return c.ID == "000/cor-18.3" })
	if j < 0 || j+1 >= len(fs) || fs[j+1].ID != "000/cor-18.3.corrected" {
		t.Errorf("Findings lacks 000/cor-18.3 followed by its correction")
	}
	for i, c := range fs {
		if c.Kind != "printed" && (i == 0 || fs[i-1].Parent != c.Parent && fs[i-1].ID != c.Parent) {
			t.Errorf("Findings lists %s apart from its printed claim %s", c.ID, c.Parent)
		}
	}
}

// At (2,2,3) of slow-exact:k=2 the printed Corollary 18(3) says G = 2;
// exhaustive search gives 1, which its correction says too.
func TestClaimsAt(t *testing.T) {
	r, p, err := Parse("slow-exact:k=2", "2,2,3")
	if err != nil {
		t.Fatal(err)
	}
	v, err := Evaluate(context.Background(), r, p, Options{Method: MethodSearch})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]ClaimAt{}
	for _, c := range ClaimsAt(r, p, v.Quantities) {
		got[c.ID] = c
	}
	if c := got["000/cor-18.3"]; c.Claimed != "2" || c.Answer != "1" || c.Agrees == nil || *c.Agrees {
		t.Errorf("000/cor-18.3 at 2,2,3: %+v; want claimed 2, answer 1, disagreeing", c)
	}
	if c := got["000/cor-18.3.corrected"]; c.Claimed != "1" || c.Agrees == nil || !*c.Agrees || c.Kind != "correction" {
		t.Errorf("000/cor-18.3.corrected at 2,2,3: %+v; want claimed 1, agreeing", c)
	}
}
