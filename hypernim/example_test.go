package hypernim_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/hypernim"
)

// The 4-cycle C4 is a matroid equal to its dual: its SG function is the
// Jenkyns–Mayberry formula (read with the height), and it is not Tetris:
// from (1,1,1,1), a P-position, a move reaches a position of SG 1.
func ExampleClassify() {
	h, err := hypernim.Parse(4, "{1,2} {2,3} {3,4} {1,4}")
	if err != nil {
		panic(err)
	}
	r, err := hypernim.Classify(context.Background(), h, 6)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Names)
	fmt.Println("JM on [0,6]^4:", r.JM.Holds)
	fmt.Println("Tetris on [0,6]^4:", r.Tetris.Holds, r.Tetris.At, "->", r.Tetris.Through)
	// Output:
	// [graph matroid self-dual matroid identically self-dual transversal-free]
	// JM on [0,6]^4: true
	// Tetris on [0,6]^4: false [1 1 1 1] -> [0 0 1 1]
}
