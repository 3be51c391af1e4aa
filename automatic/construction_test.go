package automatic

import (
	"go/format"
	"io/fs"
	"regexp"
	"testing"
	"testing/fstest"

	"github.com/grundy/grundy/automata"
)

// TestConstructionDigestMoved: this package's sources as they read once
// automata has moved to decide/numeration (its import path and
// qualifier, then gofmt) give the digest they give today, so the move
// voids no record of theory/automatic.json.
func TestConstructionDigestMoved(t *testing.T) {
	qualifier := regexp.MustCompile(`\bautomata\.`)
	moved := fstest.MapFS{}
	names, err := fs.Glob(sources, "*.go")
	if err != nil || len(names) == 0 {
		t.Fatalf("embedded sources: %v, %v", names, err)
	}
	for _, name := range names {
		b, err := fs.ReadFile(sources, name)
		if err != nil {
			t.Fatal(err)
		}
		b = regexp.MustCompile(`"github.com/grundy/grundy/automata"`).ReplaceAll(b, []byte(`"github.com/grundy/grundy/decide/numeration"`))
		b = qualifier.ReplaceAll(b, []byte("numeration."))
		if b, err = format.Source(b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		moved[name] = &fstest.MapFile{Data: b}
	}
	got, err := automata.CodeDigest(moved)
	if err != nil {
		t.Fatal(err)
	}
	want, err := automata.CodeDigest(sources)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("moved sources digest %.12s, today's %.12s", got, want)
	}
}
