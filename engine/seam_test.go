package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// The seam between the front ends and the library, tested as go/build's
// deps_test.go tests the standard library's layers: from the code's own
// imports and, where a name matters, from go/types.
//
// Data types are apart from verbs. A front end may hold the library's data
// (a table, a claim, an estimate, a proof result: types, constants,
// sentinel errors and their methods), wherever the type lives; it may not
// call a package-level function of a library package (a solver, a store,
// a checker, a prover): those are engine's verbs, or prover's.
// Reading a value from text (a function named Parse…) is not a verb.

const module = "github.com/grundy/grundy"

// library is the code behind the seam: solvers, stored tables, claims,
// provers and instruments. Rulesets (games, rules, rulesets), formulas, the
// root package's shared nouns and internal utilities are not behind it: a
// front end parses a ruleset as the library does.
var library = []string{"solve", "store", "cluster", "theory", "theory/catalog", "instruments", "games/octal",
	"games/symbolic", "proof/smt", "proof/automatic", "decide/numeration", "proof/search", "theory/discovered", "proof/certificate", "decide/presburger"}

// provers are the packages that prove or discover: the value queries of
// package engine must link none of them.
var provers = []string{"proof/smt", "proof/automatic", "decide/numeration", "proof/search", "prover"}

// frontEnds are the packages that talk to people or to a cluster, each with
// the library packages whose verbs it may call besides engine's: the
// worker runs the distributed solver (cluster and its Temporal workflow),
// which engine does not link.
var frontEnds = map[string][]string{
	"cmd/grundy":              nil,
	"cmd/grundy/internal/web": nil,
	"play":                    nil,
	"cmd/grundy-worker":       {"cluster"},
	// Presentation: plot and render draw and print what engine computed.
	"plot":   nil,
	"render": nil,
}

// goPackage is what go list says of one package.
type goPackage struct {
	ImportPath, Dir, Export string
	GoFiles, CgoFiles       []string
	Imports                 []string
}

var (
	listOnce sync.Once
	listed   map[string]*goPackage
	listErr  error
)

// list runs go list once over the front ends and engine with their
// dependencies, with export data, so that go/types reads each import as
// the compiler wrote it.
func list(t *testing.T) map[string]*goPackage {
	t.Helper()
	listOnce.Do(func() {
		args := []string{"list", "-export", "-deps", "-json=ImportPath,Dir,Export,GoFiles,CgoFiles,Imports"}
		for fe := range frontEnds {
			args = append(args, module+"/"+fe)
		}
		args = append(args, module+"/engine", module+"/prover")
		cmd := exec.Command("go", args...)
		cmd.Dir = ".."
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			listErr = errors.New("go list: " + err.Error() + ": " + stderr.String())
			return
		}
		listed = map[string]*goPackage{}
		dec := json.NewDecoder(bytes.NewReader(out))
		for {
			var p goPackage
			if err := dec.Decode(&p); err == io.EOF {
				break
			} else if err != nil {
				listErr = err
				return
			}
			listed[p.ImportPath] = &p
		}
	})
	if listErr != nil {
		t.Fatal(listErr)
	}
	return listed
}

// rel is p relative to the module ("." for the root), or false outside it.
func rel(p string) (string, bool) {
	if p == module {
		return ".", true
	}
	r, ok := strings.CutPrefix(p, module+"/")
	return r, ok
}

// under reports whether package p is one of paths or below one.
func under(p string, paths []string) bool {
	for _, f := range paths {
		if p == f || strings.HasPrefix(p, f+"/") {
			return true
		}
	}
	return false
}

// deps is every package of the module that dir needs, itself excluded,
// each with the chain of imports that brings it in.
func deps(t *testing.T, dir string) map[string]string {
	t.Helper()
	pkgs := list(t)
	chain := map[string]string{}
	var walk func(p, via string)
	walk = func(p, via string) {
		for _, q := range pkgs[p].Imports {
			r, ok := rel(q)
			if _, seen := chain[r]; !ok || seen || q == module+"/"+dir {
				continue
			}
			chain[r] = via + " → " + r
			walk(q, chain[r])
		}
	}
	walk(module+"/"+dir, dir)
	return chain
}

