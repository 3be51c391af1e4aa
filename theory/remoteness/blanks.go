package remoteness

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// blankR lists, per section, the rows whose tables print an R column but
// leave the row's cell empty (tables holds them with r = 0, as rows of a
// column without R). The table claims check these rows as minimal
// exceptions only; the claims below say the cell is empty and give the
// value.
var blankR = map[string][]string{
	"2.12": {"(13,17,19,20,20,21+)"}, // x1 = 13, n = 6, second column: its last R cell is empty
}

// blankClaims are, for each section with an empty R cell, the printed
// R column (fails where the cell is empty) and its completion.
func blankClaims() []*theory.Claim {
	var out []*theory.Claim
	for _, sec := range sections {
		blanks := blankR[sec]
		if len(blanks) == 0 {
			continue
		}
		id := "003/table-" + sec + ".r"
		var rows []row
		for _, w := range tables[sec] {
			if w.r > 0 || slices.Contains(blanks, w.String()) {
				rows = append(rows, w)
			}
		}
		printed := &theory.Claim{
			ID: id, Paper: "003", Ref: "§" + sec + " tables, R column",
			Statement: fmt.Sprintf("The R column of §%s gives R⁻ of each of its %d rows", sec, len(rows)),
			Note: "The column's cell is empty for " + strings.Join(blanks, ", ") + ": printed without its R, which " +
				"003/table-" + sec + " therefore checks only as a minimal exception.",
			Family: "slow-exact", Quantity: grundy.QProperty, Support: theory.Table,
			Applies:  nk(3),
			Property: property(func(x grundy.Position, rm lookup) theory.Verdict { return rColumn(rows, blanks, x, rm) }),
			Diagnose: func(res *theory.Result) string { return diagnoseBlanks(sec, res) },
			Checks:   tableBoxes(rows),
		}
		filled := slices.Clone(rows)
		var changes []string
		for i, w := range filled {
			if slices.Contains(blanks, w.String()) {
				filled[i].r = filledR[sec+" "+w.String()]
				changes = append(changes, fmt.Sprintf("%s gets R %d", w, filled[i].r))
			}
		}
		cor := &theory.Claim{
			ID: id + ".corrected", Paper: "003", Ref: printed.Ref,
			Statement: fmt.Sprintf("The R column of §%s, its empty cells filled, gives R⁻ of each of its %d rows", sec, len(rows)),
			Corrects:  id, Change: strings.Join(changes, ", ") + " (§2.3's law f(x(n−1)) + 1, and what exhaustive search gives)",
			Family: "slow-exact", Quantity: grundy.QProperty, Support: theory.Correction,
			Applies:  nk(3),
			Property: property(func(x grundy.Position, rm lookup) theory.Verdict { return rColumn(filled, nil, x, rm) }),
			Checks:   tableBoxes(filled),
		}
		out = append(out, printed, cor)
	}
	return out
}

// filledR is the R grundy computes for each empty cell of blankR.
var filledR = map[string]int{"2.12 (13,17,19,20,20,21+)": 21}

// rColumn checks the printed R of the rows x matches; a row in blanks has
// none printed.
func rColumn(rows []row, blanks []string, x grundy.Position, rm lookup) theory.Verdict {
	for _, w := range rows {
		if !w.matches(x) {
			continue
		}
		rx, _ := rm.R(x)
		if slices.Contains(blanks, w.String()) {
			return theory.Fails("row "+w.String()+": R cell empty", "R (empty)", fmt.Sprintf("R⁻=%d", rx))
		}
		if rx != w.r {
			return theory.Fails(fmt.Sprintf("row %s: printed R %d, R⁻ is %d", w, w.r, rx), fmt.Sprintf("R⁻=%d", w.r), fmt.Sprintf("R⁻=%d", rx))
		}
		return theory.Holds()
	}
	return skip()
}

func diagnoseBlanks(sec string, res *theory.Result) string {
	var parts []string
	for _, f := range res.Failures {
		w, ok := strings.CutSuffix(f.Kind, ": R cell empty")
		if !ok {
			return ""
		}
		w = strings.TrimPrefix(w, "row ")
		parts = append(parts, fmt.Sprintf("row %s of §%s is printed without its R; exhaustive search gives %s at every last pile "+
			"in the box (%d positions): the row is %s with R %s", w, sec, f.Smallest.Computed, f.Count, w,
			strings.TrimPrefix(f.Smallest.Computed, "R⁻=")))
	}
	return strings.Join(parts, "; ")
}
