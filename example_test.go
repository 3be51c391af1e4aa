package grundy_test

import (
	"fmt"

	"github.com/grundy/grundy"
)

// The minimum excludant: the Sprague–Grundy value of a position is the
// least value none of its followers has.
func ExampleMex() {
	fmt.Println(grundy.Mex([]int{0, 1, 3}), grundy.Mex([]int{1, 2}), grundy.Mex(nil))
	// Output: 2 0 0
}

// Positions are comma-separated piles of any size.
func ExampleParsePosition() {
	p, err := grundy.ParsePosition("3, 1000000000000000000000000000000, 0")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(p), p[1])
	_, err = grundy.ParsePosition("1,-2")
	fmt.Println(err != nil)
	// Output:
	// 3 1000000000000000000000000000000
	// true
}