// forbidden reports the packages of deps that are path or under it.
func forbidden(deps map[string]string, paths ...string) []string {
	var bad []string
	for p, chain := range deps {
		if under(p, paths) {
			bad = append(bad, chain)
		}
	}
	slices.Sort(bad)
	return bad
}

// TestValueLinksNoProver: package engine, which answers the lightest query
// (a value by search), needs no prover; the provers are reached through
// prover.
func TestValueLinksNoProver(t *testing.T) {
	for _, chain := range forbidden(deps(t, "engine"), provers...) {
		t.Errorf("engine links a prover: %s", chain)
	}
}

// TestSeamCheckSees: the check above sees a prover where one is linked
// (prover imports prove), so its silence means something.
func TestSeamCheckSees(t *testing.T) {
	if bad := forbidden(deps(t, "prover"), "proof/smt"); len(bad) == 0 {
		t.Error("the import walk does not see prover → prove")
	}
}

// TestClusterRunsNoProgram: the worker and the cluster's packages call the
// library, not the grundy program: none of them imports os/exec (the
// check shards of cluster/flow are engine.AuditShard, not `grundy check
// --shard` in a subprocess reading a file format of the CLI's).
func TestClusterRunsNoProgram(t *testing.T) {
	seen := 0
	for path, p := range list(t) {
		r, ok := rel(path)
		if !ok || !under(r, []string{"cluster", "cmd/grundy-worker"}) {
			continue
		}
		seen++
		if slices.Contains(p.Imports, "os/exec") {
			t.Errorf("%s imports os/exec: it runs a program where it should call the library", r)
		}
	}
	if seen < 3 {
		t.Errorf("the check saw %d of the cluster's packages and the worker, want cluster, cluster/flow and cmd/grundy-worker", seen)
	}
}

// checked is one package type-checked from its source against the export
// data of its imports.
type checked struct {
	fset  *token.FileSet
	files []*ast.File
	pkg   *types.Package
	info  *types.Info
}

