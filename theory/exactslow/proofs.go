package exactslow

import (
	"fmt"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// The paper's structural statements, as property claims checked on every
// position of a solved box: the moves the proofs prescribe, Table 1,
// Propositions 2–3, the differential coordinates, Corollary 2's T′ = s′ and
// the terminal positions of Theorem 3's proof.

func proofClaims() []*theory.Claim {
	six := []theory.Instance{box("slow-exact:k=2", 6, 14)}
	return []*theory.Claim{
		{
			ID: "004/thm-1.moves", Paper: "004", Ref: "§3.1, proof of Theorem 1, case (II)",
			Statement: "From every N-position x of Nim^1_{6,=2}[0], the move the proof prescribes reaches a P-position: " +
				"six odd piles: reduce x1, x2; two odd piles: reduce them; four odd: reduce the larger even pile and the odd pile matched " +
				"(1–2, 3–4, 5–6) with the smaller even pile",
			Quote:  "Make the (unique) move x→ x′ reducing in x the larger even pile and the odd one that is matched with the smaller even pile.",
			Family: "slow-exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Note:     "Replayed on the sorted position (the paper's representation); the landing position is re-sorted and judged by exhaustive search.",
			Refuted:  "1,1,1,2,2,3",
			Applies:  exactK(2, 6),
			Property: thm1Move,
			Checks:   six,
		},
		{
			ID: "004/thm-1.moves.corrected", Paper: "004", Ref: "§3.1, proof of Theorem 1, case (II)",
			Statement: "From every N-position x of Nim^1_{6,=2}[0], the moves of the proof reach a P-position when, with four odd piles, " +
				"the printed move is replaced, wherever it fails, by its mirror: reduce the smaller even pile and the odd pile matched with the larger",
			Family: "slow-exact", Quantity: grundy.QProperty, Support: theory.Correction,
			Corrects: "004/thm-1.moves",
			Change: "four odd piles: where the printed move fails, the roles of the two even piles are swapped (the mirror alone fails too, " +
				"e.g. at (0,1,1,1,1,2)). As printed, the move can leave the piles unsorted " +
				"(1,1,1,2,2,3) → (1,1,0,2,1,3), whose parity vector (o,o,e,e,o,o) is in (1) only before re-sorting; " +
				"sorted it is (0,1,1,1,2,3), an N-position",
			Applies:  exactK(2, 6),
			Property: thm1MoveEither,
			Checks:   six,
		},
		{
			ID: "004/thm-2.moves", Paper: "004", Ref: "§3.2, proof of Theorem 2, case (II) and Table 2",
			Statement: "From every N-position q of Nim^1_{6,=2}[1], the move the proof prescribes (case C: {2,3}, {5,6}, {1,6}, {4,6}, {1,4} or {4,5}; " +
				"case B: {1,6}, {4,5}, {4,6}, {1,4} or {2,4}; case A: Table 2, with {5,6} in A1 and {1,6} in A5 as fallbacks) is legal " +
				"(keeps the piles sorted) and reaches a P-position",
			Family: "slow-exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Note:     "Legal as the proof defines it: piles i < j are reduced with qi > 0, and qj > 0 if i < j − 1, so the result needs no re-sorting.",
			Applies:  exactK(2, 6),
			Property: thm2Move,
			Checks:   six,
		},
		{
			ID: "004/table-1", Paper: "004", Ref: "Table 1",
			Statement: "Each legal move {i,j} changes the differential coordinates q and r, s, u by the row Table 1 prints",
			Family:    "slow-exact", Quantity: grundy.QProperty, Support: theory.Table,
			Applies:  exactK(2, 6),
			Property: table1Row,
			Checks:   []theory.Instance{box("slow-exact:k=2", 6, 8)},
		},
		{
			ID: "004/prop-2", Paper: "004", Ref: "Proposition 2",
			Statement: "For every move q → q′ of Nim^1_{6,=2}[1], K(q) ⊕ K(q′) = 1",
			Family:    "slow-exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies: exactK(2, 6),
			Property: func(s *theory.Site) theory.Verdict {
				if total(s.Pos)%2 != 1 {
					return theory.Verdict{}
				}
				return everyMove(s, func(q, q2 grundy.Position) string {
					if k(q) == k(q2) {
						return "K(q) = K(q′)"
					}
					return ""
				})
			},
			Checks: []theory.Instance{box("slow-exact:k=2", 6, 10)},
		},
		{
			ID: "004/prop-3", Paper: "004", Ref: "Proposition 3",
			Statement: "For every move q → q′ of Nim^1_{6,=2}[1], E(q) implies ¬E(q′)",
			Family:    "slow-exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies: exactK(2, 6),
			Property: func(s *theory.Site) theory.Verdict {
				if total(s.Pos)%2 != 1 || !e(s.Pos) {
					return theory.Verdict{}
				}
				return everyMove(s, func(_, q2 grundy.Position) string {
					if e(q2) {
						return "E(q) and E(q′)"
					}
					return ""
				})
			},
			Checks: []theory.Instance{box("slow-exact:k=2", 6, 10)},
		},
		{
			ID: "004/eq-5", Paper: "004", Ref: "§3.2, (4) and (5)",
			Statement: "In differential coordinates r = q1 − q5, s = −q2 − q4 + q6, u = −2q1 − q2 − q4 + 2q5 + q6 + 1, " +
				"E ⟺ q2 ≡ q4 ≡ q1 − q5 ≡ 0, F ⟺ q4 ≡ 0 (mod 2), K ⟺ −2q1 + q2 − q4 + 2q5 + q6 ≡ 1 (mod 4)",
			Family: "slow-exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies:  exactK(2, 6),
			Property: differentialCoordinates,
			Checks:   []theory.Instance{box("slow-exact:k=2", 6, 10)},
		},
		{
			ID: "004/cor-2.t", Paper: "004", Ref: "§1, before Corollary 2",
			Statement: "For sorted y, r′(y) ≤ 0 and u′(y) > s′(y), so T′(y) = s′(y)",
			Quote:     "Since the components of x and y are in sorted order, r′(y) ≤ 0 and u′(y) > s′(y), and so T ′(y) = min(s′(y), u′(y)) = s′(y).",
			Family:    "slow-exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies: exactK(2, 5),
			Property: func(st *theory.Site) theory.Verdict {
				y := st.Pos
				r := y[2] - y[3]
				s := -y[0] + y[1] - y[2] - y[3] + y[4]
				u := s - 2*r + 1
				if r > 0 || u <= s {
					return theory.Fails("r′ > 0 or u′ ≤ s′", "r′ ≤ 0, u′ > s′", fmt.Sprintf("r′ = %d, s′ = %d, u′ = %d", r, s, u))
				}
				return theory.Holds()
			},
			Checks: []theory.Instance{box("slow-exact:k=2", 5, 16)},
		},
		{
			ID: "004/thm-3.terminal", Paper: "004", Ref: "proof of Theorem 3",
			Statement: "The terminal positions of Nim^1_{2k,=k}, Nim^1_{2k+1,=k} and Nim^1_{k+1,=k} are exactly those with at least k + 1, k + 2 and 2 empty piles",
			Quote:     "the terminal positions in Nim1 2k,=k, Nim1 2k+1,=k, and Nim1 k+1,=k are exactly the positions with at least k + 1, k + 2, and 2 zero coordinates, respectively.",
			Family:    "slow-exact", Quantity: grundy.QProperty, Support: theory.PaperProof,
			Applies: func(r grundy.Ruleset, n int) bool {
				return exactK(2, 4)(r, n) || exactK(2, 5)(r, n) || exactK(2, 3)(r, n) ||
					exactK(3, 6)(r, n) || exactK(3, 7)(r, n) || exactK(3, 4)(r, n)
			},
			Property: terminalByZeros,
			Checks: []theory.Instance{box("slow-exact:k=2", 4, 6), box("slow-exact:k=2", 5, 5), box("slow-exact:k=2", 3, 8),
				box("slow-exact:k=3", 6, 4), box("slow-exact:k=3", 7, 3), box("slow-exact:k=3", 4, 6)},
		},
	}
}

func total(x grundy.Position) int {
	n := 0
	for _, v := range x {
		n += v
	}
	return n
}

// e is E(x), equations (2); f is F(x); k is K(x).
func e(x grundy.Position) bool {
	return (x[1]-x[0])%2 == 0 && (x[3]-x[2])%2 == 0 && (x[4]-x[3]-x[0])%2 == 0
}
func f(x grundy.Position) bool { return (x[3]-x[2])%2 == 0 }
func k(x grundy.Position) bool { return total(x)%4 == 1 }

// rsu are r, s, u of Theorem 2 at sorted x.
func rsu(x grundy.Position) (r, s, u int) {
	r = x[0] + x[3] - x[4]
	s = x[0] - x[1] + x[2] - x[3] - x[4] + x[5]
	return r, s, s - 2*r + 1
}

// diff is the differential coordinates q1..q6 (0-based q[0..5]).
func diff(x grundy.Position) []int {
	q := make([]int, len(x))
	prev := 0
	for i, v := range x {
		q[i] = v - prev
		prev = v
	}
	return q
}

// reduce returns x with piles i and j (1-based) reduced by one, sorted.
func reduce(x grundy.Position, i, j int) grundy.Position {
	y := append(grundy.Position(nil), x...)
	y[i-1]--
	y[j-1]--
	return grundy.Canonical(mustParse("slow-exact:k=2"), y)
}

// legal is the proof's legality of move {i,j}, i < j: the piles stay
// sorted without reordering.
func legal(q []int, i, j int) bool {
	return q[i-1] > 0 && (i == j-1 || q[j-1] > 0)
}

// everyMove runs check on every move of s's position; check returns the
// failure's kind, or "".
func everyMove(s *theory.Site, check func(q, q2 grundy.Position) string) theory.Verdict {
	v := theory.Holds()
	s.Options(func(q2 grundy.Position, _ grundy.Values) bool {
		if kind := check(s.Pos, q2); kind != "" {
			v = theory.Fails(kind, "", "to ("+q2.String()+")")
			return false
		}
		return true
	})
	return v
}

// landOnP judges a prescribed move: named for the failure kinds.
func landOnP(s *theory.Site, label string, to grundy.Position) theory.Verdict {
	v, ok := s.ValuesOf(to)
	if !ok {
		return theory.Fails(label+": the landing position leaves the box", "P-position", "("+to.String()+")")
	}
	if v.G != 0 {
		return theory.Fails(label+": lands on an N-position", "P-position", fmt.Sprintf("(%s) has G = %d", to, v.G))
	}
	return theory.Holds()
}

func thm1Move(s *theory.Site) theory.Verdict { return thm1MoveRule(s, false) }

// thm1MoveEither is grundy's correction of the four-odd-piles rule: the
// printed move when it lands on a P-position, else its mirror (the smaller
// even pile and the odd pile matched with the larger).
func thm1MoveEither(s *theory.Site) theory.Verdict {
	if v := thm1MoveRule(s, false); !v.Applies || v.Holds {
		return v
	}
	return thm1MoveRule(s, true)
}

func thm1MoveRule(s *theory.Site, swapped bool) theory.Verdict {
	x := s.Pos
	if total(x)%2 != 0 || s.Values.G == 0 {
		return theory.Verdict{}
	}
	var odd, even []int // 1-based pile numbers
	for i, v := range x {
		if v%2 == 1 {
			odd = append(odd, i+1)
		} else {
			even = append(even, i+1)
		}
	}
	var i, j int
	var label string
	switch len(odd) {
	case 6:
		i, j, label = 1, 2, "six odd piles"
	case 2:
		i, j, label = odd[0], odd[1], "two odd piles"
	case 4:
		small, large := even[0], even[1] // sorted: ties make pile i the smaller, as the proof agrees
		if swapped {
			small, large = large, small
		}
		partner := small + 1 // the pile matched with small: 1–2, 3–4, 5–6
		if small%2 == 0 {
			partner = small - 1
		}
		i, j, label = min(large, partner), max(large, partner), "four odd piles"
	default:
		return theory.Fails("an odd number of odd piles in [0]", "even total", x.String())
	}
	if x[i-1] == 0 || x[j-1] == 0 {
		return theory.Fails(label+": the prescribed move reduces an empty pile", "legal move", fmt.Sprintf("{%d,%d}", i, j))
	}
	return landOnP(s, fmt.Sprintf("%s, move {%d,%d}", label, i, j), reduce(x, i, j))
}

func thm2Move(s *theory.Site) theory.Verdict {
	x := s.Pos
	if total(x)%2 != 1 || s.Values.G == 0 {
		return theory.Verdict{}
	}
	q := diff(x)
	r, sv, u := rsu(x)
	t := min(sv, u)
	type move struct{ i, j int }
	var mv move
	var label string
	switch {
	case t < 0: // case C
		switch {
		case q[1] > 0:
			mv, label = move{2, 3}, "case C, q2 > 0"
		case q[4] > 0:
			mv, label = move{5, 6}, "case C, q5 > 0"
		case q[5] > 0 && q[0] > 0:
			mv, label = move{1, 6}, "case C, q2 = q5 = 0, q6 > 0, q1 > 0"
		case q[5] > 0:
			mv, label = move{4, 6}, "case C, q2 = q5 = 0, q6 > 0, q1 = 0"
		case q[0] > 0:
			mv, label = move{1, 4}, "case C, q2 = q5 = q6 = 0, q1 > 0"
		default:
			mv, label = move{4, 5}, "case C, q2 = q5 = q6 = q1 = 0"
		}
	case t == 0 && !k(x): // case B, ¬K
		switch {
		case q[3]%2 == 0:
			mv, label = move{1, 6}, "case B, ¬K, q4 even"
		case r%2 == 0:
			mv, label = move{4, 5}, "case B, ¬K, q4 odd, r even"
		default:
			mv, label = move{4, 6}, "case B, ¬K, q4 odd, r odd"
		}
	case t == 0: // case B, K
		if r%2 == 0 {
			mv, label = move{1, 4}, "case B, K, r even"
		} else {
			mv, label = move{2, 4}, "case B, K, r odd"
		}
	default: // case A: Table 2 by the parities of q2, q4, r
		sub := 4*(q[1]%2) + 2*(q[3]%2) + mod2(r)
		mv, label = move(table2[sub]), fmt.Sprintf("case A%d", sub)
		switch {
		case sub == 0:
			return theory.Fails("case A with E(q) true, yet an N-position", "P-position", x.String())
		case sub == 1 && q[0] == 0:
			mv, label = move{5, 6}, "case A1, q1 = 0"
		case sub == 5 && !legal(q, 2, 5):
			mv, label = move{1, 6}, "case A5, {2,5} illegal"
		}
	}
	if !legal(q, mv.i, mv.j) {
		return theory.Fails(fmt.Sprintf("%s: the prescribed move {%d,%d} is illegal", label, mv.i, mv.j), "legal move", "q = "+fmtInts(q))
	}
	to := append(grundy.Position(nil), x...)
	to[mv.i-1]--
	to[mv.j-1]--
	return landOnP(s, fmt.Sprintf("%s, move {%d,%d}", label, mv.i, mv.j), to)
}

func mod2(v int) int { return ((v % 2) + 2) % 2 }

func fmtInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return "(" + strings.Join(s, ",") + ")"
}

// table2 is Table 2 as printed: the move {i,j} of subcase A1..A7, indexed
// by 4·(q2 mod 2) + 2·(q4 mod 2) + (r mod 2).
var table2 = [8]struct{ i, j int }{{}, {1, 2}, {4, 5}, {4, 6}, {2, 6}, {2, 5}, {2, 3}, {2, 4}}

// table1 is Table 1 as printed: per move {i,j}, Δq1..Δq6, Δr, Δs, Δu.
var table1 = []struct {
	i, j int
	d    [9]int
}{
	{1, 2, [9]int{-1, 0, +1, 0, 0, 0, -1, 0, +2}},
	{1, 3, [9]int{-1, +1, -1, +1, 0, 0, -1, -2, 0}},
	{1, 4, [9]int{-1, +1, 0, -1, +1, 0, -2, 0, +4}},
	{1, 5, [9]int{-1, +1, 0, 0, -1, +1, 0, 0, 0}},
	{1, 6, [9]int{-1, +1, 0, 0, 0, -1, -1, -2, 0}},
	{2, 3, [9]int{0, -1, 0, +1, 0, 0, 0, 0, 0}},
	{2, 4, [9]int{0, -1, +1, -1, +1, 0, -1, +2, +4}},
	{2, 5, [9]int{0, -1, +1, 0, -1, +1, +1, +2, 0}},
	{2, 6, [9]int{0, -1, +1, 0, 0, -1, 0, 0, 0}},
	{3, 4, [9]int{0, 0, -1, 0, +1, 0, -1, 0, +2}},
	{3, 5, [9]int{0, 0, -1, +1, -1, +1, +1, 0, -2}},
	{3, 6, [9]int{0, 0, -1, +1, 0, -1, 0, -2, -2}},
	{4, 5, [9]int{0, 0, 0, -1, 0, +1, 0, +2, +2}},
	{4, 6, [9]int{0, 0, 0, -1, +1, -1, -1, 0, +2}},
	{5, 6, [9]int{0, 0, 0, 0, -1, 0, +1, 0, -2}},
}

var table1Columns = [9]string{"Δq1", "Δq2", "Δq3", "Δq4", "Δq5", "Δq6", "Δr", "Δs", "Δu"}

func table1Row(s *theory.Site) theory.Verdict {
	x := s.Pos
	q := diff(x)
	r, sv, u := rsu(x)
	applies := false
	for _, row := range table1 {
		if !legal(q, row.i, row.j) {
			continue
		}
		applies = true
		y := append(grundy.Position(nil), x...)
		y[row.i-1]--
		y[row.j-1]--
		q2 := diff(y)
		r2, s2, u2 := rsu(y)
		got := [9]int{q2[0] - q[0], q2[1] - q[1], q2[2] - q[2], q2[3] - q[3], q2[4] - q[4], q2[5] - q[5], r2 - r, s2 - sv, u2 - u}
		for c := range got {
			if got[c] != row.d[c] {
				return theory.Fails(fmt.Sprintf("row {%d,%d}, column %s printed %+d, is %+d", row.i, row.j, table1Columns[c], row.d[c], got[c]),
					fmt.Sprintf("%+d", row.d[c]), fmt.Sprintf("%+d", got[c]))
			}
		}
	}
	if !applies {
		return theory.Verdict{}
	}
	return theory.Holds()
}

func differentialCoordinates(s *theory.Site) theory.Verdict {
	x := s.Pos
	q := diff(x)
	r, sv, u := rsu(x)
	checks := []struct {
		name     string
		got, def bool
	}{
		{"r = q1 − q5", q[0]-q[4] == r, true},
		{"s = −q2 − q4 + q6", -q[1]-q[3]+q[5] == sv, true},
		{"u = −2q1 − q2 − q4 + 2q5 + q6 + 1", -2*q[0]-q[1]-q[3]+2*q[4]+q[5]+1 == u, true},
		{"E(q) ⟺ E(x)", q[1]%2 == 0 && q[3]%2 == 0 && mod2(q[0]-q[4]) == 0, e(x)},
		{"F(q) ⟺ F(x)", q[3]%2 == 0, f(x)},
		{"K(q) ⟺ K(x)", ((-2*q[0]+q[1]-q[3]+2*q[4]+q[5])%4+4)%4 == 1, k(x)},
	}
	for _, c := range checks {
		if c.got != c.def {
			return theory.Fails(c.name+" fails", c.name, "q = "+fmtInts(q))
		}
	}
	return theory.Holds()
}

func terminalByZeros(s *theory.Site) theory.Verdict {
	x := s.Pos
	kk := kOf(s)
	n := len(x)
	need := map[int]int{2 * kk: kk + 1, 2*kk + 1: kk + 2, kk + 1: 2}[n]
	zeros := 0
	for _, v := range x {
		if v == 0 {
			zeros++
		}
	}
	terminal := grundy.Terminal(s.Ruleset, x)
	if terminal != (zeros >= need) {
		return theory.Fails(fmt.Sprintf("terminal ⟺ ≥ %d empty piles fails", need),
			fmt.Sprintf("terminal = %v", zeros >= need), fmt.Sprintf("terminal = %v", terminal))
	}
	return theory.Holds()
}
