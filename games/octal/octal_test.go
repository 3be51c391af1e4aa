package octal

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

var long = flag.Bool("long", false, "run the record-scale sequences (10⁷ values)")

// published reads a testdata sequence: "#" lines are its source, "offset
// k" says which n the first value is; before it, G(0) = 0 (no moves).
func published(t *testing.T, file string) []uint32 {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var G []uint32
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "offset "):
			off, err := strconv.Atoi(strings.TrimPrefix(line, "offset "))
			if err != nil {
				t.Fatal(err)
			}
			G = make([]uint32, off)
		default:
			for _, f := range strings.Split(line, ",") {
				v, err := strconv.Atoi(strings.TrimSpace(f))
				if err != nil {
					t.Fatalf("%s: %v", file, err)
				}
				G = append(G, uint32(v))
			}
		}
	}
	return G
}

// naive is G(0..max) written separately from the solver: every move of a
// heap enumerated as the list of heaps it leaves (ordered, repeats and
// all), its value the nim-sum of the parts' values.
func naive(g Game, max int) []uint32 {
	G := make([]uint32, max+1)
	for n := 0; n <= max; n++ {
		seen := map[uint32]bool{}
		for k := 0; k <= n; k++ {
			var d uint8
			if k < len(g.Digits) {
				d = g.Digits[k]
			} else {
				d = g.Tail
			}
			r := n - k
			if k == 0 && d&^(LeaveTwo|LeaveThree) != 0 {
				d &= LeaveTwo | LeaveThree // removing nothing and leaving the heap is no move
			}
			if d&1 != 0 && r == 0 {
				seen[0] = true
			}
			if d&2 != 0 && r >= 1 {
				seen[G[r]] = true
			}
			if d&4 != 0 {
				for a := 1; a < r; a++ {
					if g.Unequal && 2*a == r {
						continue
					}
					seen[G[a]^G[r-a]] = true
				}
			}
			if d&8 != 0 {
				for a := 1; a < r; a++ {
					for b := 1; a+b < r; b++ {
						seen[G[a]^G[b]^G[r-a-b]] = true
					}
				}
			}
		}
		for seen[G[n]] {
			G[n]++
		}
	}
	return G
}

func solve(t *testing.T, g Game, max int, m Method) []uint32 {
	t.Helper()
	defer lowWarmup(m)()
	seq, err := Solve(context.Background(), g, max, Options{Method: m})
	if err != nil {
		t.Fatal(err)
	}
	return seq.G
}

