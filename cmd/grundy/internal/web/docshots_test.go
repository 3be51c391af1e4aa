package web

import (
	"bytes"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

var docShots = flag.String("docshots", "", "write docs/web.md's screenshots into this directory (go test -run TestBrowser/views/docshots -docshots ../../../../docs/web)")

// testDocShots takes the screenshots of docs/web.md: the claims panel and
// the compare view at 1400 and 390 pixels. Only with -docshots.
func testDocShots(t *testing.T, s *session, url string) {
	if *docShots == "" {
		t.Skip("no -docshots directory")
	}
	for _, size := range []struct {
		name string
		w, h int64
	}{{"1400", 1400, 900}, {"390", 390, 844}} {
		b := s.tab(t, url, size.w, size.h)
		b.open("/?game=slow-exact%3Ak%3D2&pos=2,2,3")
		b.wait("claims", `document.getElementById("claim-000/cor-18.3") !== null`, 10*time.Second)
		js[any](b, `document.querySelector('#claim-000\\/cor-18\\.3 button.check').click(); 0`)
		b.wait("check", `document.querySelector('#claim-000\\/cor-18\\.3 .check-result').textContent.includes("FAILS")`, 30*time.Second)
		js[any](b, `document.getElementById("claim-000/cor-18.3").closest(".claim-group").scrollIntoView(); 0`)
		shot(t, b, "claims-"+size.name)
		b.open("/?game=slow-exact%3Ak%3D2&pos=100,200,300")
		b.wait("why", `document.getElementById("why").textContent.includes("000/")`, 10*time.Second)
		js[any](b, `document.getElementById("values").scrollIntoView(); 0`)
		shot(t, b, "why-"+size.name)
		b.open("/?game=slow-exact%3Ak%3D2&pos=2,2,3&view=compare&cmp=slow-exact%3Ak%3D3%3Bslow-moore%3Ak%3D2%3Bnim")
		b.wait("compare", `document.querySelector("#compare-body table") !== null && document.body.dataset.cmpBusy !== "true"`, 20*time.Second)
		js[any](b, `window.scrollTo(0, 0); 0`)
		shot(t, b, "compare-"+size.name)
	}
}

func shot(t *testing.T, b *tab, name string) {
	t.Helper()
	js[any](b, `document.activeElement.blur(); 0`)
	raw, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(*docShots, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*docShots, name+".png"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
