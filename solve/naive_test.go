package solve

import (
	"fmt"
	"sort"

	"github.com/grundy/grundy"
)

// naive computes values straight from the definitions, by plain recursion
// with a map keyed on the printed position, sorting nothing it need not:
// a second solver sharing no code with Search and SolveBox beyond the
// rulesets' Options.
type naive struct {
	r    grundy.Ruleset
	memo map[string]grundy.Values
}

func newNaive(r grundy.Ruleset) *naive { return &naive{r: r, memo: map[string]grundy.Values{}} }

func (nv *naive) values(p grundy.Position) grundy.Values {
	k := fmt.Sprint(p)
	if v, ok := nv.memo[k]; ok {
		return v
	}
	var followers []grundy.Values
	nv.r.Options(p, func(q grundy.Position) bool {
		followers = append(followers, nv.values(append(grundy.Position(nil), q...)))
		return true
	})
	v := naiveFrom(followers)
	nv.memo[k] = v
	return v
}

// naiveFrom is a position's values from its followers' by the
// definitions: mex for G and G⁻, Smith's rule for R and R⁻, a terminal
// position having G⁻ = R⁻ = 1.
func naiveFrom(followers []grundy.Values) grundy.Values {
	v := grundy.Values{G: 0, Gm: 1, R: 0, Rm: 1}
	if len(followers) > 0 {
		v.G = naiveMex(followers, func(f grundy.Values) int { return f.G })
		v.Gm = naiveMex(followers, func(f grundy.Values) int { return f.Gm })
		v.R = naiveRemoteness(followers, func(f grundy.Values) int { return f.R })
		v.Rm = naiveRemoteness(followers, func(f grundy.Values) int { return f.Rm })
	}
	return v
}

func naiveMex(fs []grundy.Values, get func(grundy.Values) int) int {
	set := map[int]bool{}
	for _, f := range fs {
		set[get(f)] = true
	}
	m := 0
	for set[m] {
		m++
	}
	return m
}

// naiveRemoteness is Smith's rule: win fastest through an even follower,
// else lose slowest.
func naiveRemoteness(fs []grundy.Values, get func(grundy.Values) int) int {
	var evens, odds []int
	for _, f := range fs {
		if r := get(f); r%2 == 0 {
			evens = append(evens, r)
		} else {
			odds = append(odds, r)
		}
	}
	if len(evens) > 0 {
		sort.Ints(evens)
		return evens[0] + 1
	}
	sort.Ints(odds)
	return odds[len(odds)-1] + 1
}
