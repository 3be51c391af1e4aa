package theory

import (
	"context"
	"math/big"
	"slices"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

// Values printed in 001, read from the paper (not from the code).
func TestPaperValues001(t *testing.T) {
	// 001 Example 7: k = 3; outcomes of S1..S8 per ruleset, from its table.
	ex7 := [][]int{{2, 3, 5, 8, 8}, {3, 3, 5, 8, 8}, {2, 3, 5, 5, 6}, {2, 3, 5, 5, 5},
		{2, 3, 5, 6, 6}, {1, 3, 5, 6, 6}, {2, 2, 5, 8, 9}, {2, 5, 5, 5, 9}}
	tests := []struct {
		game string
		pos  []int
		p    bool
	}{
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
	}
	for i, want := range []string{"00001111", "10011010", "11001100"} {
		game := []string{"bounded-greedy:k=3", "bounded-nim:k=3", "greedy-nim"}[i]
		for j, pos := range ex7 {
			tests = append(tests, struct {
				game string
				pos  []int
				p    bool
			}{game, pos, want[j] == '1'})
		}
	}
	for _, tc := range tests {
		r, err := games.Parse(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		pos := grundy.Position(tc.pos)
		// The theorems, through every proved claim that speaks of pos.
		facts := Answer(r, pos.Big())
		if len(facts) == 0 {
			t.Errorf("Answer(%s, %v) is empty", tc.game, tc.pos)
		}
		for _, f := range facts {
			if f.Quantity == QP && (f.Value.Sign() != 0) != tc.p {
				t.Errorf("%s says P(%s, %v) = %v, want %v", f.Claim.ID, tc.game, tc.pos, f.Value, tc.p)
			}
		}
		// And search, independently.
		s, err := solve.Search{Ruleset: r}.Solve(context.Background(), pos)
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := s.Values(pos); (v.G == 0) != tc.p {
			t.Errorf("search: G(%s, %v) = %d, want P = %v", tc.game, tc.pos, v.G, tc.p)
		}
	}
}

// checkClaimMoves001 checks c.Move on every position of a box where c
// speaks: no move from a P-position, and from an N-position a legal move
// to a P-position (by exhaustive search).
func checkClaimMoves001(t *testing.T, c *Claim, in Instance) {
	t.Helper()
	r, err := games.Parse(in.Game)
	if err != nil {
		t.Fatal(err)
	}
	misere := c.Quantity == QPm
	kinds := solve.KindG
	if misere {
		kinds = solve.KindGm
	}
	tab, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: in.Piles, Max: in.Max, Kinds: kinds})
	if err != nil {
		t.Fatal(err)
	}
	isP := func(v grundy.Values) bool {
		if misere {
			return v.Gm == 0
		}
		return v.G == 0
	}
	moved := 0
	tab.Each(func(p grundy.Position, v grundy.Values) bool {
		if _, ok := c.Eval(r, p.Big()); !ok {
			return true
		}
		q, ok := c.Move(r, p.Big())
		if isP(v) {
			if ok {
				t.Errorf("%s: Move(%s, %v) = %v from a P-position", c.ID, in.Game, p, q)
			}
			return true
		}
		if !ok {
			hasMove := false
			r.Options(p, func(grundy.Position) bool { hasMove = true; return false })
			if hasMove { // a misère N-position with no move wins by standing still
				t.Errorf("%s: Move(%s, %v) found no move from an N-position", c.ID, in.Game, p)
			}
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
		if !legal || !isP(w) {
			t.Errorf("%s: Move(%s, %v) = %v: legal %v, P %v", c.ID, in.Game, p, q, legal, isP(w))
		}
		moved++
		return true
	})
	if moved == 0 {
		t.Errorf("%s: no move tried on %s", c.ID, in)
	}
}

func TestMoves001(t *testing.T) {
	for _, tc := range []struct {
		id string
		in Instance
	}{
		{"001/thm-2", Instance{"bounded-greedy:k=2", 3, 20}},
		{"001/thm-2", Instance{"bounded-greedy:k=1", 3, 12}},
		{"001/thm-6", Instance{"bounded-greedy:k=2", 4, 12}},
		{"001/thm-6", Instance{"bounded-greedy:k=3", 5, 9}},
		{"001/thm-6", Instance{"bounded-greedy:k=5", 3, 20}},
		{"001/bounded-nim", Instance{"bounded-nim:k=2", 3, 10}},
		{"001/greedy-nim", Instance{"greedy-nim", 4, 8}},
		{"001/greedy-nim", Instance{"greedy-nim", 1, 8}},
	} {
		c, _ := Lookup(tc.id)
		checkClaimMoves001(t, c, tc.in)
	}
}

// Theorem 6 on a position far beyond search: 40 piles of 30-digit sizes.
func TestHugeBoundedGreedy001(t *testing.T) {
	r, _ := games.Parse("bounded-greedy:k=7")
	base, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	var p grundy.BigPosition
	for i := range 40 {
		p = append(p, new(big.Int).Add(base, big.NewInt(int64(i/3*5))))
	}
	p = append(p, new(big.Int).Add(base, big.NewInt(1000)))
	facts := Answer(r, p)
	if len(facts) != 2 || facts[0].Claim.ID != "001/solution" || facts[1].Claim.ID != "001/thm-6" ||
		facts[0].Value.Cmp(facts[1].Value) != 0 {
		t.Fatalf("Answer = %v, want 001/solution and 001/thm-6, agreeing", facts)
	}
	if facts[0].Value.Sign() != 0 {
		t.Fatalf("the position is P; want an N-position for this test")
	}
	q, c, ok := WinningMove(r, p, false)
	if !ok {
		t.Fatal("no winning move")
	}
	// Only the largest pile shrinks, by 1..k, and the result is P.
	d := new(big.Int).Sub(p[len(p)-1], q[len(q)-1])
	if !slices.EqualFunc(p[:len(p)-1], q[:len(q)-1], func(a, b *big.Int) bool { return a.Cmp(b) == 0 }) ||
		d.Sign() <= 0 || d.Cmp(big.NewInt(7)) > 0 {
		t.Errorf("%s: move %v → %v is not a legal move", c.ID, p, q)
	}
	if v, _ := c.Eval(r, q); v.Sign() == 0 {
		t.Errorf("%s: move lands on an N-position", c.ID)
	}
}
