package remoteness

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// catalogueX1 is the largest x1 the paper says its computations covered;
// catalogueX2 the default window of x2, which no lemma bounds (§2.9's
// family is a minimal exception for every x2 = x1 + i): for x1 = 17 it
// reaches i = 18, nine rows further down each column than the tables.
const (
	catalogueX1 = 17
	catalogueX2 = 35
)

// A cover says which printed exceptions the catalogue check accepts as
// listing a minimal exception.
type cover struct {
	fams []*family
	// columns continues every printed row down its table's column: the
	// rows of a column step by (0, 2, …, 2) per i (x2 = x1 + 2i).
	columns bool
	// corrected replaces each misprinted row by its correction.
	corrected bool
	// beside, when set, splits the unlisted exceptions the sweep names
	// into those it lists too and those it does not (the printed
	// catalogue's gaps, beside the corrected one's).
	beside *cover
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
	corrected := cover{fams: fixed, columns: true, corrected: true}
	literal := catalogueClaim("003/sec-2.catalogue", cover{fams: printed, beside: &corrected},
		"Every minimal exception with x1 ≤ 17 (three to eight piles) is listed by a printed family formula or a printed "+
			"table row (any xn > x(n−1))")
	literal.Quote = "Our computations partition all exceptions into the following three families: x1 is even, x1 = 1, and odd " +
		"x1 ≥ 3. In all three cases, we suggest formulas covering all found exceptions [...] Our computer analysis includes only " +
		"x1 = 3, 5, 7, 9, 11, 13, 15, 17."
	cols := catalogueClaim("003/sec-2.catalogue.reading-columns", cover{fams: printed, columns: true},
		"Every minimal exception with x1 ≤ 17 (three to eight piles) is listed by a printed family formula, or by a table "+
			"column continued by its step (0, 2, …, 2) per i")
	cols.ReadingOf = "003/sec-2.catalogue"
	cols.Reading = "§2.7, §2.8 and §2.12–2.14 give no formula, only five rows per column (i = 0, 1, 2), which they call " +
		"\"families\": each column read as the family it begins, x2 = x1 + 2i with every later pile + 2i"
	fix := catalogueClaim("003/sec-2.catalogue.corrected", corrected,
		"Every minimal exception with x1 ≤ 17 (three to eight piles) is listed by a family formula (§2.11's second family "+
			"with offsets +1, +2) or by a table column, the misprinted rows corrected, continued by its step (0, 2, …, 2) per i")
	fix.Support, fix.Corrects = theory.Correction, "003/sec-2.catalogue"
	fix.Change = "the families and columns as read in .reading-columns, with §2.11's second family and the misprinted rows " +
		"corrected (003/sec-2.11b.corrected, the verdicts of 003/table-2.*): what still fails is what the paper does not list"
	return []*theory.Claim{literal, cols, fix}
}

// catalogueRange says why the catalogue's search is complete and where it
// is not (region.go proves the two lemmas; TestBigPiles and
// TestRegionAgreesWithNaive test them against the plain recursion).
const catalogueRange = "Every position of n piles with x1 ≤ 17 and x2 within the window is searched, whatever its other " +
	"piles: no play lasts more than x1 + x2 moves (each move lowers one of the two smallest piles), so piles > x1 + x2 " +
	"never empty and each acts as x1 + x2 + 1 (R⁻ and the M-move unchanged), and with two such piles the prefix without " +
	"the last is an exception as well, so a minimal exception has x(n−1) ≤ x1 + x2. x2 has no such bound (§2.9's family " +
	"is a minimal exception for every x2 = x1 + i): beyond the window the search is not exhaustive."

