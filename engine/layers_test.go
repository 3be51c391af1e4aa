package engine

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The layers of docs/development.md ("The layers"), tested as go/build's
// deps_test.go tests the standard library's: the test reads the table
// itself, so the documented layering and the code cannot drift apart.

// A layering is the documented table: each layer's packages, lowest
// layer first; a name ending in "/…" stands for the packages under it.
type layering struct {
	names []string   // the layers' names, lowest first
	pkgs  [][]string // module-relative paths ("" the root package)
}

var backquoted = regexp.MustCompile("`([^`]+)`")

// readLayers reads the table of the "### The layers" section of
// docs/development.md.
func readLayers(t *testing.T) layering {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "docs", "development.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(raw), "### The layers")
	if !ok {
		t.Fatal("docs/development.md has no section \"### The layers\"")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var l layering
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 4 || strings.TrimSpace(cells[1]) == "layer" || strings.HasPrefix(strings.TrimSpace(cells[1]), "---") {
			continue
		}
		var pkgs []string
		for _, m := range backquoted.FindAllStringSubmatch(cells[2], -1) {
			name := m[1]
			switch {
			case name == "grundy" && strings.Contains(cells[2], "root `grundy`"):
				name = ""
			case strings.HasPrefix(name, "."):
				continue // a file kind (`.rules`), not a package
			}
			if dir := strings.TrimSuffix(strings.TrimSuffix(name, "…"), "/"); dir != "" {
				if _, err := os.Stat(filepath.Join("..", dir)); err != nil {
					t.Errorf("docs/development.md's layer %q names %q, which is no folder", strings.TrimSpace(cells[1]), name)
				}
			}
			pkgs = append(pkgs, name)
		}
		l.names = append(l.names, strings.TrimSpace(cells[1]))
		l.pkgs = append(l.pkgs, pkgs)
	}
	if len(l.names) < 5 {
		t.Fatalf("docs/development.md's layer table has %d rows", len(l.names))
	}
	return l
}

// of is the layer of a module-relative package path: the layer naming it,
// or the folder "/…" it lies under, the longest such folder winning; -1
// when no layer places it.
func (l layering) of(pkg string) int {
	at, longest := -1, -1
	for i, pkgs := range l.pkgs {
		for _, p := range pkgs {
			if p == pkg {
				return i
			}
			if dir, ok := strings.CutSuffix(p, "/…"); ok && (pkg == dir || strings.HasPrefix(pkg, dir+"/")) && len(dir) > longest {
				at, longest = i, len(dir)
			}
		}
	}
	return at
}

// TestLayers: every package of the module is placed in a layer of
// docs/development.md, and imports (tests aside) only from its own layer
// or below.
func TestLayers(t *testing.T) {
	l := readLayers(t)
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", "./...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	rel := func(path string) (string, bool) {
		if path == module {
			return "", true
		}
		r, ok := strings.CutPrefix(path, module+"/")
		return r, ok
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg, _ := rel(fields[0])
		at := l.of(pkg)
		if at < 0 {
			t.Errorf("package %q is in no layer of docs/development.md", pkg)
			continue
		}
		seen++
		for _, imp := range fields[1:] {
			dep, ok := rel(imp)
			if !ok {
				continue
			}
			if d := l.of(dep); d > at {
				t.Errorf("%q (layer %s) imports %q (layer %s, higher)", pkg, l.names[at], dep, l.names[d])
			}
		}
	}
	if seen < 30 {
		t.Errorf("go list gave %d packages of the module, want every one", seen)
	}
}

// TestLayersSee: the check finds a package placed above what it imports
// and a package no layer names.
func TestLayersSee(t *testing.T) {
	l := layering{names: []string{"low", "high"}, pkgs: [][]string{{"", "a/…"}, {"b"}}}
	for _, tt := range []struct {
		pkg  string
		want int
	}{{"", 0}, {"a", 0}, {"a/x/y", 0}, {"b", 1}, {"b/c", -1}, {"ab", -1}} {
		if got := l.of(tt.pkg); got != tt.want {
			t.Errorf("layer of %q = %d, want %d", tt.pkg, got, tt.want)
		}
	}
}
