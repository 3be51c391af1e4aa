package engine

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory/claimtext"
)

// 000 Corollary 18(3) as printed fails at (2,2,3) of slow-exact:k=2: it
// gives G = b + [i/2] = 2 there, a value the same corollary bounds by 1
// (every position of its part (3) has G ∈ {0, 1}); its correction holds.
// The claims of slow-exact:k=2 with 3 piles include both, the correction
// right after the printed one.
func TestClaimsAndCheck(t *testing.T) {
	r, _ := games.Parse("slow-exact:k=2")
	cs := Claims(r, 3)
	i := slices.IndexFunc(cs, func(c ClaimInfo) bool { return c.ID == "000/cor-18.3" })
	if i < 0 {
		t.Fatalf("Claims(slow-exact:k=2, 3) lacks 000/cor-18.3")
	}
	printed := cs[i]
	if printed.Kind != "printed" || !slices.Contains(printed.Family, "000/cor-18.3.corrected") || printed.Citation == "" {
		t.Errorf("000/cor-18.3: %+v", printed)
	}
	if i+1 >= len(cs) || cs[i+1].ID != "000/cor-18.3.corrected" || cs[i+1].Kind != "correction" || cs[i+1].Parent != "000/cor-18.3" {
		t.Errorf("the correction does not follow the printed claim")
	}
	res, err := CheckClaim(context.Background(), "000/cor-18.3", 20_000, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != grundy.ClaimFail || len(res.Counterexamples) == 0 || res.Counterexamples[0].Pos != "2,2,3" {
		t.Errorf("CheckClaim(000/cor-18.3) = %s, counterexamples %v; want a failure at 2,2,3", res.Status, res.Counterexamples)
	}
	if len(res.Reduced) == 0 || !strings.Contains(res.Reduced[0], "→") {
		t.Errorf("the box ≤ 60 of 3 piles (over 20,000 positions) was not cut: %v", res.Reduced)
	}
	if res.Finding == nil || len(res.Finding.Corrections) != 1 || res.Finding.Corrections[0].Status != grundy.ClaimPass {
		t.Errorf("finding of 000/cor-18.3: %+v; want its correction passing", res.Finding)
	}
	if _, err := CheckClaim(context.Background(), "no/such", 1000, Options{}); err == nil {
		t.Errorf("CheckClaim of an unknown claim succeeded")
	}
	fs := KnownFindings()
	j := slices.IndexFunc(fs, func(c ClaimInfo) bool { return c.ID == "000/cor-18.3" })
	if j < 0 || j+1 >= len(fs) || fs[j+1].ID != "000/cor-18.3.corrected" {
		t.Errorf("Findings lacks 000/cor-18.3 followed by its correction")
	}
	for i, c := range fs {
		if c.Kind != "printed" && (i == 0 || fs[i-1].Parent != c.Parent && fs[i-1].ID != c.Parent) {
			t.Errorf("Findings lists %s apart from its printed claim %s", c.ID, c.Parent)
		}
	}
}

// At (2,2,3) of slow-exact:k=2 the printed Corollary 18(3) says G = 2;
// exhaustive search gives 1, which its correction says too.
func TestClaimsAt(t *testing.T) {
	r, p, err := Parse("slow-exact:k=2", "2,2,3")
	if err != nil {
		t.Fatal(err)
	}
	v, err := Evaluate(context.Background(), r, p, Options{Method: grundy.MethodSearch})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]ClaimAt{}
	for _, c := range ClaimsAt(r, p, v.Quantities) {
		got[c.ID] = c
	}
	if c := got["000/cor-18.3"]; c.Claimed != "2" || c.Answer != "1" || c.Agrees == nil || *c.Agrees {
		t.Errorf("000/cor-18.3 at 2,2,3: %+v; want claimed 2, answer 1, disagreeing", c)
	}
	if c := got["000/cor-18.3.corrected"]; c.Claimed != "1" || c.Agrees == nil || !*c.Agrees || c.Kind != "correction" {
		t.Errorf("000/cor-18.3.corrected at 2,2,3: %+v; want claimed 1, agreeing", c)
	}
}

