package remoteness

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strings"
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
	"003/prop-1.moves":                    "1,2,3,4",
	"003/sec-2.5.moves":                   "1,2,3,4",
	"003/sec-2.4.moves":                   "2,2,2,3,4",
	"003/sec-2.10.moves":                  "5,5,6,7,8",
	"003/sec-2.11.moves":                  "7,7,10,11,12",
	"003/sec-2.8.remark":                  "11,11,11,12,12,13",
	"003/sec-2.3.gap":                     "1,1,3",
	"003/sec-2.9.r":                       "3,3,3,4",
	"003/sec-2.10.r":                      "5,5,6,8",
	"003/sec-2.10.r.reading-f2.3":         "5,5,6,7",
	"003/sec-2.11":                        "9,9,9,10,11",
	"003/sec-2.11.r":                      "7,7,10,12",
	"003/sec-2.11.r.reading-f2.3":         "7,7,10,11",
	"003/sec-2.11b":                       "9,9,9,12,13",
	"003/sec-2.9.reading-any":             "5,5,6,7,7",
	"003/sec-2.10.reading-any":            "7,7,10,11,11",
	"003/sec-2.11.reading-any":            "9,9,9,10,11",
	"003/sec-2.catalogue":                 "9,13,13,15,16",
	"003/sec-2.catalogue.reading-columns": "17,17,17,19,20,21",
	"003/sec-2.catalogue.corrected":       "17,17,17,19,20,21",
	"003/table-2.7":                       "11,11,19,19,20",
	"003/table-2.8":                       "13,13,13,14,15",
	"003/table-2.9":                       "9,9,9,9,9,10",
	"003/table-2.12.r":                    "13,17,19,20,20,21",
	"003/table-2.13":                      "15,17,23,23,23,24",
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
	// Many claims speak of the same boxes: each is solved once, as
	// grundy check solves them.
	tables := &theory.TableCache{Budget: 1 << 28}
	for _, c := range Claims() {
		if !*long && strings.HasPrefix(c.ID, "003/table-") {
			continue // TestTableRows and TestTableFindings cover the rows cheaply
		}
		if !*long && strings.HasPrefix(c.ID, "003/sec-2.catalogue") {
			continue // TestCatalogue
		}
		cc := *c
		cc.Checks = shortChecks(c)
		res, err := theory.Check(context.Background(), &cc, theory.CheckOptions{Tables: tables})
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
		case bad && (res.Status != grundy.ClaimFail || res.Counterexamples[0].Pos != want):
			t.Errorf("%s = %s %v, want its finding at (%s)", c.ID, res.Status, res.Counterexamples, want)
		case !bad && res.Status != grundy.ClaimPass:
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
	return lookup{r: func(x grundy.Position) (int, bool) {
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
	}}
}

