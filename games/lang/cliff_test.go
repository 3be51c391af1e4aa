package lang_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
)

// cliffSpellings are the spellings of issue 35 item 4, side by side:
// each group is one game (the first of "bounded" is the issue's
// comparison spelling, 0..c per pile, a larger game).
var cliffSpellings = []struct{ name, move string }{
	{"total<=c/any-where", "take any from each of 1..piles piles, where total <= 3"},
	{"total<=c/range-where", "take 1..3 from each of 1..piles piles, where total <= 3"},
	{"total<=c/zero-range-where", "take 0..3 from each of 1..piles piles, where total <= 3"},
	{"bounded/zero-range", "take 0..3 from each of 1..piles piles"},
	{"total=k/unit-where", "take 1 from each of 1..piles piles, where total = 2"},
	{"total=k/unit", "take 1 from each of 2..2 piles"},
	{"total=k/any-where", "take any from each of 1..piles piles, where total = 2"},
}

// BenchmarkCliff enumerates the options of every position of a box of 5
// piles ≤ 6 under each spelling.
func BenchmarkCliff(b *testing.B) {
	for _, sp := range cliffSpellings {
		f, err := lang.Parse("", "ruleset c\npiles at least 1\nmove "+sp.move+"\n")
		if err != nil {
			b.Fatal(err)
		}
		r, err := f.Bind(nil)
		if err != nil {
			b.Fatal(err)
		}
		c := lang.Compile(r, "c")
		b.Run(sp.name, func(b *testing.B) {
			for b.Loop() {
				n := 0
				each(5, 6, func(p grundy.Position) {
					c.Options(p, func(grundy.Position) bool { n++; return true })
				})
				if n == 0 {
					b.Fatal("no options")
				}
			}
		})
	}
}

// TestCliffSpellingsAgree: the spellings of one game give the same
// followers (so the benchmark compares like with like).
func TestCliffSpellingsAgree(t *testing.T) {
	groups := [][]int{{0, 1, 2}, {4, 5}}
	for _, g := range groups {
		var first []string
		for k, i := range g {
			f, err := lang.Parse("", "ruleset c\npiles at least 1\nmove "+cliffSpellings[i].move+"\n")
			if err != nil {
				t.Fatal(err)
			}
			r, err := f.Bind(nil)
			if err != nil {
				t.Fatal(err)
			}
			c := lang.Compile(r, "c")
			var all []string
			each(4, 4, func(p grundy.Position) {
				var opts []string
				c.Options(p, func(q grundy.Position) bool { opts = append(opts, q.String()); return true })
				all = append(all, fmt.Sprint(sortedUnique(opts)))
			})
			if k == 0 {
				first = all
			} else if fmt.Sprint(all) != fmt.Sprint(first) {
				t.Errorf("%q and %q differ", cliffSpellings[g[0]].move, cliffSpellings[i].move)
			}
		}
	}
}

func sortedUnique(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}
