package remoteness

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

// long runs every claim on its full default boxes, as `grundy check 003`
// does (minutes: the catalogue reaches eight piles ≤ 24).
var long = flag.Bool("long", false, "check every claim of paper 003 on its full default boxes")

// shortCap bounds each pile count's box in the default test run.
var shortCap = map[int]int{2: 30, 3: 30, 4: 20, 5: 16, 6: 13, 7: 12, 8: 11}

// findings are the printed claims of paper 003 that fail, each with its
// smallest counterexample in the default test boxes (and, where the
// claim's Refuted is set, in its own boxes too).
var findings = map[string]string{ // printed claims and readings; tables in TestTableFindings
	"003/prop-1.moves":            "1,2,3,4",
	"003/sec-2.3.gap":             "1,1,3",
	"003/sec-2.9.r":               "3,3,3,4",
	"003/sec-2.10.r":              "5,5,6,8",
	"003/sec-2.10.r.reading-f2.3": "5,5,6,7",
	"003/sec-2.11":                "9,9,9,10,11",
	"003/sec-2.11.r":              "7,7,10,12",
	"003/sec-2.11.r.reading-f2.3": "7,7,10,11",
	"003/sec-2.11b":               "9,9,9,12,13",
}

// shortChecks caps c's boxes for the default test run; it keeps a table
// claim's own boxes up to seven piles (its rows must be in).
func shortChecks(c *theory.Claim) []theory.Instance {
	if *long {
		return c.Checks
	}
	var out []theory.Instance
	for _, in := range c.Checks {
		if cp, ok := shortCap[in.Piles]; ok && in.Max > cp {
			in.Max = cp
		}
		out = append(out, in)
	}
	return out
}

// TestChecks runs every claim of paper 003: a printed claim in findings
// fails there with that smallest counterexample, every other passes, and
// no claim checks nothing. With -long every instance must check some
// position.
func TestChecks(t *testing.T) {
	for _, c := range Claims() {
		if !*long && c.Support == theory.Table {
			continue // TestTableRows and TestTableFindings cover the rows cheaply
		}
		if !*long && c.ID == "003/sec-2.catalogue" {
			continue // TestCatalogue
		}
		cc := *c
		cc.Checks = shortChecks(c)
		res, err := theory.Check(context.Background(), &cc, theory.CheckOptions{})
		if err != nil {
			t.Fatalf("Check(%s): %v", c.ID, err)
		}
		if res.Checked == 0 {
			t.Errorf("%s checked no position", c.ID)
		}
		if *long {
			for _, in := range res.Instances {
				if in.Checked == 0 {
					t.Errorf("%s: box %s checked no position", c.ID, in.Box)
				}
			}
		}
		want, bad := findings[c.ID]
		switch {
		case bad && (res.Status != theory.Fail || res.Counterexamples[0].Pos != want):
			t.Errorf("%s = %s %v, want its finding at (%s)", c.ID, res.Status, res.Counterexamples, want)
		case !bad && res.Status != theory.Pass:
			t.Errorf("%s = %s: %s", c.ID, res.Status, res.Verdict)
		}
		if c.Refuted != "" && c.Refuted != want {
			t.Errorf("%s is marked refuted at (%s), its finding is (%s)", c.ID, c.Refuted, want)
		}
		if bad && c.Refuted == "" {
			t.Errorf("%s fails at (%s) but its Refuted is not set", c.ID, want)
		}
	}
}

// TestTableRowsInBoxes: every printed row, with two values of its "+",
// lies in a box of its table's claim.
func TestTableRowsInBoxes(t *testing.T) {
	for _, sec := range sections {
		c := tableClaim(sec)
		for _, w := range tables[sec] {
			n := len(w.x)
			if !slices.ContainsFunc(c.Checks, func(in theory.Instance) bool {
				return in.Piles == n && in.Max >= w.x[n-1]+2
			}) {
				t.Errorf("row %s of §%s lies outside the boxes %v", w, sec, c.Checks)
			}
		}
	}
}

// searchLookup gives R⁻ by single-position search from each queried
// position: no box, so the rows far out cost little.
func searchLookup(t *testing.T) lookup {
	memo := map[string]int{}
	return func(x grundy.Position) (int, bool) {
		key := fmt.Sprint(len(x), x)
		if v, ok := memo[key]; ok {
			return v, true
		}
		s, err := solve.Search{Ruleset: mustParse(game(len(x)))}.Solve(context.Background(), x)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := s.Values(x)
		memo[key] = v.Rm
		return v.Rm, true
	}
}

