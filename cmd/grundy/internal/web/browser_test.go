package web

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

var (
	update = flag.Bool("update", false, "rewrite the golden screenshots in testdata/screens")
	long   = flag.Bool("long", false, "run TestBrowser, every subtest, in headless Chromium (.ci/run runs it)")
)

// chromiumPath finds Debian's chromium. Outside CI the browser test is
// skipped without it; in CI (CI=true), .ci/run installs it and its
// absence is a failure.
func chromiumPath(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium not found, and CI=true requires the browser test: install it (apt-get install chromium)")
	}
	t.Skip("chromium not found: skipping the browser test (install Debian's chromium to run it; it is required when CI=true)")
	return ""
}

// A tab is one page of the test's browser, with helpers that fail the
// test naming what the page showed.
type tab struct {
	t   *testing.T
	ctx context.Context
	url string
}

func (b *tab) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

// js evaluates an expression on the page.
func js[T any](b *tab, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

func (b *tab) text(id string) string {
	b.t.Helper()
	return js[string](b, `document.getElementById(`+quote(id)+`).textContent`)
}

// wait polls a JavaScript condition; on failure it reports the page.
func (b *tab) wait(what, cond string, limit time.Duration) {
	b.t.Helper()
	wctx, cancel := context.WithTimeout(b.ctx, limit)
	defer cancel()
	if _, err := chromedp.Run(wctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(40*time.Millisecond))); err != nil {
		b.t.Fatalf("%s: %v (position %q, G %q, error %q, status %q, busy %q)", what, err,
			js[string](b, `document.getElementById("pos").value`), b.text("v-G"), b.text("error"), b.text("status"), b.text("busy-text"))
	}
}

// open loads a page of the server and waits until it has answered.
func (b *tab) open(path string) {
	b.t.Helper()
	b.do("load "+path, chromedp.Navigate(b.url+path), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"]`)))
	b.settle()
}

// settle waits until no request is in flight.
func (b *tab) settle() {
	b.t.Helper()
	b.wait("requests done", `document.body.dataset.busy !== "true" && document.body.dataset.hmBusy !== "true"`, 20*time.Second)
}

// show enters a ruleset and position in the form and submits it.
func (b *tab) show(game, pos string) {
	b.t.Helper()
	b.do("show "+game+" "+pos, chromedp.Navigate(b.url+"/?game="+game+"&pos="+pos), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"]`)))
	b.settle()
}

func quote(s string) string { return fmt.Sprintf("%q", s) }

func fmtSscan(s string, args ...any) (int, error) { return fmt.Sscan(s, args...) }

func newTab(t *testing.T, browser context.Context, url string, width, height int64) *tab {
	ctx, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	ctx, cancel2 := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(cancel2)
	b := &tab{t: t, ctx: ctx, url: url}
	b.do("viewport", chromedp.EmulateViewport(width, height))
	return b
}

// A session is the test's browser with one tab per viewport size, which
// the subtests share: each starts by loading a page, so nothing of the
// previous one's page is left, and a tab costs Chromium ≈ 0.16 s of CPU
// (a renderer process) that a navigation in an open tab does not.
type session struct {
	test    *testing.T // the lane, whose end closes the tabs
	browser context.Context
	tabs    map[[2]int64]context.Context
}

// tab gives t the session's tab of this size, for pages of the server at
// url, with 60 s for t's work in it.
func (s *session) tab(t *testing.T, url string, width, height int64) *tab {
	ctx, ok := s.tabs[[2]int64{width, height}]
	if !ok {
		var cancel context.CancelFunc
		ctx, cancel = chromedp.NewContext(s.browser)
		s.tabs[[2]int64{width, height}] = ctx
		s.test.Cleanup(cancel)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, height)); err != nil {
			t.Fatalf("viewport %d×%d: %v", width, height, err)
		}
	}
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(cancel)
	return &tab{t: t, ctx: ctx, url: url}
}

// fresh opens a tab of its own, for a check that a page opened in a new
// tab shows the same.
func (s *session) fresh(t *testing.T, url string, width, height int64) *tab {
	return newTab(t, s.browser, url, width, height)
}

// browserHome gives Chromium a profile and a temporary directory inside
// the test's own: Chromium makes directories under $TMPDIR
// (org.chromium.Chromium.*) that it does not remove when it is killed,
// as the test's end kills it.
func browserHome(t *testing.T) []chromedp.ExecAllocatorOption {
	dir := t.TempDir()
	return []chromedp.ExecAllocatorOption{
		chromedp.UserDataDir(filepath.Join(dir, "profile")),
		chromedp.Env("TMPDIR=" + dir),
	}
}

