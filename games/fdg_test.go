package games_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

// exactlyK lists the 0/1 n-vectors with exactly k ones, in dotted-free
// compact form: the difference set of Slow Exact k-Nim (004 §4).
func exactlyK(n, k int) string {
	var out []string
	for m := 0; m < 1<<n; m++ {
		ones := 0
		var b strings.Builder
		for i := range n {
			if m>>i&1 == 1 {
				ones++
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
		if ones == k {
			out = append(out, b.String())
		}
	}
	return strings.Join(out, "/")
}

func mustParse(t *testing.T, spec string) grundy.Ruleset {
	t.Helper()
	r, err := games.Parse(spec)
	if err != nil {
		t.Fatalf("Parse(%q): %v", spec, err)
	}
	return r
}

func solveBox(t *testing.T, r grundy.Ruleset, piles, max int) *solve.Table {
	t.Helper()
	tab, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: piles, Max: max})
	if err != nil {
		t.Fatalf("SolveBox(%s, %d piles ≤ %d): %v", r.Name(), piles, max, err)
	}
	return tab
}

// TestFDGIsSlowExact checks 004 §4's remark that Slow Exact k-Nim is the FDG
// of the 0/1 vectors with k ones: the multiset form (one representative)
// gives the very same table rank by rank, and the ordered form (every
// vector listed) gives every arrangement of a position the slow-exact value
// of its sorted form.
func TestFDGIsSlowExact(t *testing.T) {
	for _, c := range []struct{ n, k, max int }{{3, 2, 7}, {4, 2, 6}, {5, 2, 5}, {4, 3, 6}, {5, 3, 4}, {3, 1, 5}} {
		slow := solveBox(t, mustParse(t, "slow-exact:k="+strconv.Itoa(c.k)), c.n, c.max)
		rep := strings.Repeat("1", c.k) + strings.Repeat("0", c.n-c.k)
		multi := solveBox(t, mustParse(t, "fdg:d="+rep+",multiset"), c.n, c.max)
		if multi.Index.Size() != slow.Index.Size() {
			t.Fatalf("n=%d k=%d: multiset fdg box has %d positions, slow-exact %d", c.n, c.k, multi.Index.Size(), slow.Index.Size())
		}
		for rank := range slow.Index.Size() {
			if got, want := multi.At(rank), slow.At(rank); got != want {
				t.Fatalf("n=%d k=%d rank %d: fdg multiset %+v, slow-exact %+v", c.n, c.k, rank, got, want)
			}
		}
		ordered := solveBox(t, mustParse(t, "fdg:d="+exactlyK(c.n, c.k)), c.n, c.max)
		checked := 0
		ordered.Each(func(p grundy.Position, got grundy.Values) bool {
			want, _ := slow.Lookup(p)
			if got != want {
				t.Errorf("n=%d k=%d at %v: ordered fdg %+v, slow-exact %+v", c.n, c.k, p, got, want)
				return false
			}
			checked++
			return true
		})
		if want := pow(c.max+1, c.n); checked != want {
			t.Errorf("n=%d k=%d: ordered fdg visited %d positions, want %d", c.n, c.k, checked, want)
		}
	}
}

// TestFDGHand checks a small ordered FDG by hand: d = {(1,0), (0,2)} on
// two piles is the sum of a one-pile game taking 1 (G = x mod 2) and a
// one-pile game taking 2 (G = ⌊y/2⌋ mod 2), so G = (x mod 2) ⊕ (⌊y/2⌋ mod 2).
func TestFDGHand(t *testing.T) {
	tab := solveBox(t, mustParse(t, "fdg:d=10/02"), 2, 9)
	tab.Each(func(p grundy.Position, v grundy.Values) bool {
		if want := p[0]%2 ^ (p[1]/2)%2; v.G != want {
			t.Errorf("G(fdg:d=10/02, %v) = %d, want %d", p, v.G, want)
		}
		return true
	})
}

