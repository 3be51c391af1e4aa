package main

import (
	"bufio"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The exports the field uses (b-files, BibTeX) are goldens in
// testdata/exports, rewritten by -update; the terms of each b-file are
// also checked against values derived here independently.
var exportCases = []struct {
	name string
	args []string
}{
	{"bfile-ppos-wythoff-a", []string{"bfile", "ppos", "wythoff", "--max", "60"}},
	{"bfile-ppos-wythoff-b", []string{"bfile", "ppos", "wythoff", "--max", "60", "--column", "b"}},
	{"bfile-sequence-0.07", []string{"bfile", "sequence", "0.07", "--max", "60"}},
	{"bfile-line-nim-big", []string{"bfile", "line", "nim", "1000000000000000000000,5", "--step", "1,1", "--count", "12"}},
	{"bibtex-findings-002", []string{"findings", "002", "--max", "12", "--format", "bibtex"}},
	{"bibtex-claimfile", []string{"findings", "testdata/exports/w.claims", "--format", "bibtex"}},
}

func TestExportGoldens(t *testing.T) {
	for _, tc := range exportCases {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, code := cliRun(tc.args...)
			if code != 0 {
				t.Fatalf("grundy %s: exit %d: %s", strings.Join(tc.args, " "), code, stderr)
			}
			path := filepath.Join("testdata", "exports", tc.name+".txt")
			if *update {
				if err := os.WriteFile(path, []byte(stdout), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if stdout != string(want) {
				t.Errorf("grundy %s:\n%s\nwant (%s):\n%s", strings.Join(tc.args, " "), stdout, path, want)
			}
		})
	}
}

// bfileTerms reads a b-file's terms, checking that n runs from 0 by 1.
func bfileTerms(t *testing.T, name string) []*big.Int {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "exports", name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var terms []*big.Int
	s := bufio.NewScanner(f)
	for s.Scan() {
		if strings.HasPrefix(s.Text(), "#") {
			continue
		}
		n, v, ok := strings.Cut(s.Text(), " ")
		a, okv := new(big.Int).SetString(v, 10)
		if !ok || !okv || n != strconv.Itoa(len(terms)) {
			t.Fatalf("%s: line %q is not \"%d a(%d)\"", name, s.Text(), len(terms), len(terms))
		}
		terms = append(terms, a)
	}
	return terms
}

// TestBfileTerms: the P-positions of Wythoff's game are (⌊nφ⌋, ⌊nφ⌋ + n)
// (Wythoff 1907), computed here as ⌊(n + √(5n²))/2⌋ in integers; 0.07
// (Dawson's Kayles) by a direct mex over its moves; nim's values along a
// line by xor.
func TestBfileTerms(t *testing.T) {
	a, b := bfileTerms(t, "bfile-ppos-wythoff-a"), bfileTerms(t, "bfile-ppos-wythoff-b")
	if len(a) != len(b) {
		t.Fatalf("%d a terms, %d b terms", len(a), len(b))
	}
	// Every pair with b ≤ 60: (⌊nφ⌋, ⌊nφ⌋+n) for n up to the last with b ≤ 60.
	var want [][2]int64
	for n := int64(0); ; n++ {
		sq := new(big.Int).Sqrt(big.NewInt(5 * n * n))
		an := (n + sq.Int64()) / 2
		if an+n > 60 {
			break
		}
		want = append(want, [2]int64{an, an + n})
	}
	if len(a) != len(want) {
		t.Fatalf("%d Wythoff pairs with b ≤ 60, want %d", len(a), len(want))
	}
	for n, w := range want {
		if a[n].Int64() != w[0] || b[n].Int64() != w[1] {
			t.Errorf("Wythoff pair %d = (%v, %v), want (%d, %d)", n, a[n], b[n], w[0], w[1])
		}
	}

	// 0.07: remove 2 from a heap, leaving nothing, one heap or two.
	g := make([]int, 61)
	for n := range g {
		seen := map[int]bool{}
		if n == 2 {
			seen[0] = true
		}
		if n >= 3 {
			seen[g[n-2]] = true
		}
		for x := 1; x <= n-3; x++ {
			seen[g[x]^g[n-2-x]] = true
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	seq := bfileTerms(t, "bfile-sequence-0.07")
	if len(seq) != len(g) {
		t.Fatalf("0.07: %d terms, want %d", len(seq), len(g))
	}
	for n := range g {
		if seq[n].Int64() != int64(g[n]) {
			t.Errorf("G(%d) of 0.07 = %v, want %d", n, seq[n], g[n])
		}
	}

	line := bfileTerms(t, "bfile-line-nim-big")
	base, _ := new(big.Int).SetString("1000000000000000000000", 10)
	for n, v := range line {
		x := new(big.Int).Add(base, big.NewInt(int64(n)))
		w := new(big.Int).Xor(x, big.NewInt(int64(5+n)))
		if v.Cmp(w) != 0 {
			t.Errorf("G(nim %v,%d) = %v, want %v", x, 5+n, v, w)
		}
	}
}
