package remoteness

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// A row is one printed exception: x, with "+" if its last pile may be any
// larger number, and the printed R (0: none printed).
type row struct {
	x    []int
	plus bool
	r    int
}

func (w row) String() string {
	s := grundy.Position(w.x).String()
	if w.plus {
		s += "+"
	}
	return "(" + s + ")"
}

// matches reports whether x is the row (any last pile ≥ the printed one
// for a "+" row).
func (w row) matches(x grundy.Position) bool {
	n := len(w.x)
	if len(x) != n || !slices.Equal(x[:n-1], w.x[:n-1]) {
		return false
	}
	return x[n-1] == w.x[n-1] || w.plus && x[n-1] > w.x[n-1]
}

// sections are the subsections of §2 with printed tables.
var sections = []string{"2.6", "2.7", "2.8", "2.9", "2.10", "2.11", "2.12", "2.13", "2.14"}

// A rowIndex lists rows by pile count and first pile, in printed order:
// a table's check asks at every position of its boxes which rows it is.
type rowIndex [][][]row

func indexRows(rows []row) rowIndex {
	var ix rowIndex
	for _, w := range rows {
		n, a := len(w.x), w.x[0]
		for len(ix) <= n {
			ix = append(ix, nil)
		}
		for len(ix[n]) <= a {
			ix[n] = append(ix[n], nil)
		}
		ix[n][a] = append(ix[n][a], w)
	}
	return ix
}

// at lists the rows that may match x: those of its pile count and x1.
func (ix rowIndex) at(x grundy.Position) []row {
	if len(x) >= len(ix) || len(x) == 0 || x[0] >= len(ix[len(x)]) {
		return nil
	}
	return ix[len(x)][x[0]]
}

// tableBoxes has one box per pile count of the rows, reaching two past
// the largest printed entry so every row and two of its "+" values are in.
func tableBoxes(rows []row) []theory.Instance {
	top := map[int]int{}
	for _, w := range rows {
		n := len(w.x)
		top[n] = max(top[n], w.x[n-1]+2)
	}
	return boxes(3, 9, top)
}

// rowVerdict checks position x against the rows it matches: a printed row
// must be a minimal exception, with the printed R⁻ where one is printed.
func rowVerdict(rows rowIndex, x grundy.Position, rm lookup) theory.Verdict {
	applies := false
	for _, w := range rows.at(x) {
		if !w.matches(x) {
			continue
		}
		applies = true
		exc, rx, ry := isException(rm, x)
		switch {
		case !exc:
			return theory.Fails("row "+w.String()+": no exception", "exception",
				fmt.Sprintf("no exception: R⁻ %d, M-move to R⁻ %d", rx, ry))
		case w.r > 0 && rx != w.r:
			return theory.Fails(fmt.Sprintf("row %s: printed R %d, R⁻ is %d", w, w.r, rx), fmt.Sprintf("R⁻=%d", w.r), fmt.Sprintf("R⁻=%d", rx))
		}
		if n := exceptionalPrefix(rm, x); n > 0 {
			return theory.Fails("row "+w.String()+": not minimal", "minimal exception", "prefix "+show(x[:n])+" is an exception")
		}
	}
	if !applies {
		return skip()
	}
	return theory.Holds()
}

func tableClaim(sec string) *theory.Claim {
	rows := tables[sec]
	ix := indexRows(rows)
	hasR := slices.ContainsFunc(rows, func(w row) bool { return w.r > 0 })
	note := "Each printed row x (\"y+\": every last pile ≥ y in the box) must be a minimal exception (§2.2: the tables list only those)"
	switch {
	case len(blankR[sec]) > 0:
		note += ", with R⁻(x) as printed where the table prints R; the R cell of " + strings.Join(blankR[sec], ", ") +
			" is empty (see 003/table-" + sec + ".r)."
	case hasR:
		note += ", with R⁻(x) as printed where the table prints R."
	default:
		note += "; this table prints no R."
	}
	return &theory.Claim{
		ID: "003/table-" + sec, Paper: "003", Ref: "§" + sec + " tables",
		Statement: fmt.Sprintf("The %d rows printed in §%s are minimal exceptions, with their printed R", len(rows), sec),
		Note:      note,
		Family:    "slow-exact", Quantity: grundy.QProperty, Support: theory.Table,
		Applies: nk(3),
		Property: sparseProperty(func(x grundy.Position, rm lookup) theory.Verdict {
			return rowVerdict(ix, x, rm)
		}),
		Diagnose: func(res *theory.Result) string { return diagnoseRows(sec, rows, res) },
		Checks:   tableBoxes(rows),
	}
}

