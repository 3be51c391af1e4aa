package automata

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
