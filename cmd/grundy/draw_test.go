package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy/grundy/engine/prover"
)

// certifyBouton writes the certificates of 000/bouton (Bouton's G = x1 ⊕
// x2 ⊕ …) into a temporary directory and returns it.
func certifyBouton(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if _, stderr, code := cliRun("certify", "000/bouton", "--dir", dir); code != 0 {
		t.Fatalf("certify: exit %d: %s", code, stderr)
	}
	return dir
}

// TestDrawGoldens: dot and TikZ of Bouton's value automaton, goldens in
// testdata/exports rewritten by -update.
func TestDrawGoldens(t *testing.T) {
	dir := certifyBouton(t)
	for _, tc := range []struct{ name, cert, format string }{
		{"draw-bouton-n2.dot", "000_bouton_nim_n2", "dot"},
		{"draw-bouton-n2.tex", "000_bouton_nim_n2", "tikz"},
		{"draw-bouton-n3.dot", "000_bouton_nim_n3", "dot"},
	} {
		stdout, stderr, code := cliRun("draw", filepath.Join(dir, tc.cert), "--format", tc.format)
		if code != 0 {
			t.Fatalf("draw %s: exit %d: %s", tc.cert, code, stderr)
		}
		path := filepath.Join("testdata", "exports", tc.name)
		if *update {
			if err := os.WriteFile(path, []byte(stdout), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if stdout != string(want) {
			t.Errorf("draw %s --format %s:\n%s\nwant (%s):\n%s", tc.cert, tc.format, stdout, path, want)
		}
	}
}

// TestDrawingReadsAsBouton runs the drawn automaton of 3-pile Nim on every
// (x1, x2, x3, g) with entries below 16, reading each edge's labels: it
// must accept exactly g = x1 ⊕ x2 ⊕ x3 (Bouton 1901).
func TestDrawingReadsAsBouton(t *testing.T) {
	set, err := prover.ReadCertifiedSet(filepath.Join(certifyBouton(t), "000_bouton_nim_n3"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := drawing(set)
	if err != nil {
		t.Fatal(err)
	}
	next := map[string]int{}
	for _, e := range d.Edges {
		for _, l := range e.Letters {
			next[fmt.Sprint(e.From, ":", l)] = e.To
		}
	}
	const bits = 4
	for v := range 1 << (4 * bits) {
		x := []int{v & 15, v >> 4 & 15, v >> 8 & 15, v >> 12 & 15}
		q, ok := 0, true
		for b := bits - 1; b >= 0 && ok; b-- {
			digits := make([]string, len(x))
			for i := range x {
				digits[i] = fmt.Sprint(x[i] >> b & 1)
			}
			q, ok = next[fmt.Sprint(q, ":", strings.Join(digits, " "))]
		}
		accepts := ok && d.Accept[q]
		if want := x[3] == x[0]^x[1]^x[2]; accepts != want {
			t.Fatalf("the drawing of 000/bouton on 3 piles accepts %v: %v, want %v", x, accepts, want)
		}
	}
}
