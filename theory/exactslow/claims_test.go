package exactslow

import (
	"context"
	"math/big"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

var registry = sync.OnceValue(func() *theory.Registry { return theory.RegistryOf(Claims()) })

// randBig is a uniform random integer of at most bits bits.
func randBig(rng *rand.Rand, bits int) *big.Int {
	x := new(big.Int)
	for i := 0; i < bits; i += 32 {
		x.Lsh(x, 32)
		x.Or(x, big.NewInt(int64(rng.Uint32())))
	}
	return x.Rsh(x, uint(((bits+31)/32)*32-bits))
}

// TestPaper004Values checks values stated in paper 004 — by hand from its
// theorems or printed as computed — against search and against the claims.
func TestPaper004Values(t *testing.T) {
	tests := []struct {
		ref  string
		game string
		pos  grundy.Position
		q    grundy.Quantity
		want int64
	}{
		// Theorem 1: parity vector (e,e,o,o,o,o) is P, (o,o,o,o,o,o) is not.
		{"Thm 1", "slow-exact:k=2", grundy.Position{0, 2, 3, 5, 7, 9}, grundy.QP, 1},
		{"Thm 1", "slow-exact:k=2", grundy.Position{1, 1, 1, 1, 1, 3}, grundy.QP, 0},
		{"Thm 1", "slow-exact:k=2", grundy.Position{1, 3, 4, 6, 7, 7}, grundy.QP, 1},
		// §2: x' = (2,2,3,4,6): T' = −2+2−3−4+6 < 0 and total 17 ≡ 1 (mod 4).
		{"§2 by Cor 2", "slow-exact:k=2", grundy.Position{2, 2, 3, 4, 6}, grundy.QP, 1},
		{"§2 by Cor 2", "slow-exact:k=2", grundy.Position{2, 2, 3, 4, 10}, grundy.QP, 0},
		{"§2", "slow-exact:k=2", grundy.Position{3, 3, 3, 4, 8}, grundy.QPm, 1},
		{"§2", "slow-exact:k=2", grundy.Position{3, 3, 3, 6, 10}, grundy.QPm, 0},
		{"§2", "slow-exact:k=3", grundy.Position{1, 2, 2, 2, 4, 4}, grundy.QG, 3},
		{"§2", "slow-exact:k=3", grundy.Position{1, 2, 2, 4, 6, 6}, grundy.QG, 5},
		{"§2", "slow-exact:k=3", grundy.Position{1, 2, 3, 3, 3, 4}, grundy.QG, 1},
		{"§2", "slow-exact:k=3", grundy.Position{1, 2, 3, 5, 5, 6}, grundy.QG, 3},
		{"§2", "slow-exact:k=3", grundy.Position{0, 7, 7, 7, 7, 10}, grundy.QG, 0},
		{"§2", "slow-exact:k=3", grundy.Position{0, 7, 7, 9, 9, 12}, grundy.QG, 3},
		{"§2", "slow-exact:k=3", grundy.Position{1, 2, 3, 3, 3, 3}, grundy.QGm, 0},
		{"§2", "slow-exact:k=3", grundy.Position{1, 2, 3, 5, 5, 5}, grundy.QGm, 1},
		{"§2", "slow-exact:k=3", grundy.Position{1, 2, 3, 3, 3, 4}, grundy.QGm, 0},
		{"§2", "slow-exact:k=3", grundy.Position{1, 2, 3, 5, 5, 6}, grundy.QGm, 3},
		{"§2", "slow-exact:k=3", grundy.Position{0, 1, 2, 2, 2, 4}, grundy.QGm, 0},
		{"§2", "slow-exact:k=3", grundy.Position{0, 1, 2, 4, 4, 6}, grundy.QGm, 3},
		// After Theorem 3: Nim^1_{k,=k} lasts x1 moves.
		{"Thm 3, k = n", "slow-exact:k=3", grundy.Position{5, 6, 9}, grundy.QG, 1},
		{"Thm 3, k = n", "slow-exact:k=3", grundy.Position{5, 6, 9}, grundy.QGm, 0},
	}
	for _, tc := range tests {
		r := mustParse(tc.game)
		s, err := solve.Search{Ruleset: r}.Solve(context.Background(), tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := s.Values(tc.pos)
		if got := theory.ComputedValue(tc.q, v).Int64(); got != tc.want {
			t.Errorf("%s: search %s(%v) = %d, want %d", tc.ref, tc.q, tc.pos, got, tc.want)
		}
		seen := false
		for _, c := range registry().Match("004") {
			if c.Quantity != tc.q || !c.Applies(r, len(tc.pos)) {
				continue
			}
			if got, ok := c.Eval(r, tc.pos.Big()); ok {
				seen = true
				if got.Int64() != tc.want {
					t.Errorf("%s: %s gives %s(%v) = %v, want %d", tc.ref, c.ID, tc.q, tc.pos, got, tc.want)
				}
			}
		}
		if !seen {
			t.Errorf("%s: no claim of 004 speaks of %s(%v)", tc.ref, tc.q, tc.pos)
		}
	}
}

// TestProvedClaimsAgreeWithSearch compares every proved claim of
// paper 004 with single-position search on random positions of
// its default games.
func TestProvedClaimsAgreeWithSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, c := range registry().Match("004") {
		if c.Support != theory.PaperProof || c.Quantity == grundy.QProperty {
			continue
		}
		for _, in := range c.Checks {
			r := mustParse(in.Game)
			for range 8 {
				p := make(grundy.Position, in.Piles)
				for i := range p {
					p[i] = rng.IntN(min(in.Max, 12) + 1)
				}
				p = grundy.Canonical(r, p)
				claimed, ok := c.Eval(r, p.Big())
				if !ok {
					continue
				}
				s, err := solve.Search{Ruleset: r}.Solve(context.Background(), p)
				if err != nil {
					t.Fatal(err)
				}
				v, _ := s.Values(p)
				if got := theory.ComputedValue(c.Quantity, v); got.Cmp(claimed) != 0 {
					t.Errorf("%s on %s at %v: claims %v, search %v", c.ID, r.Name(), p, claimed, got)
				}
			}
		}
	}
}

// TestMovesOnHugePositions: the winning moves of Theorems 1–2 and
// Corollaries 1–2 land in the claimed P-set, far beyond search.
func TestMovesOnHugePositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	r := mustParse("slow-exact:k=2")
	moved := map[string]int{}
	for trial := range 400 {
		n := 5 + trial%2
		p := make(grundy.BigPosition, n)
		for i := range p {
			p[i] = randBig(rng, 90)
		}
		sortBig(p)
		for _, c := range registry().Match("004") {
			if c.Move == nil || !c.Applies(r, n) {
				continue
			}
			q, ok := c.Move(r, p)
			if !ok {
				continue
			}
			moved[c.ID]++
			if !isExactMove(p, q, 2) {
				t.Fatalf("%s: %v → %v is no move", c.ID, p, q)
			}
			if v, ok := c.Eval(r, q); !ok || v.Sign() == 0 {
				t.Errorf("%s: moved %v to %v, which it does not call P", c.ID, p, q)
			}
		}
	}
	for _, id := range []string{"004/thm-1", "004/thm-2", "004/cor-1", "004/cor-2"} {
		if moved[id] == 0 {
			t.Errorf("%s found no move in 400 random positions", id)
		}
	}
	// Remark 1's set in Moore's Nim^1_{6,≤3}: moves of one to three piles.
	moore := mustParse("slow-moore:k=3")
	c, _ := registry().Lookup("004/remark-1")
	for range 100 {
		p := make(grundy.BigPosition, 6)
		for i := range p {
			p[i] = randBig(rng, 90)
		}
		sortBig(p)
		if v, _ := c.Eval(moore, p); v.Sign() != 0 {
			continue
		}
		q, ok := c.Move(moore, p)
		if !ok {
			t.Fatalf("004/remark-1 found no move from the N-position %v", p)
		}
		if !isExactMove(p, q, 1) && !isExactMove(p, q, 2) && !isExactMove(p, q, 3) {
			t.Fatalf("004/remark-1: %v → %v is no move", p, q)
		}
		if v, _ := c.Eval(moore, q); v.Sign() == 0 {
			t.Errorf("004/remark-1 moved %v to %v, not a P-position", p, q)
		}
	}
}

