package automatic

import (
	"context"
	"flag"
	"math/big"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/decide/numeration"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/literature"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/exactslow"
	"github.com/grundy/grundy/theory/greedynim"
	"github.com/grundy/grundy/theory/remoteness"
	"github.com/grundy/grundy/theory/slowknim"
	"github.com/grundy/grundy/theory/stwythoff"
)

var long = flag.Bool("long", false, "prove every target on every default game")

// TestProveSmall proves the small targets: Bouton's Nim-sum, Moore's
// rule, classical Wythoff (and its recursion, eq. (2)), Γ_2 with s = t = 1.
func TestProveSmall(t *testing.T) {
	reg := testRegistry()
	for _, tc := range []struct {
		id, game string
		n        int
	}{
		{"000/bouton", "nim", 3},
		{"000/bouton.misere", "nim", 3},
		{"000/moore", "moore:k=2", 3},
		{"000/prop-7.pm", "moore:k=2", 3},
		{"002/sec3-vile", "wythoff:s=1,t=1", 2},
		{"002/eq-2", "wythoff:s=1,t=1", 2},
		{"002/cor-5", "wythoff-mod:K=2,s=1,t=1", 2},
		{"002/thm-6.K1", "wythoff:s=1,t=2", 2}, // misère, learned from the recursion
	} {
		c, _ := reg.Lookup(tc.id)
		r, _ := games.Parse(tc.game)
		res, err := Prove(context.Background(), c, r, tc.n)
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != Proved {
			t.Errorf("Prove(%s, %s, %d) = %s (%s), want proved", tc.id, tc.game, tc.n, res.Status, res.Reason)
		}
	}
}

// TestProveLong proves every target on every default instance (-long):
// none is refuted, and every ledger record is reproduced.
func TestProveLong(t *testing.T) {
	if !*long {
		t.Skip("-long")
	}
	reg := testRegistry()
	saved := numeration.MaxStates
	defer func() { numeration.MaxStates = saved }()
	for _, tg := range Targets() {
		c, _ := reg.Lookup(tg.ID)
		for _, in := range tg.Instances {
			r, _ := games.Parse(in.Game)
			// A recorded proof gets the room the prover's bound from
			// memory gives (misère (2,1)-Wythoff: past 150,000 pairs);
			// the others stop at the package's default.
			_, recorded := reg.AutoProof(c, r, in.Piles)
			numeration.MaxStates = saved
			if recorded {
				numeration.MaxStates = 2_000_000
			}
			res, err := Prove(context.Background(), c, r, in.Piles)
			if err != nil {
				t.Fatal(err)
			}
			// Unknown is allowed (an automaton past the state bound); a
			// refutation never, and a recorded proof must be reproduced.
			if res.Status == Refuted || recorded && res.Status != Proved {
				t.Errorf("Prove(%s, %s, %d) = %s (%s)", tg.ID, in.Game, in.Piles, res.Status, res.Reason)
			}
		}
	}
}

// TestWythoffStates pins the minimal automaton of classical Wythoff's
// P-positions over Zeckendorf: at most the published 7 states for the
// pairs (x ≤ y), here with the mirror pairs and the dead state.
func TestWythoffStates(t *testing.T) {
	r, _ := games.Parse("wythoff:s=1,t=1")
	tg, _ := TargetOf("002/sec3-vile")
	set, _, err := tg.Build(claimOf(t, tg.ID), r, 2)
	if err != nil {
		t.Fatal(err)
	}
	b := newBuilder(numeration.Zeckendorf())
	sorted := b.and(set, b.le("x0", "x1"))
	// Live states of the sorted pairs (the dead state excluded).
	if got := sorted.A.States() - 1; got > 7 {
		t.Errorf("sorted Wythoff pairs: %d live states, want ≤ 7", got)
	}
}

// mutants yields automata over valid tuples whose languages differ from
// set's at some pair of piles ≤ 60: one transition redirected, one
// accepting state flipped.
func mutants(t *testing.T, b *builder, set numeration.Rel) map[string]numeration.Rel {
	a := set.A
	out := map[string]numeration.Rel{}
	try := func(name string, m *numeration.DFA) bool {
		mr := b.ok(b.st.Of(m, set.Vars...))
		same, w, _ := numeration.Equal(set.A, mr.A)
		if same {
			return false
		}
		vals := map[string]*big.Int{}
		for i, v := range b.st.Sys.Decode(w, 2) {
			if v.Cmp(big.NewInt(60)) > 0 {
				return false
			}
			vals[set.Vars[i]] = v
		}
		// A mutant that only differs under extra leading zeros is not
		// zero-closed; keep those whose difference shows in the shortest
		// representation.
		if b.st.Holds(mr, vals) == b.st.Holds(set, vals) {
			return false
		}
		out[name] = mr
		return true
	}
	for i := range a.Next {
		m := &numeration.DFA{Tracks: a.Tracks, Digits: a.Digits, Next: slices.Clone(a.Next), Accept: a.Accept}
		m.Next[i] = (m.Next[i] + 1) % int32(a.States())
		if try("wrong state", m) {
			break
		}
	}
	for q := 0; q < a.States(); q++ {
		m := &numeration.DFA{Tracks: a.Tracks, Digits: a.Digits, Next: a.Next, Accept: slices.Clone(a.Accept)}
		m.Accept[q] = !m.Accept[q]
		if try("wrong accepting set", m) {
			break
		}
	}
	if len(out) != 2 {
		t.Fatalf("found %d mutants", len(out))
	}
	return out
}

