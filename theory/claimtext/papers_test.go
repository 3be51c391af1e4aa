package claimtext

import (
	"math/big"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
)

// TestPaperClaimsAsText writes every paper claim that has a Formula as
// claim text (as `grundy check --list --format claims` does), parses the
// text back, and compares what the text and the Go registration say at
// every position of the claim's check boxes: the same positions spoken
// of, the same value there.
func TestPaperClaimsAsText(t *testing.T) {
	var b strings.Builder
	byLabel := map[string]*theory.Claim{}
	for _, c := range catalog.Registry().All() {
		lines, err := FromTheory(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lines {
			b.WriteString(l.String() + "\n")
		}
		if len(lines) > 0 {
			byLabel[c.ID] = c
		}
	}
	f, err := Parse("papers.claims", []byte(b.String()))
	if err != nil {
		t.Fatalf("the papers' claims as text do not parse: %v", err)
	}
	if len(byLabel) < 80 {
		t.Errorf("%d paper claims written as text, want the 85 with a Formula", len(byLabel))
	}
	positions := 0
	for _, tc := range f.Claims {
		goClaim := byLabel[tc.Label]
		text := tc.theory(tc.Label, "papers.claims")
		r, n := tc.Ruleset, tc.Piles
		goEval, textEval := theory.Bind(goClaim, r, n), theory.Bind(text, r, n)
		spoken := 0
		eachCanonical(r, n, tc.Max, func(p grundy.Position) bool {
			positions++
			gv, gok := goEval(p)
			tv, tok := textEval(p)
			if gok != tok || gok && gv.Cmp(tv) != 0 {
				t.Errorf("%s on %s, %d piles at (%s): Go gives %v (%v), text %q gives %v (%v)",
					goClaim.ID, r.Name(), n, p, show(gv), gok, tc.Key(), show(tv), tok)
				return false
			}
			if gok {
				spoken++
			}
			return true
		})
		if spoken == 0 {
			t.Errorf("%s on %s, %d piles ≤ %d: speaks of no position of its box", goClaim.ID, r.Name(), n, tc.Max)
		}
	}
	t.Logf("%d claims (%d instances) agree on %d positions", len(byLabel), len(f.Claims), positions)
}

func show(v *big.Int) string {
	if v == nil {
		return "nothing"
	}
	return v.String()
}

// eachCanonical calls f with every canonical position of n piles ≤ max
// of r: piles from SymmetricFrom on sorted ascending.
func eachCanonical(r grundy.Ruleset, n, max int, f func(grundy.Position) bool) {
	from := grundy.SymmetricFrom(r, n)
	p := make(grundy.Position, n)
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == n {
			return f(p)
		}
		lo := 0
		if i > from {
			lo = p[i-1]
		}
		for x := lo; x <= max; x++ {
			p[i] = x
			if !rec(i + 1) {
				return false
			}
		}
		return true
	}
	rec(0)
}
