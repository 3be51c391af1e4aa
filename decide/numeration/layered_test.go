package numeration

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// sameDFA reports whether two DFAs are identical, table for table.
func sameDFA(a, b *DFA) bool {
	return a.Tracks == b.Tracks && a.Digits == b.Digits && slices.Equal(a.Next, b.Next) && slices.Equal(a.Accept, b.Accept)
}

// TestLayeredAgainstDense: on random relations, the layered automaton's
// conversion, minimization, products, cylinders and projections give, once
// converted back, exactly the minimal DFA the dense constructions give (the
// same table, so the same canonical form).
func TestLayeredAgainstDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 1))
	ops := []struct {
		name string
		op   func(x, y bool) bool
	}{
		{"and", func(x, y bool) bool { return x && y }},
		{"or", func(x, y bool) bool { return x || y }},
		{"xor", func(x, y bool) bool { return x != y }},
		{"and not", func(x, y bool) bool { return x && !y }},
	}
	for trial := range 400 {
		tracks, digits := 1+rng.IntN(4), 2+rng.IntN(2)
		if tracks == 4 {
			digits = 2
		}
		a := randomDFA(rng, tracks, digits, 1+rng.IntN(7))
		b := randomDFA(rng, tracks, digits, 1+rng.IntN(7))
		la, lb := layeredOf(a), layeredOf(b)
		want := a.Minimize()
		if got := la.Dense().Minimize(); !sameDFA(got, want) {
			t.Fatalf("trial %d: layeredOf(a).Dense() minimized differs from a.Minimize()", trial)
		}
		if got := la.minimize().Dense(); !sameDFA(got, want) {
			t.Fatalf("trial %d: layered minimize, dense = %v %v, want %v %v", trial, got.Next, got.Accept, want.Next, want.Accept)
		}
		o := ops[trial%len(ops)]
		lp, err := layeredProduct(la, lb, o.op)
		if err != nil {
			t.Fatal(err)
		}
		dp, err := Product(a, b, o.op)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := lp.minimize().Dense(), dp.Minimize(); !sameDFA(got, want) {
			t.Fatalf("trial %d: layered product (%s) differs from the dense one", trial, o.name)
		}
		for at := 0; at <= tracks && tracks < 4; at++ {
			if got, want := la.cylinder(at).minimize().Dense(), a.Cylinder(at).Minimize(); !sameDFA(got, want) {
				t.Fatalf("trial %d: layered cylinder at %d of %d tracks differs from the dense one", trial, at, tracks)
			}
		}
		for tr := 0; tr < tracks && tracks >= 2; tr++ {
			lq, err := la.project(tr)
			if err != nil {
				t.Fatal(err)
			}
			dq, err := a.Project(tr)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := lq.minimize().Dense(), dq.Minimize(); !sameDFA(got, want) {
				t.Fatalf("trial %d: layered projection of track %d of %d differs from the dense one", trial, tr, tracks)
			}
		}
	}
}

// TestLayeredInclusion: IncludedInProjection reading b track by track
// gives the verdict and the counterexample word of the dense reading, on
// random automata and random kept tracks (any order).
func TestLayeredInclusion(t *testing.T) {
	defer func(n int) { layeredLetters = n }(layeredLetters)
	rng := rand.New(rand.NewPCG(33, 2))
	verdicts := map[bool]int{}
	for trial := range 500 {
		d := 2 + trial%2
		kb := 2 + rng.IntN(3)
		if d == 3 {
			kb = min(kb, 3)
		}
		ka := 1 + rng.IntN(kb-1)
		keep := rng.Perm(kb)[:ka]
		a := randomDFA(rng, ka, d, 1+rng.IntN(5))
		b := randomDFA(rng, kb, d, 1+rng.IntN(12))
		layeredLetters = 0
		want, wantW, err := IncludedInProjection(a, b, keep)
		if err != nil {
			t.Fatal(err)
		}
		layeredLetters = 1
		got, gotW, err := IncludedInProjection(a, b, keep)
		if err != nil {
			t.Fatal(err)
		}
		verdicts[got]++
		if got != want || !slices.Equal(gotW, wantW) {
			t.Fatalf("trial %d (keep %v of %d tracks): layered %v %v, dense %v %v", trial, keep, kb, got, gotW, want, wantW)
		}
	}
	if verdicts[true] == 0 || verdicts[false] == 0 {
		t.Errorf("verdicts %v: the random cases never (or always) include", verdicts)
	}
}

