package engine

import (
	"testing"

	"github.com/grundy/grundy/literature"
)

// TestCheckAllCoversLiterature: the claims `grundy check --all` and
// findings audit (Registry().All()) include every literature paper's
// claims under the paper's own id, because engine links package
// literature.
func TestCheckAllCoversLiterature(t *testing.T) {
	have := map[string]bool{}
	for _, c := range Registry().All() {
		have[c.ID] = c.Paper != ""
	}
	n := 0
	for _, p := range literature.Papers() {
		for _, c := range p.Claims {
			n++
			if !have[c.ID] {
				t.Errorf("check --all misses %s (paper %s)", c.ID, p.ID)
			}
		}
	}
	if n == 0 {
		t.Error("the literature folder gives no claim")
	}
}
