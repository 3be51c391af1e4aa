package theory

import (
	"context"
	"flag"
	"math/big"
	"testing"

	"github.com/grundy/grundy"
)

// long runs TestDefaultChecksPass on every claim's full default boxes, as
// `grundy check --all` does; by default the boxes are halved.
var long = flag.Bool("long", false, "check every claim on its full default boxes")

// TestDefaultChecksPass runs every registered claim's default check, on
// smaller boxes unless -long. A claim found false in a paper is pinned in
// knownFailures with its verdict instead.
func TestDefaultChecksPass(t *testing.T) {
	small := !*long
	for _, c := range All() {
		opt := CheckOptions{}
		if small {
			opt.Max = shortMax(c)
		}
		res, err := Check(context.Background(), c, opt)
		if want, known := knownFailures[c.ID]; small && err == nil &&
			(res.Checked == 0 || known && (res.Status != "fail" || res.Counterexamples[0].Pos != want)) {
			// The small boxes miss the claim's positions (a printed table
			// of large rows, a family starting at x1 = 9) or its known
			// counterexample: use its own boxes.
			res, err = Check(context.Background(), c, CheckOptions{})
		}
		if err != nil {
			t.Errorf("Check(%s): %v", c.ID, err)
			continue
		}
		want, known := knownFailures[c.ID]
		if c.Refuted != "" && (!known || want != c.Refuted) {
			t.Errorf("%s is marked refuted at (%s) but not pinned there in knownFailures", c.ID, c.Refuted)
		}
		if known {
			if res.Status != "fail" || res.Counterexamples[0].Pos != want {
				t.Errorf("Check(%s) = %s %v, want the known failure at (%s)", c.ID, res.Status, res.Counterexamples, want)
			}
			continue
		}
		if res.Status != "pass" {
			t.Errorf("Check(%s) = fail: %s", c.ID, res.Verdict)
		}
		if res.Checked == 0 {
			t.Errorf("Check(%s) checked no position", c.ID)
		}
	}
}

// knownFailures maps claim IDs the papers get wrong to the smallest
// counterexample position in the test's box; each paper's test file adds
// its own in init.
var knownFailures = map[string]string{}

func shortMax(c *Claim) int {
	m := 1 << 30
	for _, in := range c.Checks {
		m = min(m, in.Max)
	}
	return max(m/2, 3)
}

// TestCheckFindsAWrongClaim feeds Check a deliberately false claim and
// expects its smallest counterexample.
func TestCheckFindsAWrongClaim(t *testing.T) {
	wrong := &Claim{ID: "test/wrong", Paper: "000", Ref: "none", Statement: "every nim position with piles ≤ 1 is a P-position",
		Family: "nim", Quantity: QP, Support: PaperProof,
		Applies: familyIs("nim", nil),
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
		return &Claim{ID: id, Paper: "000", Ref: "none", Statement: id, Family: "nim", Quantity: QP, Support: PaperProof,
			Applies: On("nim", nil), Eval: func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool) { return nil, false }}
	}
	reg := NewRegistry(Ledger{}, []*Claim{mk("000/prop-11.2"), mk("000/prop-11.1"), mk("000/prop-110"), mk("000/prop-1")})
	if got := reg.Match("000/prop-11"); len(got) != 2 || got[0].ID != "000/prop-11.1" {
		t.Errorf("Match(000/prop-11) = %v, want 000/prop-11.1 and 000/prop-11.2", got)
	}
	if CompareIDs("002/thm-9", "002/thm-10") >= 0 || CompareIDs("002/thm-10", "002/thm-9") <= 0 {
		t.Error("CompareIDs does not order numbers naturally")
	}
}
