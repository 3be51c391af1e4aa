package numeration

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// TestCodeDigest: the digest follows the code, not its comments or
// layout; the package's own is stable within a build.
func TestCodeDigest(t *testing.T) {
	digest := func(src string) string {
		t.Helper()
		d, err := CodeDigest(fstest.MapFS{"a.go": {Data: []byte(src)}, "b.txt": {Data: []byte("not code")}})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	base := digest("package p\n\n// Max is the bound.\nconst Max = 150\n")
	for _, tc := range []struct {
		src  string
		same bool
	}{
		{"package p\n// Max bounds every construction.\nconst Max = 150\n", true},
		{"package p\n\nconst   Max =   150 // the bound\n", true},
		{"package p\n\n// Max is the bound.\nconst Max = 151\n", false},
		{"package p\n\n// Max is the bound.\nconst Max = 150\nconst Min = 1\n", false},
	} {
		if got := digest(tc.src) == base; got != tc.same {
			t.Errorf("CodeDigest(%q) equal to the original's = %v, want %v", tc.src, got, tc.same)
		}
	}
	if _, err := CodeDigest(fstest.MapFS{"bad.go": {Data: []byte("package p\nconst s = \"unterminated\n")}}); err == nil {
		t.Errorf("CodeDigest of a file that does not scan gave no error")
	}
	if a, b := SourceDigest(), SourceDigest(); a != b || len(a) != 64 {
		t.Errorf("SourceDigest() = %q then %q, want one 64-digit hex digest", a, b)
	}
}

// The sources below are the recorded and moved files as written: the
// move script leaves this file's strings and comments as they are.
//
//relayout:keep

// TestCodeDigestMoved: a file moved by the Renames (package clause,
// import paths, qualifiers, gofmt's import order, an import name that
// keeps a qualifier a local variable would shadow) digests as the file
// it was; a change of code beside the move still shows. The moved files
// are written by hand, as scripts/relayout and gofmt leave them; gofmt
// puts theory/catalog after theory, where catalog came first.
func TestCodeDigestMoved(t *testing.T) {
	digest := func(src string) string {
		t.Helper()
		d, err := CodeDigest(fstest.MapFS{"a.go": {Data: []byte(src)}})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, set := range []struct {
		recorded string
		cases    []struct {
			name, src string
			same      bool
		}
	}{
		{`package automata

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/rules"
	"github.com/grundy/grundy/symbolic"
	"github.com/grundy/grundy/theory"
)

func f(n int) string {
	var lang struct{ N int }
	return fmt.Sprint(n, lang.N, rules.Parse, symbolic.Encode, theory.QG, grundy.QG, catalog.Literature)
}
`, []struct {
			name, src string
			same      bool
		}{
			{"unmoved", `package automata

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/rules"
	"github.com/grundy/grundy/symbolic"
	"github.com/grundy/grundy/theory"
)

func f(n int) string {
	var lang struct{ N int }
	return fmt.Sprint(n, lang.N, rules.Parse, symbolic.Encode, theory.QG, grundy.QG, catalog.Literature)
}
`, true},
			{"moved: a local lang keeps the qualifier rules by an import name", `package numeration

import (
	"fmt"

	"github.com/grundy/grundy"
	rules "github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/games/symbolic"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
)

func f(n int) string {
	var lang struct{ N int }
	return fmt.Sprint(n, lang.N, rules.Parse, symbolic.Encode, theory.QG, grundy.QG, catalog.Literature)
}
`, true},
			{"moved, imports in another order", `package numeration

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory/catalog"
	rules "github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/games/symbolic"
)

func f(n int) string {
	var lang struct{ N int }
	return fmt.Sprint(n, lang.N, rules.Parse, symbolic.Encode, theory.QG, grundy.QG, catalog.Literature)
}
`, true},
			{"moved, the local lang renamed", `package numeration

import (
	"fmt"

	"github.com/grundy/grundy"
	rules "github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/games/symbolic"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
)

func f(n int) string {
	var l struct{ N int }
	return fmt.Sprint(n, l.N, rules.Parse, symbolic.Encode, theory.QG, grundy.QG, catalog.Literature)
}
`, false},
			{"moved, other code", `package numeration

import (
	"fmt"

	"github.com/grundy/grundy"
	rules "github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/games/symbolic"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
)

func f(n int) string {
	var lang struct{ N int }
	return fmt.Sprint(n, lang.N, rules.Format, symbolic.Encode, theory.QG, grundy.QG, catalog.Literature)
}
`, false},
		}},
		{`package automata

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/rules"
	"github.com/grundy/grundy/symbolic"
	"github.com/grundy/grundy/theory"
)

func f(n int) string {
	var families struct{ N int }
	return fmt.Sprint(n, families.N, rules.Parse, symbolic.Encode, theory.QG, grundy.QG, catalog.Literature)
}
`, []struct {
			name, src string
			same      bool
		}{
			{"moved, qualifier renamed", `package numeration

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/games/symbolic"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
)

func f(n int) string {
	var families struct{ N int }
	return fmt.Sprint(n, families.N, lang.Parse, symbolic.Encode, theory.QG, grundy.QG, catalog.Literature)
}
`, true},
			{"moved, imports regrouped in their order (layout)", `package numeration

import (
	"fmt"
	"github.com/grundy/grundy"

	"github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/games/symbolic"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
)

func f(n int) string {
	var families struct{ N int }
	return fmt.Sprint(n, families.N, lang.Parse, symbolic.Encode, theory.QG, grundy.QG, catalog.Literature)
}
`, true},
			{"moved, a variable renamed with the qualifier", `package numeration

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/games/symbolic"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
)

func f(n int) string {
	var rulesets struct{ N int }
	return fmt.Sprint(n, rulesets.N, lang.Parse, symbolic.Encode, theory.QG, grundy.QG, catalog.Literature)
}
`, false},
			{"moved into another package", `package lang

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/games/symbolic"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
)

func f(n int) string {
	var families struct{ N int }
	return fmt.Sprint(n, families.N, lang.Parse, symbolic.Encode, theory.QG, grundy.QG, catalog.Literature)
}
`, false},
		}},
	} {
		for _, tc := range set.cases {
			if got := digest(tc.src) == digest(set.recorded); got != tc.same {
				t.Errorf("%s: digest equal to the recorded file's = %v, want %v", tc.name, got, tc.same)
			}
		}
	}
}

// TestSourceDigestMoved: this package's own sources, with the package
// clause of the other layout (numeration where it is automata, automata
// where it is numeration), give the digest they give as they are.
func TestSourceDigestMoved(t *testing.T) {
	r := Renames[slices.IndexFunc(Renames, func(r Rename) bool { return r.Old == "automata" })]
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
		s, ok := strings.CutPrefix(string(b), "package "+lastElem(r.Old)+"\n")
		clause := "package " + lastElem(r.New) + "\n"
		if !ok {
			s, ok = strings.CutPrefix(string(b), clause)
			clause = "package " + lastElem(r.Old) + "\n"
		}
		if !ok {
			t.Fatalf("%s does not begin with its package clause", name)
		}
		moved[name] = &fstest.MapFile{Data: []byte(clause + s)}
	}
	got, err := CodeDigest(moved)
	if err != nil {
		t.Fatal(err)
	}
	if got != SourceDigest() {
		t.Errorf("sources in the other layout digest %.12s, as they are %.12s", got, SourceDigest())
	}
}
