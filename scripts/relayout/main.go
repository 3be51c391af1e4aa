// Command relayout makes the package moves of issue 34, item 4 (a layout
// that shows the import layers), on whatever tree it is run in: one run on
// the merged main, after which the tree is committed as one change.
//
//	go run ./scripts/relayout [-n]
//
// The moves are automata.Renames, the table the code digests read moved
// sources through, so a move and the digests of recorded proofs cannot
// disagree. For each move not yet made it runs git mv of the folder, and
// then, over every file git tracks:
//
//   - Go files, through their syntax trees: import paths; the package
//     clause (and the package comment) of a renamed package; its
//     qualifiers (rules.Parse → lang.Parse), or an import name keeping
//     the old qualifier where a name of the file would shadow the new one;
//     paths in comments and strings ("go test ./automatic",
//     "automata/source.go", relative paths out of a moved folder); the
//     package lists of engine's tests; gofmt.
//     A file with the comment //relayout:keep keeps its strings and
//     comments (the digest tests' recorded sources).
//   - Other text files (docs, .ci/run, scripts, python/): paths, and in
//     Markdown qualified names (`prove.Result`); in docs/development.md
//     the package map's names and the layout section.
//
// It refuses a tree with uncommitted changes and a move whose old and new
// folders both exist; a move already made is skipped, so a second run
// changes nothing. With -n it says what it would move and writes nothing.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/grundy/grundy/decide/numeration"
)

func main() {
	dry := flag.Bool("n", false, "say what would move, change nothing")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./scripts/relayout [-n]   (at the module's root, on a clean tree)")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 0 {
		flag.Usage()
		os.Exit(2)
	}
	start := time.Now()
	r, err := newRelayout(".")
	if err == nil {
		err = r.run(*dry)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "relayout:", err)
		os.Exit(2)
	}
	fmt.Fprintf(os.Stderr, "relayout: %d moves, %d files changed in %.1f s\n", len(r.moves), r.changed, time.Since(start).Seconds())
}

// A move is one folder's move, module-relative, with the names of its
// leaf package before and after.
type move struct {
	old, new         string
	oldName, newName string
}

type relayout struct {
	log     io.Writer // what it does, for people
	root    string
	names   map[string]map[string]bool // folder → its files' package-level names
	all     []move                     // every rename, made or not: old paths are rewritten wherever met
	moves   []move                     // those this run makes
	changed int
}

func newRelayout(root string) (*relayout, error) {
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, fmt.Errorf("not at the module's root: %v", err)
	}
	if !bytes.HasPrefix(mod, []byte("module "+numeration.Module+"\n")) {
		return nil, fmt.Errorf("go.mod is not module %s", numeration.Module)
	}
	r := &relayout{root: root, log: os.Stderr}
	for _, rn := range numeration.Renames {
		m := move{old: rn.Old, new: rn.New, oldName: path.Base(rn.Old), newName: path.Base(rn.New)}
		r.all = append(r.all, m)
		oldDir, newDir := r.isDir(m.old), r.isDir(m.new)
		switch {
		case oldDir && newDir:
			return nil, fmt.Errorf("both %s and %s exist: move the rest by hand or remove one", m.old, m.new)
		case oldDir:
			r.moves = append(r.moves, m)
		case !newDir:
			return nil, fmt.Errorf("neither %s nor %s exists", m.old, m.new)
		}
	}
	return r, nil
}

func (r *relayout) isDir(rel string) bool {
	fi, err := os.Stat(filepath.Join(r.root, rel))
	return err == nil && fi.IsDir()
}

func (r *relayout) git(args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = r.root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return string(out), nil
}

func (r *relayout) run(dry bool) error {
	if len(r.moves) == 0 {
		fmt.Fprintln(r.log, "relayout: every move is made already; nothing to do")
		return nil
	}
	if st, err := r.git("status", "--porcelain", "--untracked-files=no"); err != nil {
		return err
	} else if st != "" {
		return errors.New("the work tree has uncommitted changes: commit them first, so the move is one change of its own")
	}
	for _, m := range r.moves {
		fmt.Fprintf(r.log, "relayout: %s → %s\n", m.old, m.new)
	}
	if dry {
		return nil
	}
	before, err := r.git("ls-files", "-z")
	if err != nil {
		return err
	}
	for _, m := range r.moves {
		if err := os.MkdirAll(filepath.Join(r.root, path.Dir(m.new)), 0o755); err != nil {
			return err
		}
		if _, err := r.git("mv", m.old, m.new); err != nil {
			return err
		}
	}
	for _, old := range strings.Split(strings.TrimSuffix(before, "\x00"), "\x00") {
		if err := r.rewrite(old, r.forward(old)); err != nil {
			return err
		}
	}
	return nil
}

