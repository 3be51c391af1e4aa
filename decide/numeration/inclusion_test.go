package numeration

import (
	"math/rand/v2"
	"testing"
)

// randomDFA is a complete DFA of n states with random transitions and
// acceptance.
func randomDFA(rng *rand.Rand, tracks, digits, n int) *DFA {
	a := newDFA(tracks, digits, n)
	for i := range a.Next {
		a.Next[i] = int32(rng.IntN(n))
	}
	for q := range a.Accept {
		a.Accept[q] = rng.IntN(3) == 0
	}
	return a
}

// TestIncludedInProjection compares the on-the-fly inclusion with the
// subset construction (Project) and a product on random automata: same
// verdict, and a counterexample a accepts, the projection rejects, as
// short as the product's shortest.
func TestIncludedInProjection(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	verdicts := map[bool]int{}
	for trial := range 600 {
		d := 2 + trial%2
		na, nb := 1+rng.IntN(4), 1+rng.IntN(12)
		a := randomDFA(rng, 2, d, na)
		b := randomDFA(rng, 3, d, nb)
		// Project out track drop of b; a's tracks are b's others in order.
		drop := trial % 3
		var keep []int
		for i := range 3 {
			if i != drop {
				keep = append(keep, i)
			}
		}
		p, err := b.Project(drop)
		if err != nil {
			t.Fatal(err)
		}
		diff, _ := Product(a, p, func(x, y bool) bool { return x && !y })
		want, wantOK := diff.Shortest()
		got, w, err := IncludedInProjection(a, b, keep)
		if err != nil {
			t.Fatal(err)
		}
		verdicts[got]++
		if got != !wantOK {
			t.Fatalf("trial %d: included %v, the subset construction says %v", trial, got, !wantOK)
		}
		if got {
			continue
		}
		if !a.Accepts(w) || p.Accepts(w) {
			t.Errorf("trial %d: counterexample %v: a accepts %v, projection accepts %v", trial, w, a.Accepts(w), p.Accepts(w))
		}
		if len(w) != len(want) {
			t.Errorf("trial %d: counterexample of %d letters, shortest has %d", trial, len(w), len(want))
		}
	}
	if verdicts[true] < 50 || verdicts[false] < 50 {
		t.Errorf("verdicts %v: the trials do not exercise both answers", verdicts)
	}
}

// TestImpliesExists: ∀x: x > 0 → ∃y: y + 1 = x holds in every system, and
// ∀x: ∃y: y + 1 = x fails at x = 0.
func TestImpliesExists(t *testing.T) {
	for _, sys := range systems() {
		st := NewStructure(sys)
		pred, err := st.Sum("y", "o", "x")
		if err != nil {
			t.Fatal(err)
		}
		pred, err = st.And(pred, st.Const("o", 1))
		if err != nil {
			t.Fatal(err)
		}
		pos, err := st.Not(st.Const("x", 0))
		if err != nil {
			t.Fatal(err)
		}
		if ok, w, err := st.ImpliesExists(pos, pred, "y", "o"); err != nil || !ok {
			t.Errorf("%s: ∀x>0 ∃y y+1=x: %v %v %v, want true", sys, ok, w, err)
		}
		all, err := st.Of(st.Sys.Valid(), "x")
		if err != nil {
			t.Fatal(err)
		}
		ok, w, err := st.ImpliesExists(all, pred, "y", "o")
		if err != nil || ok || w["x"].Sign() != 0 {
			t.Errorf("%s: ∀x ∃y y+1=x: %v %v %v, want false at x = 0", sys, ok, w, err)
		}
	}
}
