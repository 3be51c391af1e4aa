package automata

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"slices"
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
		fset := token.NewFileSet()
		file := fset.AddFile(name, -1, len(src))
		var s scanner.Scanner
		var bad error
		s.Init(file, src, func(pos token.Position, msg string) {
			if bad == nil {
				bad = fmt.Errorf("%s: %s", pos, msg)
			}
		}, 0)
		fmt.Fprintf(h, "file %s\n", name)
		for {
			_, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if tok == token.SEMICOLON && lit == "\n" {
				lit = "" // an inserted semicolon is layout, not code
			}
			fmt.Fprintf(h, "%s %q\n", tok, lit)
		}
		if bad != nil {
			return "", bad
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
