package automatic

import (
	"bytes"
	"go/format"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/grundy/grundy/decide/numeration"
)

// TestConstructionDigestMoved: this package's sources as they read in
// the other layout (automata's import path and qualifier swapped between
// automata and decide/numeration, then gofmt) give the digest they give
// as they are, so the move voids no record of theory/automatic.json.
func TestConstructionDigestMoved(t *testing.T) {
	r := numeration.Renames[slices.IndexFunc(numeration.Renames, func(r numeration.Rename) bool { return r.Old == "automata" })]
	from, to := numeration.Module+"/"+r.Old, numeration.Module+"/"+r.New
	moved := fstest.MapFS{}
	names, err := fs.Glob(sources, "*.go")
	if err != nil || len(names) == 0 {
		t.Fatalf("embedded sources: %v, %v", names, err)
	}
	if b, _ := fs.ReadFile(sources, names[0]); bytes.Contains(b, []byte(`"`+to+`"`)) {
		from, to = to, from
	}
	qualifier := regexp.MustCompile(`\b` + path.Base(from) + `\.`)
	for _, name := range names {
		b, err := fs.ReadFile(sources, name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b, []byte(`"`+from+`"`)) {
			t.Fatalf("%s does not import %s", name, from)
		}
		b = bytes.ReplaceAll(b, []byte(`"`+from+`"`), []byte(`"`+to+`"`))
		b = qualifier.ReplaceAll(b, []byte(path.Base(to)+"."))
		if b, err = format.Source(b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		moved[name] = &fstest.MapFile{Data: b}
	}
	got, err := numeration.CodeDigest(moved)
	if err != nil {
		t.Fatal(err)
	}
	want, err := numeration.CodeDigest(sources)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("sources in the other layout digest %.12s, as they are %.12s", got, want)
	}
}
