package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// testPlayMore: a typed move, undo and redo, and the exports.
func testPlayMore(t *testing.T, s *session, url string) {
	b := s.tab(t, url, 1400, 900)
	b.open("/?game=nim&pos=1,2&max=4")
	// A move typed with its piles in any order; an illegal one says why.
	b.do("type 3,3", chromedp.SetValue(chromedp.CSS("#move-input"), "3,3"), chromedp.Click(chromedp.CSS("#move-play")))
	b.wait("refusal", `document.getElementById("move-error").textContent.includes("not a move from 1,2")`, 10*time.Second)
	b.do("type 1, 1", chromedp.SetValue(chromedp.CSS("#move-input"), "1, 1"), chromedp.Click(chromedp.CSS("#move-play")))
	b.wait("the computer's answer", `document.getElementById("pos").value === "0,1" && document.body.dataset.busy === "false"`, 10*time.Second)
	// Undo takes back 1,1 and the answer 0,1; redo replays both.
	b.do("undo", chromedp.Click(chromedp.CSS("#undo")))
	b.wait("undone", `document.getElementById("pos").value === "1,2" && !document.getElementById("redo").disabled && document.body.dataset.busy === "false"`, 10*time.Second)
	b.do("redo", chromedp.Click(chromedp.CSS("#redo")))
	b.wait("redone", `document.getElementById("pos").value === "0,1" && document.getElementById("redo").disabled && document.body.dataset.busy === "false"`, 10*time.Second)
	if h := b.text("history"); h != "history: 1,2 → 1,1 → 0,1" {
		t.Errorf("history after undo and redo: %q", h)
	}
	// The exports: the moves of 0,1 (to 0,0), the play, the box's cells
	// and its P-positions (nim: the diagonal, by Bouton).
	b.wait("heatmap", `document.getElementById("hm-csv").hasAttribute("href")`, 10*time.Second)
	fetch := func(id string) string {
		return js[string](b, `fetch(document.getElementById(`+quote(id)+`).href).then(r => r.text())`)
	}
	if got := fetch("exp-moves-csv"); !strings.HasPrefix(got, "game,from,to,") || !strings.Contains(got, "nim,\"0,1\",\"0,0\",true") {
		t.Errorf("moves CSV: %q", got)
	}
	if got := fetch("exp-play-json"); !strings.Contains(got, `"position": "1,1"`) || !strings.Contains(got, `"by": "computer"`) {
		t.Errorf("play JSON: %q", got)
	}
	if got := fetch("hm-csv"); strings.Count(got, "\n") != 26 {
		t.Errorf("heatmap CSV of 5×5 cells has %d lines, want 26", strings.Count(got, "\n"))
	}
	if got := fetch("ppos-csv"); got != "n,a_n (x),b_n (y),position\n0,0,0,\"0,0\"\n1,1,1,\"1,1\"\n2,2,2,\"2,2\"\n3,3,3,\"3,3\"\n4,4,4,\"4,4\"\n" {
		t.Errorf("P-positions CSV: %q, want nim's diagonal", got)
	}
	if got := js[string](b, `fetch(document.getElementById("hm-svg").href).then(r => r.headers.get("Content-Type"))`); got != "image/svg+xml" {
		t.Errorf("SVG export: %q", got)
	}
}