// correctedTableClaim is the table of §sec with its misprinted rows
// replaced by their corrections, or nil if none is misprinted.
func correctedTableClaim(sec string) *theory.Claim {
	var rows []row
	var changes []string
	for _, w := range tables[sec] {
		if c, ok := corrections[sec+" "+w.String()]; ok {
			changes = append(changes, w.String()+" → "+c.String())
			w = c
		}
		rows = append(rows, w)
	}
	if len(changes) == 0 {
		return nil
	}
	ix := indexRows(rows)
	id := "003/table-" + sec
	return &theory.Claim{
		ID: id + ".corrected", Paper: "003", Ref: "§" + sec + " tables",
		Statement: fmt.Sprintf("The %d rows of §%s, the misprinted ones corrected, are minimal exceptions, with their printed R", len(rows), sec),
		Corrects:  id,
		Change:    "rows " + strings.Join(changes, ", ") + ": in each one entry (a pile) changed, added or dropped, continuing its column",
		Family:    "slow-exact", Quantity: grundy.QProperty, Support: theory.Correction,
		Applies: nk(3),
		Property: sparseProperty(func(x grundy.Position, rm lookup) theory.Verdict {
			return rowVerdict(ix, x, rm)
		}),
		Checks: tableBoxes(rows),
	}
}

// diagnoseRows names, for each failing row, the wrong entry and the row
// that is a minimal exception in its place.
func diagnoseRows(sec string, rows []row, res *theory.Result) string {
	var parts []string
	for _, f := range res.Failures {
		for _, w := range rows {
			if !strings.HasPrefix(f.Kind, "row "+w.String()+":") {
				continue
			}
			parts = append(parts, diagnoseRow(rows, w, f))
			break
		}
	}
	if len(parts) == 0 {
		return ""
	}
	more := ""
	if res.MoreKinds > 0 {
		more = fmt.Sprintf(" (and %d more failing rows)", res.MoreKinds)
	}
	return "misprinted rows of §" + sec + ": " + strings.Join(parts, "; ") + more
}

func diagnoseRow(rows []row, w row, f theory.Failure) string {
	what := strings.TrimPrefix(f.Kind, "row "+w.String()+": ")
	if strings.HasPrefix(what, "printed R") {
		return fmt.Sprintf("%s: the R column is wrong (%s); corrected row %s with R %s", w, what, w,
			strings.TrimPrefix(f.Smallest.Computed, "R⁻="))
	}
	if what == "not minimal" {
		return fmt.Sprintf("%s is an exception but not minimal (%s): it should not be listed", w, f.Smallest.Computed)
	}
	fixes := correctedRows(rows, w)
	if len(fixes) == 0 {
		return fmt.Sprintf("%s is no exception at (%s) and no row one entry away is a minimal exception", w, f.Smallest.Pos)
	}
	return fmt.Sprintf("%s is no exception at (%s); %s", w, f.Smallest.Pos, strings.Join(fixes, ", or "))
}

// A fix is a row one entry away from a printed one.
type fix struct {
	x     row
	delta int
	what  string
}

