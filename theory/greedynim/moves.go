package greedynim

import (
	"fmt"
	"slices"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// The proofs of Theorems 2 and 6 prescribe, for every position their
// conditions call N, how many tokens t to take from the largest heap
// (the "Necessity" parts). These claims replay that prescription on every
// N-position of a box: it must be legal and land on a P-position.

func moveClaims() []*theory.Claim {
	return []*theory.Claim{
		{
			ID: "001/thm-2.moves", Paper: "001", Ref: "Theorem 2, proof (Necessity)",
			Statement: "With x_{n−2} = 0 and ℓ = R_{k+1}(x_n − x_{n−1}) ≠ 0, removing ℓ stones from x_n is a move to a P-position",
			Quote:     "P1 removes ℓ stones from x_n, then S' = (x'_1, …, x'_n) with x'_j = x_j for all 1 ≤ j ≤ n − 1, and x'_n = x_n − ℓ.",
			Family:    "bounded-greedy", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Note:     "Replayed on every N-position of the box with x_{n−2} = 0.",
			Applies:  onK(func(k, _ int) bool { return k >= 2 }),
			Property: replay(false),
			Needs:    grundy.KindG,
			Checks:   []theory.Instance{{Game: "bounded-greedy:k=2", Piles: 3, Max: 30}, {Game: "bounded-greedy:k=4", Piles: 4, Max: 14}},
		},
		{
			ID: "001/thm-6.moves", Paper: "001", Ref: "Theorem 6, proof (Necessity in Cases 1 and 2)",
			Statement: "With x_{n−2} > 0 and ℓ = R_{k+1}(x_n − x_{n−1}): if β is even and ℓ ≠ 0, remove ℓ; if β is odd and (x_{n−2}, x_{n−1}, x_n) is not k-good, " +
				"remove t = ℓ+1, ℓ or R_{k+1}(ℓ−1) as R_{k+1}(x_{n−1} − x_{n−2}) is 0, in [1, k−1] or k: each is a legal move to a P-position",
			Quote:  "If R_{k+1}(x_{n−1} − x_{n−2}) = 0, let t = ℓ + 1. … If 1 ≤ R_{k+1}(x_{n−1} − x_{n−2}) ≤ k−1, let t = ℓ. … If R_{k+1}(x_{n−1} − x_{n−2}) = k, let t = R_{k+1}(ℓ − 1).",
			Family: "bounded-greedy", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Note:     "Replayed on every N-position of the box with x_{n−2} > 0.",
			Applies:  onK(func(k, n int) bool { return k >= 2 && n >= 3 }),
			Property: replay(true),
			Needs:    grundy.KindG,
			Checks: []theory.Instance{{Game: "bounded-greedy:k=2", Piles: 3, Max: 40}, {Game: "bounded-greedy:k=3", Piles: 4, Max: 20},
				{Game: "bounded-greedy:k=2", Piles: 5, Max: 12}, {Game: "bounded-greedy:k=4", Piles: 5, Max: 10},
				{Game: "bounded-greedy:k=3", Piles: 6, Max: 7}},
		},
	}
}

// pile is x_i of sorted p counted from 1; x_i for i < 1 is an empty heap.
func pile(p grundy.Position, i int) int {
	if i < 1 {
		return 0
	}
	return p[i-1]
}

func remK(k, v int) int { return ((v % (k + 1)) + k + 1) % (k + 1) }

// beta is Definition 3: how many of x_1..x_{n−2} equal x_{n−2}.
func beta(p grundy.Position) int {
	n := len(p)
	b := 0
	for j := 1; j <= n-2; j++ {
		if pile(p, j) == pile(p, n-2) {
			b++
		}
	}
	return b
}

// good is Definition 4 on the residues d1 = R_{k+1}(b − a), d2 = R_{k+1}(c − b).
func good(k, d1, d2 int) bool {
	return d1 == 0 && d2 == k || 1 <= d1 && d1 <= k-1 && d2 == 0 || d1 == k && d2 == 1
}

// prescribed is the number of stones the proofs of Theorems 2 and 6 take
// from the largest heap of sorted p, and false where they prescribe none
// (where their conditions call p a P-position).
func prescribed(k int, p grundy.Position) (int, bool) {
	n := len(p)
	ell := remK(k, pile(p, n)-pile(p, n-1))
	if pile(p, n-2) == 0 || beta(p)%2 == 0 { // Theorem 2; Theorem 6, Case 1
		return ell, ell != 0
	}
	d1 := remK(k, pile(p, n-1)-pile(p, n-2)) // Theorem 6, Case 2
	switch {
	case good(k, d1, ell):
		return 0, false
	case d1 == 0:
		return ell + 1, true
	case d1 <= k-1:
		return ell, true
	}
	return remK(k, ell-1), true
}

// replay is the Property of the move claims: thm6 picks the domain
// x_{n−2} > 0 (Theorem 6) or x_{n−2} = 0 (Theorem 2).
func replay(thm6 bool) func(s *theory.Site) theory.Verdict {
	return func(s *theory.Site) theory.Verdict {
		p, n := s.Pos, len(s.Pos)
		if s.Values.G == 0 || (pile(p, n-2) > 0) != thm6 {
			return theory.Verdict{}
		}
		k := games.SpecOf(s.Ruleset).K
		t, ok := prescribed(k, p)
		if !ok {
			return theory.Fails("the proof prescribes no move from an N-position", "P (no move)", "N")
		}
		what := fmt.Sprintf("remove %d from x_n", t)
		if t < 1 || t > k || t > p[n-1] {
			return theory.Fails("the prescribed move is illegal", what, "illegal")
		}
		q := slices.Clone(p)
		q[n-1] -= t
		q = grundy.Canonical(s.Ruleset, q)
		found, isP := false, false
		s.Options(func(o grundy.Position, v grundy.Values) bool {
			if slices.Equal(o, q) {
				found, isP = true, v.G == 0
				return false
			}
			return true
		})
		switch {
		case !found:
			return theory.Fails("the prescribed move is illegal", what, "not a move of the game")
		case !isP:
			return theory.Fails("the prescribed move lands on an N-position", what+" → ("+q.String()+") P", "("+q.String()+") N")
		}
		return theory.Holds()
	}
}