// TestBrowser drives the page in headless Chromium against servers on
// 127.0.0.1, one behaviour of issue 12 per subtest, and compares
// screenshots of its views at 1400 and 390 pixels with the golden images
// in testdata/screens (go test -run TestBrowser -long -update rewrites them).
func TestBrowser(t *testing.T) {
	if testing.Short() || !*long {
		// Chromium's page loads and screenshots are a sixth of go test
		// ./...'s CPU; .ci/run runs every subtest with -long, and the
		// default run tests the API and the page's modules (TestJS).
		t.Skip("starts headless Chromium (with -long)")
	}
	exe := chromiumPath(t)
	// Alongside TestJS (node): the browser's page loads mostly wait.
	t.Parallel()
	ts := newServer(t, &Server{})
	if !strings.HasPrefix(ts.URL, "http://127.0.0.1:") {
		t.Fatalf("test server at %s, want 127.0.0.1", ts.URL)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("font-render-hinting", "none"),
		// Chromium 156 preloads its omnibox popup, a WebUI page in a
		// renderer of its own, even headless where nobody sees it; that
		// renderer and the browser then burn ≈ 0.1–0.2 s of CPU a second
		// for as long as the test runs, while our pages are idle once
		// ready (Performance.getMetrics: TaskDuration ≤ 10 ms in the 4 s
		// after).
		chromedp.Flag("disable-features", "PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup"),
		chromedp.WindowSize(1400, 900),
	}
	opts = append(opts, browserHome(t)...)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	browser, cancelBrowser := chromedp.NewContext(actx, chromedp.WithLogf(t.Logf))
	t.Cleanup(cancelBrowser) // after the lanes, which run once this returns
	if err := chromedp.Do(browser, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("start chromium: %v", err)
	}

	// Two lanes of subtests at once, each with tabs of its own: the
	// subtests mostly wait on page loads and the server, one after
	// another within a lane (13.6 s in one lane, ≈ 7 s in two).
	lane := func(name string, subtests func(t *testing.T, s *session)) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			subtests(t, &session{test: t, browser: browser, tabs: map[[2]int64]context.Context{}})
		})
	}
	lane("pages", func(t *testing.T, s *session) {
		t.Run("play", func(t *testing.T) { testPlay(t, s.tab(t, ts.URL, 1400, 900)) })
		t.Run("stale", func(t *testing.T) {
			testStale(t, s.tab(t, ts.URL, 1400, 900))
		})
		t.Run("theorems", func(t *testing.T) { testTheorems(t, s.tab(t, ts.URL, 1400, 900)) })
		t.Run("form", func(t *testing.T) { testForm(t, s.tab(t, ts.URL, 1400, 900)) })
		t.Run("heatmap", func(t *testing.T) { testHeatmap(t, s.tab(t, ts.URL, 1400, 900)) })
		t.Run("hit-1400", func(t *testing.T) {
			testHitTesting(t, s, ts.URL, 1400)
		})
		t.Run("page", func(t *testing.T) {
			testPageDefects(t, s, ts.URL)
		})
		t.Run("report", func(t *testing.T) { testCheckReport(t, s, ts.URL) })
		// Searches slow enough to cancel: nim on four piles of 60 within
		// a budget that lets the search run (no theorem shortcut).
		slow := &Server{Budget: 400_000_000, Workers: 1, Timeout: time.Minute}
		sts := newServer(t, slow)
		t.Run("cancel", func(t *testing.T) { testCancel(t, s.tab(t, sts.URL, 1400, 900), slow) })
		checks := &Server{Workers: 1, Timeout: time.Minute}
		cts := newServer(t, checks)
		t.Run("cancel-checks", func(t *testing.T) {
			testCancelChecks(t, s.tab(t, cts.URL, 1400, 900), checks)
		})
		fts := newServer(t, &Server{Budget: 400_000_000, Timeout: time.Second})
		t.Run("fallback", func(t *testing.T) { testFallback(t, s.tab(t, fts.URL, 1400, 900)) })
	})
	lane("views", func(t *testing.T, s *session) {
		t.Run("views", func(t *testing.T) { testViews(t, s, ts.URL) })
		t.Run("defects", func(t *testing.T) {
			testDefects(t, s, ts.URL)
		})
		t.Run("hit-390", func(t *testing.T) {
			testHitTesting(t, s, ts.URL, 390)
		})
		t.Run("audit", func(t *testing.T) { testAudit(t, s, ts.URL) })
		t.Run("cancel-findings", func(t *testing.T) {
			testCancelFindings(t, s, ts.URL)
		})
		t.Run("cancel-compare", func(t *testing.T) {
			testCancelCompare(t, s, ts.URL)
		})
		t.Run("playmore", func(t *testing.T) { testPlayMore(t, s, ts.URL) })
		t.Run("compare", func(t *testing.T) { testCompare(t, s, ts.URL) })
		t.Run("editors", func(t *testing.T) {
			testEditors(t, s, ts.URL)
		})
		t.Run("docshots", func(t *testing.T) { testDocShots(t, s, ts.URL) })
	})
}