// TestTableFindings checks each misprinted row of corrections by
// single-position search: it is printed as the OCR reads it, it is no
// exception at its printed last pile, and its corrected row is a minimal
// exception (with the printed R where one is printed) that continues the
// row's column. Thirteen rows, as the previous audit found, re-diagnosed:
// the wrong entry of each is a pile, never an R the table prints.
func TestTableFindings(t *testing.T) {
	rm := searchLookup(t)
	if len(corrections) != 13 {
		t.Errorf("%d corrected rows, want 13", len(corrections))
	}
	for key, fix := range corrections {
		sec, printed, _ := strings.Cut(key, " ")
		i := slices.IndexFunc(tables[sec], func(w row) bool { return w.String() == printed })
		if i < 0 {
			t.Errorf("§%s prints no row %s", sec, printed)
			continue
		}
		w := tables[sec][i]
		if exc, _, _ := isException(rm, w.x); exc {
			t.Errorf("§%s: %s is an exception", sec, w)
		}
		if fix.r != w.r || !rowHolds(fix, rm) {
			t.Errorf("§%s: corrected row %s is no minimal exception with the printed R %d", sec, fix, w.r)
		}
		rows := map[string]bool{}
		for _, v := range tables[sec] {
			rows[v.String()] = true
		}
		if columnRank(fix, rows) > 2 {
			t.Errorf("§%s: corrected row %s continues no column", sec, fix)
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

// TestDiagnoseAllRows (-long): the verdict on every misprinted row names
// exactly its corrected row.
func TestDiagnoseAllRows(t *testing.T) {
	if !*long {
		t.Skip("solves boxes of up to six piles ≤ 40; run with -long")
	}
	for key, fix := range corrections {
		sec, printed, _ := strings.Cut(key, " ")
		i := slices.IndexFunc(tables[sec], func(w row) bool { return w.String() == printed })
		w := tables[sec][i]
		got := diagnoseRow(tables[sec], w, theory.Failure{Kind: "row " + w.String() + ": no exception",
			Smallest: theory.Counterexample{Pos: grundy.Position(w.x).String()}})
		if !strings.HasSuffix(got, "corrected row "+fix.String()) && !strings.HasSuffix(got, "corrected row "+fix.String()+
			" (printed too in another column)") || strings.Count(got, "corrected row") != 1 {
			t.Errorf("§%s: diagnoseRow(%s) = %q, want the one corrected row %s", sec, w, got, fix)
		}
	}
}

// TestCatalogueGaps checks by single-position search the smallest member
// of each group of minimal exceptions the catalogue misses: each is a
// minimal exception; the corrected catalogue lists none of them, nor does
// the literal one; and the corrected one lists what only the corrections
// bring (§2.7's corrected row, §2.11's corrected second family).
func TestCatalogueGaps(t *testing.T) {
	rm := searchLookup(t)
	var fixed []*family
	for _, f := range families() {
		if f.sec == "2.11b" {
			f = family211b(1)
		}
		fixed = append(fixed, f)
	}
	literal := cover{fams: families()}
	corrected := cover{fams: fixed, columns: true, corrected: true}
	for _, tc := range []struct {
		x                      grundy.Position
		inLiteral, inCorrected bool
	}{
		{grundy.Position{15, 15, 17, 18, 18, 18, 19}, false, false},     // x1 = 15, n = 7 (§2.12)
		{grundy.Position{17, 17, 28, 28, 29}, false, false},             // x1 = 17, n = 5 (§2.7)
		{grundy.Position{17, 17, 17, 19, 20, 21}, false, false},         // x1 = 17, n = 6 (§2.8, §2.14)
		{grundy.Position{17, 17, 17, 20, 20, 20, 21}, false, false},     // x1 = 17, n = 7 (§2.13)
		{grundy.Position{17, 17, 17, 17, 18, 18, 18, 19}, false, false}, // x1 = 17, n = 8 (§2.12)
		{grundy.Position{17, 17, 19, 20, 20, 20, 20, 21}, false, false}, // x1 = 17, n = 8, a column the old boxes cut
		{grundy.Position{17, 23, 25, 26, 26, 26, 26, 27}, false, false}, // its row i = 3, x2 = 23 beyond the old boxes' reach
		{grundy.Position{15, 15, 20, 20, 20, 20, 21}, false, false},     // x1 = 15, n = 7 (§2.12)
		{grundy.Position{17, 35, 46, 46, 47}, false, false},             // (17,17,28,28,29) i = 9, the window's edge
		{grundy.Position{9, 31, 31, 33, 34}, false, true},               // §2.11's second family, i = 11, the window's edge
		{grundy.Position{11, 13, 19, 19, 20}, false, true},              // §2.7's corrected row
		{grundy.Position{9, 13, 13, 15, 16}, false, true},               // §2.11's second family, i = 2
		{grundy.Position{5, 5, 6, 7}, true, true},                       // §2.6 and §2.10
		{grundy.Position{3, 3, 3, 4}, true, true},                       // §2.9
	} {
		if !minimalException(rm, tc.x) {
			t.Errorf("%v is no minimal exception", tc.x)
		}
		if got := literal.covered(tc.x); got != tc.inLiteral {
			t.Errorf("printed catalogue lists %v: %v, want %v", tc.x, got, tc.inLiteral)
		}
		if got := corrected.covered(tc.x); got != tc.inCorrected {
			t.Errorf("corrected catalogue lists %v: %v, want %v", tc.x, got, tc.inCorrected)
		}
	}
}

// TestCatalogueGapsLong (-long): at the default window, every row the
// corrected catalogue's sweep names with its least xn at i = 0 of its
// column (x2 = x1 or x2 two below the first row) is a minimal exception by
// single-position search, a solver apart from the region's; and the
// window is searched whole (the sweep visits every clamped position).
func TestCatalogueGapsLong(t *testing.T) {
	if !*long {
		t.Skip("solves the regions of 3–8 piles with x2 ≤ 35; run with -long")
	}
	rm := searchLookup(t)
	var fixed []*family
	for _, f := range families() {
		if f.sec == "2.11b" {
			f = family211b(1)
		}
		fixed = append(fixed, f)
	}
	cv := cover{fams: fixed, columns: true, corrected: true}
	heads := 0
	for n := 3; n <= 8; n++ {
		in := theory.Instance{Game: game(n), Piles: n, Max: catalogueX2}
		var failing []grundy.Position
		visited := uint64(0)
		if _, err := sweepCatalogue(context.Background(), cv, in, theory.SweepLimits{}, func(p grundy.Position, v theory.Verdict) {
			visited++
			if !v.Holds {
				failing = append(failing, slices.Clone(p))
			}
		}); err != nil {
			t.Fatal(err)
		}
		if want := regionSize(n, catalogueX1, catalogueX2); visited != want {
			t.Errorf("%d piles: %d positions visited, the region has %d", n, visited, want)
		}
		listed := map[string]bool{}
		for _, p := range failing {
			listed[p.String()] = true
		}
		for _, p := range failing {
			up := slices.Clone(p)
			for i := 1; i < n; i++ {
				up[i] -= 2
			}
			if p[n-1] != p[n-2]+1 || listed[up.String()] {
				continue // not the least xn, or not the head of its column
			}
			heads++
			if !minimalException(rm, p) {
				t.Errorf("(%s) is named, but is no minimal exception by search", p)
			}
		}
	}
	if heads == 0 {
		t.Error("no unlisted row named")
	}
	t.Logf("%d column heads checked by search", heads)
}