// forward is where a module-relative path lies after every move.
func (r *relayout) forward(rel string) string {
	for _, m := range r.all {
		if rest, ok := strings.CutPrefix(rel, m.old); ok && (rest == "" || rest[0] == '/') {
			rel = m.new + rest
		}
	}
	return rel
}

// rewrite rewrites the file now at cur, which was at old before the moves.
func (r *relayout) rewrite(old, cur string) error {
	if strings.HasPrefix(cur, "scripts/relayout/") && !strings.HasSuffix(cur, ".go") {
		return nil
	}
	full := filepath.Join(r.root, cur)
	fi, err := os.Lstat(full)
	if err != nil || !fi.Mode().IsRegular() {
		return nil // deleted in the work tree or a link: not ours to rewrite
	}
	src, err := os.ReadFile(full)
	if err != nil {
		return err
	}
	var out []byte
	switch {
	case strings.HasSuffix(cur, ".go"):
		out, err = r.rewriteGo(old, cur, src)
		if err != nil {
			return fmt.Errorf("%s: %v", cur, err)
		}
	case isTestdata(cur) || bytes.IndexByte(src, 0) >= 0:
		// Goldens and fuzz corpora hold what the code prints, which the
		// moves do not change; binaries hold no paths to rewrite.
		return nil
	default:
		out = []byte(r.rewriteText(cur, string(src)))
		if cur == "docs/development.md" {
			out = []byte(r.layoutSection(string(out)))
		}
	}
	if bytes.Equal(out, src) {
		return nil
	}
	r.changed++
	return os.WriteFile(full, out, fi.Mode().Perm())
}

func isTestdata(p string) bool {
	return strings.HasPrefix(p, "testdata/") || strings.Contains(p, "/testdata/")
}

// An edit replaces src[from:to].
type edit struct {
	from, to int
	text     string
}