// A researcher's claims as text: nim's P-positions on two piles are
// x1 = x2 (Bouton), a true claim; "x1 = 0" is false, smallest
// counterexample (0,1) (an N-position: take the one token). A rule file
// is refused with the line and column of its ".rules".
func TestCheckClaimsText(t *testing.T) {
	text := "claim nim2: P[nim, 2 piles <= 10] iff x1 == x2\nclaim wrong: P[nim, 2 piles <= 10] iff x1 == 0\n"
	res, err := CheckClaimsText(context.Background(), "editor", text, 10_000, Options{})
	if err != nil || len(res) != 2 {
		t.Fatalf("CheckClaimsText = %v, %v", res, err)
	}
	if res[0].Status != grundy.ClaimPass || res[1].Status != grundy.ClaimFail || res[1].Counterexamples[0].Pos != "0,1" {
		t.Errorf("nim2 %s, wrong %s at %v; want pass, and fail at 0,1", res[0].Status, res[1].Status, res[1].Counterexamples)
	}
	_, err = CheckClaimsText(context.Background(), "editor", "# mine\nP[/etc/x.rules, 2 piles] iff x1 == x2\n", 10_000, Options{})
	var el claimtext.ErrorList
	if !errors.As(err, &el) || len(el) != 1 || el[0].Pos.Line != 2 || el[0].Pos.Col != 9 {
		t.Errorf("a rule file in claim text: %v; want refused at 2:9", err)
	}
	_, err = CheckClaimsText(context.Background(), "editor", "P[nim, 2 piles] iff x1 === x2\n", 10_000, Options{})
	if !errors.As(err, &el) || el[0].Pos.Line != 1 || el[0].Pos.Col == 0 {
		t.Errorf("a syntax error: %v; want its line and column", err)
	}
}

// TestCheckClaimCutsASweep: a swept claim (003's catalogue) is cut by the
// positions its sweep solves, not by a box's, and the cut is worded by
// its scope: the x2 window lowered, "the other piles unbounded" kept.
func TestCheckClaimCutsASweep(t *testing.T) {
	res, err := CheckClaim(context.Background(), "003/sec-2.catalogue.corrected", 200_000, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Reduced) == 0 || !strings.Contains(res.Reduced[len(res.Reduced)-1], "x2 ≤ 35 and the other piles unbounded") ||
		strings.Contains(res.Reduced[len(res.Reduced)-1], "piles ≤") {
		t.Errorf("the catalogue's window was not cut as a sweep: %q", res.Reduced)
	}
	for _, b := range res.Box {
		if !strings.Contains(b, "the other piles unbounded") {
			t.Errorf("box %q of a swept claim does not say what it searched", b)
		}
	}
	if res.Checked == 0 || res.Checked > 6*200_000 {
		t.Errorf("%d positions checked, want some and at most 200,000 a pile count", res.Checked)
	}
}

// TestCutChecksAtOnce cuts the boxes of issue 32's claims, which the web
// server estimated for minutes (a step of the box at a time, each
// estimate building the tier index): the cut is found in milliseconds
// and is the largest box within the limits. Sorted slow-exact:k=2 boxes
// of 3 piles ≤ B hold C(B+3, 3) positions: C(107, 3) = 198,485 ≤
// 200,000 < C(108, 3) = 204,156, so B = 104.
func TestCutChecksAtOnce(t *testing.T) {
	for _, c := range []struct {
		text string
		max  int
	}{
		{"P[slow-exact:k=2, 3 piles <= 100000] iff even(x1)", 104},
		// One pile ≤ B: B+1 positions of B/2 followers on average, and
		// a step each besides: (B+1)(1 + B/2) ≤ 5·10^8 up to B = 31,621.
		{"P[nim, 1 piles <= 1048576] iff x1 == 0", 31_621},
		{"P[nim, 2 piles <= 1048576] iff x1 == x2", 630}, // C(632, 2) = 199,396; C(633, 2) = 200,028
		{"P[nim, 2 piles <= 10] iff x1 == x2", 10},
	} {
		f, err := ParseClaimsText("t", c.text)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		cut, _ := cutChecks(f.Theory()[0], 200_000)
		work := ClaimsTextCost(c.text, 200_000, Options{}).Work
		if d := time.Since(start); d > 100*time.Millisecond {
			t.Errorf("%s: cut and estimated in %v, want milliseconds", c.text, d)
		}
		if got := cut.Checks[0].Max; got != c.max {
			t.Errorf("%s: cut to ≤ %d, want ≤ %d", c.text, got, c.max)
		}
		if work <= 0 || math.IsInf(work, 0) {
			t.Errorf("%s: work %g, want a finite estimate", c.text, work)
		}
	}
}
