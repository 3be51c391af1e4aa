package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// testCompare: nim 1,2 beside wythoff (where (1,2) is Wythoff's first
// pair, a P-position: 002 eq. (2)) and slow-exact:k=3 (three piles: the
// row says why not); "play here" opens wythoff at 1,2.
func testCompare(t *testing.T, s *session, url string) {
	b := s.tab(t, url, 1400, 900)
	b.open("/?game=nim&pos=1,2&view=compare")
	b.wait("table", `document.querySelector('#compare-body tr[data-game="nim"]') !== null && document.body.dataset.cmpBusy === "false"`, 10*time.Second)
	for _, g := range []string{"wythoff", "slow-exact:k=3"} {
		b.do("add "+g, chromedp.SetValue(chromedp.CSS("#cmp-add"), g), chromedp.Click(chromedp.CSS("#cmp-add-button")))
		b.wait("row "+g, `document.querySelector('#compare-body tr[data-game=`+quote(g)+`]') !== null && document.body.dataset.cmpBusy === "false"`, 10*time.Second)
	}
	row := func(g string) string {
		return js[string](b, `[...document.querySelector('#compare-body tr[data-game=`+quote(g)+`]').querySelectorAll("td")].slice(0, 6).map(td => td.textContent).join(" ")`)
	}
	if got := row("nim"); !strings.HasPrefix(got, "3 3 N 3 3 N") {
		t.Errorf("nim 1,2: %q, want G 3 (1 xor 2), R 3, N in both plays", got)
	}
	if got := row("wythoff"); !strings.HasPrefix(got, "0 2 P") {
		t.Errorf("wythoff 1,2: %q, want G 0, R 2, P", got)
	}
	if got := row("slow-exact:k=3"); !strings.Contains(got, "slow-exact:k=3") || !strings.Contains(got, "pile") {
		t.Errorf("slow-exact:k=3 at 1,2: %q, want why two piles do not fit", got)
	}
	if u := js[string](b, `location.search`); !strings.Contains(u, "cmp=wythoff%3Bslow-exact%3Ak%3D3") {
		t.Errorf("URL %s does not keep the rulesets compared", u)
	}
	b.do("play wythoff here", evaluate(`document.querySelector('#compare-body tr[data-game="wythoff"] button').click()`))
	b.wait("wythoff at 1,2", `!document.getElementById("play").hidden && location.search.includes("game=wythoff") && document.getElementById("v-outcome").textContent === "P"`, 10*time.Second)
	if pos := js[string](b, `document.getElementById("pos").value`); pos != "1,2" {
		t.Errorf("play here opened %s, want 1,2", pos)
	}
}