// isExactMove reports whether sorted q arises from sorted p by taking
// one token from each of exactly k piles (compared as multisets).
func isExactMove(p, q grundy.BigPosition, k int) bool {
	if len(p) != len(q) {
		return false
	}
	found := false
	eachExactMove(p, k, func(c grundy.BigPosition) bool {
		if c.String() == q.String() {
			found = true
			return false
		}
		return true
	})
	return found
}

func TestShiftReduce(t *testing.T) {
	p := grundy.BigPosition{big.NewInt(3), big.NewInt(5), big.NewInt(9), big.NewInt(20)}
	x, ok := reduceShift(p, []int{1, 1, 1, 1})
	if !ok || x.String() != "0,2,6,17" {
		t.Errorf("reduceShift(%v, 1^4) = %v, %v, want 0,2,6,17", p, x, ok)
	}
	// (0,2,2,2): x1 stays, so x2 − x1 = 2 allows one subtraction.
	x, ok = reduceShift(p, []int{0, 2, 2, 2})
	if !ok || x.String() != "3,3,7,18" {
		t.Errorf("reduceShift(%v, (0,2,2,2)) = %v, %v, want 3,3,7,18", p, x, ok)
	}
	if _, ok := reduceShift(grundy.BigPosition{big.NewInt(0), big.NewInt(1)}, []int{1, 1}); ok {
		t.Error("reduceShift subtracted (1,1) from (0,1)")
	}
}

// BenchmarkThm2 times Theorem 2's formula (with its cached tree) at a
// position of six 90-bit piles and at (3,5,8,10,11,14), against
// single-position search at the latter.
func BenchmarkThm2(b *testing.B) {
	c, _ := registry().Lookup("004/thm-2")
	r := mustParse("slow-exact:k=2")
	rng := rand.New(rand.NewPCG(15, 16))
	huge := make(grundy.BigPosition, 6)
	for i := range huge {
		huge[i] = randBig(rng, 90)
	}
	total := new(big.Int)
	for _, x := range huge {
		total.Add(total, x)
	}
	if total.Bit(0) == 0 { // Theorem 2 speaks of odd totals
		huge[0].Add(huge[0], big.NewInt(1))
	}
	sortBig(huge)
	small := grundy.Position{3, 5, 8, 10, 11, 14}
	b.Run("formula/6x2^90", func(b *testing.B) {
		for b.Loop() {
			c.Eval(r, huge)
		}
	})
	b.Run("formula/6x14", func(b *testing.B) {
		for b.Loop() {
			c.Eval(r, small.Big())
		}
	})
	b.Run("search/6x14", func(b *testing.B) {
		for b.Loop() {
			solve.Search{Ruleset: r}.Solve(context.Background(), small)
		}
	})
}
