package web

import (
	"os"
	"os/exec"
	"testing"
)

// TestJS runs the unit tests of the page's pure modules (jstest/*.test.js
// on static/state.js, moves.js, heat.js, chart.js, …) with node's test
// runner. Outside CI it is skipped without node; in CI (CI=true) .ci/run
// installs Debian's nodejs and its absence is a failure.
func TestJS(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node not found, and CI=true requires the page's unit tests: install it (apt-get install nodejs)")
		}
		t.Skip("node not found: skipping the page's unit tests (install Debian's nodejs to run them; required when CI=true)")
	}
	t.Parallel() // alongside TestBrowser
	cmd := exec.Command(node, "--test", "jstest/")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test jstest/: %v\n%s", err, out)
	}
}