func mustParse(t *testing.T, s string) Game {
	t.Helper()
	g, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// lowWarmup starts the sparse method after 40 values, so that small tests
// reach it; it returns the undo.
func lowWarmup(m Method) func() {
	if m != Sparse {
		return func() {}
	}
	old := sparseWarmup
	sparseWarmup = 40
	return func() { sparseWarmup = old }
}

// TestPublished compares the solver with the published sequences of
// testdata, by both methods where the sparse one applies.
func TestPublished(t *testing.T) {
	for _, c := range []struct{ game, file string }{
		{"0.77", "A002186.txt"},
		{"kayles", "A002186.txt"},
		{"0.137", "A002187.txt"},
		{"dawsons-chess", "A002187.txt"},
		{"grundys-game", "A002188.txt"},
		{"0.117", "A071453.txt"},
		{"0.177", "A071435.txt"},
		{"0.11377", "A071452.txt"},
		{"0.115", "A125829.txt"},
		{".141", "A125912.txt"},
		{"0.7777", "A071074.txt"},
		{"0.1777", "A071509.txt"},
		{"0.127", "A071464.txt"},
		{"0.6", "A046695.txt"},
	} {
		want := published(t, c.file)
		g := mustParse(t, c.game)
		for _, m := range []Method{Dense, Sparse} {
			if m == Sparse && !(g.Finite() && g.MaxParts() <= 2) {
				continue
			}
			got := solve(t, g, len(want)-1, m)
			for n := range want {
				if got[n] != want[n] {
					t.Errorf("G_%s(%d) by %s = %d, want %d (%s)", c.game, n, m, got[n], want[n], c.file)
					break
				}
			}
		}
	}
}

// TestShifted: published identities between codes (OEIS A002187: 0.07 and
// 0.4 have Dawson's Chess's values shifted by one and two).
func TestShifted(t *testing.T) {
	chess := published(t, "A002187.txt")
	for _, c := range []struct {
		game  string
		shift int
	}{{"0.07", 1}, {"dawsons-kayles", 1}, {"0.4", 2}, {"0.401", 2}, {"0.423", 2}} {
		G := solve(t, mustParse(t, c.game), len(chess)-1+c.shift, "")
		for n := c.shift; n < len(G); n++ {
			if G[n] != chess[n-c.shift] {
				t.Errorf("G_%s(%d) = %d, want A002187(%d) = %d", c.game, n, G[n], n-c.shift, chess[n-c.shift])
				break
			}
		}
	}
}

// TestNaive: both methods agree with the naive solver on every heap to
// 300, for codes of every shape.
func TestNaive(t *testing.T) {
	for _, code := range []string{"0.77", "0.07", "0.137", "4.07", "0.4", "0.16", "0.3F", "0.F6", "8.1", "0.8", "0.51", "0.333", "laskers-nim", "grundys-game", "0.7777", "4.7", "0.026"} {
		g := mustParse(t, code)
		max := 300
		if g.MaxParts() == 3 {
			max = 120
		}
		want := naive(g, max)
		for _, m := range []Method{Dense, Sparse} {
			if m == Sparse && !(g.Finite() && g.MaxParts() <= 2) {
				continue
			}
			restore := lowWarmup(m)
			seq, err := Solve(context.Background(), g, max, Options{Method: m})
			restore()
			if err != nil {
				t.Fatal(err)
			}
			if m == Sparse && seq.Method != Sparse {
				t.Errorf("Solve(%s, Sparse) used %s", code, seq.Method)
			}
			for n := range want {
				if seq.G[n] != want[n] {
					t.Errorf("G_%s(%d) by %s = %d, want %d (naive)", code, n, m, seq.G[n], want[n])
					break
				}
			}
		}
	}
}

// TestSparseBeyondWarmup: the sparse method past its dense warm-up (1024
// values) against the dense one, on games with and without rare values.
func TestSparseBeyondWarmup(t *testing.T) {
	for _, code := range []string{"0.77", "0.16", "grundys-game", "0.127", "0.4"} {
		g := mustParse(t, code)
		d := solve(t, g, 4000, Dense)
		seq, err := Solve(context.Background(), g, 4000, Options{Method: Sparse})
		if err != nil {
			t.Fatal(err)
		}
		for n := range d {
			if seq.G[n] != d[n] {
				t.Errorf("G_%s(%d) sparse = %d, dense %d (mask %b)", code, n, seq.G[n], d[n], seq.Mask)
				break
			}
		}
	}
}

// TestLaskersNim: Winning Ways ch. 4's closed form for Lasker's Nim:
// G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
func TestLaskersNim(t *testing.T) {
	G := solve(t, mustParse(t, "laskers-nim"), 400, "")
	for n := 1; n < len(G); n++ {
		want := uint32(n)
		switch n % 4 {
		case 3:
			want = uint32(n + 1)
		case 0:
			want = uint32(n - 1)
		}
		if G[n] != want {
			t.Errorf("G_laskers-nim(%d) = %d, want %d", n, G[n], want)
		}
	}
}

// TestPeriod: the published periods and last exceptions, proved.
func TestPeriod(t *testing.T) {
	for _, c := range []struct {
		game          string
		period, lastX int
	}{
		{"0.77", 12, 70},     // A002186
		{"0.137", 34, 51},    // A002187
		{"0.07", 34, 52},     // A002187 shifted by one
		{"0.4", 34, 53},      // A002187 shifted by two
		{"0.117", 48, 46},    // A071453
		{"0.177", 20, 496},   // A071435
		{"0.11377", 32, 186}, // A071452
		{"0.115", 14, 0},     // A125829
		{"0.141", 11, 13},    // A125912
		{"0.7777", 24, 141},  // A071074
	} {
		g := mustParse(t, c.game)
		G := solve(t, g, 3*c.lastX+4*c.period+len(g.Digits)+10, "")
		p, ok := Period(g, G, 0)
		if !ok || p.Trust != Proved || p.Period != c.period || p.LastException != c.lastX {
			t.Errorf("Period(%s) = %+v, %v; want period %d, last exception %d, proved", c.game, p, ok, c.period, c.lastX)
			continue
		}
		// the theorem's range: n0 ≤ n < 2n0 + p + t, compared with n+p.
		if want := 2*(c.lastX+1) + 2*c.period + g.MaxRemove() - 1; p.CheckedTo != want {
			t.Errorf("Period(%s).CheckedTo = %d, want %d", c.game, p.CheckedTo, want)
		}
	}
}

// TestProvedHolds: wherever Period proves a period from values up to
// CheckedTo, values computed well past it keep the period — for octal
// codes and for hexadecimal ones, whose range (h = 3) is this package's
// own extension of the theorem's argument.
func TestProvedHolds(t *testing.T) {
	proved := 0
	for _, code := range []string{"0.77", "0.137", "0.F6", "0.3F", "8.1", "0.8", "0.B", "0.9", "0.F", "0.FF", "0.1F", "4.F", "0.16", "0.51", "0.6", "0.333", "0.26", "0.C"} {
		g := mustParse(t, code)
		G := solve(t, g, 800, "")
		p, ok := Period(g, G, 0)
		if !ok || p.Trust != Proved {
			continue
		}
		proved++
		t.Logf("%s: %v", code, p)
		if p.CheckedTo >= 800 {
			t.Fatalf("Period(%s) checked to %d, beyond the values", code, p.CheckedTo)
		}
		more := solve(t, g, 3*p.CheckedTo+3*p.Period, "")
		for n := p.PrePeriod; n+p.Period < len(more); n++ {
			if more[n+p.Period] != more[n] {
				t.Errorf("Period(%s) = %v, but G(%d) = %d ≠ G(%d) = %d", code, p, n+p.Period, more[n+p.Period], n, more[n])
				break
			}
		}
	}
	if proved < 6 {
		t.Errorf("only %d games proved periodic: the test checks too little", proved)
	}
}

// TestPeriodTooFew: values that stop before the theorem's range prove
// nothing, and a game outside the theorem is never proved.
func TestPeriodTooFew(t *testing.T) {
	g := mustParse(t, "0.77")
	// n0 = 71, p = 12, t = 2: the theorem compares G(n) with G(n+12) for
	// 71 ≤ n < 2·71 + 12 + 2 = 156, so it needs G(0..167).
	G := solve(t, g, 166, "")
	if p, ok := Period(g, G, 0); ok && p.Trust == Proved {
		t.Errorf("Period(0.77, G(0..166)) = %v, want unproved (the theorem needs G to 167)", p)
	}
	G = solve(t, g, 167, "")
	if p, ok := Period(g, G, 0); !ok || p.Trust != Proved {
		t.Errorf("Period(0.77, G(0..167)) = %v, want proved", p)
	}
	l := mustParse(t, "laskers-nim")
	if p, ok := Period(l, solve(t, l, 200, ""), 0); ok && p.Trust == Proved {
		t.Errorf("Period(laskers-nim) = %v, want no proof", p)
	}
}

func TestValue(t *testing.T) {
	G := published(t, "A002186.txt")
	// Kayles 1+2+3: 1 ^ 2 ^ 3 = 0, a P-position.
	if v, ok := Value(G, []int{1, 2, 3}); !ok || v != 0 {
		t.Errorf("Value(kayles, [1 2 3]) = %d, %v; want 0", v, ok)
	}
	if _, ok := Value(G, []int{1, len(G)}); ok {
		t.Error("Value beyond the sequence reported ok")
	}
}

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in     string
		digits []uint8
		code   string
	}{
		{"0.77", []uint8{0, 7, 7}, "0.77"},
		{".137", []uint8{0, 1, 3, 7}, "0.137"},
		{"4.07", []uint8{4, 0, 7}, "4.07"},
		{"0.F6", []uint8{0, 15, 6}, "0.F6"},
		{"0.f6", []uint8{0, 15, 6}, "0.F6"},
		{"0.0700", []uint8{0, 0, 7}, "0.07"},
		{"4.", []uint8{4}, "4.0"},
		{"Kayles", []uint8{0, 7, 7}, "0.77"},
	} {
		g, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if string(g.Digits) != string(c.digits) || g.Code() != c.code {
			t.Errorf("Parse(%q) = %v %s, want %v %s", c.in, g.Digits, g.Code(), c.digits, c.code)
		}
	}
	for _, bad := range []string{"", "0.", "0.000", "1.7", "0.7x", "0.-1", "kayle", "0.1.2", strings.Repeat("7", 3) + "." + strings.Repeat("7", 100)} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) succeeded", bad)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q): error spans lines: %v", bad, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"0.77", "4.07", "0.F6", "kayles", ".1", "8.C", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("Parse(%q): error spans lines", s)
			}
			return
		}
		// A parsed code reads back as itself.
		if g.Finite() && !g.Unequal {
			h, err := Parse(g.Code())
			if err != nil || string(h.Digits) != string(g.Digits) {
				t.Fatalf("Parse(%q) = %s, which reads back as %v, %v", s, g.Code(), h.Digits, err)
			}
			G, err := Solve(context.Background(), g, 40, Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := naive(g, 40)
			for n := range want {
				if G.G[n] != want[n] {
					t.Fatalf("G_%s(%d) = %d, naive %d", g.Code(), n, G.G[n], want[n])
				}
			}
		}
	})
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(ctx, mustParse(t, "0.77"), 1<<17, Options{}); err == nil {
		t.Error("Solve with a cancelled context succeeded")
	}
	if _, err := Solve(context.Background(), mustParse(t, "0.77"), 1<<30, Options{Memory: 1 << 20}); err == nil {
		t.Error("Solve over the memory limit succeeded")
	}
	if _, err := Solve(context.Background(), mustParse(t, "0.77"), math.MaxInt, Options{}); err == nil {
		t.Error("Solve to the largest int succeeded")
	}
	// Lasker's Nim is dense only: refused before any work.
	var we *WorkError
	if _, err := Solve(context.Background(), mustParse(t, "laskers-nim"), 1_000_000, Options{Work: 1e9}); !errors.As(err, &we) || we.At != -1 {
		t.Errorf("Solve(laskers-nim, 10⁶, work 10⁹) = %v, want a WorkError before any work", err)
	}
	// Dawson's Chess has no rare class, so the sparse method turns dense
	// and stops at the limit.
	if _, err := Solve(context.Background(), mustParse(t, "0.137"), 1_000_000, Options{Work: 1e8}); !errors.As(err, &we) || we.At < 0 {
		t.Errorf("Solve(0.137, 10⁶, work 10⁸) = %v, want a WorkError on the way", err)
	}
}

