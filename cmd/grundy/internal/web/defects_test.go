package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// testDefects drives the defects of issue 25, one subtest each; each
// failed before its fix.
func testDefects(t *testing.T, s *session, url string) {
	// D1: a shared URL's move list is checked: 9,9 is no move from nim
	// 3,5, so the play is cut before it and the page says why.
	t.Run("D1", func(t *testing.T) {
		b := s.tab(t, url, 1400, 900)
		b.open("/?game=nim&pos=3,5&play=9%2C9%3Bc1%2C1")
		b.wait("the start position", `document.getElementById("pos").value === "3,5" && document.getElementById("v-G").textContent === "6"`, 10*time.Second)
		if note := b.text("play-note"); !strings.Contains(note, "move 1 (your move to 9,9): not a move from 3,5") {
			t.Errorf("play note %q, want the illegal move named", note)
		}
		if h := b.text("history"); h != "" {
			t.Errorf("history %q, want none (no legal move)", h)
		}
		// A legal play is kept whole.
		b.open("/?game=nim&pos=1,2&play=1%2C1%3Bc0%2C1")
		b.wait("the play", `document.getElementById("pos").value === "0,1"`, 10*time.Second)
		if note := b.text("play-note"); note != "" {
			t.Errorf("legal play: note %q", note)
		}
	})
	// D2: the heatmap's current square follows the game.
	t.Run("D2", func(t *testing.T) {
		b := s.tab(t, url, 1400, 900)
		b.open("/?game=nim&pos=1,2&max=5")
		b.wait("heatmap", `document.getElementById("hm").dataset.current === "1,2"`, 10*time.Second)
		b.do("move to 1,1", chromedp.Click(chromedp.CSS(`button[data-to="1,1"]`)))
		b.wait("the computer's answer", `document.getElementById("pos").value === "0,1" && document.body.dataset.busy === "false"`, 10*time.Second)
		if got := js[string](b, `document.getElementById("hm").dataset.current`); got != "0,1" {
			t.Errorf("heatmap's current square at %q after the play reached 0,1", got)
		}
	})
	// D3: the value history is cleared with the values on an error.
	t.Run("D3", func(t *testing.T) {
		b := s.tab(t, url, 1400, 900)
		b.open("/?game=nim&pos=1,2")
		b.wait("chart", `document.querySelectorAll("#chart circle").length === 1`, 10*time.Second)
		b.do("bad position", chromedp.SetValue(chromedp.CSS("#pos"), "1,x"), chromedp.Click(chromedp.CSS("#show")))
		b.wait("the error", `document.getElementById("error").textContent !== ""`, 10*time.Second)
		if n := js[int](b, `document.querySelectorAll("#chart circle").length`); n != 0 {
			t.Errorf("after an error the value history still shows %d points of the old position", n)
		}
	})
	// D4: from a P-position beyond 64 bits a move can be made: nim
	// 2^70, 2^70 is P (Bouton); a move takes from one pile, and the
	// computer's winning answer evens the piles again.
	t.Run("D4", func(t *testing.T) {
		b := s.tab(t, url, 1400, 900)
		h := "1180591620717411303424" // 2^70
		b.open("/?game=nim&pos=" + h + "," + h)
		b.wait("moves", `document.querySelectorAll("#moves button.lose").length > 0`, 10*time.Second)
		b.do("play the first move", evaluate(`document.querySelector("#moves button").click()`))
		b.wait("the computer's answer", `document.getElementById("history").textContent.split("→").length === 3 && document.body.dataset.busy === "false"`, 10*time.Second)
		if pos := js[string](b, `document.getElementById("pos").value`); strings.Count(pos, ",") != 1 || strings.Split(pos, ",")[0] != strings.Split(pos, ",")[1] {
			t.Errorf("after a move from 2^70,2^70 and the computer's answer the position is %s, want equal piles (Bouton)", pos)
		}
	})
	// D5: a ruleset change keeps the position when it is legal there.
	t.Run("D5", func(t *testing.T) {
		b := s.tab(t, url, 1400, 900)
		b.open("/?game=nim&pos=4,6")
		b.do("pick wythoff", chromedp.SetValue(chromedp.CSS("#game"), "wythoff"),
			evaluate(`document.getElementById("game").dispatchEvent(new Event("change"))`))
		// Wythoff 4,6 is N (the P-positions are (3,5), (4,7), …).
		b.wait("wythoff's answer", `location.search.includes("game=wythoff") && document.getElementById("v-outcome").textContent === "N"`, 10*time.Second)
		if pos := js[string](b, `document.getElementById("pos").value`); pos != "4,6" {
			t.Errorf("after switching nim → wythoff at 4,6 the position is %s", pos)
		}
	})
	// D6: a parameter change refits the heatmap's slice: slow-exact k=3
	// needs three piles.
	t.Run("D6", func(t *testing.T) {
		b := s.tab(t, url, 1400, 900)
		b.open("/?game=slow-exact%3Ak%3D2&pos=3,5&max=6")
		b.wait("heatmap", `document.getElementById("hm-title").textContent !== ""`, 10*time.Second)
		b.do("k=3", evaluate(`(() => { const k = document.getElementById("param-k"); k.value = "3"; k.dispatchEvent(new Event("input", {bubbles: true})); k.dispatchEvent(new Event("change", {bubbles: true})); })()`))
		b.wait("k=3's heatmap", `location.search.includes("k%3D3") && (document.getElementById("hm-title").textContent.includes("slow-exact:k=3") || document.getElementById("hm-error").textContent !== "")`, 10*time.Second)
		b.settle()
		if e := b.text("hm-error"); e != "" {
			t.Errorf("heatmap after k=3: %s", e)
		}
		if s := js[string](b, `document.getElementById("hm-slice").value`); s != "x,y,0" {
			t.Errorf("slice after k=3: %q, want x,y,0", s)
		}
		// fdg with 3-coordinate vectors: three piles.
		b.open("/?game=fdg%3Ad%3D1100&pos=3,5,7,9&max=5&slice=x,y,0,0")
		b.wait("fdg's heatmap", `document.getElementById("hm-title").textContent !== ""`, 10*time.Second)
		b.do("d=110/011", evaluate(`(() => { const d = document.getElementById("param-d"); d.value = "110/011"; d.dispatchEvent(new Event("input", {bubbles: true})); d.dispatchEvent(new Event("change", {bubbles: true})); })()`))
		b.wait("d=110/011's heatmap", `location.search.includes("110%2F011") && (document.getElementById("hm-title").textContent.includes("fdg") || document.getElementById("hm-error").textContent !== "")`, 10*time.Second)
		b.settle()
		if e := b.text("hm-error"); e != "" {
			t.Errorf("heatmap after fdg d=110/011: %s", e)
		}
		if s := js[string](b, `document.getElementById("hm-slice").value`); s != "x,y,0" {
			t.Errorf("slice after fdg d=110/011: %q, want x,y,0", s)
		}
	})
	// D7: after a move played with Enter the focus stays in the moves.
	t.Run("D7", func(t *testing.T) {
		b := s.tab(t, url, 1400, 900)
		b.open("/?game=nim&pos=2,3")
		b.do("focus the move to 2,2", evaluate(`document.querySelector('button[data-to="2,2"]').focus()`))
		b.do("enter", chromedp.KeyEvent(kb.Enter))
		b.wait("the computer's answer", `document.getElementById("history").textContent.split("→").length === 3 && document.body.dataset.busy === "false"`, 10*time.Second)
		if in := js[bool](b, `document.getElementById("moves").contains(document.activeElement) || document.activeElement.id === "status"`); !in {
			t.Errorf("after a move by Enter the focus is on %s, not in the moves", js[string](b, `document.activeElement.tagName + "#" + document.activeElement.id`))
		}
	})
	// "—" says why in place, and links to no method; a huge remoteness
	// is not drawn at 0.
	t.Run("dash", func(t *testing.T) {
		b := s.tab(t, url, 1400, 900)
		b.open("/?game=nim&pos=0,123456789012345678901234567890")
		if got := js[string](b, `document.querySelector("#v-R a") ? "link" : document.getElementById("v-R").textContent`); got != "—" {
			t.Errorf("R of a huge nim position shows %q, want a plain —", got)
		}
		if n := b.text("v-notes"); !strings.Contains(n, "R, R⁻ are unknown here") || !strings.Contains(n, "000/bouton") {
			t.Errorf("notes %q, want why R is unknown, naming the theorem", n)
		}
		b.wait("chart", `document.querySelectorAll("#chart circle").length === 1`, 10*time.Second)
		if cls := js[string](b, `document.querySelector("#chart circle").getAttribute("class")`); cls != "pt unknown" {
			t.Errorf("the unknown remoteness is drawn as %q", cls)
		}
	})
	// On a phone the heatmap's readout stays on screen when a cell is
	// tapped.
	t.Run("mobile-readout", func(t *testing.T) {
		b := s.tab(t, url, 390, 844)
		b.open("/?game=nim&pos=1,2&max=5")
		b.wait("heatmap", `document.getElementById("hm-title").textContent.startsWith("nim")`, 10*time.Second)
		js[any](b, `document.getElementById("hm").scrollIntoView({block: "end"}); 0`)
		tap := `(() => { const c = document.getElementById("hm"), r = c.getBoundingClientRect(), k = r.width / c.width;
			const cell = (c.width - 34) / 6, x = r.left + (34 + 2.5 * cell) * k, y = r.top + (c.height - 34 - 3.5 * cell) * k;
			c.dispatchEvent(new PointerEvent("pointerup", {clientX: x, clientY: y, pointerType: "touch", bubbles: true})); })()`
		b.do("tap (2,3)", evaluate(tap))
		got := js[string](b, `(() => { const r = document.getElementById("hm-tip").getBoundingClientRect(); return Math.round(r.top) + " " + Math.round(r.bottom) + " " + innerHeight; })()`)
		var top, bottom, h int
		if _, err := fmtSscan(got, &top, &bottom, &h); err != nil || top < 0 || bottom > h {
			t.Errorf("readout at %s (top bottom viewport): off screen", got)
		}
		if tip := b.text("hm-tip"); !strings.HasPrefix(tip, "(2,3): G=1") {
			t.Errorf("readout %q", tip)
		}
	})
}
