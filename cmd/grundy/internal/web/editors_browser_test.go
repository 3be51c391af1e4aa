package web

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// testEditors: a rule with a misspelt word is refused at its line and
// column, which the page selects; fixed, it is played ("take 1..3 from
// one pile" is bounded nim k = 3: G of 5,6 is 1 xor 2 = 3, 001 §3) and
// kept in the URL. A claim text is checked; its counterexample opens the
// position.
func testEditors(t *testing.T, s *session, base string) {
	b := s.tab(t, base, 1400, 900)
	b.open("/?game=nim&pos=5,6")
	bad := "ruleset take3\npiles at least 1\nmove take 1..3 frm one pile\n"
	b.do("write a rule", evaluate(`(() => { document.getElementById("rule-editor").open = true; document.getElementById("rule-text").value = `+quote(bad)+`; })()`),
		chromedp.Click(chromedp.CSS("#rule-use")))
	b.wait("the fault", `document.querySelector("#rule-errors button") !== null`, 10*time.Second)
	if got := js[string](b, `document.querySelector("#rule-errors button").textContent`); !strings.HasPrefix(got, "line 3, column ") {
		t.Errorf("rule fault %q, want its line 3 and column", got)
	}
	b.do("select the fault", chromedp.Click(chromedp.CSS("#rule-errors button")))
	if got := js[string](b, `(() => { const a = document.getElementById("rule-text"); return a.value.slice(0, a.selectionStart).split("\n").length + ""; })()`); got != "3" {
		t.Errorf("the selection is on line %s, want 3", got)
	}
	good := strings.Replace(bad, "frm", "from", 1)
	b.do("fix and use", evaluate(`document.getElementById("rule-text").value = `+quote(good)), chromedp.Click(chromedp.CSS("#rule-use")))
	b.wait("the rule's values", `location.search.includes("rule=") && document.getElementById("v-G").textContent === "3" && document.body.dataset.busy === "false"`, 10*time.Second)
	if got := b.text("rule-active"); !strings.Contains(got, "take3") {
		t.Errorf("rule note %q, want the rule's name", got)
	}
	u := js[string](b, `location.href`)
	fresh := s.fresh(t, base, 1400, 900)
	fresh.do("reload", chromedp.Navigate(u), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"]`)))
	fresh.settle()
	if g, r := fresh.text("v-G"), js[string](fresh, `document.getElementById("rule-text").value`); g != "3" || r != good {
		t.Errorf("the shared rule: G %q, text %q", g, r)
	}

	// Claims: G = x1 mod 4 is take3's, not nim's; it fails for nim at 4.
	b.open("/?game=nim&pos=1,2&claims=" + url.QueryEscape("claim mod4: G[nim, 1 pile <= 12] = x1 % 4\n"))
	b.wait("the claim text", `document.getElementById("claims-text").value.includes("mod4")`, 10*time.Second)
	b.do("check", chromedp.Click(chromedp.CSS("#claims-check")))
	b.wait("the check", `document.body.dataset.claimsBusy === "false" && document.querySelector("#claims-results .ce") !== null`, 20*time.Second)
	if got := js[string](b, `document.querySelector("#claims-results .ce").dataset.pos`); got != "4" {
		t.Errorf("smallest counterexample of G = x1 %% 4 in nim: %q, want 4", got)
	}
	b.do("open it", chromedp.Click(chromedp.CSS("#claims-results .ce")))
	b.wait("nim 4", `document.getElementById("pos").value === "4" && document.getElementById("v-G").textContent === "4"`, 10*time.Second)
}