// TestMutants: a wrong state or a wrong accepting set in Wythoff's
// automaton, and an off-by-one adder under the move relation, are refuted
// with a counterexample, which exhaustive search confirms.
func TestMutants(t *testing.T) {
	r, _ := games.Parse("wythoff:s=1,t=1")
	tg, _ := TargetOf("002/sec3-vile")
	set, sys, err := tg.Build(claimOf(t, tg.ID), r, 2)
	if err != nil {
		t.Fatal(err)
	}
	for name, mset := range mutants(t, newBuilder(sys), set) {
		b := newBuilder(sys)
		move, err := b.moveRel(r, 2)
		if err != nil {
			t.Fatal(err)
		}
		obs := decideAll(context.Background(), b, mset, move, 2, false, false, nil)
		last := obs[len(obs)-1]
		if last.Status != Refuted || last.Counterexample == "" {
			t.Errorf("%s: %s %s, want refuted with a counterexample", name, last.Name, last.Status)
			continue
		}
		// The mutant's set is not the P-set: exhaustive search finds a
		// position of the box where they differ.
		if !differs(t, r, b, mset) {
			t.Errorf("%s: the mutant agrees with exhaustive search on the box", name)
		}
	}
	// Off by one: x + y = z + 1 as the adder of the move relation.
	b := newBuilder(sys)
	off, err := sys.OffByOneAdder()
	if err != nil {
		t.Fatal(err)
	}
	b.st.SetAdder(off)
	move, err := b.moveRel(r, 2)
	if err != nil {
		t.Fatal(err)
	}
	good := newBuilder(sys)
	gset := good.ok(good.st.Of(set.A, set.Vars...))
	obs := decideAll(context.Background(), b, b.ok(b.st.Of(gset.A, gset.Vars...)), move, 2, false, false, nil)
	if last := obs[len(obs)-1]; last.Status != Refuted || last.Counterexample == "" {
		t.Errorf("off-by-one adder: %s %s, want refuted with a counterexample", last.Name, last.Status)
	}
}

// differs reports whether set and the P-positions computed exhaustively
// differ somewhere in piles ≤ 60.
func differs(t *testing.T, r grundy.Ruleset, b *builder, set numeration.Rel) bool {
	tab, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: 2, Max: 60, Kinds: grundy.KindG})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	tab.Each(func(p grundy.Position, v grundy.Values) bool {
		// The table holds sorted pairs; the automaton reads both orders.
		for _, q := range [][2]int{{p[0], p[1]}, {p[1], p[0]}} {
			w := map[string]*big.Int{"x0": big.NewInt(int64(q[0])), "x1": big.NewInt(int64(q[1]))}
			if b.st.Holds(set, w) != (v.G == 0) {
				found = true
				return false
			}
		}
		return true
	})
	return found
}

