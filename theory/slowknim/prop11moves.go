package slowknim

import (
	"fmt"
	"slices"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// The proof of Proposition 11 prescribes, for every position x ∉ P, a
// move to P: which piles (1-based, of sorted x) to reduce by one token.
// prop11Move gives that prescription as printed (corrected: with grundy's
// fixes to the cases of (4) and (5) the printed text gets wrong); nil
// where the proof gives no move.
func prop11Move(x grundy.Position, k int, corrected bool) []int {
	n := len(x)
	var even, odd []int
	for i, v := range x {
		if v%2 == 0 {
			even = append(even, i+1)
		} else {
			odd = append(odd, i+1)
		}
	}
	switch {
	case n == k: // (1): reduce all odd coordinates.
		return odd
	case n == k+1: // (2)
		if x[0] == 0 {
			return odd
		}
		if x[0]%2 == 0 {
			return odd
		}
		return even
	case n == k+2: // (3)
		switch {
		case len(even) == 0:
			return []int{1}
		case len(even) == 1:
			return []int{1, even[0]}
		}
		return odd
	case n == 5 && k == 2 || n == 6 && k == 3: // (4), (5)
		last := []int{4, 5} // "reduce the last 2 (resp. 3) coordinates"
		if n == 6 {
			last = []int{4, 5, 6}
		}
		switch {
		case len(even) == 0:
			return []int{1, 2}
		case len(even) == 1:
			i := even[0]
			switch {
			case i == n:
				// "it is easily seen that i ≠ 5 for the case (4) and i ≠ 6
				// for the case (5)": true for (4), where (o,o,o,o,e) ∈ P,
				// false for (5), where (o,o,o,o,o,e) ∉ P.
				if corrected {
					return []int{1, 2, 6} // to (e,e,o,o,o,o)
				}
				return nil
			case i%2 == 1:
				return []int{i + 1}
			case i == 2:
				return []int{1}
			}
			return last
		case len(even) >= 3:
			return odd
		}
		i, j := even[0], even[1]
		switch {
		case i%2 == 1:
			if corrected {
				return []int{i + 1, j} // evens at i, i+1: a P-pair
			}
			return []int{i + 1, i} // as printed: "reduce x_{i+1} and x_i"
		case i == 2:
			if corrected {
				if j == 3 {
					return []int{2, 4} // evens at 3, 4 (x1, x3 fails when x2 = x3)
				}
				return []int{1, j} // evens at 1, 2
			}
			return []int{i, j} // as printed: "reduce x_i and x_j"
		case n == 5:
			return []int{i}
		}
		// (5), i = 4: x_4 and the odd one of x_5, x_6.
		other := 5
		if j == 5 {
			other = 6
		}
		return []int{4, other}
	}
	return nil
}

// prop11Moves replays the proof's prescribed move at every N-position of
// a box: the move must be legal and land on a P-position.
func prop11Moves(corrected bool) func(*theory.Site) theory.Verdict {
	return func(s *theory.Site) theory.Verdict {
		if s.Values.G == 0 {
			return theory.Verdict{}
		}
		k := kOf(s.Ruleset)
		piles := prop11Move(s.Pos, k, corrected)
		if piles == nil {
			return theory.Fails("the proof prescribes no move", "a move to P", "none")
		}
		move := fmt.Sprint(piles)
		q := slices.Clone(s.Pos)
		for _, i := range piles {
			if q[i-1] == 0 {
				return theory.Fails("the prescribed move reduces an empty pile", "reduce x"+move, "illegal")
			}
			q[i-1]--
		}
		if len(piles) > k {
			return theory.Fails("the prescribed move reduces more than k piles", "reduce x"+move, "illegal")
		}
		q = grundy.Canonical(s.Ruleset, q)
		v, ok := s.ValuesOf(q)
		if !ok {
			return theory.Fails("the prescribed move leaves the box", "reduce x"+move, q.String())
		}
		if v.G != 0 {
			return theory.Fails("the prescribed move lands on an N-position", "reduce x"+move+" to P", fmt.Sprintf("(%s) has G=%d", q, v.G))
		}
		return theory.Holds()
	}
}

func prop11MoveClaims() []*theory.Claim {
	prop10 := &theory.Claim{
		ID: "000/prop-10.2.moves", Paper: "000", Ref: "Proposition 10, proof of (ii), part (2)",
		Statement: "Slow Moore's NIM^1_{3,≤2}: from x ∈ S_g the moves the proof prescribes reach S_i for every i < g (g = 1: reduce x3; g = 2, 3: by parity vector)",
		Quote:     "If g = 1, it is sufficient to reduce x3 by one to get y ∈ S0. Let g = 2. If p(x) = (e, o, o), reduce x2 and x3 to get y ∈ S0 … and reduce x2 to get y ∈ S1 …",
		Family:    "slow-moore", Quantity: grundy.QProperty, Support: theory.PaperProof,
		Applies:  on("slow-moore", func(k, n int) bool { return n == 3 && k == 2 }),
		Property: prop10Replay,
		Checks:   []theory.Instance{{Game: "slow-moore:k=2", Piles: 3, Max: 40}},
	}
	in := func(game string, piles, max int) theory.Instance {
		return theory.Instance{Game: game, Piles: piles, Max: max}
	}
	checks := []theory.Instance{in("slow-moore:k=2", 2, 30), in("slow-moore:k=3", 3, 16), in("slow-moore:k=1", 2, 30), in("slow-moore:k=2", 3, 16),
		in("slow-moore:k=3", 4, 10), in("slow-moore:k=1", 3, 16), in("slow-moore:k=2", 4, 10), in("slow-moore:k=3", 5, 7),
		in("slow-moore:k=2", 5, 9), in("slow-moore:k=3", 6, 7)}
	cover := on("slow-moore", func(k, n int) bool { return n <= k+2 || n == 5 && k == 2 || n == 6 && k == 3 })
	const quote = "In each case, for every position x ∉ X, we will construct a move to a position y ∈ P. … " +
		"If exactly one coordinate x_i in x is even then it is easily seen that i ≠ 5 for the case (4) and i ≠ 6 for the case (5). … " +
		"It remains to consider the case when there are exactly two even coordinates x_i, x_j, i ≠ j. … If i is odd, reduce x_{i+1} and x_i … If i = 2, reduce x_i and x_j …"
	prop14 := &theory.Claim{
		ID: "000/prop-14.moves", Paper: "000", Ref: "Proposition 14, proof, parts (2)–(4)",
		Statement: "Slow Exact NIM^1_{3,=2}: from every position of G = g the moves the proof prescribes reach G = i for every i < g",
		Quote:     "(2) Let p ∉ S0. … (i) p = (2a, 2b, c) … If a = b then move p → (2a − 1, 2b, 2(b + i)) terminates in D0 ⊂ S0; if a < b then move p → (2a, 2b−1, 2(b+i)) terminates in A ⊂ S0. …",
		Family:    "slow-exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
		Note: "Replayed by the parity of (x1, x2) as the proof's cases are; part (2)(i)'s move for a = b lands in D0 with a = b, " +
			"which the printed D0 (0 ≤ a < b) excludes — the proof itself uses the corrected range (000/prop-14.corrected).",
		Applies:  on("slow-exact", func(k, n int) bool { return n == 3 && k == 2 }),
		Property: prop14Replay,
		Checks:   []theory.Instance{{Game: "slow-exact:k=2", Piles: 3, Max: 60}},
	}
	return []*theory.Claim{
		prop10, prop14,
		{
			ID: "000/prop-11.moves", Paper: "000", Ref: "Proposition 11, proof of (ii)",
			Statement: "Slow Moore's NIM^1_{n,≤k}, cases (1)–(5): from every N-position the move the proof prescribes is legal and reaches a P-position",
			Quote:     quote, Family: "slow-moore", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Note: "Replayed literally on sorted positions: (1) reduce the odd piles; (2) those of the other parity than x1 (all odd ones if x1 = 0); " +
				"(3) x1 if all are odd, the even pile with x1 if one is even, else the odd piles; (4), (5) the case analysis as printed.",
			Applies: cover, Property: prop11Moves(false),
			Refuted: "0,1,1,1,2",
			Diagnose: diagnose("cases (1)–(3) hold; in (4) and (5), with exactly two even piles x_i, x_j, "+
				"\"reduce x_{i+1} and x_i\" (i odd) and \"reduce x_i and x_j\" (i = 2) do not reach P — x_{i+1} with x_j does, and for i = 2 x_1 with x_j (x_2 with x_4 when j = 3); "+
				"and in (5) a position whose only even pile is x_6, (o,o,o,o,o,e), is not in P, against \"i ≠ 6\", and gets no move "+
				"(reducing x_1, x_2, x_6 reaches (e,e,o,o,o,o)); 000/prop-11.moves.corrected", true),
			Checks: checks,
		},
		{
			ID: "000/prop-11.moves.corrected", Paper: "000", Ref: "Proposition 11, proof of (ii)",
			Corrects: "000/prop-11.moves", Support: theory.Correction,
			Change: "in (4), (5) with exactly two even piles x_i, x_j: reduce x_{i+1} and x_j (printed x_{i+1} and x_i) when i is odd; " +
				"when i = 2, x_1 and x_j, or x_2 and x_4 if j = 3 (printed x_i and x_j); in (5) with x_6 the only even pile (which the proof says cannot happen), reduce x_1, x_2 and x_6",
			Statement: "Slow Moore's NIM^1_{n,≤k}, cases (1)–(5): from every N-position the proof's move, corrected in (4) and (5), is legal and reaches a P-position",
			Family:    "slow-moore", Quantity: grundy.QProperty,
			Applies: cover, Property: prop11Moves(true),
			Checks: checks,
		},
	}
}

// prop10Moves are the moves the proof of Proposition 10(ii) prescribes
// from a position of parity vector p(x) in S_g to each S_i, i < g: the
// piles (1-based, sorted) to reduce, by target i.
var prop10Moves = map[string][][]int{
	"eeo": {{3}}, "ooe": {{3}},
	"eoo": {{2, 3}, {2}}, "oee": {{1}, {2}},
	"eoe": {{2}, {2, 3}, {3}}, "oeo": {{2}, {1}, {1, 2}},
}

// prop10Replay checks at one position of NIM^1_{3,≤2} that every move the
// proof of Proposition 10(ii) prescribes is legal and reaches S_i, that
// is, a position of G = i.
func prop10Replay(s *theory.Site) theory.Verdict {
	var pv []byte
	for _, v := range s.Pos {
		pv = append(pv, "eo"[v%2])
	}
	moves, ok := prop10Moves[string(pv)]
	if !ok {
		return theory.Verdict{} // S_0: nothing to move to
	}
	for target, piles := range moves {
		q := slices.Clone(s.Pos)
		for _, i := range piles {
			if q[i-1] == 0 {
				return theory.Fails("the prescribed move reduces an empty pile", fmt.Sprint("reduce x", piles), "illegal")
			}
			q[i-1]--
		}
		q = grundy.Canonical(s.Ruleset, q)
		if v, _ := s.ValuesOf(q); v.G != target {
			return theory.Fails(fmt.Sprintf("the move to S_%d lands elsewhere", target),
				fmt.Sprintf("reduce x%v to S_%d", piles, target), fmt.Sprintf("(%s) has G=%d", q, v.G))
		}
	}
	return theory.Holds()
}

// prop14Move is the move the proof of Proposition 14 prescribes from x
// (sorted, G(x) > target) to S_target: parts (2), (3), (4) of the proof, by
// the parity of (x1, x2) and, for part (2), the case it distinguishes.
// Piles are 1-based; nil where the proof gives none.
func prop14Move(x grundy.Position, target int) []int {
	p1, p2 := x[0]%2, x[1]%2
	switch target {
	case 0:
		switch {
		case p1 == 0 && p2 == 0: // (2)(i): p ∈ B; a = b → D0, a < b → A
			if x[0] == x[1] {
				return []int{1, 3}
			}
			return []int{2, 3}
		case p1 == 0: // (2)(ii): (2a, 2b+1, c) → (2a, 2b, c−1)
			return []int{2, 3}
		case p2 == 1: // (2)(iii): (2a+1, 2b+1, c) → (2a, 2b, c)
			return []int{1, 2}
		}
		// (2)(iv): (2a+1, 2b, c)
		if x[2]%2 == 1 {
			return []int{1, 3}
		}
		a, i := (x[0]-1)/2, x[2]/2-x[1]/2
		if i >= a+1 {
			return []int{1, 3}
		}
		return []int{2, 3} // p ∈ D1 → C0
	case 1:
		switch {
		case p1 == 1 && p2 == 1: // (3)(i): S_2 → (2a, 2b+1, ·)
			return []int{1, 3}
		case p1 == 1 && p2 == 0: // (3)(ii): S_3 → (2a, 2b−1, c)
			return []int{1, 2}
		}
	case 2:
		if p1 == 1 && p2 == 0 { // (4): S_3 → (2a+1, 2b−1, ·)
			return []int{2, 3}
		}
	}
	return nil
}

// prop14Replay checks at a position of NIM^1_{3,=2} that for every i <
// G(x) the move the proof prescribes is legal and reaches a position of
// G = i.
func prop14Replay(s *theory.Site) theory.Verdict {
	if s.Values.G == 0 {
		return theory.Verdict{}
	}
	for target := 0; target < s.Values.G; target++ {
		piles := prop14Move(s.Pos, target)
		if piles == nil {
			return theory.Fails(fmt.Sprintf("the proof gives no move to S_%d", target), fmt.Sprintf("a move to S_%d", target), "none")
		}
		q := slices.Clone(s.Pos)
		for _, i := range piles {
			if q[i-1] == 0 {
				return theory.Fails(fmt.Sprintf("the prescribed move to S_%d reduces an empty pile", target), fmt.Sprint("reduce x", piles), "illegal")
			}
			q[i-1]--
		}
		q = grundy.Canonical(s.Ruleset, q)
		if v, _ := s.ValuesOf(q); v.G != target {
			return theory.Fails(fmt.Sprintf("the prescribed move to S_%d lands elsewhere", target),
				fmt.Sprintf("reduce x%v to S_%d", piles, target), fmt.Sprintf("(%s) has G=%d", q, v.G))
		}
	}
	return theory.Holds()
}

// prop12Replay checks the moves of the proof of Proposition 12, conditions
// (iii) and (iv): from x ∈ V_{0,1} (not terminal) reducing the last pile
// reaches a (1,0)-position, and from x ∈ V_{1,0} a (0,1)-position.
// Corrected, a position (i, …, i) with i ≥ 1 (j = 0, k = n − 1), where the
// last pile falls below the others, reduces x1, …, x_{n−1} instead.
func prop12Replay(corrected bool) func(*theory.Site) theory.Verdict {
	return func(s *theory.Site) theory.Verdict {
		k, n := kOf(s.Ruleset), len(s.Pos)
		in01, in10 := inV(s.Pos, k, false), inV(s.Pos, k, true)
		if !in01 && !in10 || s.Pos[n-1] == 0 {
			return theory.Verdict{}
		}
		q := slices.Clone(s.Pos)
		if corrected && k == n-1 && q[0] == q[n-1] {
			for i := range n - 1 {
				q[i]--
			}
		} else {
			q[n-1]--
		}
		q = grundy.Canonical(s.Ruleset, q)
		v, _ := s.ValuesOf(q)
		want := "(1,0)"
		if in10 {
			want = "(0,1)"
		}
		if class(v) != want {
			return theory.Fails("the prescribed move lands off "+want, "("+q.String()+") a "+want+"-position", pair(v))
		}
		return theory.Holds()
	}
}

func prop12MoveClaims() []*theory.Claim {
	in := func(game string, piles, max int) theory.Instance {
		return theory.Instance{Game: game, Piles: piles, Max: max}
	}
	checks := []theory.Instance{in("slow-moore:k=1", 2, 30), in("slow-moore:k=2", 2, 30), in("slow-moore:k=2", 3, 20),
		in("slow-moore:k=3", 3, 20), in("slow-moore:k=3", 4, 10)}
	upper := on("slow-moore", func(k, n int) bool { return k >= n-1 })
	return []*theory.Claim{
		{
			ID: "000/prop-12.moves", Paper: "000", Ref: "Proposition 12, proof, conditions (iii) and (iv)",
			Statement: "Slow Moore's NIM^1_{n,≤k}, k ∈ {n − 1, n}: reducing the last pile moves every non-terminal x ∈ V_{0,1} to V_{1,0} and every x ∈ V_{1,0} to V_{0,1}",
			Quote:     "Conditions (iii) and (iv) hold, since moves (i, i, …, i, i + 2j) → (i, i, …, i, i + 2j − 1) and (i, i, …, i, i + 2j + 1) → (i, i, …, i, i + 2j), reducing the last coordinate, are legal.",
			Family:    "slow-moore", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies: upper, Property: prop12Replay(false),
			Refuted: "1,1,1",
			Diagnose: diagnose("for j = 0 and k = n − 1 ≥ 2 the proof's move takes (i, …, i) to (i − 1, i, …, i), which is not in V_{1,0}; "+
				"reducing x1, …, x_{n−1} instead reaches (i − 1, …, i − 1, i) ∈ V_{1,0} (000/prop-12.moves.corrected). The proposition itself holds (000/prop-12.iff)", false),
			Checks: checks,
		},
		{
			ID: "000/prop-12.moves.corrected", Paper: "000", Ref: "Proposition 12, proof, conditions (iii) and (iv)",
			Corrects: "000/prop-12.moves", Support: theory.Correction,
			Change:    "from (i, …, i), i ≥ 1 (j = 0) with k = n − 1, reduce x1, …, x_{n−1} instead of the last pile",
			Statement: "Slow Moore's NIM^1_{n,≤k}, k ∈ {n − 1, n}: the moves of (iii), (iv), with (i, …, i) → (i − 1, …, i − 1, i), reach the other swap set",
			Family:    "slow-moore", Quantity: grundy.QProperty,
			Applies: upper, Property: prop12Replay(true),
			Checks: checks,
		},
	}
}