// Nim 1,2: G = 1 xor 2 = 3 (Bouton), an N-position whose only winning
// move is to 1,1; the computer answers 0,1 and 0,0 wins. The line solver
// answers it from the 2 × 3 positions of [0,1]×[0,2].
func testPlay(t *testing.T, b *tab) {
	b.open("/")
	b.do("pick nim",
		chromedp.SetValue(chromedp.CSS("#game"), "nim"),
		evaluate(`document.getElementById("game").dispatchEvent(new Event("change"))`))
	b.wait("nim's default position", `document.getElementById("pos").value === "3,5" && document.getElementById("v-G").textContent === "6"`, 10*time.Second)
	b.do("enter 2,1", chromedp.SetValue(chromedp.CSS("#pos"), "2,1"), chromedp.Click(chromedp.CSS("#show")))
	b.wait("values of nim 1,2", `document.getElementById("pos").value === "1,2" && document.getElementById("v-G").textContent === "3"`, 10*time.Second)
	for id, want := range map[string]string{"v-G": "3", "v-Gm": "3", "v-R": "3", "v-outcome": "N", "v-method": "box (6 positions)", "status": "You can win from here."} {
		if got := b.text(id); got != want {
			t.Errorf("#%s shows %q, want %q", id, got, want)
		}
	}
	if got := b.text("v-trust"); got != "computed" {
		t.Errorf("trust shows %q, want computed", got)
	}
	if cls := js[string](b, `document.querySelector('button[data-to="1,1"]').className`); cls != "move win optimal" {
		t.Errorf("move to 1,1 has class %q, want move win optimal", cls)
	}

	// Sorted by remoteness: the win first, then the losing moves, the
	// longest resistance (R = 2 at 0,2... every loss here is R = 1) first.
	b.do("sort", chromedp.SetValue(chromedp.CSS("#sort"), "remoteness"),
		evaluate(`document.getElementById("sort").dispatchEvent(new Event("change"))`))
	if got := js[string](b, `[...document.querySelectorAll("#moves button")].map(b => b.dataset.to).join(" ")`); got != "1,1 0,2 0,1" {
		t.Errorf("moves sorted by remoteness: %s, want 1,1 (win) then 0,2 (R 2) then 0,1 (R 1)", got)
	}

	b.do("move to 1,1", chromedp.Click(chromedp.CSS(`button[data-to="1,1"]`)))
	b.wait("computer's answer", `document.getElementById("pos").value === "0,1" && document.body.dataset.busy === "false"`, 10*time.Second)
	b.do("move to 0,0", chromedp.Click(chromedp.CSS(`button[data-to="0,0"]`)))
	b.wait("the end", `document.getElementById("status").textContent === "Game over: you win."`, 10*time.Second)
	if h := b.text("history"); h != "history: 1,2 → 1,1 → 0,1 → 0,0" {
		t.Errorf("history shows %q, want every position played through", h)
	}
	// The value history: four positions, remoteness 3, 2, 1, 0 (P, N, ...).
	b.wait("chart", `document.querySelectorAll("#chart circle").length === 4`, 5*time.Second)
	if got := js[string](b, `document.getElementById("chart").getAttribute("aria-label")`); got != "value history: 1,2 N R=3; 1,1 P R=2; 0,1 N R=1; 0,0 P R=0" {
		t.Errorf("value history %q", got)
	}

	// Undo takes back 0,1 → 0,0 and then 1,2 → 1,1 with the answer.
	b.do("undo", chromedp.Click(chromedp.CSS("#undo")))
	b.wait("undo once", `document.getElementById("pos").value === "0,1" && document.body.dataset.busy === "false"`, 5*time.Second)
	b.do("undo", chromedp.Click(chromedp.CSS("#undo")))
	b.wait("undo twice", `document.getElementById("pos").value === "1,2" && document.getElementById("v-G").textContent === "3"`, 5*time.Second)

	// The explorer opens one level at a time: 1,2 → its three options;
	// 1,1 → its one option 0,1.
	b.do("expand 1,2", chromedp.Click(chromedp.CSS(`#explorer button[data-pos="1,2"]`)))
	b.wait("options of 1,2", `document.querySelectorAll("#explorer ul button").length === 3`, 5*time.Second)
	b.do("expand 1,1", chromedp.Click(chromedp.CSS(`#explorer ul button[data-pos="1,1"]`)))
	b.wait("options of 1,1", `document.querySelectorAll("#explorer ul ul button").length === 1`, 5*time.Second)
	if got := js[string](b, `document.querySelector("#explorer ul ul button").textContent`); got != "▸ 0,1  N  G=1 R=1" {
		t.Errorf("explorer shows %q under 1,1, want 0,1 N G=1 R=1", got)
	}

	// The URL holds the whole state: play 1,1 (the computer answers 0,1),
	// reload in a new tab, then go back and forward.
	b.do("move to 1,1", chromedp.Click(chromedp.CSS(`button[data-to="1,1"]`)))
	b.wait("computer's answer", `document.getElementById("pos").value === "0,1" && document.body.dataset.busy === "false"`, 10*time.Second)
	b.do("misère on", chromedp.Click(chromedp.CSS("#misere")))
	b.wait("misère values of 0,1", `document.getElementById("v-Gm").textContent === "0" && document.body.dataset.busy === "false"`, 5*time.Second)
	url := js[string](b, `location.href`)
	if !strings.Contains(url, "play=1%2C1%3Bc0%2C1") || !strings.Contains(url, "misere=1") {
		t.Errorf("URL %s does not hold the play and misère", url)
	}
	fresh := &tab{t: t, ctx: b.ctx, url: b.url}
	fresh.do("reload", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"]`)))
	fresh.settle()
	for id, want := range map[string]string{"v-Gm": "0", "status": "Every move loses against best play.", "history": "history: 1,2 → 1,1 → 0,1"} {
		if got := fresh.text(id); got != want {
			t.Errorf("after reload #%s shows %q, want %q", id, got, want)
		}
	}
	if !js[bool](b, `document.getElementById("misere").checked && document.getElementById("hm-slice").value === "x,y" && !document.getElementById("undo").disabled`) {
		t.Errorf("after reload the form lost misère, the slice or the undo")
	}
	b.do("back", chromedp.NavigateBack())
	b.wait("back to normal play", `!document.getElementById("misere").checked && document.getElementById("pos").value === "0,1"`, 5*time.Second)
	b.do("back", chromedp.NavigateBack())
	b.wait("back to 1,1, the computer to move", `document.getElementById("pos").value === "1,1" && document.getElementById("status").textContent.startsWith("The computer is to move")`, 5*time.Second)
	b.do("back", chromedp.NavigateBack())
	b.wait("back to 1,2", `document.getElementById("pos").value === "1,2" && document.getElementById("v-G").textContent === "3"`, 5*time.Second)
	b.do("forward", chromedp.NavigateForward())
	b.wait("forward to 1,1", `document.getElementById("pos").value === "1,1" && document.getElementById("v-G").textContent === "0"`, 5*time.Second)
}

// Nothing derived from an old state survives a change or an error.
func testStale(t *testing.T, b *tab) {
	b.show("wythoff", "3,5")
	if b.text("v-G") != "0" {
		t.Fatalf("wythoff 3,5: G %q, want 0", b.text("v-G"))
	}
	// Editing the position marks the values stale and disables the moves
	// at once.
	got := js[string](b, `(() => { const p = document.getElementById("pos"); p.value = "abc"; p.dispatchEvent(new Event("input"));
		return document.getElementById("view").className + " " + [...document.querySelectorAll("#moves button")].every(b => b.disabled); })()`)
	if got != "stale true" {
		t.Errorf("after editing the position: %q, want the view stale and every move disabled", got)
	}
	for _, tc := range []struct{ pos, want string }{{"abc", `"abc" is not a non-negative integer`}, {"1,2,3", "wythoff"}} {
		b.do("show "+tc.pos, chromedp.SetValue(chromedp.CSS("#pos"), tc.pos), chromedp.Click(chromedp.CSS("#show")))
		b.wait("error of "+tc.pos, `document.getElementById("error").textContent.includes(`+quote(tc.want)+`)`, 5*time.Second)
		got := js[string](b, `["v-G","v-Gm","v-R","v-Rm","v-outcome","v-method","status"].map(id => document.getElementById(id).textContent).join("|") +
			" " + document.querySelectorAll("#moves button").length + " " + document.getElementById("undo").disabled + " " + document.getElementById("computer").disabled`)
		if got != "—|—|—|—|—|—| 0 true true" {
			t.Errorf("after the error of %s the page shows %q, want every value cleared, no move, no undo, no computer move", tc.pos, got)
		}
	}
	// A new ruleset clears everything of the old one before its answer.
	b.show("wythoff", "3,5")
	got = js[string](b, `(() => { const g = document.getElementById("game"); g.value = "nim"; g.dispatchEvent(new Event("change"));
		return [document.getElementById("v-G").textContent, document.querySelectorAll("#moves button").length, document.getElementById("hm-title").textContent, document.getElementById("status").textContent].join("|"); })()`)
	if got != "—|0||" {
		t.Errorf("right after changing the ruleset: %q, want no value, move, heatmap or status of wythoff", got)
	}
	// nim 3,5: the two-pile line solver answers it from [0,3]×[0,5].
	b.wait("nim's answer", `document.getElementById("v-method").textContent.startsWith("box") && document.getElementById("hm-title").textContent.startsWith("nim")`, 10*time.Second)
	// A parameter change too (bounded-nim k: 2 → 3).
	b.show("bounded-nim:k=2", "3,5")
	got = js[string](b, `(() => { const k = document.getElementById("param-k"); k.value = "3"; k.dispatchEvent(new Event("input", {bubbles: true}));
		return document.getElementById("view").className + " " + [...document.querySelectorAll("#moves button")].every(b => b.disabled); })()`)
	if got != "stale true" {
		t.Errorf("after editing k: %q, want the view stale and every move disabled", got)
	}
	b.do("commit k=3", evaluate(`document.getElementById("param-k").dispatchEvent(new Event("change", {bubbles: true}))`))
	// Bounded nim: G of a pile n is n mod (k+1); 3 xor 5 mod 4 = 3 xor 1 = 2.
	b.wait("k=3 answer", `location.search.includes("bounded-nim%3Ak%3D3") && document.getElementById("v-G").textContent === "2"`, 5*time.Second)
}

// Theorem-answered positions: the status and the moves agree, and big
// values are exact.
func testTheorems(t *testing.T, b *tab) {
	for _, tc := range []struct {
		game, pos string
		want      map[string]string
		status    string
		trust     string
	}{
		// 2^60 + 1 and 2^53 + 1: nim 0,n has G = n (Bouton).
		{"nim", "0,1152921504606846977", map[string]string{"v-G": "1152921504606846977", "v-outcome": "N"}, "You can win from here.", "000/bouton"},
		{"nim", "0,9007199254740993", map[string]string{"v-G": "9007199254740993"}, "You can win from here.", "000/bouton"},
		// 5 xor n ≠ 0: N, and the winning move by Bouton.
		{"nim", "5,123456789012345678901234567890", map[string]string{"v-G": "123456789012345678901234567895", "v-outcome": "N"}, "You can win from here.", "000/bouton"},
		// Wythoff's pair (618034·φ rounds down to 1000000): P, with over
		// two million options, not enumerated.
		{"wythoff", "1000000,1618034", map[string]string{"v-outcome": "P"}, "Every move loses against best play (moves not enumerated: more than 200,000 options)", "002/"},
	} {
		b.show(tc.game, tc.pos)
		for id, want := range tc.want {
			if got := b.text(id); got != want {
				t.Errorf("%s %s: #%s shows %q, want %q", tc.game, tc.pos, id, got, want)
			}
		}
		if got := b.text("status"); got != tc.status {
			t.Errorf("%s %s: status %q, want %q", tc.game, tc.pos, got, tc.status)
		}
		if tr := b.text("v-trust"); strings.HasPrefix(tr, "computed") || !strings.Contains(tr, tc.trust) {
			t.Errorf("%s %s: trust %q, want a theorem's, citing %s", tc.game, tc.pos, tr, tc.trust)
		}
		if tc.status == "You can win from here." && js[int](b, `document.querySelectorAll("#moves button.win").length`) != 1 {
			t.Errorf("%s %s: no winning move shown", tc.game, tc.pos)
		}
	}
	// Slow exact 2-nim on 100,200,300: answered by theorem, and not a
	// finished game.
	b.show("slow-exact:k=2", "100,200,300")
	if st := b.text("status"); strings.Contains(st, "Game over") || st == "" {
		t.Errorf("slow-exact:k=2 100,200,300: status %q", st)
	}
	if !strings.HasPrefix(b.text("v-method"), "theorem") {
		t.Errorf("slow-exact:k=2 100,200,300: method %q, want a theorem", b.text("v-method"))
	}
}

// The form comes from the registry, including fdg's difference vectors,
// with validation messages; the help explains every term.
func testForm(t *testing.T, b *tab) {
	b.open("/")
	b.do("pick fdg", chromedp.SetValue(chromedp.CSS("#game"), "fdg"),
		evaluate(`document.getElementById("game").dispatchEvent(new Event("change"))`))
	b.wait("fdg's answer", `document.getElementById("pos").value === "3,5,7,9" && document.getElementById("v-method").textContent !== "—"`, 10*time.Second)
	if got := js[string](b, `document.getElementById("param-d").value + " " + document.getElementById("param-multiset").checked`); got != "1100 true" {
		t.Errorf("fdg's fields: %q, want d 1100 and multiset", got)
	}
	if e := b.text("error"); e != "" {
		t.Errorf("fdg's default position fails: %s", e)
	}
	b.do("bad vectors", evaluate(`(() => { const d = document.getElementById("param-d"); d.value = "1/01"; d.dispatchEvent(new Event("input", {bubbles: true})); })()`))
	b.wait("validation message", `document.getElementById("param-error").textContent.includes("coordinates") && document.getElementById("param-d").getAttribute("aria-invalid") === "true"`, 5*time.Second)
	b.do("good vectors", evaluate(`(() => { const d = document.getElementById("param-d"); d.value = "1100/0011"; d.dispatchEvent(new Event("input", {bubbles: true})); d.dispatchEvent(new Event("change", {bubbles: true})); })()`))
	b.wait("fdg:d=1100/0011", `location.search.includes("d%3D1100%2F0011") && document.getElementById("v-method").textContent !== "—" && document.getElementById("param-error").textContent === ""`, 5*time.Second)

	b.do("follow G's link", chromedp.Click(chromedp.CSS(`#values dt a[href="#h-G"]`)))
	if !js[bool](b, `document.getElementById("help-panel").open`) {
		t.Errorf("G's link does not open the help")
	}
	help := b.text("help-panel")
	for _, w := range []string{"G⁻", "R⁻", "remoteness", "P / N", "computed", "paper-proof", "classical", "smt-proved", "checked", "refuted"} {
		if !strings.Contains(help, w) {
			t.Errorf("help lacks %q", w)
		}
	}
	if js[string](b, `document.querySelector("#values dt a").getAttribute("href")`) != "#h-G" {
		t.Errorf("G does not link to its explanation")
	}
	if got := js[string](b, `document.querySelector("#v-G a").getAttribute("href") + " " + document.querySelector("#v-G a").title`); !strings.HasPrefix(got, "#method-line by search") {
		t.Errorf("G's number links to %q, want its method", got)
	}
}

// The heatmap by keyboard only, its focus style, and tap-to-inspect.
func testHeatmap(t *testing.T, b *tab) {
	b.open("/?game=nim&pos=1,2&max=5")
	b.wait("heatmap", `document.getElementById("hm-title").textContent.startsWith("nim")`, 5*time.Second)
	// Editing the heatmap's form marks the drawn map stale until drawn.
	if got := js[string](b, `(() => { const m = document.getElementById("hm-max"); m.value = "6"; m.dispatchEvent(new Event("input", {bubbles: true}));
		return document.getElementById("heat").className; })()`); got != "stale" {
		t.Errorf("after editing max the heatmap section is %q, want stale", got)
	}
	b.do("redraw with max 5", chromedp.SetValue(chromedp.CSS("#hm-max"), "5"), chromedp.Click(chromedp.CSS("#hm-draw")))
	b.wait("heatmap redrawn", `document.getElementById("heat").className === "" && document.getElementById("hm-title").textContent.startsWith("nim")`, 5*time.Second)
	if js[string](b, `document.getElementById("hm").getAttribute("tabindex")`) != "0" {
		t.Errorf("the heatmap is not in the tab order")
	}
	// Tab from the Draw button reaches the map, past the exports (PNG,
	// SVG, CSV, JSON).
	for i := 0; i < 8 && js[string](b, `document.activeElement.id`) != "hm"; i++ {
		b.do("tab", chromedp.KeyEvent(kb.Tab))
	}
	if id := js[string](b, `document.activeElement.id`); id != "hm" {
		t.Fatalf("Tab from Draw reaches #%s, not the heatmap", id)
	}
	if got := js[string](b, `getComputedStyle(document.activeElement).outlineColor + " " + getComputedStyle(document.querySelector(".move.optimal")).outlineStyle`); got != "rgb(255, 140, 0) none" {
		t.Errorf("focus ring and optimal move: %q, want an orange ring and no outline on the optimal move", got)
	}
	b.do("down", chromedp.KeyEvent(kb.ArrowDown))
	if tip := b.text("hm-tip"); !strings.HasPrefix(tip, "(1,1): G=0") || !strings.HasSuffix(tip, "Enter: play this move") {
		t.Errorf("cursor at (1,1): tip %q", tip)
	}
	b.do("enter", chromedp.KeyEvent(kb.Enter))
	b.wait("the computer's answer", `document.getElementById("pos").value === "0,1" && document.body.dataset.busy === "false"`, 5*time.Second)
	b.do("down, left, enter", chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.Enter))
	b.wait("won by keyboard", `document.getElementById("status").textContent === "Game over: you win."`, 5*time.Second)

	// A tap inspects; a second tap on the same cell plays there.
	tap := `(() => { const c = document.getElementById("hm"), r = c.getBoundingClientRect(), k = r.width / c.width;
		const cell = (c.width - 34) / 6, x = r.left + (34 + 2.5 * cell) * k, y = r.top + (c.height - 34 - 3.5 * cell) * k;
		c.dispatchEvent(new PointerEvent("pointerup", {clientX: x, clientY: y, pointerType: "touch", bubbles: true})); })()`
	b.do("tap (2,3)", evaluate(tap))
	if tip := b.text("hm-tip"); !strings.HasPrefix(tip, "(2,3): G=1") || js[string](b, `document.getElementById("pos").value`) != "0,0" {
		t.Errorf("one tap on (2,3): tip %q, position %q; want the values shown and the position kept", tip, js[string](b, `document.getElementById("pos").value`))
	}
	b.do("tap (2,3) again", evaluate(tap))
	b.wait("new game at 2,3", `document.getElementById("pos").value === "2,3" && document.getElementById("v-G").textContent === "1"`, 5*time.Second)
}

