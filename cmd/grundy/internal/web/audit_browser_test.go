package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// testAudit: the claims beside the values, "why these numbers" in place,
// the findings view, a check whose counterexample opens its position.
func testAudit(t *testing.T, s *session, url string) {
	b := s.tab(t, url, 1400, 900)
	// Slow exact 2-nim on 100,200,300 is answered by theorems: each number
	// says which claim gave it, in the page's text, not a tooltip.
	b.open("/?game=slow-exact%3Ak%3D2&pos=100,200,300")
	b.wait("claims", `document.getElementById("claim-000/cor-18.3") !== null && document.getElementById("why").textContent !== ""`, 10*time.Second)
	why := b.text("why")
	if !strings.Contains(why, "G") || !strings.Contains(why, "000/") {
		t.Errorf("why these numbers: %q, want each quantity with its claim", why)
	}
	// The printed corollary and grundy's correction side by side.
	got := js[string](b, `(() => { const c = document.getElementById("claim-000/cor-18.3"), g = c.closest(".claim-group");
		return [c.querySelector(".role").textContent, c.querySelector(".cite").textContent.includes("Corollary 18(3)"),
		g.querySelector(".family #claim-000\\/cor-18\\.3\\.corrected") !== null].join("|"); })()`)
	if got != "as printed|true|true" {
		t.Errorf("000/cor-18.3's card: %q, want as printed, its citation, and its correction beside it", got)
	}

	// The findings view: Corollary 18(3) checked; its smallest
	// counterexample (2,2,3) opens the position.
	b.open("/?view=findings")
	b.wait("findings", `document.getElementById("findings-list").querySelector('[data-id="000/cor-18.3"]') !== null`, 10*time.Second)
	if !js[bool](b, `document.getElementById("play").hidden && !document.getElementById("findings-view").hidden`) {
		t.Errorf("the findings view shows the play view")
	}
	b.do("check 000/cor-18.3", evaluate(`document.querySelector('#findings-list [data-id="000/cor-18.3"] button.check').click()`))
	b.wait("check result", `document.querySelector('#findings-list [data-id="000/cor-18.3"] .check-result').textContent.includes("FAILS")`, 30*time.Second)
	b.do("open (2,2,3)", evaluate(`document.querySelector('#findings-list [data-id="000/cor-18.3"] .check-result button.ce[data-pos="2,2,3"]').click()`))
	b.wait("the counterexample's position", `document.getElementById("pos").value === "2,2,3" && location.search.includes("slow-exact") && !document.getElementById("play").hidden && document.getElementById("v-G").textContent !== "—"`, 10*time.Second)
	// The paper's b + [i/2] gives 2 here; exhaustive search gives 1, and
	// the page says the position is a counterexample of the printed claim.
	if g := b.text("v-G"); g != "1" {
		t.Errorf("G of slow-exact:k=2 at 2,2,3 = %q, want 1 (not the printed 2)", g)
	}
	b.wait("why", `document.querySelector("#why .here-bad") !== null`, 10*time.Second)
	if bad := js[string](b, `document.querySelector("#why .here-bad").textContent`); !strings.Contains(bad, "000/cor-18.3 (as printed) says G = 2; this answer gives 1") {
		t.Errorf("the counterexample is not named at its position: %q", bad)
	}
	b.do("screenshot", chromedp.Navigate(url+"/?game=slow-exact%3Ak%3D2&pos=2,2,3"))
}
