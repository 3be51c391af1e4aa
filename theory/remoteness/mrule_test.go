package remoteness

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

func mustParse(game string) grundy.Ruleset {
	r, err := games.Parse(game)
	if err != nil {
		panic(err)
	}
	return r
}

// naiveMLength plays strict M-moves one by one.
func naiveMLength(p grundy.Position) int {
	moves := 0
	for {
		q, ok := mRuleMove(p)
		if !ok {
			return moves
		}
		p = q
		moves++
	}
}

// TestMRuleLengthMatchesNaive checks the jumping simulation, and
// mRuleLength, against move by move play on random sorted positions.
func TestMRuleLengthMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 3000 {
		n := 2 + trial%7
		limit := []int{10, 60, 400, 3000}[trial%4]
		p := make(grundy.Position, n)
		for i := range p {
			p[i] = rng.IntN(limit + 1)
		}
		if trial%3 == 0 {
			// Small differences over a large base: the jumps' hard case.
			p[0] = limit
			for i := 1; i < n; i++ {
				p[i] = p[i-1] + rng.IntN(3)
			}
		}
		slices.Sort(p)
		want := naiveMLength(p)
		got, ok := mRuleJump(p.Big())
		if !ok || got.Int64() != int64(want) {
			t.Fatalf("mRuleJump(%v) = %v, %v, want %d", p, got, ok, want)
		}
		// Played move by move below mRulePlayLimit tokens, else jumped.
		if got, ok := mRuleLength(p.Big()); !ok || got.Int64() != int64(want) {
			t.Fatalf("mRuleLength(%v) = %v, %v, want %d", p, got, ok, want)
		}
	}
}

func randBig(rng *rand.Rand, bits int) *big.Int {
	x := new(big.Int)
	for i := 0; i < bits; i += 32 {
		x.Lsh(x, 32)
		x.Or(x, big.NewInt(int64(rng.Uint32())))
	}
	return x.Rsh(x, uint((bits+31)/32*32-bits))
}

func sortBig(q grundy.BigPosition) {
	slices.SortFunc(q, func(a, b *big.Int) int { return a.Cmp(b) })
}

func TestMRuleLengthHuge(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 50 {
		n := 2 + trial%7
		p := make(grundy.BigPosition, n)
		for i := range p {
			p[i] = randBig(rng, 100)
		}
		if trial%2 == 0 {
			for i := 1; i < n; i++ {
				p[i] = new(big.Int).Add(p[i-1], big.NewInt(int64(rng.IntN(3))))
			}
		}
		sortBig(p)
		if _, ok := mRuleLength(p); !ok {
			t.Fatalf("mRuleLength(%v) hit its step limit", p)
		}
	}
}

// BenchmarkMRuleLength times the jumping simulation on 8 piles of about
// 10^30 tokens against move-by-move play on 8 piles of about 10^4.
func BenchmarkMRuleLength(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	huge := make(grundy.BigPosition, 8)
	for i := range huge {
		huge[i] = randBig(rng, 100)
	}
	sortBig(huge)
	small := make(grundy.Position, 8)
	for i := range small {
		small[i] = rng.IntN(10000)
	}
	slices.Sort(small)
	b.Run("jump/8x2^100", func(b *testing.B) {
		for b.Loop() {
			mRuleLength(huge)
		}
	})
	b.Run("jump/8x10^4", func(b *testing.B) {
		for b.Loop() {
			mRuleLength(small.Big())
		}
	})
	b.Run("naive/8x10^4", func(b *testing.B) {
		for b.Loop() {
			naiveMLength(small)
		}
	})
}

// TestMRuleIsRemoteness compares 𝓜 with the remoteness from search on
// positions a box check does not reach.
func TestMRuleIsRemoteness(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := range 40 {
		n := 3 + trial%3
		p := make(grundy.Position, n)
		for i := range p {
			p[i] = rng.IntN([]int{60, 25, 14}[n-3])
		}
		slices.Sort(p)
		r := mustParse(fmt.Sprintf("slow-exact:k=%d", n-1))
		s, err := solve.Search{Ruleset: r}.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := s.Values(p)
		if m, _ := mRuleLength(p.Big()); m.Int64() != int64(v.R) {
			t.Errorf("𝓜(%v) = %v, search R = %d", p, m, v.R)
		}
	}
}

func testRegistry(t *testing.T) *theory.Registry {
	t.Helper()
	ledger, err := theory.CommittedLedger()
	if err != nil {
		t.Fatal(err)
	}
	return theory.NewRegistry(ledger, Claims())
}

// TestMRuleAnswersHugePositions: the proved M-rule answers R and a winning
// move far beyond search, and the move lands on an even 𝓜.
func TestMRuleAnswersHugePositions(t *testing.T) {
	reg := testRegistry(t)
	r := mustParse("slow-exact:k=3")
	a, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	p := grundy.BigPosition{a, new(big.Int).Add(a, big.NewInt(1)), new(big.Int).Add(a, big.NewInt(4)), new(big.Int).Lsh(a, 3)}
	var sawR bool
	for _, f := range reg.Answer(r, p) {
		if f.Claim.ID == "003/m-rule" {
			sawR = true
		}
	}
	if !sawR {
		t.Fatalf("Answer(%v) lacks 003/m-rule", p)
	}
	m, _ := mRuleLength(p)
	if m.Bit(0) == 0 {
		t.Fatal("the sample is a P-position; pick one with a winning move")
	}
	q, c, ok := reg.WinningMove(r, p, false)
	if !ok {
		t.Fatalf("WinningMove(%v) found none", p)
	}
	mq, _ := mRuleLength(q)
	if mq.Bit(0) != 0 || new(big.Int).Add(mq, big.NewInt(1)).Cmp(m) != 0 {
		t.Errorf("%s moved %v to %v with 𝓜 %v, want %v − 1 and even", c.ID, p, q, mq, m)
	}
}
