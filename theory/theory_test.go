package theory

import (
	"context"
	"math/big"
	"testing"

	"github.com/grundy/grundy"
)

// TestCheckFindsAWrongClaim feeds Check a deliberately false claim and
// expects its smallest counterexample.
func TestCheckFindsAWrongClaim(t *testing.T) {
	wrong := &Claim{ID: "test/wrong", Paper: "000", Ref: "none", Statement: "every nim position with piles ≤ 1 is a P-position",
		Family: "nim", Quantity: QP, Support: PaperProof,
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
