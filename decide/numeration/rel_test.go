package numeration

import (
	"math/big"
	"testing"
)

// TestProjectLeadingZeros: ∃z: x + x = z holds for every x, though z
// needs one digit more than x — the start set of the projection must be
// closed under leading zero letters.
func TestProjectLeadingZeros(t *testing.T) {
	for _, sys := range systems() {
		st := NewStructure(sys)
		r, err := st.Sum("x", "x", "z")
		if err != nil {
			t.Fatal(err)
		}
		e, err := st.Exists(r, "z")
		if err != nil {
			t.Fatal(err)
		}
		all, _ := sys.ValidTracks(1)
		if ok, w, _ := Equal(e.A, all); !ok {
			t.Errorf("%s: ∃z x+x=z differs from true at x = %v", sys, sys.Decode(w, 1))
		}
	}
}

// TestFirstOrder decides small sentences with known truth values.
func TestFirstOrder(t *testing.T) {
	for _, sys := range []System{Base(2), Zeckendorf(), U(2, 2)} {
		st := NewStructure(sys)
		must := func(r Rel, err error) Rel {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		// ∀x ∃y: x < y.
		unbounded := must(st.Forall(must(st.Exists(st.Less("x", "y"), "y")), "x"))
		// ∃x ∀y: y < x.
		top := must(st.Exists(must(st.Forall(st.Less("y", "x"), "y")), "x"))
		// ∀x ∃y: y + y = x ∨ y + y + 1 = x (every number is even or odd).
		one := st.Const("o", 1)
		yy := must(st.Sum("y", "y", "w"))
		odd := must(st.Exists(must(st.And(must(st.And(yy, one)), must(st.Sum("w", "o", "x")))), "w", "o"))
		even := must(st.Exists(must(st.And(yy, st.Eq("w", "x"))), "w"))
		parity := must(st.Forall(must(st.Exists(must(st.Or(even, odd)), "y")), "x"))
		// ∃x: x + x = x + 1.
		sum1 := must(st.Exists(must(st.And(must(st.Sum("x", "x", "v")), must(st.And(one, must(st.Sum("x", "o", "v")))))), "x", "v", "o"))
		for _, tc := range []struct {
			name string
			r    Rel
			want bool
		}{{"∀x∃y x<y", unbounded, true}, {"∃x∀y y<x", top, false}, {"parity", parity, true}, {"∃x 2x = x+1", sum1, true}} {
			if len(tc.r.Vars) != 0 {
				t.Fatalf("%s: free variables %v", tc.name, tc.r.Vars)
			}
			if got := tc.r.A.Accept[0]; got != tc.want {
				t.Errorf("%s over %s = %v, want %v", tc.name, sys, got, tc.want)
			}
		}
	}
}

// TestEqualWitness: x < y and x ≤ y differ exactly at x = y, and Equal
// says where.
func TestEqualWitness(t *testing.T) {
	st := NewStructure(Zeckendorf())
	le, _ := st.Or(st.Less("x", "y"), st.Eq("x", "y"))
	ok, w, _ := Equal(st.Less("x", "y").A, le.A)
	if ok {
		t.Fatal("x < y equals x ≤ y")
	}
	v := Zeckendorf().Decode(w, 2)
	if v[0].Cmp(v[1]) != 0 {
		t.Errorf("witness (%s, %s), want x = y", v[0], v[1])
	}
}

// TestMinimizeCanonical: two constructions of one language minimize to
// the same canonical form; a different language does not.
func TestMinimizeCanonical(t *testing.T) {
	st := NewStructure(Base(2))
	a, _ := st.Or(st.Less("x", "y"), st.Less("y", "x"))
	eq := st.Eq("x", "y")
	b, _ := st.Not(eq)
	if a.A.Canonical() != b.A.Canonical() {
		t.Errorf("x<y ∨ y<x and ¬(x=y) have different canonical forms")
	}
	if a.A.Canonical() == eq.A.Canonical() {
		t.Errorf("x≠y and x=y share a canonical form")
	}
	if n := st.Less("x", "y").A.States(); n != 3 {
		t.Errorf("minimal x<y in base 2 has %d states, want 3 (equal, less, dead)", n)
	}
}

// TestMutations: a wrong state, a wrong accepting set and an off-by-one
// adder are each caught by CheckAdder with a counterexample.
func TestMutations(t *testing.T) {
	for _, sys := range []System{Base(2), Zeckendorf(), U(2, 2)} {
		add, _ := sys.Adder()
		if _, ok := sys.CheckAdder(add, 60); !ok {
			t.Fatalf("%s: the adder fails its own check", sys)
		}
		off, err := sys.adder(1)
		if err != nil {
			t.Fatal(err)
		}
		wrongState := &DFA{Tracks: 3, Digits: add.Digits, Next: append([]int32(nil), add.Next...), Accept: add.Accept}
		// Redirect the start state's (1,1,2)-or-nearest letter.
		l := Letter(add.Digits, 1, 0, 1)
		wrongState.Next[l] = (wrongState.Next[l] + 1) % int32(add.States())
		wrongAccept := &DFA{Tracks: 3, Digits: add.Digits, Next: add.Next, Accept: append([]bool(nil), add.Accept...)}
		wrongAccept.Accept[0] = !wrongAccept.Accept[0]
		for name, m := range map[string]*DFA{"off-by-one": off, "wrong state": wrongState, "wrong accepting set": wrongAccept} {
			bad, ok := sys.CheckAdder(m, 60)
			if ok {
				t.Errorf("%s: %s adder passes", sys, name)
				continue
			}
			x, y, z := big.NewInt(bad[0]), big.NewInt(bad[1]), big.NewInt(bad[2])
			if m.Accepts(sys.Word([]*big.Int{x, y, z}, 1)) == (bad[0]+bad[1] == bad[2]) {
				t.Errorf("%s: %s adder's counterexample %v is not one", sys, name, bad)
			}
		}
	}
}