func pow(a, b int) int {
	r := 1
	for range b {
		r *= a
	}
	return r
}

func TestParseFDG(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "set.json")
	if err := os.WriteFile(file, []byte(`{"vectors": [[0,1,1],[1,1,0]], "multiset": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ spec, name string }{
		{"fdg:d=1100/0011", "fdg:d=1100/0011"},
		{"fdg:d=0011/1100/1100", "fdg:d=1100/0011"},
		{"fdg:d=011,multiset", "fdg:d=110,multiset"},
		{"fdg:d=011/101/110,multiset=1", "fdg:d=110,multiset"},
		{"fdg:d=1.0.12/0.1.1", "fdg:d=1.0.12/0.1.1"},
		{"fdg:d=12.", "fdg:d=12."},
		{"fdg:d=3", "fdg:d=3"},
		{"fdg:file=" + file, "fdg:d=110,multiset"},
		{"fdg", "fdg:d=1100,multiset"},
	} {
		r := mustParse(t, c.spec)
		if got := r.Name(); got != c.name {
			t.Errorf("Parse(%q).Name() = %q, want %q", c.spec, got, c.name)
		}
		if again := mustParse(t, r.Name()); again.Name() != r.Name() {
			t.Errorf("Name %q reparses as %q", r.Name(), again.Name())
		}
	}
	for _, c := range []struct{ spec, wantErr string }{
		{"fdg:d=", "d= is empty"},
		{"fdg:d=11/101", "vector 2 (1,0,1) has 3 coordinates"},
		{"fdg:d=00", "sum to a positive number"},
		{"fdg:d=1.-1", "sum to a positive number"},
		{"fdg:d=1x", "not an integer"},
		{"fdg:d=1//1", "vector 2 is empty"},
		{"fdg:d=11,multiset=2", "multiset="},
		{"fdg:d=9999999.1", "beyond ±1048576"},
		{"fdg:d=0.1.2.3.4.5.6.7.8.9.10.11.12.13.14.15.16.17.18.19,multiset", "more than 65536 arrangements"},
		{"fdg:d=11,k=2", "unknown parameter"},
		{"fdg:d=11,file=x.json", "not both"},
		{"fdg:file=" + filepath.Join(dir, "missing.json"), "no such file"},
	} {
		_, err := games.Parse(c.spec)
		if err == nil || !strings.Contains(err.Error(), c.wantErr) {
			t.Errorf("Parse(%q) error = %v, want one containing %q", c.spec, err, c.wantErr)
		}
	}
}

func TestFDGValidate(t *testing.T) {
	r := mustParse(t, "fdg:d=110")
	if err := r.Validate(grundy.Position{1, 2}); err == nil {
		t.Error("fdg:d=110 accepted a 2-pile position")
	}
	if err := r.Validate(grundy.Position{1, 2, 3}); err != nil {
		t.Errorf("fdg:d=110 rejected a 3-pile position: %v", err)
	}
}

// FuzzParseFDG: any spec either fails cleanly or names a game that parses
// back to itself.
func FuzzParseFDG(f *testing.F) {
	for _, s := range []string{"d=1100/0011", "d=011,multiset", "d=1.0.12/0.1.1", "d=12.", "d=", "d=1.-1", "multiset", "d=1/2/3,multiset=0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, args string) {
		if strings.Contains(args, "file") {
			return // the fuzzer should not read arbitrary files
		}
		r, err := games.ParseFDG(args)
		if err != nil {
			return
		}
		again, err := games.Parse(r.Name())
		if err != nil {
			t.Fatalf("ParseFDG(%q).Name() = %q does not parse: %v", args, r.Name(), err)
		}
		if again.Name() != r.Name() {
			t.Fatalf("Name %q reparses as %q", r.Name(), again.Name())
		}
		g := r.(*games.FDG)
		if !slices.EqualFunc(g.Vectors(), again.(*games.FDG).Vectors(), slices.Equal) {
			t.Fatalf("vectors changed through %q", r.Name())
		}
	})
}
