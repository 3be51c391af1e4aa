package octal_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/games/octal"
)

// Kayles (0.77): knock down one pin or two adjacent ones from a row. By
// hand, G(0) = 0, G(1) = 1, G(2) = 2, and a row of 3 moves to 2 (an end
// pin), 1+1 (the middle pin) or 1 (two pins), so G(3) = mex{2, 0, 1} = 3.
// Its period 12 from n = 71 is the theorem's, checked on G(0..167).
func Example() {
	g, err := octal.Parse("0.77")
	if err != nil {
		panic(err)
	}
	seq, err := octal.Solve(context.Background(), g, 200, octal.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(seq.G[:4])
	p, _ := octal.Period(g, seq.G, 0)
	fmt.Println(p.Period, p.PrePeriod, p.Trust, p.CheckedTo)
	v, _ := octal.Value(seq.G, []int{1, 2, 3}) // 1 ^ 2 ^ 3
	fmt.Println(v)
	// Output:
	// [0 1 2 3]
	// 12 71 proved 167
	// 0
}
