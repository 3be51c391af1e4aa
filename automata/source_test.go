package automata

import (
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