func catalogueClaim(id string, cv cover, stmt string) *theory.Claim {
	var checks []theory.Instance
	for n := 3; n <= 8; n++ {
		checks = append(checks, theory.Instance{Game: game(n), Piles: n, Max: catalogueX2})
	}
	return &theory.Claim{
		ID: id, Paper: "003", Ref: "Abstract; §2.5; §2.6–2.14",
		Statement: stmt,
		Note: catalogueRange + " An instance's bound (the box maximum a check is given) is the x2 window. Each failure kind is one group of unlisted " +
			"minimal exceptions (x1 and n, with the sections that would list it); the verdict names every one.",
		Family: "slow-exact", Quantity: grundy.QProperty, Support: theory.Reported,
		Applies: nk(3),
		Sweep: &theory.Sweep{
			Scope: func(in theory.Instance) string {
				a, w := catalogueWindow(in)
				return fmt.Sprintf("%s, %d piles with x1 ≤ %d, x2 ≤ %d and the other piles unbounded (exhaustive: piles "+
					"> x1 + x2 act as x1 + x2 + 1); not exhaustive beyond x2 = %d", in.Game, in.Piles, a, w, w)
			},
			Positions: func(in theory.Instance) uint64 {
				a, w := catalogueWindow(in)
				var size uint64
				for j := 2; j <= in.Piles; j++ {
					size += regionSize(j, a, w)
				}
				return size
			},
			Run: func(ctx context.Context, in theory.Instance, lim theory.SweepLimits,
				visit func(grundy.Position, theory.Verdict)) (string, error) {
				return sweepCatalogue(ctx, cv, in, lim, visit)
			},
		},
		Diagnose: diagnoseCatalogue,
		Checks:   checks,
	}
}

// catalogueWindow is the x1 and x2 bounds of instance in: x2 ≤ its Max,
// x1 ≤ 17 (and ≤ x2).
func catalogueWindow(in theory.Instance) (a, w int) {
	w = min(max(in.Max, 0), maxRegionSum-catalogueX1)
	return min(catalogueX1, w), w
}

