package web

import (
	"strings"
	"testing"

	"github.com/grundy/grundy/theory"
)

// TestTrustKindsDocumented: the help lists every kind of the one trust
// vocabulary, and the style sheet gives each a badge colour.
func TestTrustKindsDocumented(t *testing.T) {
	html, err := static.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	css, err := static.ReadFile("static/style.css")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range theory.TrustKinds {
		if !strings.Contains(string(html), `<dt id="t-`+string(k)+`">`) {
			t.Errorf("index.html's help lacks trust kind %s", k)
		}
		if !strings.Contains(string(css), ".trust."+string(k)+" ") {
			t.Errorf("style.css lacks a badge for trust kind %s", k)
		}
	}
}
