package numeration

import (
	"errors"
	"testing"
)

// wythoffP is a second, simple computation of classical Wythoff's
// P-positions: A_n = mex, B_n = A_n + n.
func wythoffP(max int) map[[2]int64]bool {
	p := map[[2]int64]bool{}
	used := map[int64]bool{}
	a := int64(0)
	for n := int64(0); a <= int64(max); n++ {
		for used[a] {
			a++
		}
		b := a + n
		used[a], used[b] = true, true
		p[[2]int64{a, b}], p[[2]int64{b, a}] = true, true
	}
	return p
}

// TestLearnWythoff learns classical Wythoff's P-positions in Zeckendorf's
// system from piles < 200 and compares with a larger box; in base 2 no
// automaton fits.
func TestLearnWythoff(t *testing.T) {
	p := wythoffP(2000)
	member := func(xs []int64) bool { return p[[2]int64{xs[0], xs[1]}] }
	l := Learner{Sys: Zeckendorf(), Tracks: 2, Member: member, Bound: 200}
	a, err := l.Learn()
	if err != nil {
		t.Fatal(err)
	}
	if !a.ZeroClosed() {
		t.Errorf("learned automaton is not zero-closed")
	}
	if a.States() > 9 {
		t.Errorf("Wythoff over Zeckendorf: %d states, want ≤ 9 (7 live for x ≤ y, mirrored, plus dead)", a.States())
	}
	for x := int64(0); x <= 1000; x++ {
		for _, y := range []int64{x, x + 1, x*2 - x/3, x*2 - x/3 + 1, x + x*6/10} {
			w := Zeckendorf().Word(bigs(x, y), 1)
			if a.Accepts(w) != p[[2]int64{x, y}] {
				t.Fatalf("learned automaton wrong at (%d,%d)", x, y)
			}
		}
	}
	// In base 2 no automaton fits: the learner gives up, or its
	// hypothesis is wrong beyond the learning box.
	b2, err := (&Learner{Sys: Base(2), Tracks: 2, Member: member, Bound: 200}).Learn()
	if err != nil {
		if !errors.Is(err, ErrNoFit) {
			t.Errorf("base 2: err %v, want ErrNoFit", err)
		}
		return
	}
	for x := int64(0); x <= 1000; x++ {
		for y := int64(0); y <= 1000; y++ {
			if b2.Accepts(Base(2).Word(bigs(x, y), 1)) != p[[2]int64{x, y}] {
				return
			}
		}
	}
	t.Errorf("base 2: a %d-state automaton agrees with Wythoff's P-positions on piles ≤ 1000", b2.States())
}

// tribonacciWord is the Tribonacci word w[0..n) by its substitution 0 →
// 01, 1 → 02, 2 → 0 (OEIS A080843), a second computation beside the
// numeration system.
func tribonacciWord(n int) []byte {
	w := []byte{0}
	for len(w) < n {
		var v []byte
		for _, c := range w {
			switch c {
			case 0:
				v = append(v, 0, 1)
			case 1:
				v = append(v, 0, 2)
			default:
				v = append(v, 0)
			}
		}
		w = v
	}
	return w[:n]
}

// TestLearnTribonacci learns, over Tribonacci's system from piles < 600,
// the pairs (a_n, b_n) of the n-th 0 and the n-th 1 of the Tribonacci
// word (1-indexed positions, as the letter-position tables of
// Fokkink–Rust and Duchêne–Rigo), and checks the automaton against the
// word itself on every pair of piles ≤ 1000, and up to 2500 beside
// every pair.
func TestLearnTribonacci(t *testing.T) {
	w := tribonacciWord(60_000)
	pair := map[[2]int64]bool{}
	var as, bs []int64
	for i, c := range w {
		switch c {
		case 0:
			as = append(as, int64(i+1))
		case 1:
			bs = append(bs, int64(i+1))
		}
	}
	for n := range min(len(as), len(bs)) {
		pair[[2]int64{as[n], bs[n]}] = true
	}
	member := func(xs []int64) bool { return pair[[2]int64{xs[0], xs[1]}] }
	sys := Tribonacci()
	a, err := (&Learner{Sys: sys, Tracks: 2, Member: member, Bound: 600}).Learn()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("(a_n, b_n) over Tribonacci: %d states", a.States())
	// Every pair of piles ≤ 1000.
	rs := padded(sys, 1000)
	for x := range rs {
		for y := range rs {
			q := 0
			for j := range rs[x] {
				q = a.Step(q, Letter(2, rs[x][j], rs[y][j]))
			}
			if a.Accept[q] != pair[[2]int64{int64(x), int64(y)}] {
				t.Fatalf("learned automaton wrong at (%d,%d)", x, y)
			}
		}
	}
	for n := range len(bs) {
		if as[n] > 2500 {
			break
		}
		for _, y := range []int64{bs[n] - 1, bs[n], bs[n] + 1, as[n], as[n] + 1} {
			if a.Accepts(sys.Word(bigs(as[n], y), 1)) != pair[[2]int64{as[n], y}] {
				t.Fatalf("learned automaton wrong at (%d,%d)", as[n], y)
			}
		}
		for _, x := range []int64{as[n] - 1, as[n] + 1, bs[n]} {
			if a.Accepts(sys.Word(bigs(x, bs[n]), 1)) != pair[[2]int64{x, bs[n]}] {
				t.Fatalf("learned automaton wrong at (%d,%d)", x, bs[n])
			}
		}
	}
}
