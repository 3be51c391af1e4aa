package greedynim

import (
	"context"
	"math/big"
	"slices"
	"sync"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

var registry = sync.OnceValue(func() *theory.Registry { return theory.RegistryOf(Claims()) })

func lookup(t *testing.T, id string) *theory.Claim {
	t.Helper()
	c, ok := registry().Lookup(id)
	if !ok {
		t.Fatalf("no claim %s", id)
	}
	return c
}

// findings are the printed claims of 001 that fail, with the smallest
// counterexample. Example 7's header says n = 7 over positions printed
// with five heaps; by hand the least of S1..S8 by token sum is S4 =
// (2,3,5,5,5), 20 tokens (S3 and S6 have 21).
var findings = map[string]string{"001/example-7.n": "2,3,5,5,5"}

// TestDefaultChecks runs every claim of 001 on its default boxes (they are
// small): each instance checks some position, every claim passes but the
// findings, which fail at their smallest counterexample.
func TestDefaultChecks(t *testing.T) {
	for _, c := range registry().All() {
		res, err := theory.Check(context.Background(), c, theory.CheckOptions{})
		if err != nil {
			t.Errorf("Check(%s): %v", c.ID, err)
			continue
		}
		for _, in := range res.Instances {
			if in.Checked == 0 {
				t.Errorf("Check(%s) checked no position of %s", c.ID, in.Box)
			}
		}
		if want, bad := findings[c.ID]; bad {
			if res.Status != grundy.ClaimFail || res.Counterexamples[0].Pos != want || c.Refuted != want {
				t.Errorf("Check(%s) = %s %v (refuted %q), want its finding at (%s)", c.ID, res.Status, res.Counterexamples, c.Refuted, want)
			}
			continue
		}
		if res.Status != grundy.ClaimPass || c.Refuted != "" {
			t.Errorf("Check(%s) = %s (refuted %q): %s", c.ID, res.Status, c.Refuted, res.Verdict)
		}
	}
}

// Theorem 2 is printed for k ≥ 2 only; its extension to k = 1 is a
// separate claim, and agrees with §2's parity rule there.
func TestThm2Scope(t *testing.T) {
	printed, ext := lookup(t, "001/thm-2"), lookup(t, "001/thm-2.k1")
	k1, _ := games.Parse("bounded-greedy:k=1")
	k2, _ := games.Parse("bounded-greedy:k=2")
	if printed.Applies(k1, 3) || !printed.Applies(k2, 3) {
		t.Error("001/thm-2 must speak of k ≥ 2 only, as printed")
	}
	if !ext.Applies(k1, 3) || ext.Applies(k2, 3) || ext.Corrects != "001/thm-2" || ext.Support != theory.Correction {
		t.Error("001/thm-2.k1 must be the k = 1 extension of 001/thm-2")
	}
	for _, c := range registry().All() {
		for _, in := range c.Checks {
			if c.ID == "001/thm-2" && in.Game == "bounded-greedy:k=1" {
				t.Errorf("001/thm-2 is checked on k = 1")
			}
		}
	}
}

// Example 5 and Example 7 are checked at the positions as printed: four
// and five heaps for Example 5, seven heaps (two empty) for Example 7.
func TestExamplesAsPrinted(t *testing.T) {
	for id, want := range map[string]uint64{"001/example-5": 4, "001/example-1": 2,
		"001/example-7.bounded-greedy": 8, "001/example-7.bounded-nim": 8, "001/example-7.greedy-nim": 8} {
		res, err := theory.Check(context.Background(), lookup(t, id), theory.CheckOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Checked != want || res.Status != grundy.ClaimPass {
			t.Errorf("Check(%s) = %s on %d positions, want pass on %d", id, res.Status, res.Checked, want)
		}
	}
	// β by Definition 3, by hand: (1,1,5,6) has x_{n−2} = x_2 = 1, min j = 1,
	// β = 4 − 1 − 1 = 2; (5,5,5,5,8): x_3 = 5, min j = 1, β = 3.
	for pos, want := range map[string]int{"1,1,5,6": 2, "5,5,5,5,8": 3, "0,1,1,5,6": 2, "2,3,5,6,6": 1} {
		b, _ := grundy.ParsePosition(pos)
		p, _ := b.Small()
		if got := beta(p); got != want {
			t.Errorf("β(%s) = %d, want %d", pos, got, want)
		}
	}
}

// Values printed in 001, read from the paper (not from the code).
func TestPaperValues(t *testing.T) {
	ex7 := [][]int{{2, 3, 5, 8, 8}, {3, 3, 5, 8, 8}, {2, 3, 5, 5, 6}, {2, 3, 5, 5, 5},
		{2, 3, 5, 6, 6}, {1, 3, 5, 6, 6}, {2, 2, 5, 8, 9}, {2, 5, 5, 5, 9}}
	type tc struct {
		game string
		pos  []int
		p    bool
	}
	tests := []tc{
		{"bounded-greedy:k=3", []int{1, 1, 1, 5}, true},  // Example 1
		{"bounded-greedy:k=3", []int{1, 1, 2, 5}, false}, // Example 1
		{"bounded-greedy:k=3", []int{5, 5, 5, 5, 8}, true},
		{"bounded-greedy:k=3", []int{5, 5, 5, 5, 9}, false},
		{"bounded-greedy:k=3", []int{1, 1, 5, 6}, false},
		{"bounded-greedy:k=3", []int{1, 1, 5, 5}, true},
		// Theorem 2 by hand: (0,0,4,7), k = 2: 7 − 4 = 3 ≡ 0 mod 3.
		{"bounded-greedy:k=2", []int{0, 0, 4, 7}, true},
		{"bounded-greedy:k=2", []int{0, 0, 4, 8}, false},
		// §2, k = 1: total parity.
		{"bounded-greedy:k=1", []int{1, 2, 4}, false},
		{"bounded-greedy:k=1", []int{1, 2, 5}, true},
		// Greedy Nim: (1,2,2) two largest → P; (2,2,2) three → N.
		{"greedy-nim", []int{1, 2, 2}, true},
		{"greedy-nim", []int{2, 2, 2}, false},
		{"greedy-nim", []int{0, 0, 0}, true},
		// Bounded Nim k = 3: residues (1,2,3) have Nim-sum 0.
		{"bounded-nim:k=3", []int{5, 6, 7}, true},
		{"bounded-nim:k=3", []int{5, 6, 8}, false},
		// §3: k ≥ x_n makes bounded greedy nim Greedy Nim.
		{"bounded-greedy:k=5", []int{1, 4, 4}, true},
		{"bounded-greedy:k=5", []int{4, 4, 4}, false},
	}
	for i, want := range []string{"00001111", "10011010", "11001100"} {
		game := []string{"bounded-greedy:k=3", "bounded-nim:k=3", "greedy-nim"}[i]
		for j, pos := range ex7 {
			tests = append(tests, tc{game, pos, want[j] == '1'})
		}
	}
	for _, tc := range tests {
		r, err := games.Parse(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		pos := grundy.Position(tc.pos)
		facts := registry().Answer(r, pos.Big())
		if len(facts) == 0 {
			t.Errorf("Answer(%s, %v) is empty", tc.game, tc.pos)
		}
		for _, f := range facts {
			if f.Quantity == grundy.QP && (f.Value.Sign() != 0) != tc.p {
				t.Errorf("%s says P(%s, %v) = %v, want %v", f.Claim.ID, tc.game, tc.pos, f.Value, tc.p)
			}
		}
		s, err := solve.Search{Ruleset: r}.Solve(context.Background(), pos)
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := s.Values(pos); (v.G == 0) != tc.p {
			t.Errorf("search: G(%s, %v) = %d, want P = %v", tc.game, tc.pos, v.G, tc.p)
		}
	}
}

// The proofs' prescribed moves, by hand: Theorem 6 Case 2 with
// R_4(x_{n−1} − x_{n−2}) = 0 takes ℓ + 1; with it in [1, k−1] takes ℓ;
// with it = k takes R_4(ℓ − 1).
func TestPrescribed(t *testing.T) {
	for _, tc := range []struct {
		pos   []int
		t     int
		moves bool
	}{
		{[]int{0, 0, 4, 8}, 0, false},   // Theorem 2: ℓ = R_4(4) = 0, P
		{[]int{0, 0, 4, 7}, 3, true},    // Theorem 2: ℓ = R_4(3) = 3
		{[]int{0, 0, 4, 9}, 1, true},    // Theorem 2: ℓ = 5 mod 4 = 1
		{[]int{1, 1, 5, 6}, 1, true},    // β = 2 even: ℓ = 1
		{[]int{2, 3, 5, 5, 5}, 1, true}, // β = 1, R(0) = 0, ℓ = 0: t = 1
		{[]int{2, 3, 5, 6, 8}, 2, true}, // β = 1, R(1) = 1: t = ℓ = 2
		{[]int{2, 3, 5, 8, 8}, 3, true}, // β = 1, R(3) = 3 = k, ℓ = 0: t = R_4(−1) = 3
		{[]int{2, 3, 5, 6, 6}, 0, false},
	} {
		got, ok := prescribed(3, tc.pos)
		if ok != tc.moves || ok && got != tc.t {
			t.Errorf("prescribed(3, %v) = %d, %v; want %d, %v", tc.pos, got, ok, tc.t, tc.moves)
		}
	}
}

// checkClaimMoves checks c.Move on every position of a box where c
// speaks: no move from a P-position, and from an N-position a legal move
// to a P-position (by exhaustive search).
func checkClaimMoves(t *testing.T, c *theory.Claim, in theory.Instance) {
	t.Helper()
	r, err := games.Parse(in.Game)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: in.Piles, Max: in.Max, Kinds: grundy.KindG})
	if err != nil {
		t.Fatal(err)
	}
	moved := 0
	tab.Each(func(p grundy.Position, v grundy.Values) bool {
		if _, ok := c.Eval(r, p.Big()); !ok {
			return true
		}
		q, ok := c.Move(r, p.Big())
		if v.G == 0 {
			if ok {
				t.Errorf("%s: Move(%s, %v) = %v from a P-position", c.ID, in.Game, p, q)
			}
			return true
		}
		if !ok {
			t.Errorf("%s: Move(%s, %v) found no move from an N-position", c.ID, in.Game, p)
			return true
		}
		small, _ := q.Small()
		small = grundy.Canonical(r, small)
		legal := false
		r.Options(p, func(o grundy.Position) bool {
			legal = slices.Equal(grundy.Canonical(r, o), small)
			return !legal
		})
		w, _ := tab.Lookup(small)
		if !legal || w.G != 0 {
			t.Errorf("%s: Move(%s, %v) = %v: legal %v, P %v", c.ID, in.Game, p, q, legal, w.G == 0)
		}
		moved++
		return true
	})
	if moved == 0 {
		t.Errorf("%s: no move tried on %s", c.ID, in)
	}
}

func TestMoves(t *testing.T) {
	for _, tc := range []struct {
		id string
		in theory.Instance
	}{
		{"001/thm-2", theory.Instance{Game: "bounded-greedy:k=2", Piles: 3, Max: 20}},
		{"001/thm-6", theory.Instance{Game: "bounded-greedy:k=2", Piles: 4, Max: 12}},
		{"001/thm-6", theory.Instance{Game: "bounded-greedy:k=3", Piles: 5, Max: 9}},
		{"001/thm-6", theory.Instance{Game: "bounded-greedy:k=5", Piles: 3, Max: 20}},
		{"001/bounded-nim", theory.Instance{Game: "bounded-nim:k=2", Piles: 3, Max: 10}},
		{"001/greedy-nim", theory.Instance{Game: "greedy-nim", Piles: 4, Max: 8}},
		{"001/greedy-nim", theory.Instance{Game: "greedy-nim", Piles: 1, Max: 8}},
	} {
		checkClaimMoves(t, lookup(t, tc.id), tc.in)
	}
}

// Theorem 6 on a position far beyond search: 40 piles of 30-digit sizes.
func TestHugeBoundedGreedy(t *testing.T) {
	r, _ := games.Parse("bounded-greedy:k=7")
	base, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	var p grundy.BigPosition
	for i := range 40 {
		p = append(p, new(big.Int).Add(base, big.NewInt(int64(i/3*5))))
	}
	p = append(p, new(big.Int).Add(base, big.NewInt(1000)))
	facts := registry().Answer(r, p)
	if len(facts) != 2 || facts[0].Claim.ID != "001/solution" || facts[1].Claim.ID != "001/thm-6" ||
		facts[0].Value.Cmp(facts[1].Value) != 0 {
		t.Fatalf("Answer = %v, want 001/solution and 001/thm-6, agreeing", facts)
	}
	if facts[0].Value.Sign() != 0 {
		t.Fatalf("the position is P; want an N-position for this test")
	}
	q, c, ok := registry().WinningMove(r, p, false)
	if !ok {
		t.Fatal("no winning move")
	}
	d := new(big.Int).Sub(p[len(p)-1], q[len(q)-1])
	if !slices.EqualFunc(p[:len(p)-1], q[:len(q)-1], func(a, b *big.Int) bool { return a.Cmp(b) == 0 }) ||
		d.Sign() <= 0 || d.Cmp(big.NewInt(7)) > 0 {
		t.Errorf("%s: move %v → %v is not a legal move", c.ID, p, q)
	}
	if v, _ := c.Eval(r, q); v.Sign() == 0 {
		t.Errorf("%s: move lands on an N-position", c.ID)
	}
}