func (r *relayout) rewriteGo(old, cur string, src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, cur, src, parser.ParseComments)
	if err != nil {
		if isTestdata(cur) {
			return src, nil // not Go the build reads
		}
		return nil, err
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	var edits []edit
	replace := func(n ast.Node, text string) {
		edits = append(edits, edit{off(n.Pos()), off(n.End()), text})
	}
	// The script's own strings name the moves, and a file marked
	// //relayout:keep holds recorded sources as test data: their strings
	// and comments stay as written.
	self := strings.HasPrefix(cur, "scripts/relayout/") || marked(f)

	// The package clause and comment of a renamed package.
	oldDir, curDir := path.Dir(old), path.Dir(cur)
	for _, m := range r.moves {
		if oldDir != m.old || curDir != m.new || m.oldName == m.newName {
			continue
		}
		if base, test := strings.CutSuffix(f.Name.Name, "_test"); base == m.oldName {
			name := m.newName
			if test {
				name += "_test"
			}
			replace(f.Name, name)
		}
		if f.Doc != nil {
			for _, c := range f.Doc.List {
				if rest, ok := strings.CutPrefix(c.Text, "// Package "+m.oldName+" "); ok {
					replace(c, "// Package "+m.newName+" "+rest)
				}
			}
		}
	}

	// Imports, and the qualifiers of renamed packages.
	importLits := map[*ast.BasicLit]bool{}
	renamed := map[string]string{} // old qualifier → new
	for _, is := range f.Imports {
		importLits[is.Path] = true
		p, err := strconv.Unquote(is.Path.Value)
		if err != nil {
			return nil, err
		}
		rel, ok := strings.CutPrefix(p, numeration.Module+"/")
		if !ok {
			continue
		}
		nrel := r.forward(rel)
		if nrel == rel {
			continue
		}
		quoted := strconv.Quote(numeration.Module + "/" + nrel)
		oldName, newName := path.Base(rel), path.Base(nrel)
		if is.Name == nil && oldName != newName {
			if declares(f, newName) || r.packageNames(curDir)[newName] {
				// A name of this file or package would shadow or
				// clash with the new qualifier: the import keeps the
				// old one by name.
				quoted = oldName + " " + quoted
			} else {
				renamed[oldName] = newName
			}
		}
		replace(is.Path, quoted)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			// Obj nil: declared in no scope of this file, so the import
			// (a package-level name elsewhere may not equal an import's).
			if x, ok := n.X.(*ast.Ident); ok && x.Obj == nil {
				if nn, ok := renamed[x.Name]; ok {
					replace(x, nn)
				}
			}
		case *ast.BasicLit:
			if n.Kind != token.STRING || importLits[n] || self {
				return true
			}
			s := n.Value
			if t := r.relative(old, cur, s); t != s {
				s = t
			}
			s = r.rewritePaths(s)
			if curDir == "engine" && strings.HasSuffix(cur, "_test.go") {
				s = r.packageLiteral(s)
			}
			if s != n.Value {
				replace(n, s)
			}
		}
		return true
	})
	if !self {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if t := r.rewriteQualified(r.rewritePaths(c.Text)); t != c.Text {
					replace(c, t)
				}
			}
		}
	}
	if len(edits) == 0 {
		return src, nil
	}
	// A package comment is both a doc and a comment: one edit per place.
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].from < edits[j].from })
	var b bytes.Buffer
	at := 0
	for _, e := range edits {
		if e.from < at {
			continue
		}
		b.Write(src[at:e.from])
		b.WriteString(e.text)
		at = e.to
	}
	b.Write(src[at:])
	return format.Source(b.Bytes())
}

// declares reports whether an identifier of f other than a package
// qualifier is named name, or an import takes it: then name may not
// become a qualifier.
func declares(f *ast.File, name string) bool {
	for _, is := range f.Imports {
		if is.Name != nil && is.Name.Name == name {
			return true
		}
		if p, err := strconv.Unquote(is.Path.Value); err == nil && path.Base(p) == name {
			return true
		}
	}
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name && id != f.Name {
			found = true
		}
		return !found
	})
	return found
}

// relative rewrites a quoted string holding a path relative to the
// file's folder ("../theory/proved.json") for the file's and the
// target's new places.
func (r *relayout) relative(old, cur, quoted string) string {
	s, err := strconv.Unquote(quoted)
	if err != nil || !strings.HasPrefix(s, "../") {
		return quoted
	}
	target := path.Join(path.Dir(old), s)
	if strings.HasPrefix(target, "../") {
		return quoted
	}
	rel := relPath(path.Dir(cur), r.forward(target))
	if strings.HasSuffix(s, "/") && !strings.HasSuffix(rel, "/") {
		rel += "/"
	}
	if rel == s {
		return quoted
	}
	if quoted[0] == '`' {
		return "`" + rel + "`"
	}
	return strconv.Quote(rel)
}

// relPath is target relative to folder dir, both module-relative.
func relPath(dir, target string) string {
	rel, err := filepath.Rel(filepath.FromSlash(dir), filepath.FromSlash(target))
	if err != nil {
		return target
	}
	return filepath.ToSlash(rel)
}

// packageLiteral rewrites a string that is exactly a module-relative
// package path ("prove", "certificate/recheck"), as engine's seam tests
// list packages.
func (r *relayout) packageLiteral(quoted string) string {
	s, err := strconv.Unquote(quoted)
	if err != nil {
		return quoted
	}
	if n := r.forward(s); n != s {
		return strconv.Quote(n)
	}
	return quoted
}

var (
	pathPatterns []*regexp.Regexp // per move: module path, ./old, old/entry
	qualPatterns []*regexp.Regexp // per renamed move: old.Exported
	namePatterns []*regexp.Regexp // per renamed move: package old
	pkgPatterns  []*regexp.Regexp // per move: package `old`
)

