package web

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
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

// TestBrowser drives the page in headless Chromium against a server on
// 127.0.0.1: pick a ruleset, enter a position, check the values, play
// against the computer, undo, switch to misère, draw a heatmap with an
// overlay and hover over a cell. It saves screenshots in the test's temp
// dir (or in $GRUNDY_SCREENSHOTS if set).
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped with -short")
	}
	exe := chromiumPath(t)
	ts := newServer(t, &Server{})
	if !strings.HasPrefix(ts.URL, "http://127.0.0.1:") {
		t.Fatalf("test server at %s, want 127.0.0.1", ts.URL)
	}
	shots := os.Getenv("GRUNDY_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
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
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1400, 1000),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancelTab := chromedp.NewContext(actx, chromedp.WithLogf(t.Logf))
	defer cancelTab()
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()

	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("text of %s: %v", sel, err)
		}
		return s
	}
	run := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	// waitJS polls a JavaScript condition, and on failure reports what the
	// page shows.
	waitJS := func(what, cond string) {
		t.Helper()
		wctx, wcancel := context.WithTimeout(ctx, 15*time.Second)
		defer wcancel()
		if _, err := chromedp.Run(wctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
			t.Fatalf("%s: %v (position %q, error %q, status %q)", what, err, value(ctx, "#pos"), text("#error"), text("#status"))
		}
	}
	screenshot := func(name string) {
		t.Helper()
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		path := filepath.Join(shots, name)
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s", path)
	}

	run("load the page", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"]`)))

	// Pick nim, enter 1,2: G = 1 xor 2 = 3, an N-position (Bouton).
	run("pick nim and 1,2",
		chromedp.SetValue(chromedp.CSS("#game"), "nim"),
		evaluate(`document.getElementById("game").dispatchEvent(new Event("change"))`),
		chromedp.SetValue(chromedp.CSS("#pos"), "2,1"),
		chromedp.Click(chromedp.CSS("#show")))
	waitJS("values of nim 1,2", `document.getElementById("pos").value === "1,2" && document.getElementById("v-G").textContent === "3"`)
	for sel, want := range map[string]string{"#v-G": "3", "#v-Gm": "3", "#v-R": "3", "#v-outcome": "N", "#v-method": "search"} {
		if got := text(sel); got != want {
			t.Errorf("%s shows %q, want %q", sel, got, want)
		}
	}
	if cls := attr(t, ctx, `button[data-to="1,1"]`, "class"); !strings.Contains(cls, "win") {
		t.Errorf("move to 1,1 has class %q, want win", cls)
	}
	screenshot("nim-1-2.png")

	// Move to 1,1; the computer must answer 0,1 (its only kind of move),
	// then 0,0 wins.
	run("move to 1,1", chromedp.Click(chromedp.CSS(`button[data-to="1,1"]`)))
	waitJS("computer's answer", `document.getElementById("pos").value === "0,1"`)
	run("move to 0,0", chromedp.Click(chromedp.CSS(`button[data-to="0,0"]`)))
	waitJS("the end", `document.getElementById("status").textContent.includes("you win")`)
	if h := text("#history"); h != "history: 1,2 → 1,1 → 0,1 → 0,0" {
		t.Errorf("history shows %q, want every position played through", h)
	}
	screenshot("nim-won.png")

	// Undo takes back 0,1 → 0,0 and then 1,2 → 1,1 (with the answer).
	run("undo", chromedp.Click(chromedp.CSS("#undo")))
	waitJS("undo once", `document.getElementById("pos").value === "0,1"`)
	run("undo", chromedp.Click(chromedp.CSS("#undo")))
	waitJS("undo twice", `document.getElementById("pos").value === "1,2"`)

	// Misère: from 1,2 the winning move leaves a single pile of 1 (0,1).
	run("misère", chromedp.Click(chromedp.CSS("#misere")))
	waitJS("misère moves", `(document.querySelector('button[data-to="0,1"]')||{}).className === "move win optimal"`)

	// Heatmap of nim with Bouton's overlay: no disagreement; hover (2,3).
	run("misère off", chromedp.Click(chromedp.CSS("#misere")))
	waitJS("normal again", `(document.querySelector('button[data-to="1,1"]')||{}).className === "move win optimal"`)
	run("draw heatmap",
		chromedp.SetValue(chromedp.CSS("#hm-max"), "12"),
		chromedp.SetValue(chromedp.CSS("#hm-overlay"), "bouton"),
		chromedp.Click(chromedp.CSS("#hm-draw")))
	waitJS("heatmap drawn", `document.getElementById("hm-title").textContent.includes("overlay bouton: 0 disagreement")`)
	run("hover (2,3)", evaluate(`(() => {
		const c = document.getElementById("hm"), r = c.getBoundingClientRect();
		const cell = (c.width - 34) / 13, k = r.width / c.width;
		const x = r.left + (34 + 2.5 * cell) * k, y = r.top + (c.height - 34 - 3.5 * cell) * k;
		return c.dispatchEvent(new MouseEvent("mousemove", {clientX: x, clientY: y, bubbles: true}));
	})()`))
	if tip := text("#hm-tip"); !strings.Contains(tip, "(2,3): G=1") || !strings.Contains(tip, "bouton: predicts N (agrees)") {
		t.Errorf("hover over (2,3) shows %q, want G=1 and bouton's agreeing N", tip)
	}
	screenshot("heatmap.png")
}

func value(ctx context.Context, sel string) string {
	s, _ := chromedp.Run(ctx, chromedp.Value(chromedp.CSS(sel)))
	return s
}

func attr(t *testing.T, ctx context.Context, sel, name string) string {
	t.Helper()
	a, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(sel), name))
	if err != nil {
		t.Fatalf("attribute %s of %s: %v", name, sel, err)
	}
	return a.Value
}

// evaluate runs a JavaScript expression that yields a value, ignoring it.
func evaluate(expr string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := chromedp.Evaluate[any](expr)(ctx, tg)
		return chromedp.Void{}, err
	}
}