// sweepCatalogue visits every position of the region of in: at a minimal
// exception, whether cv lists it. Its detail names every unlisted one.
func sweepCatalogue(ctx context.Context, cv cover, in theory.Instance, lim theory.SweepLimits,
	visit func(grundy.Position, theory.Verdict)) (string, error) {
	a, w := catalogueWindow(in)
	n := in.Piles
	if err := regionFits(n, a, w, lim); err != nil {
		return "", err
	}
	g, err := regionOf(ctx, n, a, w, lim.Progress)
	if err != nil {
		return "", err
	}
	var unlisted, besideListed []grundy.Position
	for x1 := 0; x1 <= g.a; x1++ {
		for x2 := x1; x2 <= g.w; x2++ {
			g.block(x1, x2, func(x []int, r uint64) {
				if !g.minimal(r) || cv.covered(x) {
					visit(x, theory.Holds())
					return
				}
				p := grundy.Position(slices.Clone(x))
				if cv.beside != nil && cv.beside.covered(p) {
					besideListed = append(besideListed, p)
				} else {
					unlisted = append(unlisted, p)
				}
				visit(p, theory.Fails(group(p)+": minimal exceptions not listed", "listed",
					fmt.Sprintf("unlisted minimal exception, R⁻=%d", g.rm[r])))
			})
		}
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if cv.beside == nil {
		return nameUnlisted(unlisted, w), nil
	}
	var parts []string
	if len(unlisted) > 0 {
		parts = append(parts, "listed by no continued column nor corrected row or family either: "+nameUnlisted(unlisted, w))
	}
	if len(besideListed) > 0 {
		parts = append(parts, "listed only by a continued column or a corrected row or family (003/sec-2.catalogue.corrected): "+
			nameUnlisted(besideListed, w))
	}
	return strings.Join(parts, "; "), nil
}

func diagnoseCatalogue(res *theory.Result) string {
	details := res.SweepDetails()
	if len(details) == 0 {
		return ""
	}
	return "every unlisted minimal exception in the range searched. " + catalogueRange + " Each row is written with the " +
		"least xn of its first n − 1 piles and \"+\" where every larger xn is one too; \"R i = 0…k\" is the column of R " +
		"moved by (0, 2i, …, 2i), i = 0, …, k, \"(to the window)\" where the column reaches x2's bound: " +
		strings.Join(details, "; ")
}

// A listedRow is one prefix (x1, …, x(n−1)) of unlisted minimal
// exceptions, with the last piles xn it takes (clamped: x1 + x2 + 1
// stands for every larger xn).
type listedRow struct {
	pre grundy.Position
	xn  []int
}

// plusFrom is y when the row's xn are exactly y, y + 1, …, x1 + x2 + 1
// (every xn ≥ y), else −1.
func (w listedRow) plusFrom() int {
	top := w.pre[0] + w.pre[1] + 1
	if w.xn[len(w.xn)-1] != top || w.xn[len(w.xn)-1]-w.xn[0] != len(w.xn)-1 {
		return -1
	}
	return w.xn[0]
}

func (w listedRow) String() string {
	if y := w.plusFrom(); y >= 0 {
		return fmt.Sprintf("(%s,%d+)", w.pre, y)
	}
	top := w.pre[0] + w.pre[1] + 1
	var vs []string
	for _, v := range w.xn {
		if v == top {
			vs = append(vs, fmt.Sprintf("%d+", v))
		} else {
			vs = append(vs, fmt.Sprint(v))
		}
	}
	return fmt.Sprintf("(%s, xn ∈ {%s})", w.pre, strings.Join(vs, ", "))
}

// nameUnlisted words every unlisted minimal exception of one pile count:
// by x1 (with the sections that would list it), each row by its first
// n − 1 piles with the xn it takes, rows that continue one another by
// (0, 2, …, 2), as the paper's columns do, joined into one column
// "i = 0…k". w is the x2 window, where a column may be cut.
func nameUnlisted(unlisted []grundy.Position, w int) string {
	if len(unlisted) == 0 {
		return ""
	}
	n := len(unlisted[0])
	byPre := map[string]*listedRow{}
	var rows []*listedRow
	for _, x := range unlisted {
		key := x[:n-1].String()
		r := byPre[key]
		if r == nil {
			r = &listedRow{pre: x[:n-1]}
			byPre[key] = r
			rows = append(rows, r)
		}
		r.xn = append(r.xn, x[n-1])
	}
	for _, r := range rows {
		slices.Sort(r.xn)
	}
	slices.SortFunc(rows, func(a, b *listedRow) int { return slices.Compare(a.pre, b.pre) })
	// step is r's prefix moved down its column by one row.
	step := func(p grundy.Position) string {
		q := slices.Clone(p)
		for i := 1; i < len(q); i++ {
			q[i] += 2
		}
		return q.String()
	}
	used := map[*listedRow]bool{}
	var groups []string
	var heads []string
	byGroup := map[string][]string{}
	for _, r := range rows {
		if used[r] {
			continue
		}
		used[r] = true
		k, last := 0, r
		for y := r.plusFrom(); y >= 0; {
			next := byPre[step(last.pre)]
			if next == nil || used[next] || next.plusFrom() != y+2*(k+1) {
				break
			}
			used[next] = true
			k, last = k+1, next
		}
		text := r.String()
		if k > 0 {
			text += fmt.Sprintf(" i = 0…%d", k)
			if last.pre[1]+2 > w {
				text += " (to the window)"
			}
		}
		head := group(append(slices.Clone(r.pre), r.pre[n-2]+1))
		if _, ok := byGroup[head]; !ok {
			heads = append(heads, head)
		}
		byGroup[head] = append(byGroup[head], text)
	}
	for _, h := range heads {
		groups = append(groups, h+": "+strings.Join(byGroup[h], ", "))
	}
	return fmt.Sprintf("%d piles, %d positions (clamped) in %d rows: %s", n, len(unlisted), len(rows), strings.Join(groups, "; "))
}