func (r *relayout) patterns() {
	if pathPatterns != nil {
		return
	}
	for _, m := range r.all {
		q := regexp.QuoteMeta(m.old)
		// After the folder's name: not more of a name ("rulesets" is not
		// "rules"), but a sentence's full stop may follow.
		end := `((?:[^A-Za-z0-9_.-]|\.(?:[^A-Za-z0-9_]|$)|$))`
		pathPatterns = append(pathPatterns,
			regexp.MustCompile(`(`+regexp.QuoteMeta(numeration.Module)+`/)`+q+end),
			regexp.MustCompile(`(^|[^A-Za-z0-9_./-])(\./)`+q+end),
			regexp.MustCompile(`(^|[^A-Za-z0-9_./-]|\.\./|[^.]\./)`+q+`/([A-Za-z0-9_.*-]+)`))
		pkgPatterns = append(pkgPatterns, regexp.MustCompile("(\\b[Pp]ackages? )`"+q+"`"))
		if m.oldName != m.newName {
			qualPatterns = append(qualPatterns, regexp.MustCompile(`(^|[^A-Za-z0-9_./-])`+regexp.QuoteMeta(m.oldName)+`\.([A-Z][A-Za-z0-9_]*)`))
			namePatterns = append(namePatterns, regexp.MustCompile(`(\b[Pp]ackage )`+regexp.QuoteMeta(m.oldName)+`((?:[^A-Za-z0-9_/-]|$))`))
		} else {
			qualPatterns = append(qualPatterns, nil)
			namePatterns = append(namePatterns, nil)
		}
	}
}

// rewritePaths rewrites the paths of moved folders in s: the import path
// (github.com/grundy/grundy/prove), a package pattern (./prove,
// ./prove/...), and a path into the folder (prove/eliminate.go,
// ../automata/source.go) whose next element exists in the moved folder,
// so that the words of prose ("rules/conditions") and claim keys
// ("discover/GAME/…") stay.
func (r *relayout) rewritePaths(s string) string {
	r.patterns()
	for i, m := range r.all {
		if !strings.Contains(s, m.old) {
			continue // the quick test first: most text names no moved folder
		}
		mod, dot, in := pathPatterns[3*i], pathPatterns[3*i+1], pathPatterns[3*i+2]
		s = mod.ReplaceAllString(s, "${1}"+m.new+"${2}")
		s = dot.ReplaceAllString(s, "${1}${2}"+m.new+"${3}")
		s = in.ReplaceAllStringFunc(s, func(hit string) string {
			sub := in.FindStringSubmatch(hit)
			entry := sub[2]
			if entry != "..." && !strings.ContainsAny(entry, "*") {
				if _, err := os.Stat(filepath.Join(r.root, m.new, strings.TrimRight(entry, "."))); err != nil {
					return hit
				}
			}
			return sub[1] + m.new + "/" + entry
		})
	}
	return s
}

// rewriteQualified rewrites the names of moved packages in prose: a
// renamed package's exported names written qualified (prove.Result →
// smt.Result), "package prove" (→ package smt), and "package `prove`"
// (→ package `proof/smt`). A bare `prove` may be the command: it stays.
func (r *relayout) rewriteQualified(s string) string {
	r.patterns()
	for i, m := range r.all {
		if !strings.Contains(s, m.oldName) {
			continue
		}
		s = pkgPatterns[i].ReplaceAllString(s, "${1}`"+m.new+"`")
		if q := qualPatterns[i]; q != nil {
			s = q.ReplaceAllString(s, "${1}"+m.newName+".${2}")
			s = namePatterns[i].ReplaceAllString(s, "${1}"+m.newName+"${2}")
		}
	}
	return s
}

// rewriteText rewrites a text file's paths, and in Markdown its
// qualified names and, in docs/development.md, the package names the map
// and prose write in backquotes.
func (r *relayout) rewriteText(cur, s string) string {
	s = r.rewritePaths(s)
	if strings.HasSuffix(cur, ".md") {
		s = r.rewriteQualified(s)
	}
	if cur == "docs/development.md" {
		s = backquoted.ReplaceAllStringFunc(s, func(hit string) string {
			return "`" + r.forward(hit[1:len(hit)-1]) + "`"
		})
	}
	return s
}

var backquoted = regexp.MustCompile("`[a-z][a-z0-9/]*`")

