package render

import (
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// TestWeakeningShown: a printed claim that only a weaker statement saves
// is shown false, the weakening as one, in every findings format.
func TestWeakeningShown(t *testing.T) {
	scope := theory.BoxScope(theory.Instance{Game: "slow-exact:k=2", Piles: 3, Max: 40})
	f := theory.Finding{Paper: "003", Claim: "003/x", Ref: "§2.5", Statement: "s", Verdict: "the statement is false",
		Smallest: theory.Counterexample{Game: "slow-exact:k=3", Pos: "1,2,3,4", Claimed: "keeps {3}", Computed: "keeps {3,4}"},
		Weakenings: []theory.Outcome{{ID: "003/x.weaker-minimal", Statement: "w", Change: "a restriction to m = 3",
			Status: grundy.ClaimPass, Checked: 9, Trust: []grundy.Trust{{Kind: grundy.TrustChecked, Scope: scope, Detail: scope}}}}}
	var text, md, sum strings.Builder
	if err := Findings(&text, []theory.Finding{f}); err != nil {
		t.Fatal(err)
	}
	if err := FindingsMarkdown(&md, []theory.Finding{f}); err != nil {
		t.Fatal(err)
	}
	if err := FindingsSummary(&sum, []theory.Finding{f}, 2, map[grundy.ClaimStatus]int{grundy.ClaimPass: 1, grundy.ClaimFail: 1}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, got, want string }{
		{"text", text.String(), "  weaker    003/x.weaker-minimal: w\n            gives up: a restriction to m = 3\n" +
			"            holds: 9 positions checked; checked (within the box slow-exact:k=2, 3 piles ≤ 40) (the printed claim stays false)\n"},
		{"md", md.String(), "only weaker: `003/x.weaker-minimal`, a weakening (a restriction to m = 3) — holds (checked within the box " +
			"slow-exact:k=2, 3 piles ≤ 40); the printed claim stays false"},
		{"summary", sum.String(), "only the weaker 003/x.weaker-minimal holds (a weakening)"},
	} {
		if !strings.Contains(tc.got, tc.want) {
			t.Errorf("%s findings:\n%s\nwant %q", tc.name, tc.got, tc.want)
		}
		if strings.Contains(tc.got, "holds under") {
			t.Errorf("%s findings call the weakening a reading:\n%s", tc.name, tc.got)
		}
	}
}
