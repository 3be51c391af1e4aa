package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// testPageDefects drives the defects of issue 32's page, one subtest
// each; each failed before its fix.
func testPageDefects(t *testing.T, s *session, url string) {
	// ↓ then ↑ on the ruleset select comes back to the ruleset shown: its
	// map is drawn again, not left blank.
	t.Run("select", func(t *testing.T) {
		b := s.tab(t, url, 1400, 900)
		b.open("/?game=nim&pos=3,5&max=5")
		b.wait("heatmap", `document.getElementById("hm-title").textContent.startsWith("nim")`, 10*time.Second)
		b.do("↓ ↑ on the select", chromedp.Focus(chromedp.CSS("#game")), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowUp))
		// Nim 3,5: G = 3 xor 5 = 6 (Bouton).
		b.wait("nim again", `document.getElementById("game").value === "nim" && document.getElementById("v-G").textContent === "6" && document.body.dataset.busy === "false"`, 10*time.Second)
		b.wait("the map drawn", `document.getElementById("hm-title").textContent.startsWith("nim") && document.body.dataset.hmBusy === "false"`, 5*time.Second)
		if got := js[string](b, `document.getElementById("hm").dataset.current`); got != "3,5" {
			t.Errorf("after ↓ ↑ the map's current square is %q, want 3,5", got)
		}
	})
	// Misère with an overlay of normal play: the overlay goes (it predicts
	// the other play), the misère map is drawn.
	t.Run("misere-overlay", func(t *testing.T) {
		b := s.tab(t, url, 1400, 900)
		b.open("/?game=wythoff&pos=3,5&max=5&overlay=wythoff-pairs%3As%3D1%2Ct%3D1")
		b.wait("heatmap", `document.getElementById("hm-title").textContent.includes("overlay wythoff-pairs")`, 10*time.Second)
		b.do("misère", chromedp.Click(chromedp.CSS("#misere")))
		b.wait("the misère map", `(document.getElementById("hm-title").textContent.includes("misère") || document.getElementById("hm-error").textContent !== "") && document.body.dataset.hmBusy === "false"`, 10*time.Second)
		if e := b.text("hm-error"); e != "" {
			t.Errorf("misère with a normal-play overlay: %q, want the misère map without the overlay", e)
		}
		if u := js[string](b, `location.search`); strings.Contains(u, "overlay=") {
			t.Errorf("URL %s keeps the normal-play overlay in misère play", u)
		}
		if !js[bool](b, `[...document.getElementById("hm-overlay").options].some(o => o.value === "wythoff-pairs:s=1,t=1" && o.disabled)`) {
			t.Errorf("the normal-play overlay is offered for the misère map")
		}
		// A URL that pairs them is read the same way.
		b.open("/?game=wythoff&pos=3,5&max=5&misere=1&overlay=wythoff-pairs%3As%3D1%2Ct%3D1")
		b.wait("the misère map of the URL", `(document.getElementById("hm-title").textContent.includes("misère") || document.getElementById("hm-error").textContent !== "") && !location.search.includes("overlay=") && document.body.dataset.hmBusy === "false"`, 10*time.Second)
		if e := b.text("hm-error"); e != "" {
			t.Errorf("a URL with misère and a normal-play overlay: %q, want the misère map without the overlay", e)
		}
	})
	// The axes' labels as drawn, in the real font: no two meet, none
	// leaves the canvas (an axis name covered a tick; the last tick was
	// cut off).
	t.Run("axes", func(t *testing.T) {
		b := s.tab(t, url, 1400, 900)
		for _, max := range []string{"5", "40", "150"} {
			b.open("/?game=wythoff&pos=3,5&max=" + max)
			b.wait("heatmap", `document.getElementById("hm-title").textContent.startsWith("wythoff") && document.body.dataset.hmBusy === "false"`, 10*time.Second)
			// Record every text drawn, with its ink box through the
			// drawing's transform, then draw again (focus paints).
			got := js[string](b, `(() => {
				const c = document.getElementById("hm"), P = CanvasRenderingContext2D.prototype, orig = P.fillText, boxes = [];
				P.fillText = function (text, x, y) {
					const m = this.measureText(text), t = this.getTransform();
					const xs = [x - m.actualBoundingBoxLeft, x + m.actualBoundingBoxRight], ys = [y - m.actualBoundingBoxAscent, y + m.actualBoundingBoxDescent];
					const pts = xs.flatMap((px) => ys.map((py) => [t.a * px + t.c * py + t.e, t.b * px + t.d * py + t.f]));
					boxes.push({ text, x0: Math.min(...pts.map((p) => p[0])), x1: Math.max(...pts.map((p) => p[0])), y0: Math.min(...pts.map((p) => p[1])), y1: Math.max(...pts.map((p) => p[1])) });
					return orig.call(this, text, x, y);
				};
				c.focus();
				P.fillText = orig;
				c.blur();
				const bad = [];
				if (boxes.length < 4) bad.push("only " + boxes.length + " labels drawn");
				for (const a of boxes) if (a.x0 < 0 || a.y0 < 0 || a.x1 > c.width || a.y1 > c.height) bad.push(a.text + " leaves the canvas");
				for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
					const a = boxes[i], b = boxes[j];
					if (a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1) bad.push(a.text + " meets " + b.text);
				}
				return bad.join("; ");
			})()`)
			if got != "" {
				t.Errorf("max %s: the axes' labels: %s", max, got)
			}
		}
	})
}
