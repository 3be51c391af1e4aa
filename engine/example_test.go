package engine_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/engine"
)

// The values of one position, with the method that gave them. In Nim the
// value is the nim-sum (Bouton): 1 ⊕ 2 ⊕ 3 = 0, a P-position.
func ExampleEvaluate() {
	r, p, err := engine.Parse("nim", "1,2,3")
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := engine.Evaluate(context.Background(), r, p, engine.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Game, v.Pos, "G =", v.G, "outcome", v.Outcome)
	// Output: nim 1,2,3 G = 0 outcome P
}
