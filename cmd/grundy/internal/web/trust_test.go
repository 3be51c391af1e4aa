package web

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/grundy/grundy"
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
	for _, k := range grundy.TrustKinds {
		if !strings.Contains(string(html), `<dt id="t-`+string(k)+`">`) {
			t.Errorf("index.html's help lacks trust kind %s", k)
		}
		if !strings.Contains(string(css), ".trust."+string(k)+" ") {
			t.Errorf("style.css lacks a badge for trust kind %s", k)
		}
	}
}

// TestTrustScopeInAnswers: a theorem's answer names how far its proof
// reaches, worded as check and findings word it: a ledger proof for every
// position of three piles of slow exact 2-Nim (000/prop-14.corrected, G).
func TestTrustScopeInAnswers(t *testing.T) {
	ts := newServer(t, &Server{Budget: 1000})
	var v valueJSON
	status, _, body := get(t, ts, "/api/value?game=slow-exact:k=2&pos=1000000000,2000000000,3000000001&method=theorem")
	if status != 200 || json.Unmarshal(body, &v) != nil {
		t.Fatalf("GET /api/value slow-exact:k=2 by theorem: %d %s", status, body)
	}
	g := v.Sources["G"]
	want := theory.ProofScope("slow-exact:k=2", 3)
	if g.Kind != grundy.TrustSMTProved || g.Scope != want || !strings.HasPrefix(g.Detail, want+"; ") {
		t.Errorf("G's trust = %+v, want smt-proved with scope %q, the detail starting with it", g, want)
	}
}