// Each view at 1400×900 and at 390×844 (a phone): no horizontal scroll,
// and the screenshots match the golden ones.
func testViews(t *testing.T, s *session, url string) {
	for _, size := range []struct {
		name string
		w, h int64
	}{{"1400", 1400, 900}, {"390", 390, 844}} {
		b := s.tab(t, url, size.w, size.h)
		b.open("/?game=wythoff&pos=4,7&max=12&overlay=wythoff-pairs%3As%3D1%2Ct%3D1")
		b.wait("heatmap", `document.getElementById("hm-title").textContent.includes("overlay")`, 5*time.Second)
		for _, view := range []struct{ name, js string }{
			{"position", `window.scrollTo(0, 0)`},
			{"heatmap", `document.getElementById("heat").scrollIntoView()`},
			{"help", `document.getElementById("help-panel").open = true; document.getElementById("help").scrollIntoView()`},
		} {
			js[any](b, `document.activeElement.blur(); `+view.js+`; 0`)
			if w := js[int](b, `document.documentElement.scrollWidth`); w > int(size.w) {
				t.Errorf("%s view at %d px: page %d px wide, scrolls horizontally: %s", view.name, size.w, w,
					js[string](b, `[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > innerWidth + 1).slice(0, 6).map(e => e.tagName + "#" + e.id + "." + e.className + " " + Math.round(e.getBoundingClientRect().right)).join(", ")`))
			}
			compareScreenshot(t, b, view.name+"-"+size.name)
		}
		// Long numbers wrap instead of widening the page.
		b.open("/?game=nim&pos=5,123456789012345678901234567890")
		if w := js[int](b, `document.documentElement.scrollWidth`); w > int(size.w) {
			t.Errorf("nim with a 30-digit pile at %d px: page %d px wide", size.w, w)
		}
	}
}