// TestLedger rebuilds the automaton of every committed record: its
// canonical form and state count must match, or the record is stale.
func TestLedger(t *testing.T) {
	l, err := theory.CommittedAutoLedger()
	if err != nil {
		t.Fatal(err)
	}
	reg := testRegistry()
	for _, rec := range l.Records {
		tg, ok := TargetOf(rec.ID)
		if !ok {
			t.Errorf("record %s: no target", rec.ID)
			continue
		}
		c, _ := reg.Lookup(rec.ID)
		if c == nil || c.Statement != rec.Statement {
			t.Errorf("record %s on %s: the claim's statement changed", rec.ID, rec.Game)
			continue
		}
		r, err := games.Parse(rec.Game)
		if err != nil {
			t.Fatal(err)
		}
		set, sys, err := tg.BuildWith(c, r, rec.Piles, rec.Experiments, rec.LearnBound)
		if err != nil {
			t.Fatal(err)
		}
		if got := set.A.Canonical(); got != rec.Canonical || set.A.States() != rec.States || sys.String() != rec.System {
			t.Errorf("record %s on %s, %d piles: automaton %s (%d states, %s), recorded %s (%d states, %s)",
				rec.ID, rec.Game, rec.Piles, got[:12], set.A.States(), sys, rec.Canonical[:12], rec.States, rec.System)
		}
		if (tg.Learned || tg.Keep) != (rec.Automaton != nil) {
			t.Errorf("record %s on %s: learned %v, kept %v, keeps an automaton %v", rec.ID, rec.Game, tg.Learned, tg.Keep, rec.Automaton != nil)
		}
		if rec.Automaton != nil {
			// The kept automaton answers large positions: it must be the
			// one proved.
			next, accept, err := rec.Automaton.Parse()
			a := &numeration.DFA{Tracks: rec.Automaton.Tracks, Digits: rec.Automaton.Digits, Next: next, Accept: accept}
			if asys := (numeration.System{A: rec.Automaton.A, B: rec.Automaton.B, C: rec.Automaton.C}); err != nil || asys != sys || a.Canonical() != rec.Canonical {
				t.Errorf("record %s on %s: the kept automaton (%v, %s) is not the proved one", rec.ID, rec.Game, err, asys)
			}
		}
		if rec.Construction != ConstructionDigest() {
			t.Errorf("record %s on %s, %d piles: proved under construction %.12s, the code's is %.12s (prove again: grundy prove --automata --all --record theory/automatic.json)",
				rec.ID, rec.Game, rec.Piles, rec.Construction, ConstructionDigest())
		}
		if _, ok := reg.AutoProof(c, r, rec.Piles); !ok {
			t.Errorf("record %s on %s is not valid in the registry", rec.ID, rec.Game)
		}
	}
}

// TestRecursionMutant: eq. (2) with a wrong increment (B_n = A_n + 2n for
// classical Wythoff) fails on the proved automaton, with a pair of
// consecutive generators as counterexample.
func TestRecursionMutant(t *testing.T) {
	r, _ := games.Parse("wythoff:s=1,t=1")
	tg, _ := TargetOf("002/sec3-vile")
	set, sys, err := tg.Build(claimOf(t, tg.ID), r, 2)
	if err != nil {
		t.Fatal(err)
	}
	b := newBuilder(sys)
	rc := normalRecursion(r)
	rc.C++
	var last Obligation
	for _, ob := range recursionObligations(b, set, rc) {
		if last = ob(); last.Status != Proved {
			break
		}
	}
	if last.Name != "consecutive differences" || last.Status != Refuted || last.Counterexample == "" {
		t.Errorf("wrong increment: %s %s %q, want consecutive differences refuted", last.Name, last.Status, last.Counterexample)
	}
}

// claimOf is the registered claim id.
func claimOf(t *testing.T, id string) *theory.Claim {
	t.Helper()
	c, ok := testRegistry().Lookup(id)
	if !ok {
		t.Fatalf("no claim %s", id)
	}
	return c
}

// testRegistry is catalog.Registry, which this package's tests cannot
// import (catalog imports automatic for ConstructionDigest).
var testRegistry = sync.OnceValue(func() *theory.Registry {
	l, err := theory.CommittedLedger()
	if err != nil {
		panic(err)
	}
	a, err := theory.CommittedAutoLedger()
	if err != nil {
		panic(err)
	}
	return theory.NewRegistry(l, slowknim.Claims(), greedynim.Claims(), stwythoff.Claims(), remoteness.Claims(), exactslow.Claims(),
		literature.Claims()).WithAuto(a)
})

var update = flag.Bool("update", false, "rewrite theory/construction.go with the construction's digest")

// TestConstructionDigest: theory.AutomataConstruction, against which the
// ledger's records are checked, is the digest of this build's code.
func TestConstructionDigest(t *testing.T) {
	got := ConstructionDigest()
	if *update {
		src := "// Code generated by `go test ./proof/automatic -run TestConstructionDigest -update`; DO NOT EDIT.\n\n" +
			"package theory\n\n" +
			"// AutomataConstruction is the digest of the automata construction's code\n" +
			"// (automatic.ConstructionDigest), which package engine's value queries may\n" +
			"// not link: an automata record counts only when proved under it. A change\n" +
			"// to the construction's code fails TestConstructionDigest until this file\n" +
			"// is regenerated, which voids every record proved under the old code.\n" +
			"const AutomataConstruction = \"" + got + "\"\n"
		if err := os.WriteFile("../../theory/construction.go", []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got != theory.AutomataConstruction {
		t.Errorf("the construction's code has digest %.12s, theory.AutomataConstruction is %.12s: run go test ./proof/automatic -run TestConstructionDigest -update, then grundy prove --automata --all --record theory/automatic.json",
			got, theory.AutomataConstruction)
	}
}
