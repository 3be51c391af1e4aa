package main

import (
	"strings"
	"testing"

	"github.com/grundy/grundy/games"
)

// TestBuiltinsWarnNothing: no built-in family's rule, at its default
// parameters, has a warning, so that only a user's rule file prints one
// (rule_warnings.txtar) and no golden or transcript gains a line.
func TestBuiltinsWarnNothing(t *testing.T) {
	var stderr strings.Builder
	a := newApp(nil, &strings.Builder{}, &stderr)
	for _, f := range games.Families {
		if _, err := a.parseGame(f.Name); err != nil {
			t.Errorf("parseGame(%s): %v", f.Name, err)
		}
	}
	if stderr.Len() > 0 {
		t.Errorf("the built-in families warn:\n%s", stderr.String())
	}
}
