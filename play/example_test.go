package play_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/play"
)

// From nim 1,2 the optimal player moves to the P-position 1,1 (nim-sum 0),
// from where it wins in 2 more moves.
func ExampleBest() {
	r, _ := games.Parse("nim")
	m, err := play.Best(context.Background(), r, grundy.Position{1, 2}, false, 0)
	if err != nil {
		panic(err)
	}
	fmt.Println(m.To, m.Winning, play.Remoteness(m, false))
	// Output: 1,1 true 2
}
