package web

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// testCheckReport: a check's result counts positions and failures and
// their kinds as `grundy check` prints them. G = 0 for nim on two piles
// ≤ 200 (read sorted, x1 ≤ x2: 201·202/2 = 20,301 positions) fails
// wherever x1 ≠ x2, as G = x1 xor x2 (Bouton): 20,301 − 201 = 20,100
// positions, in 255 kinds "claims G=0, is G=v" for v = 1 … 255 (v ≤ 200
// at (0,v); 128 + r at (r,128) for r < 128). The API lists 12 kinds,
// "… and 243 more" says the rest. v = 1 fails at (2k, 2k+1), k < 100.
func testCheckReport(t *testing.T, s *session, base string) {
	b := s.tab(t, base, 1400, 900)
	b.open("/?game=nim&pos=1,2&claims=" + url.QueryEscape("claim zero: G[nim, 2 piles <= 200] = 0\n"))
	b.wait("the claim text", `document.getElementById("claims-text").value.includes("zero")`, 10*time.Second)
	b.do("check", chromedp.Click(chromedp.CSS("#claims-check")))
	b.wait("the check", `document.body.dataset.claimsBusy === "false" && document.querySelector("#claims-results .verdict") !== null`, 20*time.Second)
	card := `document.querySelector('#claims-results [data-id="zero"]')`
	if got := js[string](b, card+`.querySelector(".verdict").textContent`); got != "FAILS — 20,301 positions checked, 20,100 fail" {
		t.Errorf("verdict %q, want the positions checked and the 20,100 that fail", got)
	}
	if got := js[string](b, card+`.querySelector(".boxes").textContent`); got != "box nim, 2 piles ≤ 200: 20,301 positions checked, 20,100 fail" {
		t.Errorf("box line %q", got)
	}
	kinds := js[[]string](b, `[...`+card+`.querySelectorAll(".kinds li")].map(li => li.textContent)`)
	if len(kinds) != 13 || kinds[0] != "claims G=0, is G=1: 100 positions, smallest (0,1) of nim: claimed G=0, computed G=1" || kinds[12] != "… and 243 more kinds" {
		t.Errorf("kinds listed: %q, want 12 kinds from G=1 (100 positions, smallest (0,1)) and … and 243 more kinds", kinds)
	}
	if got := js[string](b, card+`.textContent`); !strings.Contains(got, "failures (255 kinds):") {
		t.Errorf("card %q does not count the 255 kinds", got)
	}
}

// testCancelChecks: a claim check is cancelled by Esc and by its Cancel
// button; the fetch is aborted, so the server's request ends
// (cancelled), and the page can check again. Nim on three piles ≤ 100
// is 176,851 positions (101·102·103/6), seconds of work.
func testCancelChecks(t *testing.T, b *tab, s *Server) {
	b.open("/?game=nim&pos=1,2&claims=" + url.QueryEscape("claim slow: G[nim, 3 piles <= 100] = 0\n"))
	b.wait("the claim text", `document.getElementById("claims-text").value.includes("slow")`, 10*time.Second)
	for i, how := range []struct {
		name   string
		action chromedp.Action[chromedp.Void]
	}{{"Esc", chromedp.KeyEvent(kb.Escape)}, {"Cancel", chromedp.Click(chromedp.CSS("#claims-results .busy-line button.cancel"))}} {
		b.do("check", chromedp.Click(chromedp.CSS("#claims-check")))
		b.wait("the check running", `document.querySelector("#claims-results .busy-line button.cancel") !== null && /^Checking your claims… \d+\.\d s/.test(document.querySelector("#claims-results .busy-line").textContent)`, 5*time.Second)
		waitStat(t, s, "running", 1)
		b.do(how.name, how.action)
		b.wait("cancelled by "+how.name, `document.getElementById("claims-results").textContent.startsWith("Cancelled") && !document.getElementById("claims-check").disabled && document.body.dataset.claimsBusy === "false"`, 5*time.Second)
		waitStat(t, s, "cancelled", int64(i+1))
		waitStat(t, s, "running", 0)
	}
}

// stall makes the page's requests to a route (such as "/api/check?")
// wait until they are aborted, as a computation of minutes would: what
// the page does with Cancel and Esc is then all there is to see.
func stall(route string) string {
	return `(() => { const orig = window.fetch;
	window.fetch = (url, opt) => String(url).startsWith(` + quote(route) + `)
		? new Promise((_, reject) => opt.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))))
		: orig(url, opt); return 0; })()`
}

// testCancelFindings: a claim card's check and "Check every finding"
// are cancelled by the card's Cancel and by Esc; Esc also ends the run
// of every finding, the later cards left unchecked.
func testCancelFindings(t *testing.T, s *session, base string) {
	b := s.tab(t, base, 1400, 900)
	b.open("/?view=findings")
	b.wait("findings", `document.querySelectorAll("#findings-list .claim.printed > button.check").length > 1`, 10*time.Second)
	js[any](b, stall("/api/check?"))
	card := `document.querySelector("#findings-list .claim.printed")`
	b.do("check the first finding", evaluate(card+`.querySelector("button.check").click()`))
	b.wait("its Cancel", card+`.querySelector(".check-result button.cancel") !== null && `+card+`.querySelector("button.check").disabled`, 5*time.Second)
	b.do("Cancel", evaluate(card+`.querySelector(".check-result button.cancel").click()`))
	b.wait("cancelled", card+`.querySelector(".check-result").textContent === "Cancelled." && !`+card+`.querySelector("button.check").disabled`, 5*time.Second)

	b.do("check every finding", chromedp.Click(chromedp.CSS("#check-all")))
	b.wait("the first running", card+`.querySelector(".check-result button.cancel") !== null && document.getElementById("check-all").disabled`, 5*time.Second)
	b.do("Esc", chromedp.KeyEvent(kb.Escape))
	b.wait("the run ended", `!document.getElementById("check-all").disabled`, 5*time.Second)
	got := js[[]string](b, `[...document.querySelectorAll("#findings-list .claim.printed > .check-result")].slice(0, 2).map(r => r.textContent)`)
	if len(got) != 2 || got[0] != "Cancelled." || got[1] != "" {
		t.Errorf("after Esc the first two findings' results read %q, want the first cancelled and the second not started", got)
	}
}

// testCancelCompare: the compare view's rows are cancelled together by Esc.
func testCancelCompare(t *testing.T, s *session, base string) {
	b := s.tab(t, base, 1400, 900)
	b.open("/?game=nim&pos=1,2&view=compare")
	b.wait("table", `document.querySelector('#compare-body tr[data-game="nim"]') !== null && document.body.dataset.cmpBusy === "false"`, 10*time.Second)
	js[any](b, stall("/api/value?"))
	b.do("add wythoff", chromedp.SetValue(chromedp.CSS("#cmp-add"), "wythoff"), chromedp.Click(chromedp.CSS("#cmp-add-button")))
	b.wait("the rows running", `document.querySelector("#cmp-busy button.cancel") !== null`, 5*time.Second)
	b.do("Esc", chromedp.KeyEvent(kb.Escape))
	b.wait("cancelled", `document.body.dataset.cmpBusy === "false"`, 5*time.Second)
	if got := js[string](b, `[...document.querySelectorAll("#compare-body tbody tr td:first-of-type")].map(td => td.textContent).join("|")`); got != "Cancelled.|Cancelled." {
		t.Errorf("after Esc the rows read %q, want each cancelled", got)
	}
}