// layoutSection replaces the section of docs/development.md on the
// layout to come by the layout made.
func (r *relayout) layoutSection(doc string) string {
	const heading = "### The layout to come"
	i := strings.Index(doc, heading)
	if i < 0 {
		fmt.Fprintf(r.log, "relayout: docs/development.md has no section %q: its layout section is left as it is\n", heading)
		return doc
	}
	j := strings.Index(doc[i:], "\n## ")
	if j < 0 {
		j = len(doc) - i
	} else {
		j++
	}
	return doc[:i] + layoutMade + doc[i+j:]
}

// layoutMade describes the layout after the moves (new names only: it is
// written after the paths are rewritten).
const layoutMade = `### The layers (issue 34, item 4)

The tree tells what imports what: a package imports only from its own
layer or below (` + "`go list -deps`" + ` shows it). Layers, lowest first:

| layer | packages |
| --- | --- |
| nouns | root ` + "`grundy`, `formula`" + ` |
| utilities | ` + "`internal/atomicfile`, `internal/readfile`, `internal/plural`, `internal/memlimit`" + ` (internal/ holds utilities only) |
| deciders | ` + "`decide/presburger`, `decide/numeration`" + ` (automata over numeration systems) |
| rulesets | ` + "`games`" + ` (the registry), ` + "`games/lang`" + ` (the rule language), ` + "`games/families`" + ` (the embedded ` + "`.rules`" + ` files), ` + "`games/octal`, `games/symbolic`" + ` (a ruleset's moves as Presburger formulas, and their digest) |
| solvers | ` + "`solve`, `store`, `cluster`, `instruments`" + ` |
| claims | ` + "`theory/…`, `theory/catalog`, `theory/discovered`" + ` (the ledger of formulas found from boxes) |
| provers | ` + "`proof/smt`, `proof/automatic`, `proof/search`" + ` (searches boxes for formulas), ` + "`proof/certificate/…`" + ` |
| doors | ` + "`engine`, `prover`" + ` (the door to the provers, beside engine) |
| presentation | ` + "`render`, `plot`, `play`" + ` |
| front ends | ` + "`cmd/grundy`, `cmd/grundy/internal/web`, `cmd/grundy-worker`, `cmd/grundy-worker/internal/flow`" + ` (the worker's Temporal workflows and activities; they call engine's audit) |

Old names, for reading older commits and notes: ` + "`automata` → `decide/numeration`, `presburger` → `decide/presburger`, `rules` → `games/lang`, `rulesets` → `games/families`, `octal` → `games/octal`, `symbolic` → `games/symbolic`, `catalog` → `theory/catalog`, `discoveries` → `theory/discovered`, `prove` → `proof/smt`, `automatic` → `proof/automatic`, `discover` → `proof/search`, `certificate` → `proof/certificate`, `cluster/flow` → `cmd/grundy-worker/internal/flow`" + `.
The moves were made by ` + "`go run ./scripts/relayout`" + ` from the table
` + "`numeration.Renames`" + `. The digest of a recorded proof's code
(` + "`numeration.CodeDigest`" + `) reads a moved source under the names it had
when recorded, so no record of theory/automatic.json was voided; the
symbolic digests of theory/proved.json and theory/discovered digest the
move encoding, not code. A further move is one more line of that table
and one more run of the script.

`

// packageNames are the package-level names declared in the Go files of
// folder dir (every package there, tests too): an import's name may not
// equal one of them.
func (r *relayout) packageNames(dir string) map[string]bool {
	if names, ok := r.names[dir]; ok {
		return names
	}
	names := map[string]bool{}
	files, _ := filepath.Glob(filepath.Join(r.root, dir, "*.go"))
	for _, file := range files {
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							names[n.Name] = true
						}
					case *ast.TypeSpec:
						names[sp.Name.Name] = true
					}
				}
			}
		}
	}
	if r.names == nil {
		r.names = map[string]map[string]bool{}
	}
	r.names[dir] = names
	return names
}

// marked reports whether f has the comment //relayout:keep.
func marked(f *ast.File) bool {
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if c.Text == "//relayout:keep" {
				return true
			}
		}
	}
	return false
}
