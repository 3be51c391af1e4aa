package numeration

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"sync"
)

//go:embed dfa.go inclusion.go layered.go learn.go rel.go system.go
var sources embed.FS

// SourceDigest is the digest (CodeDigest) of this package's constructions:
// the automata, adders, products, projections and learning every
// automata proof is built with.
var SourceDigest = sync.OnceValue(func() string {
	d, err := CodeDigest(sources)
	if err != nil {
		// The files are embedded at build time.
		panic(err)
	}
	return d
})

// CodeDigest is the lower-case hex SHA-256 of the Go tokens of the .go
// files of fsys, in name order, without comments or layout: it changes
// when the code does and not when only its comments or formatting do. A
// proof recorded with the digest of the code that built it counts while
// the code gives that digest, with no version to bump by hand.
//
// A package move (Renames) changes no logic but would change the tokens:
// the package clause, import paths, qualifiers, and the order gofmt
// sorts the imports in. So each file is read under the names it had when
// recorded: a moved package's clause, path and qualifier are replaced by
// the recorded ones, an import name the move script added to keep a
// qualifier (rules "…/games/lang") is dropped, and each block of imports
// is taken in the order of the recorded paths. For a file no move has
// touched, gofmt'ed, that is the file's own token stream, so no digest
// recorded before the moves changes.
func CodeDigest(fsys fs.FS) (string, error) {
	names, err := fs.Glob(fsys, "*.go")
	if err != nil {
		return "", err
	}
	slices.Sort(names)
	h := sha256.New()
	for _, name := range names {
		src, err := fs.ReadFile(fsys, name)
		if err != nil {
			return "", err
		}
		toks, err := recordedTokens(name, src)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "file %s\n", name)
		for _, t := range toks {
			fmt.Fprintf(h, "%s %q\n", t.tok, t.lit)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// A codeToken is one token of a file as digested.
type codeToken struct {
	pos token.Pos
	tok token.Token
	lit string
}

// recordedTokens is the token stream of a Go file under the names it had
// when recorded (see CodeDigest).
func recordedTokens(name string, src []byte) ([]codeToken, error) {
	fset := token.NewFileSet()
	file := fset.AddFile(name, -1, len(src))
	var s scanner.Scanner
	var bad error
	s.Init(file, src, func(pos token.Position, msg string) {
		if bad == nil {
			bad = fmt.Errorf("%s: %s", pos, msg)
		}
	}, 0)
	var toks []codeToken
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.SEMICOLON && lit == "\n" {
			lit = "" // an inserted semicolon is layout, not code
		}
		toks = append(toks, codeToken{pos - token.Pos(file.Base()), tok, lit})
	}
	if bad != nil {
		return nil, bad
	}
	// The syntax tree tells a qualifier from a variable of the same name:
	// parsed in a file set of its own, its offsets are the scanner's.
	pfset := token.NewFileSet()
	f, err := parser.ParseFile(pfset, name, src, 0)
	if err != nil {
		return nil, err
	}
	off := func(p token.Pos) token.Pos { return token.Pos(pfset.Position(p).Offset) }
	subst := map[token.Pos]string{} // offset of an identifier or path → recorded text
	drop := map[token.Pos]bool{}    // offset of an import name the move added
	if old, ok := recordedName(f.Name.Name); ok {
		subst[off(f.Name.Pos())] = old
	}
	qualifier := map[string]string{} // a moved package's name here → recorded name
	type spec struct {
		first, end int    // token indices: the spec and its semicolon, end exclusive
		path       string // recorded path
		name       string
		line       int
	}
	var blocks [][]spec
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			continue
		}
		var block []spec
		for _, sp := range g.Specs {
			is := sp.(*ast.ImportSpec)
			path, err := strconv.Unquote(is.Path.Value)
			if err != nil {
				return nil, err
			}
			old, moved := recordedPath(path)
			local := lastElem(path)
			if moved {
				subst[off(is.Path.Pos())] = strconv.Quote(old)
				switch {
				case is.Name == nil:
					qualifier[local] = lastElem(old)
				case is.Name.Name == lastElem(old) && lastElem(old) != local:
					drop[off(is.Name.Pos())] = true
				}
			}
			name := ""
			if is.Name != nil {
				name = is.Name.Name
			}
			end := tokenAt(toks, off(is.End()))
			if end < len(toks) && toks[end].tok == token.SEMICOLON {
				end++
			}
			block = append(block, spec{
				first: tokenAt(toks, off(is.Pos())), end: end,
				path: old, name: name, line: pfset.Position(is.Pos()).Line,
			})
		}
		if g.Lparen.IsValid() {
			blocks = append(blocks, block)
		}
	}
	if len(qualifier) > 0 {
		ast.Inspect(f, func(n ast.Node) bool {
			// A qualifier is an identifier declared in no scope of this
			// file (Obj nil): a package-level name of another file may
			// not equal an import's name.
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Obj == nil {
					if old, ok := qualifier[x.Name]; ok {
						subst[off(x.Pos())] = old
					}
				}
			}
			return true
		})
	}
	for i := range toks {
		if old, ok := subst[toks[i].pos]; ok {
			toks[i].lit = old
		}
	}
	// gofmt sorts each run of imports not broken by a blank line by path;
	// the recorded order is that of the recorded paths within each run.
	out := make([]codeToken, 0, len(toks))
	next := 0
	for _, block := range blocks {
		for len(block) > 0 {
			run := 1
			for run < len(block) && block[run].line <= block[run-1].line+1 {
				run++
			}
			// A spec's tokens run to its semicolon; consecutive specs are
			// consecutive token ranges.
			sorted := slices.Clone(block[:run])
			slices.SortStableFunc(sorted, func(a, b spec) int {
				if c := strings.Compare(a.path, b.path); c != 0 {
					return c
				}
				return strings.Compare(a.name, b.name)
			})
			out = append(out, toks[next:block[0].first]...)
			for _, sp := range sorted {
				out = append(out, toks[sp.first:sp.end]...)
			}
			next = block[run-1].end
			block = block[run:]
		}
	}
	out = append(out, toks[next:]...)
	kept := out[:0]
	for _, t := range out {
		if !drop[t.pos] {
			kept = append(kept, t)
		}
	}
	return kept, nil
}

// tokenAt is the index of the first token at or after offset p.
func tokenAt(toks []codeToken, p token.Pos) int {
	i, _ := slices.BinarySearchFunc(toks, p, func(t codeToken, p token.Pos) int { return int(t.pos - p) })
	return i
}

// recordedName is the recorded name of a package named name after a
// move (Renames), with its external test package's too.
func recordedName(name string) (string, bool) {
	base, test := strings.CutSuffix(name, "_test")
	for i := len(Renames) - 1; i >= 0; i-- {
		r := Renames[i]
		if lastElem(r.New) == base && lastElem(r.Old) != base {
			base = lastElem(r.Old)
		}
	}
	if test {
		base += "_test"
	}
	return base, base != name
}
