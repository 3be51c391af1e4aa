package games_test

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// A ruleset by name with parameters; its followers of a position. In
// bounded Nim with k = 2 (001 §3) the pile of 5 goes to 4 or 3 and the
// pile of 1 to 0; the position is kept sorted, as the piles are
// interchangeable.
func ExampleParse() {
	r, err := games.Parse("bounded-nim:k=2")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Name())
	r.Options(grundy.Position{1, 5}, func(q grundy.Position) bool {
		fmt.Println(grundy.Canonical(r, q))
		return true
	})
	// Unordered output:
	// bounded-nim:k=2
	// 0,5
	// 1,4
	// 1,3
}

// Every family is a rule file: its parameters and their defaults are the
// file's.
func ExampleLookup() {
	f, _ := games.Lookup("wythoff-mod")
	for _, p := range f.Params {
		fmt.Printf("%s=%d (at least %d)\n", p.Name, p.Default, p.Min)
	}
	fmt.Println(f.Piles, f.Source)
	// Output:
	// K=2 (at least 1)
	// s=1 (at least 1)
	// t=1 (at least 1)
	// 2 002 §1, §3
}