// Cancel aborts the request and the server stops the search; cheap
// requests pass slow ones.
func testCancel(t *testing.T, b *tab, s *Server) {
	b.show("nim", "1,2")
	b.do("start a long search", chromedp.SetValue(chromedp.CSS("#pos"), "60,60,60,60"), chromedp.Click(chromedp.CSS("#show")))
	b.wait("spinner with elapsed time", `!document.getElementById("busy").hidden && /Computing 60,60,60,60… \d+\.\d s/.test(document.getElementById("busy-text").textContent)`, 5*time.Second)
	if got := js[string](b, `document.querySelectorAll("#moves button:enabled").length + " " + document.getElementById("computer").disabled + " " + document.getElementById("undo").disabled`); got != "0 true true" {
		t.Errorf("while computing: %q, want no enabled move, computer move or undo", got)
	}
	waitStat(t, s, "running", 1)
	b.do("cancel", chromedp.Click(chromedp.CSS("#cancel")))
	b.wait("cancelled", `document.getElementById("error").textContent.startsWith("Cancelled") && document.getElementById("busy").hidden`, 5*time.Second)
	waitStat(t, s, "cancelled", 1)
	waitStat(t, s, "running", 0)
	// Esc cancels as well.
	b.do("search again", chromedp.SetValue(chromedp.CSS("#pos"), "60,60,60,61"), chromedp.Click(chromedp.CSS("#show")))
	b.wait("spinner", `!document.getElementById("busy").hidden`, 5*time.Second)
	waitStat(t, s, "running", 1)
	b.do("Esc", chromedp.KeyEvent(kb.Escape))
	b.wait("cancelled by Esc", `document.getElementById("error").textContent.startsWith("Cancelled") && document.getElementById("busy").hidden`, 5*time.Second)
	waitStat(t, s, "cancelled", 2)
	waitStat(t, s, "running", 0)

	// Fair: with the one costly slot taken and two more slow requests
	// queued, nim 1,2 is answered at once from the cheap lane.
	js[any](b, `window.slow = [1, 2, 3].map(() => { const c = new AbortController(); fetch("/api/value?game=nim&pos=60,60,60,60", {signal: c.signal}).catch(() => {}); return c; }); 0`)
	waitStat(t, s, "running", 1)
	start := time.Now()
	b.do("show nim 1,2", chromedp.SetValue(chromedp.CSS("#pos"), "1,2"), chromedp.Click(chromedp.CSS("#show")))
	b.wait("nim 1,2", `document.getElementById("v-G").textContent === "3"`, 10*time.Second)
	if d := time.Since(start); d > 5*time.Second || b.text("v-G") != "3" {
		t.Errorf("nim 1,2 behind slow searches: G %q after %v, want 3 at once", b.text("v-G"), d)
	}
	js[any](b, `window.slow.forEach(c => c.abort()); 0`)
	waitStat(t, s, "running", 0)
}

