package instruments_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/instruments"
	"github.com/grundy/grundy/solve"
)

func solved(game string, piles, max int) *solve.Table {
	r, err := games.Parse(game)
	if err != nil {
		panic(err)
	}
	t, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: piles, Max: max})
	if err != nil {
		panic(err)
	}
	return t
}

// 000 §3.3: Slow Moore's 2-Nim on four piles is not tame.
func ExampleClassify() {
	c, err := instruments.Classify(context.Background(), solved("slow-moore:k=2", 4, 5), instruments.ClassifyOptions{})
	if err != nil {
		panic(err)
	}
	for _, v := range c.Verdicts {
		fmt.Println(v.Property, v.Holds, *v.Witness, v.Detail)
	}
	// Output:
	// tame false 1,1,2,2 a (3,1)-position
	// pet false 0,0,2,2 a (0,0)-position
	// domestic false 1,1,2,3 a (4,0)-position
	// miserable false 1,1,2,2 a (3,1)-position moving to a (1,0)- but to no (0,1)-position
}

// 004 §2: (0,0,0,2,2) is a P-shift of Slow Exact 2-Nim on five piles.
func ExampleCheckShift() {
	v, err := instruments.CheckShift(context.Background(), solved("slow-exact:k=2", 5, 8),
		[]int{0, 0, 0, 2, 2}, instruments.ShiftOptions{Kind: instruments.ShiftP})
	if err != nil {
		panic(err)
	}
	fmt.Println(v.Property, v.Holds, v.Checked)
	// Output: P-shift (0,0,0,2,2) true 462
}

// 000 Prop 10(i): G of Slow Moore's 2-Nim on two piles by parity vector.
func ExampleParity() {
	res, err := instruments.Parity(context.Background(), solved("slow-moore:k=2", 2, 9), instruments.ParityOptions{})
	if err != nil {
		panic(err)
	}
	for _, row := range res.Function {
		fmt.Println(row.Parity, row.Values)
	}
	// Output:
	// e,e [0]
	// e,o [1]
	// o,o [2]
	// o,e [3]
}

// 003 §2.4: (2,2,2,3) is the smallest exception with four piles.
func ExampleExceptions() {
	res, err := instruments.Exceptions(context.Background(), 4, 6, nil, instruments.ExceptionsOptions{})
	if err != nil {
		panic(err)
	}
	e := res.Exceptions[0]
	fmt.Println(e.Pos, e.Rm, e.MMove.Keep, e.Optimal[0].Keep)
	// Output: 2,2,2,3 3 3 4
}

// Wythoff's P-positions (002 eq. (2) with s = t = 1).
func ExamplePPos() {
	pp, err := instruments.PPos(context.Background(), solved("wythoff", 2, 13), false, -1, instruments.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(pp.Pairs)
	// Output: [[0 0] [1 2] [3 5] [4 7] [6 10] [8 13]]
}