// correctedRows lists the rows one entry away from w (one entry changed
// by at most 4, or one entry repeated or dropped) that are minimal
// exceptions with w's printed R and,
// for a "+" row, stay exceptions for two more last piles.
func correctedRows(rows []row, w row) []string {
	// Rounded, so that the rows of a table share their boxes.
	top := (slices.Max(w.x) + 8 + 7) / 8 * 8
	rm := tableLookup(top)
	printed := map[string]bool{}
	for _, v := range rows {
		printed[v.String()] = true
	}
	var cands []fix
	n := len(w.x)
	for j := range n {
		for d := -4; d <= 4; d++ {
			if d == 0 {
				continue
			}
			y := slices.Clone(w.x)
			y[j] += d
			if y[j] < 0 || !slices.IsSorted(y) {
				continue
			}
			cands = append(cands, fix{row{y, w.plus, w.r}, abs(d), fmt.Sprintf("x%d printed %d, is %d", j+1, w.x[j], y[j])})
		}
		ins := slices.Insert(slices.Clone(w.x), j, w.x[j])
		cands = append(cands, fix{row{ins, w.plus, w.r}, 1, fmt.Sprintf("a pile %d is missing (n = %d, not %d)", w.x[j], n+1, n)})
		if n > 3 {
			del := slices.Delete(slices.Clone(w.x), j, j+1)
			cands = append(cands, fix{row{del, w.plus, w.r}, 1, fmt.Sprintf("pile x%d = %d is one too many (n = %d, not %d)", j+1, w.x[j], n-1, n)})
		}
	}
	// A column of a table has one x1 and one n: keep to the row's x1 and
	// to the n its column's other rows have.
	lens := map[int]int{}
	for _, v := range rows {
		if v.x[0] == w.x[0] {
			lens[len(v.x)]++
		}
	}
	want := n
	for l, c := range lens {
		if c > lens[want] {
			want = l
		}
	}
	cands = slices.DeleteFunc(cands, func(c fix) bool { return c.x.x[0] != w.x[0] || len(c.x.x) != want })
	slices.SortStableFunc(cands, func(a, b fix) int { return a.delta - b.delta })
	var good []fix
	seen := map[string]bool{}
	for _, c := range cands {
		s := c.x.String()
		if seen[s] || s == w.String() {
			continue
		}
		seen[s] = true
		// A "+" row is subsumed by one with the same first piles and a
		// smaller last pile.
		if slices.ContainsFunc(good, func(g fix) bool {
			k := len(g.x.x) - 1
			return g.x.plus && len(c.x.x) == k+1 && slices.Equal(g.x.x[:k], c.x.x[:k]) && g.x.x[k] < c.x.x[k]
		}) {
			continue
		}
		if rowHolds(c.x, rm) {
			good = append(good, c)
		}
	}
	// The rows of a column step by (0, 2, …, 2) two rows apart (x2 = x1 +
	// 2i): prefer the candidates that continue a column of printed rows.
	best := slices.MinFunc(append(good, fix{}), func(a, b fix) int { return columnRank(a.x, printed) - columnRank(b.x, printed) })
	if r := columnRank(best.x, printed); r < 3 {
		good = slices.DeleteFunc(good, func(c fix) bool { return columnRank(c.x, printed) > r })
	}
	var out []string
	for _, c := range good {
		also := ""
		if printed[c.x.String()] {
			also = " (printed too in another column)"
		}
		out = append(out, fmt.Sprintf("%s: corrected row %s%s", c.what, c.x, also))
	}
	return out
}

// columnRank is 1 if a printed row is one step of (0, 2, …, 2) away from
// w, 2 if only two steps are (two misprints may sit in one column), 3 if
// neither.
func columnRank(w row, printed map[string]bool) int {
	if len(w.x) == 0 {
		return 3
	}
	for rank, ds := range [][]int{{-2, 2}, {-4, 4}} {
		for _, d := range ds {
			if printed[step(w, d).String()] {
				return rank + 1
			}
		}
	}
	return 3
}

// step adds d to every pile of w but the first.
func step(w row, d int) row {
	y := slices.Clone(w.x)
	for i := 1; i < len(y); i++ {
		y[i] += d
	}
	return row{y, w.plus, w.r}
}

// rowHolds reports whether row w is a minimal exception with its printed R
// (at its last pile and, for a "+" row, the next two).
func rowHolds(w row, rm lookup) bool {
	tails := 1
	if w.plus {
		tails = 3
	}
	for t := range tails {
		x := grundy.Position(slices.Clone(w.x))
		x[len(x)-1] += t
		exc, rx, _ := isException(rm, x)
		if !exc || w.r > 0 && rx != w.r || exceptionalPrefix(rm, x) != 0 {
			return false
		}
	}
	return true
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}
