package web

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// cellCenter is the viewport point at the middle of cell (x, y) of a
// heatmap of side max+1, from the canvas's own geometry: a margin of 34
// canvas pixels left and below for the axes, square cells filling the
// rest, the canvas drawn inside its border at clientWidth CSS pixels.
func cellCenter(max, x, y int) string {
	return fmt.Sprintf(`(() => { const c = document.getElementById("hm"), r = c.getBoundingClientRect(), k = c.clientWidth / c.width;
		const cell = (c.width - 34) / %d;
		return [r.left + c.clientLeft + (34 + (%d + 0.5) * cell) * k, r.top + c.clientTop + (c.height - 34 - (%d + 0.5) * cell) * k]; })()`, max+1, x, y)
}

// testHitTesting: the heatmap stays where it is under the pointer (the
// readout above it keeps its height whatever it says), and a pointer on
// a cell speaks of that cell, at 1400 and 390 pixels, for each value the
// map shows. Wythoff 4,8's one winning move is to 4,7 (002 eq. (2):
// (4,7) is the pair a₃ = ⌊3φ⌋ = 4, b₃ = a₃ + 3 = 7); on the map of
// 0..40 its neighbours (4,6) and (4,5) lose. A click on (4,7) plays it;
// on a touch screen a tap shows it and a second tap plays it.
//
// At 1400 px the pointer is a mouse; at 390 px a finger (touch
// emulation), and a mouse on the remoteness map. The test runs
// one width, in each of the browser test's two lanes.
func testHitTesting(t *testing.T, s *session, url string, width int64) {
	for _, size := range []struct {
		w, h  int64
		touch bool
		whats []string
	}{{1400, 900, false, []string{"sg", "outcome", "rem"}}, {390, 844, true, []string{"sg", "outcome", "rem"}}, {390, 844, false, []string{"rem"}}} {
		if size.w != width {
			continue
		}
		var b *tab
		by := "mouse"
		if size.touch {
			b, by = s.touchTab(t, url, size.w, size.h), "touch"
		} else {
			b = s.tab(t, url, size.w, size.h)
		}
		for _, what := range size.whats {
			name := fmt.Sprintf("%s at %d px by %s", what, size.w, by)
			b.open("/?game=wythoff&pos=4,8&max=40&what=" + what)
			b.wait("heatmap "+name, `document.getElementById("hm-title").textContent.startsWith("wythoff") && document.body.dataset.hmBusy === "false"`, 10*time.Second)
			js[any](b, `document.activeElement.blur(); document.getElementById("hm").scrollIntoView({block: "center"}); 0`)
			if js[bool](b, `(() => { const e = document.getElementById("hm-tip"); return e.scrollHeight > e.clientHeight + 1; })()`) {
				t.Errorf("%s: the readout's hint %q overflows its box", name, b.text("hm-tip"))
			}
			if what == "rem" && size.touch {
				// Wythoff's remoteness on 0..40 takes 32 values (R = 0 … 31):
				// the legend gives every value that occurs its own colour.
				missing := js[string](b, `fetch("/api/heatmap?game=wythoff&max=40&slice=x,y&what=rem").then(r => r.json()).then(g => {
					const shown = new Set([...[...document.querySelectorAll("#hm-legend [title]")].map(e => e.title), ...[...document.querySelectorAll("#hm-legend div")].map(e => e.textContent.trim())]);
					return [...new Set(g.value)].filter(v => !shown.has(g.quantity + " = " + v)).join(" "); })`)
				if missing != "" {
					t.Errorf("the legend leaves out the values %s of the map", missing)
				}
			}
			top := js[float64](b, `document.getElementById("hm").getBoundingClientRect().top`)
			target := js[[]float64](b, cellCenter(40, 4, 7))
			moved := func(after string) {
				t.Helper()
				if now := js[float64](b, `document.getElementById("hm").getBoundingClientRect().top`); now != top {
					t.Errorf("%s: the map moved from %.1f to %.1f px after %s", name, top, now, after)
				}
			}
			// Hovering or tapping cells in the corners and the middle:
			// each readout names its cell, and the map stays put.
			for _, c := range [][2]int{{0, 0}, {40, 40}, {40, 0}, {0, 40}, {17, 23}} {
				p := js[[]float64](b, cellCenter(40, c[0], c[1]))
				act := chromedp.MouseEvent(chromedp.MouseMoved, p[0], p[1])
				if size.touch {
					act = chromedp.TapXY(p[0], p[1])
				}
				b.do("point at a cell", act)
				want := fmt.Sprintf("(%d,%d): ", c[0], c[1])
				if tip := b.text("hm-tip"); !strings.HasPrefix(tip, want) {
					t.Errorf("%s: pointing at cell (%d,%d) reads %q", name, c[0], c[1], tip)
				}
				moved(fmt.Sprintf("pointing at (%d,%d)", c[0], c[1]))
			}
			if js[bool](b, `(() => { const e = document.getElementById("hm-tip"); return e.scrollHeight > e.clientHeight + 1; })()`) {
				t.Errorf("%s: the readout %q overflows its box", name, b.text("hm-tip"))
			}
			// The keyboard's focus shows the cursor's cell: the map stays.
			js[any](b, `document.getElementById("hm").focus({preventScroll: true}); 0`)
			moved("focusing the map")
			js[any](b, `document.activeElement.blur(); 0`)
			if size.touch {
				b.do("tap (4,7)", chromedp.TapXY(target[0], target[1]))
				if tip, pos := b.text("hm-tip"), js[string](b, `document.getElementById("pos").value`); !strings.HasPrefix(tip, "(4,7): ") || !strings.HasSuffix(tip, "tap again: play this move") || pos != "4,8" {
					t.Errorf("%s: one tap on (4,7) reads %q at position %s, want (4,7) shown and nothing played", name, tip, pos)
				}
				moved("a tap on (4,7)")
				b.do("tap (4,7) again", chromedp.TapXY(target[0], target[1]))
			} else {
				b.do("click (4,7)", chromedp.MouseEvent(chromedp.MouseMoved, target[0], target[1]), chromedp.MouseClickXY(target[0], target[1]))
			}
			b.wait("the move to 4,7 "+name, `document.getElementById("history").textContent.startsWith("history: 4,8 → ") && document.body.dataset.busy === "false"`, 10*time.Second)
			if h := b.text("history"); !strings.HasPrefix(h, "history: 4,8 → 4,7 → ") {
				t.Errorf("%s: clicking the winning cell (4,7) played %q, want 4,8 → 4,7 and the computer's answer", name, h)
			}
			// After the move and the answer the page above the map has
			// changed (values, moves, history); the map stays within half a
			// cell of where it was (at 390 px the browser's scroll
			// anchoring keeps it: a cell is 8 px there), so the next tap
			// lands where it is aimed.
			if now := js[float64](b, `document.getElementById("hm").getBoundingClientRect().top`); math.Abs(now-top) > 4 {
				t.Errorf("%s: after the move the map moved from %.1f to %.1f px", name, top, now)
			}
		}
	}
}

// touchTab is a tab of its own that emulates a touch screen: the
// browser turns taps into pointer events of type touch.
func (s *session) touchTab(t *testing.T, url string, width, height int64) *tab {
	b := newTab(t, s.browser, url, width, height)
	b.do("touch", chromedp.EmulateViewport(width, height, chromedp.EmulateTouch, chromedp.EmulateMobile))
	return b
}