// tableFindings are the misprinted rows: the row as printed, the smallest
// position where it fails, and the corrected row (one entry changed,
// continuing its column of the table).
var tableFindings = []struct {
	sec              string
	printed, at, fix row
}{
	{"2.7", row{x: []int{11, 11, 19, 19, 20}}, row{x: []int{11, 11, 19, 19, 20}}, row{x: []int{11, 13, 19, 19, 20}}},
	{"2.8", row{x: []int{13, 13, 13, 14, 15}, plus: true}, row{x: []int{13, 13, 13, 14, 15}}, row{x: []int{13, 13, 13, 13, 14, 15}, plus: true}},
	{"2.8", row{x: []int{11, 13, 13, 15, 16, 16}, plus: true}, row{x: []int{11, 13, 13, 15, 16, 16}}, row{x: []int{11, 13, 13, 15, 15, 16}, plus: true}},
	{"2.8", row{x: []int{13, 17, 18, 20, 20, 21}, plus: true}, row{x: []int{13, 17, 18, 20, 20, 21}}, row{x: []int{13, 17, 19, 20, 20, 21}, plus: true}},
	{"2.8", row{x: []int{15, 19, 19, 22, 22, 22}, plus: true}, row{x: []int{15, 19, 19, 22, 22, 22}}, row{x: []int{15, 19, 19, 22, 22, 23}, plus: true}},
	{"2.8", row{x: []int{15, 19, 21, 24, 24, 25}, plus: true}, row{x: []int{15, 19, 21, 24, 24, 25}}, row{x: []int{15, 19, 23, 24, 24, 25}, plus: true}},
	{"2.8", row{x: []int{17, 19, 25, 27, 28, 28}, plus: true}, row{x: []int{17, 19, 25, 27, 28, 28}}, row{x: []int{17, 19, 25, 27, 27, 28}, plus: true}},
	{"2.8", row{x: []int{19, 21, 21, 26, 27, 27}, plus: true}, row{x: []int{19, 21, 21, 26, 27, 27}}, row{x: []int{19, 21, 21, 26, 26, 27}, plus: true}},
	{"2.8", row{x: []int{19, 23, 23, 28, 29, 29}, plus: true}, row{x: []int{19, 23, 23, 28, 29, 29}}, row{x: []int{19, 23, 23, 28, 28, 29}, plus: true}},
	{"2.13", row{x: []int{15, 17, 23, 23, 23, 24}, plus: true}, row{x: []int{15, 17, 23, 23, 23, 24}}, row{x: []int{15, 15, 23, 23, 23, 24}, plus: true}},
	{"2.13", row{x: []int{15, 19, 25, 25, 25, 26}, plus: true}, row{x: []int{15, 19, 25, 25, 25, 26}}, row{x: []int{15, 17, 25, 25, 25, 26}, plus: true}},
	{"2.9", row{x: []int{9, 9, 9, 9, 9, 10}, plus: true, r: 11}, row{x: []int{9, 9, 9, 9, 9, 10}}, row{x: []int{9, 9, 9, 9, 9, 9, 10}, plus: true, r: 11}},
	{"2.9", row{x: []int{9, 13, 13, 13, 13, 14}, plus: true, r: 15}, row{x: []int{9, 13, 13, 13, 13, 14}}, row{x: []int{9, 13, 13, 13, 13, 13, 14}, plus: true, r: 15}},
}

// TestTableFindings checks each misprinted row by single-position search:
// it is printed as the OCR reads it, it is no exception where the check
// reports it, and its corrected row is a minimal exception (with the
// printed R where one is printed) that continues the row's column.
func TestTableFindings(t *testing.T) {
	rm := searchLookup(t)
	for _, f := range tableFindings {
		if !slices.ContainsFunc(tables[f.sec], func(w row) bool { return w.String() == f.printed.String() && w.r == f.printed.r }) {
			t.Errorf("§%s prints no row %s", f.sec, f.printed)
		}
		if exc, _, _ := isException(rm, f.at.x); exc || !f.printed.matches(f.at.x) {
			t.Errorf("§%s: %s is an exception at %s", f.sec, f.printed, f.at)
		}
		if !rowHolds(f.fix, rm) {
			t.Errorf("§%s: corrected row %s is no minimal exception with R %d", f.sec, f.fix, f.fix.r)
		}
		printed := map[string]bool{}
		for _, w := range tables[f.sec] {
			printed[w.String()] = true
		}
		if columnRank(f.fix, printed) > 2 {
			t.Errorf("§%s: corrected row %s continues no column", f.sec, f.fix)
		}
	}
}

// TestDiagnoseNamesTheEntry: the verdict of §2.7 names x2 and the
// corrected row, not an R⁻ the table does not print.
func TestDiagnoseNamesTheEntry(t *testing.T) {
	w := row{x: []int{11, 11, 19, 19, 20}}
	got := diagnoseRow(tables["2.7"], w, theory.Failure{Kind: "row " + w.String() + ": no exception",
		Smallest: theory.Counterexample{Pos: "11,11,19,19,20"}})
	want := "(11,11,19,19,20) is no exception at (11,11,19,19,20); x2 printed 11, is 13: corrected row (11,13,19,19,20)"
	if got != want {
		t.Errorf("diagnoseRow = %q,\nwant %q", got, want)
	}
}