func waitStat(t *testing.T, s *Server, name string, want int64) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		st, _ := s.statistics(context.Background(), query{})
		got := st.(map[string]int64)[name]
		if name == "cancelled" && got >= want || got == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("server statistics %v: %s never reached %d", st, name, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Past the time limit a search gives way to the registered theorems, and
// the page says so.
func testFallback(t *testing.T, b *tab) {
	b.show("nim", "60,60,60,60")
	b.wait("theorem's answer", `document.getElementById("fallback").textContent.includes("passed the time limit of 1s")`, 10*time.Second)
	if g, tr := b.text("v-G"), b.text("v-trust"); g != "0" || !strings.Contains(tr, "000/bouton") {
		t.Errorf("nim 60,60,60,60 after the time limit: G %q by %q, want 0 by Bouton's theorem", g, tr)
	}
}

// compareScreenshot compares the viewport, halved, with the golden image
// testdata/screens/NAME.png: at most 3% of pixels may differ by more than
// 48 in a channel (fonts and antialiasing vary between chromium builds).
func compareScreenshot(t *testing.T, b *tab, name string) {
	t.Helper()
	raw, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	got := halve(img)
	golden := filepath.Join("testdata", "screens", name+".png")
	if dir := os.Getenv("GRUNDY_SCREENSHOTS"); dir != "" {
		writePNG(t, filepath.Join(dir, name+".png"), img)
	}
	if *update {
		writePNG(t, golden, got)
		return
	}
	f, err := os.Open(golden)
	if err != nil {
		t.Fatalf("golden screenshot: %v (run go test -run TestBrowser -long -update)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if got.Bounds() != want.Bounds() {
		t.Errorf("screenshot %s is %v, golden %v", name, got.Bounds(), want.Bounds())
		return
	}
	diff := 0
	bd := got.Bounds()
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			if far(got.At(x, y), want.At(x, y)) {
				diff++
			}
		}
	}
	if frac := float64(diff) / float64(bd.Dx()*bd.Dy()); frac > 0.03 {
		out := filepath.Join(t.TempDir(), name+".png")
		writePNG(t, out, got)
		t.Errorf("screenshot %s differs from %s in %.1f%% of pixels (saved %s)", name, golden, 100*frac, out)
	}
}

func far(a, b color.Color) bool {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	d := func(x, y uint32) bool { return max(x, y)-min(x, y) > 48<<8 }
	return d(r1, r2) || d(g1, g2) || d(b1, b2)
}

// halve averages 2×2 blocks: smaller golden files, and a comparison less
// sensitive to single-pixel antialiasing.
func halve(img image.Image) *image.NRGBA {
	bd := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, bd.Dx()/2, bd.Dy()/2))
	for y := range out.Rect.Dy() {
		for x := range out.Rect.Dx() {
			var s [3]uint32
			for _, d := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
				r, g, b, _ := img.At(bd.Min.X+2*x+d[0], bd.Min.Y+2*y+d[1]).RGBA()
				s[0], s[1], s[2] = s[0]+r, s[1]+g, s[2]+b
			}
			out.Set(x, y, color.NRGBA{uint8(s[0] / 4 >> 8), uint8(s[1] / 4 >> 8), uint8(s[2] / 4 >> 8), 255})
		}
	}
	return out
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// evaluate runs a JavaScript expression that yields a value, ignoring it.
func evaluate(expr string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := chromedp.Evaluate[any](expr)(ctx, tg)
		return chromedp.Void{}, err
	}
}
