package catalog_test

import (
	"strings"
	"testing"

	"github.com/grundy/grundy/literature"
	"github.com/grundy/grundy/theory/catalog"
)

// TestLiteratureInRegistry: every claim of the literature folder is in
// the registry that check --all, findings and the web's audit read, under
// its own paper id.
func TestLiteratureInRegistry(t *testing.T) {
	papers := 0
	for _, p := range literature.Papers() {
		for _, c := range p.Claims {
			got, ok := catalog.Registry().Lookup(c.ID)
			if !ok || got.Paper != p.ID || !strings.HasPrefix(c.ID, p.ID+"/") {
				t.Errorf("literature claim %s (paper %s) is not in the registry under its paper", c.ID, p.ID)
			}
		}
		if len(p.Claims) > 0 {
			papers++
		}
	}
	if papers == 0 {
		t.Error("no literature paper has a claim in the registry")
	}
}
