package solve_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

// Counting the P-positions of a box tier by tier, without keeping the
// table: every move of slow Moore's 2-Nim removes one or two tokens, so
// only the last two tiers are held. (Prop. 10(i) of 000: the P-positions
// of two piles are those with both piles even.)
func ExampleSolveTiers() {
	r, _ := games.Parse("slow-moore:k=2")
	var st solve.Stats
	err := solve.SolveTiers(context.Background(), r, solve.TierSpec{BoxSpec: solve.BoxSpec{
		Piles: 2, Max: 3, Kinds: grundy.KindG | grundy.KindGm,
	}}, st.Add)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st.Positions, "positions,", st.P, "P-positions")
	// Output: 10 positions, 3 P-positions
}
