package discover

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/games"
)

// TestNoEncodingIsChecked: a formula that holds in the boxes of a ruleset
// without a symbolic move encoding (fdg) is reported checked, with why it
// is not proved (issue 24: discover exited 2, "no symbolic move
// encoding").
func TestNoEncodingIsChecked(t *testing.T) {
	ps := solvers(t)
	r, err := games.Parse("fdg:d=12/21")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Discover(context.Background(), r, Options{What: "P", Piles: 2, Max: 10, Prove: true, Solvers: ps, ProveTimeout: 30 * time.Second})
	if err != nil {
		t.Fatalf("Discover(%s) = %v", r.Name(), err)
	}
	if res.Status != StatusChecked || len(res.Parts) == 0 || !strings.Contains(res.Parts[0].Note, "no symbolic encoding") {
		t.Errorf("Discover(%s): status %s, parts %+v; want checked, noting no encoding", r.Name(), res.Status, res.Parts)
	}
}
