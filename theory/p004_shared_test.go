package theory

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
)

// TestProvedClaimsAgreeWithSearch003 compares every proved claim of paper
// 003 with single-position search on random positions of its default
// games.
func TestProvedClaimsAgreeWithSearch003(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, c := range Match("003") {
		if c.Support != PaperProof {
			continue
		}
		for _, in := range c.Checks {
			r := mustParse004(in.Game)
			for range 8 {
				p := make(grundy.Position, in.Piles)
				for i := range p {
					p[i] = rng.IntN(min(in.Max, 12) + 1)
				}
				p = sortedCopy003(p)
				claimed, ok := c.Eval(r, p.Big())
				if !ok {
					continue
				}
				s, err := solve.Search{Ruleset: r}.Solve(context.Background(), p)
				if err != nil {
					t.Fatal(err)
				}
				v, _ := s.Values(p)
				if got := ComputedValue(c.Quantity, v); got.Cmp(claimed) != 0 {
					t.Errorf("%s on %s at %v: claims %v, search %v", c.ID, r.Name(), p, claimed, got)
				}
			}
		}
	}
}
