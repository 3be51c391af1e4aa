package lang_test

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
)

// A rule from prose: "remove one token from each of 1..k piles, or any
// amount from a largest pile", compiled and asked for its options.
func Example() {
	text := `ruleset slow-or-greedy
param k = 2 in 1..
piles at least 1
move take 1 from each of 1..k piles
move take any from one largest pile
`
	f, err := lang.Parse("slow-or-greedy.rules", text)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := f.Bind(map[string]int{"k": 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	rs := lang.Compile(r, "slow-or-greedy.rules:k=2")
	_, unit := rs.(grundy.UnitDecrements)
	fmt.Println("interchangeable from pile", grundy.SymmetricFrom(rs, 3)+1, "unit decrements:", unit)
	rs.Options(grundy.Position{1, 2, 2}, func(q grundy.Position) bool {
		fmt.Println(q)
		return true
	})
	// Output:
	// interchangeable from pile 1 unit decrements: false
	// 1,2,1
	// 1,1,2
	// 1,1,1
	// 0,2,2
	// 0,2,1
	// 0,1,2
	// 1,1,2
	// 1,0,2
}

// Errors carry the line, the column and what was expected.
func ExampleParse_error() {
	_, err := lang.Parse("bad.rules", "ruleset bad\npiles 2\nmove take odd frm pile 1\n")
	fmt.Println(err)
	// Output:
	// bad.rules:3:15: expected "from" (or "as NAME from") after the amount, found "frm"
}