// TestUsePeriod: once the theorem proves Dawson's Chess's period, the rest
// of a million values is filled from it, and agrees with the published
// values where they go.
func TestUsePeriod(t *testing.T) {
	want := published(t, "A002187.txt")
	seq, err := Solve(context.Background(), mustParse(t, "0.137"), 1_000_000, Options{UsePeriod: true})
	if err != nil {
		t.Fatal(err)
	}
	if seq.Extended == 0 || seq.Period == nil || seq.Period.Period != 34 || len(seq.G) != 1_000_001 {
		t.Fatalf("Solve(0.137, UsePeriod) extended from %d with %v, %d values; want period 34 and 1000001 values", seq.Extended, seq.Period, len(seq.G))
	}
	for n := range want {
		if seq.G[n] != want[n] {
			t.Errorf("G_0.137(%d) = %d, want %d", n, seq.G[n], want[n])
		}
	}
	// far out: G(n) = G(n mod 34 + 34·k) for a k past the last exception 51.
	for _, n := range []int{999_999, 1_000_000, 500_001} {
		if m := 68 + n%34; seq.G[n] != want[m] {
			t.Errorf("G_0.137(%d) = %d, want G(%d) = %d", n, seq.G[n], m, want[m])
		}
	}
}

// TestRecord: 10⁷ values of Kayles by the sparse method and of Dawson's
// Chess from its proved period, 10⁵ of Grundy's game (behind -long).
func TestRecord(t *testing.T) {
	if !*long {
		t.Skip("-long")
	}
	for _, c := range []struct {
		code string
		max  int
	}{{"0.77", 10_000_000}, {"0.137", 10_000_000}, {"grundys-game", 100_000}} {
		code := c.code
		g := mustParse(t, code)
		start := time.Now()
		seq, err := Solve(context.Background(), g, c.max, Options{UsePeriod: code == "0.137"})
		if err != nil {
			t.Fatal(err)
		}
		p, ok := Period(g, seq.G, 1000)
		t.Logf("%s: G(0..%d) in %v by %s (mask %b, %d rare); %v %v", code, c.max, time.Since(start), seq.Method, seq.Mask, seq.Rare, p, ok)
	}
}