// BenchmarkDiagonalMove builds the diagonal move of (s,t)-Wythoff with s =
// t, ∃k > 0: y0 + k = x0 ∧ y1 + k = x1, in 002's U(s,s) for s = 2, 3 (five
// tracks: 3,125 and 7,776 letters), dense and layered: the shape of the
// move relations that took (3,3)-Wythoff's proof to 1.8 GB.
func BenchmarkDiagonalMove(b *testing.B) {
	for _, s := range []int{2, 3} {
		for _, mode := range []struct {
			name    string
			letters int
		}{{"dense", 0}, {"layered", 256}} {
			b.Run(fmt.Sprintf("U(%d,%d)/%s", s, s, mode.name), func(b *testing.B) {
				defer func(n int) { layeredLetters = n }(layeredLetters)
				layeredLetters = mode.letters
				st := NewStructure(U(s, s))
				var states int
				for b.Loop() {
					r0, err := st.Sum("y0", "k", "x0")
					if err != nil {
						b.Fatal(err)
					}
					r1, err := st.Sum("y1", "k", "x1")
					if err != nil {
						b.Fatal(err)
					}
					pos, err := st.Not(st.Const("k", 0))
					if err != nil {
						b.Fatal(err)
					}
					both, err := st.And(r0, pos)
					if err != nil {
						b.Fatal(err)
					}
					if both, err = st.And(both, r1); err != nil {
						b.Fatal(err)
					}
					move, err := st.Exists(both, "k")
					if err != nil {
						b.Fatal(err)
					}
					states = move.A.States()
				}
				b.ReportMetric(float64(states), "states")
			})
		}
	}
}

// TestDiagonalMoveSame: the diagonal move built dense and layered is the
// same minimal automaton, and it is the diagonal on every pair of
// positions with piles ≤ 12.
func TestDiagonalMoveSame(t *testing.T) {
	defer func(n int) { layeredLetters = n }(layeredLetters)
	var tables []*DFA
	for _, letters := range []int{0, 256} {
		layeredLetters = letters
		st := NewStructure(U(2, 2))
		r0, err := st.Sum("y0", "k", "x0")
		if err != nil {
			t.Fatal(err)
		}
		r1, err := st.Sum("y1", "k", "x1")
		if err != nil {
			t.Fatal(err)
		}
		pos, err := st.Not(st.Const("k", 0))
		if err != nil {
			t.Fatal(err)
		}
		both, err := st.And(r0, pos)
		if err == nil {
			both, err = st.And(both, r1)
		}
		if err != nil {
			t.Fatal(err)
		}
		move, err := st.Exists(both, "k")
		if err != nil {
			t.Fatal(err)
		}
		tables = append(tables, move.A)
		for x0 := range 13 {
			for x1 := range 13 {
				for y0 := range 13 {
					for y1 := range 13 {
						want := x0-y0 == x1-y1 && x0 > y0
						vals := map[string]*big.Int{"x0": big.NewInt(int64(x0)), "x1": big.NewInt(int64(x1)), "y0": big.NewInt(int64(y0)), "y1": big.NewInt(int64(y1))}
						if got := st.Holds(move, vals); got != want {
							t.Fatalf("letters %d: diagonal move (%d,%d) → (%d,%d) = %v, want %v", letters, x0, x1, y0, y1, got, want)
						}
					}
				}
			}
		}
	}
	if !sameDFA(tables[0], tables[1]) {
		t.Errorf("the diagonal move dense (%d states) and layered (%d states) differ", tables[0].States(), tables[1].States())
	}
}
