package theory_test

import (
	"context"
	"fmt"
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// A claim re-checked against exhaustive computation: "in Nim with two
// piles, the P-positions are the equal pairs" (Bouton) holds, while
// "…are the pairs of even sum" fails first at (0,2) by token sum: (0,2)
// moves to (0,0). The box of two piles ≤ 10 has C(12,2) = 66 positions
// up to order.
func ExampleCheckBox() {
	nim := func(ok func(p grundy.BigPosition) bool) *theory.Claim {
		return &theory.Claim{ID: "example", Family: "nim", Quantity: grundy.QP,
			Applies: func(grundy.Ruleset, int) bool { return true },
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				return theory.BoolInt(ok(p)), true
			}}
	}
	equal := nim(func(p grundy.BigPosition) bool { return p[0].Cmp(p[1]) == 0 })
	evenSum := nim(func(p grundy.BigPosition) bool {
		return new(big.Int).Add(p[0], p[1]).Bit(0) == 0
	})
	r, _ := games.Parse("nim")
	for _, c := range []*theory.Claim{equal, evenSum} {
		res, err := theory.CheckBox(context.Background(), c, r, 2, 10, theory.CheckOptions{})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(res.Status, res.Checked)
		for _, ce := range res.Counterexamples[:min(1, len(res.Counterexamples))] {
			fmt.Println("smallest counterexample", ce.Pos)
		}
	}
	// Output:
	// pass 66
	// fail 66
	// smallest counterexample 0,2
}
