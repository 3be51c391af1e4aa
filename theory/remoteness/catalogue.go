package remoteness

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// catalogueX1 is the largest x1 the paper says its computations covered.
const catalogueX1 = 17

// covered reports whether minimal exception x is what a printed family
// (as printed) or a printed row of any table lists, the last pile taken
// as x(n−1) + 1 (every row and family holds for all xn > x(n−1), as
// §2.3's [xn-monotone] says and the "+" of the tables shows).
func covered(fams []*family, x grundy.Position) bool {
	m := len(x)
	if x[m-1] <= x[m-2] {
		return false
	}
	least := slices.Clone(x)
	least[m-1] = x[m-2] + 1
	for _, f := range fams {
		if n, in := f.inFamily(least); in && n == m {
			return true
		}
		if n, in := f.inFamily(x); in && n == m {
			return true
		}
	}
	for _, sec := range sections {
		for _, w := range tables[sec] {
			if w.matches(least) || w.matches(x) {
				return true
			}
		}
	}
	return false
}

// group names the place the paper would list minimal exception x: §2.4
// (even x1), §2.5 (x1 = 1), and for odd x1 ≥ 3 the sections by n (§2.6–
// 2.8) and by n − (x1+1)/2 (§2.9–2.14).
func group(x grundy.Position) string {
	a, n := x[0], len(x)
	switch {
	case a%2 == 0:
		return fmt.Sprintf("even x1 = %d, n = %d (§2.4)", a, n)
	case a == 1:
		return fmt.Sprintf("x1 = 1, n = %d (§2.5)", n)
	}
	var secs []string
	if n >= 4 && n <= 6 {
		secs = append(secs, fmt.Sprintf("§2.%d", n+2))
	}
	if d := n - half(a); d >= -3 && d <= 2 {
		secs = append(secs, fmt.Sprintf("§2.%d", 11-d))
	}
	where := "no section"
	if len(secs) > 0 {
		where = strings.Join(secs, ", ")
	}
	return fmt.Sprintf("odd x1 = %d, n = %d (%s)", a, n, where)
}

func catalogueClaim() *theory.Claim {
	fams := families()
	return &theory.Claim{
		ID: "003/sec-2.catalogue", Paper: "003", Ref: "Abstract; §2.5; §2.6–2.14",
		Statement: fmt.Sprintf("Every minimal exception with x1 ≤ %d (up to eight piles) is listed by a printed family or a printed "+
			"table row (with xn > x(n−1) any)", catalogueX1),
		Quote: "Our computations partition all exceptions into the following three families: x1 is even, x1 = 1, and odd x1 ≥ 3. " +
			"In all three cases, we suggest formulas covering all found exceptions [...] Our computer analysis includes only " +
			"x1 = 3, 5, 7, 9, 11, 13, 15, 17.",
		Note: "Checked on every position with x1 ≤ 17 of the boxes; a failure kind is one group of uncovered minimal " +
			"exceptions (x1 and n, with the section that would list it), with its smallest member. Families are taken as " +
			"printed (§2.11's second family with its printed offsets), rows as printed.",
		Family: "slow-exact", Quantity: theory.QProperty, Support: theory.Reported,
		Applies: nk(3),
		Property: property(func(x grundy.Position, rm lookup) theory.Verdict {
			if x[0] > catalogueX1 {
				return skip()
			}
			if !minimalException(rm, x) {
				return theory.Holds()
			}
			if covered(fams, x) {
				return theory.Holds()
			}
			rx, _ := rm(x)
			return theory.Fails(group(x)+": minimal exceptions no printed family or row lists", "listed",
				fmt.Sprintf("unlisted minimal exception, R⁻=%d", rx))
		}),
		Diagnose: func(res *theory.Result) string {
			var parts []string
			for _, f := range res.Failures {
				parts = append(parts, fmt.Sprintf("%s: %d positions, smallest (%s)", strings.SplitN(f.Kind, ":", 2)[0], f.Count, f.Smallest.Pos))
			}
			more := ""
			if res.MoreKinds > 0 {
				more = fmt.Sprintf("; and %d more groups", res.MoreKinds)
			}
			return "the catalogue is incomplete in the box: " + strings.Join(parts, "; ") + more
		},
		Checks: boxes(3, 8, paperRange),
	}
}
