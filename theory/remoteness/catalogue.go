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

// A cover says which printed exceptions the catalogue check accepts as
// listing a minimal exception.
type cover struct {
	fams []*family
	// columns continues every printed row down its table's column: the
	// rows of a column step by (0, 2, …, 2) per i (x2 = x1 + 2i).
	columns bool
	// corrected replaces each misprinted row by its correction.
	corrected bool
}

// covered reports whether minimal exception x is listed, its last pile
// taken at x(n−1) + 1 (every row and family holds for all xn > x(n−1), as
// §2.3's [xn-monotone] says and the "+" of the tables shows).
func (cv cover) covered(x grundy.Position) bool {
	m := len(x)
	if x[m-1] <= x[m-2] {
		return false
	}
	least := slices.Clone(x)
	least[m-1] = x[m-2] + 1
	for _, f := range cv.fams {
		if n, in := f.inFamily(least); in && n == m {
			return true
		}
	}
	for _, sec := range sections {
		for _, w := range tables[sec] {
			if cv.corrected {
				if c, ok := corrections[sec+" "+w.String()]; ok {
					w = c
				}
			}
			if cv.lists(w, least) {
				return true
			}
		}
	}
	return false
}

// lists reports whether row w, or (with columns) a row further down its
// column, is x at its least last pile.
func (cv cover) lists(w row, x grundy.Position) bool {
	n := len(w.x)
	if len(x) != n || x[0] != w.x[0] {
		return false
	}
	least := row{x: slices.Clone(w.x)}
	least.x[n-1] = w.x[n-2] + 1
	if !cv.columns {
		return slices.Equal(least.x, x)
	}
	d := x[1] - least.x[1]
	if d < 0 || d%2 != 0 {
		return false
	}
	for i := 1; i < n; i++ {
		if x[i] != least.x[i]+d {
			return false
		}
	}
	return true
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

func catalogueClaims() []*theory.Claim {
	printed := families()
	var fixed []*family
	for _, f := range printed {
		if f.sec == "2.11b" {
			f = family211b(1)
		}
		fixed = append(fixed, f)
	}
	literal := catalogueClaim("003/sec-2.catalogue", cover{fams: printed},
		"Every minimal exception with x1 ≤ 17 (up to eight piles) is listed by a printed family formula or a printed table "+
			"row (any xn > x(n−1))")
	literal.Quote = "Our computations partition all exceptions into the following three families: x1 is even, x1 = 1, and odd " +
		"x1 ≥ 3. In all three cases, we suggest formulas covering all found exceptions [...] Our computer analysis includes only " +
		"x1 = 3, 5, 7, 9, 11, 13, 15, 17."
	cols := catalogueClaim("003/sec-2.catalogue.reading-columns", cover{fams: printed, columns: true},
		"Every minimal exception with x1 ≤ 17 (up to eight piles) is listed by a printed family formula, or by a table column "+
			"continued by its step (0, 2, …, 2) per i")
	cols.ReadingOf = "003/sec-2.catalogue"
	cols.Reading = "§2.7, §2.8 and §2.12–2.14 give no formula, only five rows per column (i = 0, 1, 2), which they call " +
		"\"families\": each column read as the family it begins, x2 = x1 + 2i with every later pile + 2i"
	fix := catalogueClaim("003/sec-2.catalogue.corrected", cover{fams: fixed, columns: true, corrected: true},
		"Every minimal exception with x1 ≤ 17 (up to eight piles) is listed by a family formula (§2.11's second family with "+
			"offsets +1, +2) or by a table column, the misprinted rows corrected, continued by its step (0, 2, …, 2) per i")
	fix.Support, fix.Corrects = theory.Correction, "003/sec-2.catalogue"
	fix.Change = "the families and columns as read in .reading-columns, with §2.11's second family and the misprinted rows " +
		"corrected (003/sec-2.11b.corrected, the verdicts of 003/table-2.*): what still fails is what the paper does not list"
	return []*theory.Claim{literal, cols, fix}
}

func catalogueClaim(id string, cv cover, stmt string) *theory.Claim {
	return &theory.Claim{
		ID: id, Paper: "003", Ref: "Abstract; §2.5; §2.6–2.14",
		Statement: stmt,
		Note: "Checked at every position with x1 ≤ 17 and xn = x(n−1) + 1 of the boxes (by §2.3's [xn-monotone], checked in " +
			"003/sec-2.3.xn-monotone, an exception there stands for every larger xn). A failure kind is one group of unlisted " +
			"minimal exceptions (x1 and n, with the sections that would list it), with its count and its smallest member.",
		Family: "slow-exact", Quantity: theory.QProperty, Support: theory.Reported,
		Applies: nk(3),
		Property: property(func(x grundy.Position, rm lookup) theory.Verdict {
			m := len(x)
			if x[0] > catalogueX1 || x[m-1] != x[m-2]+1 {
				return skip()
			}
			if !minimalException(rm, x) || cv.covered(x) {
				return theory.Holds()
			}
			rx, _ := rm.R(x)
			return theory.Fails(group(x)+": minimal exceptions not listed", "listed",
				fmt.Sprintf("unlisted minimal exception, R⁻=%d", rx))
		}),
		Diagnose: func(res *theory.Result) string {
			var parts []string
			for _, f := range res.Failures {
				parts = append(parts, fmt.Sprintf("%s: %d, smallest (%s)", strings.SplitN(f.Kind, ":", 2)[0], f.Count, f.Smallest.Pos))
			}
			more := ""
			if res.MoreKinds > 0 {
				more = fmt.Sprintf("; and %d more groups", res.MoreKinds)
			}
			return "unlisted minimal exceptions (counted at xn = x(n−1) + 1) in the box: " + strings.Join(parts, "; ") + more
		},
		Checks: boxes(3, 8, paperRange),
	}
}