// typeCheck type-checks the non-test files of the module's package dir
// for this platform.
func typeCheck(t *testing.T, dir string) checked {
	t.Helper()
	pkgs := list(t)
	gp := pkgs[module+"/"+dir]
	if gp == nil {
		t.Fatalf("go list does not know %s", dir)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range slices.Concat(gp.GoFiles, gp.CgoFiles) {
		f, err := parser.ParseFile(fset, filepath.Join(gp.Dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return check(t, fset, module+"/"+dir, files)
}

// check type-checks files as package path.
func check(t *testing.T, fset *token.FileSet, path string, files []*ast.File) checked {
	t.Helper()
	pkgs := list(t)
	lookup := func(p string) (io.ReadCloser, error) {
		if gp := pkgs[p]; gp != nil && gp.Export != "" {
			return os.Open(gp.Export)
		}
		return nil, errors.New("no export data for " + p)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", lookup), FakeImportC: true}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	pkg, err := conf.Check(path, fset, files, info)
	if err != nil {
		t.Fatalf("type-check %s: %v", path, err)
	}
	return checked{fset, files, pkg, info}
}

// verbs lists the calls (or uses as values) of a library package's
// package-level functions in c, other than those of the packages in own:
// "file:line: pkg.Func".
func verbs(c checked, own []string) []string {
	var bad []string
	for id, obj := range c.info.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg() == c.pkg || fn.Signature().Recv() != nil {
			continue
		}
		p, ok := rel(fn.Pkg().Path())
		if !ok || !under(p, library) || under(p, own) || strings.HasPrefix(fn.Name(), "Parse") {
			continue
		}
		pos := c.fset.Position(id.Pos())
		bad = append(bad, filepath.Base(pos.Filename)+":"+strconv.Itoa(pos.Line)+": "+p+"."+fn.Name())
	}
	slices.Sort(bad)
	return bad
}

// TestFrontEndsCallNoLibraryVerb: the CLI, the web server, play, the
// worker, plot and render may hold the library's data but call its verbs
// only through engine (and prover): a front end calling a solver,
// a store, a checker or a prover directly fails.
func TestFrontEndsCallNoLibraryVerb(t *testing.T) {
	for fe, own := range frontEnds {
		for _, v := range verbs(typeCheck(t, fe), own) {
			t.Errorf("%s calls a library verb past engine: %s", fe, v)
		}
	}
}

// TestPresentationLinksNoProver: plot and render print what engine and
// prover return; they import no prover, nor prover.
func TestPresentationLinksNoProver(t *testing.T) {
	for _, dir := range []string{"plot", "render"} {
		for _, chain := range forbidden(deps(t, dir), provers...) {
			t.Errorf("presentation links a prover: %s", chain)
		}
	}
}

// aliases lists the exported names of c that re-export another package
// of the module: a type alias, or a constant or variable declared as
// another package's.
func aliases(c checked) []string {
	var bad []string
	other := func(obj types.Object) bool {
		if obj == nil || obj.Pkg() == nil || obj.Pkg() == c.pkg {
			return false
		}
		_, ok := rel(obj.Pkg().Path())
		return ok
	}
	scope := c.pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		if tn, ok := obj.(*types.TypeName); ok && tn.IsAlias() {
			if named, ok := types.Unalias(tn.Type()).(*types.Named); ok && other(named.Obj()) {
				bad = append(bad, name+" = "+named.Obj().Pkg().Name()+"."+named.Obj().Name())
			}
		}
	}
	// A constant or variable whose value is another package's name.
	for _, f := range c.files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok == token.TYPE || gd.Tok == token.IMPORT {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if !n.IsExported() || i >= len(vs.Values) {
						continue
					}
					if sel, ok := vs.Values[i].(*ast.SelectorExpr); ok && other(c.info.Uses[sel.Sel]) {
						bad = append(bad, n.Name+" = "+types.ExprString(sel))
					}
				}
			}
		}
	}
	slices.Sort(bad)
	return bad
}

// TestEngineExportsNoAlias: engine and prover speak in their own
// words or name the library's types where they live; they re-export no
// other package's type, constant or variable under a second name.
func TestEngineExportsNoAlias(t *testing.T) {
	for _, dir := range []string{"engine", "prover"} {
		for _, a := range aliases(typeCheck(t, dir)) {
			t.Errorf("%s re-exports another package: %s", dir, a)
		}
	}
}

// TestSeamChecksSee: the two checks above find a verb and an alias where
// there is one, so that their silence means something.
func TestSeamChecksSee(t *testing.T) {
	const src = `package fake

import (
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

type Table = solve.Table

type Own struct{ T *solve.Table }

const Pass = "pass"

var ErrTooBig = solve.ErrTooBig

func f() (*theory.Claim, error) {
	r, err := games.Parse("nim")
	if err != nil {
		return nil, err
	}
	_, err = solve.SolveBox(nil, r, solve.BoxSpec{Piles: 2, Max: 3})
	return nil, err
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "fake.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	c := check(t, fset, module+"/engine/fake", []*ast.File{file})
	if got, want := verbs(c, nil), []string{"fake.go:22: solve.SolveBox"}; !slices.Equal(got, want) {
		t.Errorf("verbs = %q, want %q", got, want)
	}
	if got, want := aliases(c), []string{"ErrTooBig = solve.ErrTooBig", "Table = solve.Table"}; !slices.Equal(got, want) {
		t.Errorf("aliases = %q, want %q", got, want)
	}
}
