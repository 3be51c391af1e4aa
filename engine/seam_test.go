package engine

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/grundy/grundy"

// imports lists the module's packages that package dir (a path relative
// to the repository root) imports directly, read from the import clauses
// of its non-test Go files of every platform (so the check errs on the
// strict side).
func imports(t *testing.T, root, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("package %s: no Go files (%v)", dir, err)
	}
	seen := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		ast, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, is := range ast.Imports {
			p, _ := strconv.Unquote(is.Path.Value)
			if p == module || strings.HasPrefix(p, module+"/") {
				seen[strings.TrimPrefix(strings.TrimPrefix(p, module), "/")] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for p := range seen {
		if p == "" {
			p = "."
		}
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// deps is every package of the module that dir needs, itself excluded,
// each with the chain of imports that brings it in.
func deps(t *testing.T, dir string) map[string]string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("the repository root %s has no go.mod: %v", root, err)
	}
	chain := map[string]string{}
	var walk func(dir, via string)
	walk = func(dir, via string) {
		for _, p := range imports(t, root, dir) {
			if _, ok := chain[p]; ok || p == dir {
				continue
			}
			chain[p] = via + " → " + p
			walk(p, chain[p])
		}
	}
	walk(dir, dir)
	return chain
}

// forbidden reports the packages of deps that are path or under it.
func forbidden(deps map[string]string, paths ...string) []string {
	var bad []string
	for p, chain := range deps {
		for _, f := range paths {
			if p == f || strings.HasPrefix(p, f+"/") {
				bad = append(bad, chain)
			}
		}
	}
	slices.Sort(bad)
	return bad
}

// provers are the packages that prove or discover: the value queries of
// package engine must link none of them.
var provers = []string{"prove", "automatic", "automata", "discover", "engine/prover"}

// TestValueLinksNoProver: package engine, which answers the lightest query
// (a value by search), needs no prover; the provers are reached through
// engine/prover.
func TestValueLinksNoProver(t *testing.T) {
	for _, chain := range forbidden(deps(t, "engine"), provers...) {
		t.Errorf("engine links a prover: %s", chain)
	}
}

// TestSeamCheckSees: the check above sees a prover where one is linked
// (engine/prover imports prove), so its silence means something.
func TestSeamCheckSees(t *testing.T) {
	if bad := forbidden(deps(t, "engine/prover"), "prove"); len(bad) == 0 {
		t.Error("the import walk does not see engine/prover → prove")
	}
}

// The library behind the seam: solvers, stored tables, claims, provers and
// instruments. Rulesets (games, rules, rulesets), formulas and the shared
// vocabulary (the root package) are not behind it: a front end parses a
// ruleset as the library does.
var library = []string{"solve", "store", "cluster", "theory", "catalog", "instruments", "octal",
	"symbolic", "prove", "automatic", "automata", "discover", "discoveries"}

// TestPresentationIsPure: plot and render draw and print what engine
// computed; they import no solver, store, claim or prover package.
func TestPresentationIsPure(t *testing.T) {
	root, _ := filepath.Abs("..")
	for _, dir := range []string{"plot", "render"} {
		direct := map[string]string{}
		for _, p := range imports(t, root, dir) {
			direct[p] = dir + " → " + p
		}
		for _, chain := range forbidden(direct, append(library, "engine/prover")...) {
			t.Errorf("presentation imports the library: %s", chain)
		}
	}
}

// frontEndDebt lists the imports of the library by a front end that
// still bypass engine, if any, each to move behind it: the list may only
// shrink — a new bypass fails the test, and so does an entry no longer
// needed. It is empty: every front end goes through engine.
var frontEndDebt = map[string][]string{}

// TestFrontEndsThroughEngine: play, the web server and the CLI reach the
// solvers, claims and provers only through engine (and engine/prover).
func TestFrontEndsThroughEngine(t *testing.T) {
	root, _ := filepath.Abs("..")
	for _, dir := range []string{"cmd/grundy", "internal/web", "play"} {
		direct := map[string]string{}
		for _, p := range imports(t, root, dir) {
			direct[p] = dir + " → " + p
		}
		owed := frontEndDebt[dir]
		var bypass []string
		for _, chain := range forbidden(direct, library...) {
			p := chain[strings.LastIndex(chain, " → ")+len(" → "):]
			bypass = append(bypass, p)
			if !slices.Contains(owed, p) {
				t.Errorf("a front end bypasses engine: %s", chain)
			}
		}
		for _, p := range owed {
			if !slices.Contains(bypass, p) {
				t.Errorf("%s no longer imports %s: cross it off frontEndDebt", dir, p)
			}
		}
	}
}
