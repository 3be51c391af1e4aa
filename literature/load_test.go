package literature

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grundy/grundy/theory"
)

// TestLoadFolder reads a paper folder written here: a printed claim with
// its directives, a reading and a correction of it, and a result that
// cannot be stated; each becomes what the directives say.
func TestLoadFolder(t *testing.T) {
	fsys := fstest.MapFS{
		"test-2026/README.md": {Data: []byte("# Someone, A test paper (2026)\n\nbody\n")},
		"test-2026/paper.claims": {Data: []byte(`# a paper's claims
#: ref Theorem 1
#: quote "the P-positions of two-pile Nim are x = y"
#: support classical
claim nim2: P[nim, 2 piles <= 10] iff x1 == x2

#: ref Theorem 2
#: quote "G = x1 + x2"
#: support paper-proof
#: refuted 1,1
claim g: G[nim, 2 piles <= 5] = x1 + x2

#: ref Theorem 2
#: reading-of g: reads + as the nim-sum on the diagonal, where it is 0
#: support paper-proof
claim g.diag: G[nim, 2 piles <= 5] = 0 where x1 == x2

#: ref Theorem 2
#: change G is 0 off … only on the diagonal (a correction)
claim g.fix corrects g: G[nim, 2 piles <= 5] = 0 where x1 == x2 && x1 == 0

#: ref Section 5
#: quote "blocking"
#: unstateable block: state beyond the piles
`)},
	}
	theory.PaperTitles["test-2026"] = "Someone, A test paper (2026)"
	defer delete(theory.PaperTitles, "test-2026")
	ps, err := load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 1 || ps[0].ID != "test-2026" || ps[0].Title != "Someone, A test paper (2026)" {
		t.Fatalf("papers %+v, want one, test-2026, with its README title", ps)
	}
	p := ps[0]
	byID := map[string]*theory.Claim{}
	for _, c := range p.Claims {
		byID[c.ID] = c
		if err := c.Validate(); err != nil {
			t.Errorf("claim %s: %v", c.ID, err)
		}
	}
	nim2 := byID["test-2026/nim2"]
	if nim2 == nil || nim2.Paper != "test-2026" || nim2.Ref != "Theorem 1" || nim2.Support != theory.Classical ||
		nim2.Quote != "the P-positions of two-pile Nim are x = y" || nim2.File != "" {
		t.Errorf("nim2 = %+v, want paper test-2026, Theorem 1, classical, its quote, no file", nim2)
	}
	if g := byID["test-2026/g"]; g == nil || g.Refuted != "1,1" || !g.Printed() {
		t.Errorf("g = %+v, want a printed claim refuted at 1,1", g)
	}
	if d := byID["test-2026/g.diag"]; d == nil || d.ReadingOf != "test-2026/g" || !strings.HasPrefix(d.Reading, "reads + as") {
		t.Errorf("g.diag = %+v, want a reading of test-2026/g", d)
	}
	if f := byID["test-2026/g.fix"]; f == nil || f.Corrects != "test-2026/g" || f.Support != theory.Correction || f.Change == "" {
		t.Errorf("g.fix = %+v, want a correction of test-2026/g with its change", f)
	}
	if len(p.Unstated) != 1 || p.Unstated[0] != (Unstated{Label: "test-2026/block", Ref: "Section 5", Quote: "blocking", Kind: Unstateable, Why: "state beyond the piles"}) {
		t.Errorf("unstated %+v, want the blocking result", p.Unstated)
	}
	// The claims check as theory's do: nim2 holds, g fails at (1,1).
	reg := theory.NewRegistry(theory.Ledger{}, p.Claims)
	for id, want := range map[string]theory.Status{"test-2026/nim2": theory.Pass, "test-2026/g": theory.Fail, "test-2026/g.fix": theory.Pass} {
		c, _ := reg.Lookup(id)
		res, err := theory.Check(t.Context(), c, theory.CheckOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != want {
			t.Errorf("check %s: %s, want %s", id, res.Status, want)
		}
		if id == "test-2026/g" && (len(res.Counterexamples) == 0 || res.Counterexamples[0].Pos != "1,1") {
			t.Errorf("check %s: counterexamples %+v, want (1,1) first", id, res.Counterexamples)
		}
	}
}

// TestLoadErrors: a folder whose directives are wrong is refused with the
// line and what is wrong.
func TestLoadErrors(t *testing.T) {
	for _, tt := range []struct{ claims, want string }{
		{"claim a: P[nim, 2 piles] iff x1 == x2\n", `needs a "#: ref" line`},
		{"#: ref T\nclaim a: P[nim, 2 piles] iff x1 == x2\n", `needs "#: support"`},
		{"#: ref T\n#: support guessed\nclaim a: P[nim, 2 piles] iff x1 == x2\n", `not "guessed"`},
		{"#: reff T\n", `paper.claims:1: unknown directive "reff"`},
		{"#: ref T\n#: ref U\n", "directive ref given twice"},
		{"#: ref T\n", "directives at the end of the file belong to no claim"},
		{"#: ref T\n#: unstateable nolabel\n", `want "#: unstateable LABEL: WHY"`},
		{"#: unreached x: why\n", "x needs a #: ref"},
		{"#: ref T\n#: support classical\nclaim a: P[nosuch, 2 piles] iff x1 == x2\n", `unknown ruleset "nosuch"`},
	} {
		fsys := fstest.MapFS{
			"bad/README.md":    {Data: []byte("# Bad\n")},
			"bad/paper.claims": {Data: []byte(tt.claims)},
		}
		_, err := load(fsys)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want it to say %q", tt.claims, err, tt.want)
		}
	}
	if _, err := load(fstest.MapFS{"nodoc/paper.claims": {Data: []byte("")}}); err == nil || !strings.Contains(err.Error(), "has no README.md") {
		t.Errorf("a folder without README: error %v", err)
	}
	if _, err := load(fstest.MapFS{"notitle/README.md": {Data: []byte("Title\n")}}); err == nil || !strings.Contains(err.Error(), `not "# TITLE"`) {
		t.Errorf("a README without a title line: error %v", err)
	}
}

// TestWythoffP against Wythoff's table of P-positions (⌊nφ⌋, ⌊nφ⌋ + n),
// n = 0 … 8, worked out by hand from φ = 1.618…
func TestWythoffP(t *testing.T) {
	p := map[[2]int]bool{{0, 0}: true, {1, 2}: true, {3, 5}: true, {4, 7}: true, {6, 10}: true,
		{8, 13}: true, {9, 15}: true, {11, 18}: true, {12, 20}: true}
	for x := 0; x <= 21; x++ {
		for y := x; y <= 21; y++ {
			want := p[[2]int{x, y}]
			for _, q := range [][2]int{{x, y}, {y, x}} {
				if got := WythoffP(bigOf(q[0]), bigOf(q[1])); got != want {
					t.Errorf("WythoffP(%d, %d) = %v, want %v", q[0], q[1], got, want)
				}
			}
		}
	}
}
