package stwythoff

import (
	"fmt"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// The proofs of Theorems 3, 6 and 9–16 show the absorbing property ("Fact
// II") by prescribing, case by case, a move from every position outside
// the P-set into it. These claims replay each prescription, as the proof
// words it, on every N-position of a box: the move must be legal and land
// on a P-position of the solver. Where a proof says the player to move
// "wins without doing anything" (misère, no move at all), the replay
// checks that the position indeed has no move.

// A step is what a proof prescribes at one position.
type step int

const (
	moveTo   step = iota // move to the target
	standBy              // misère: no move exists, the player to move has won
	noCase               // the proof's cases do not cover the position
	outScope             // a position the proof does not claim to treat
)

// A prescription gives the proof's move from (x, y) (sorted for Γ_K and
// Γ_OO, ordered for Γ_OA and Γ_OE) of the ruleset with parameters
// K, s, t, naming the case of the proof it follows.
type prescription func(k, s, t, x, y int) (to [2]int, st step, why string)

func strategyClaim(id, ref, statement, family string, misere bool, when func(s, t int64) bool,
	games []string, max int, pres prescription, note string) *theory.Claim {
	needs := grundy.KindG
	if misere {
		needs = grundy.KindGm
	}
	return &theory.Claim{
		ID: id, Paper: "002", Ref: ref, Statement: statement, Family: family,
		Quantity: grundy.QProperty, Support: theory.PaperProof, Note: note, Needs: needs,
		Applies:  on(family, when),
		Property: replay(misere, pres),
		Diagnose: diagnoseMoves,
		Checks:   checks(max, games...),
	}
}

func replay(misere bool, pres prescription) func(*theory.Site) theory.Verdict {
	isP := func(v grundy.Values) bool {
		if misere {
			return v.Gm == 0
		}
		return v.G == 0
	}
	return func(s *theory.Site) theory.Verdict {
		if isP(s.Values) {
			return theory.Verdict{}
		}
		sp := games.SpecOf(s.Ruleset)
		k := max(sp.Mod, 1)
		if sp.Family != "wythoff-mod" {
			k = 1
		}
		x, y := s.Pos[0], s.Pos[1]
		to, st, why := pres(k, sp.S, sp.T, x, y)
		switch st {
		case outScope:
			return theory.Verdict{}
		case noCase:
			return theory.Fails("the proof prescribes no move from an N-position", "no case of the proof applies", "N-position")
		case standBy:
			if !grundy.Terminal(s.Ruleset, s.Pos) {
				return theory.Fails("the proof stands still where a move exists", why+": no move", "moves exist")
			}
			return theory.Holds()
		}
		what := fmt.Sprintf("%s: → (%d,%d)", why, to[0], to[1])
		if to[0] < 0 || to[1] < 0 {
			return theory.Fails("the prescribed move is illegal", what, "a pile would be negative")
		}
		// A sorted position stands for both orders of its piles: the move
		// may reach either order of the target.
		w := s.Ruleset.(games.Wythoff)
		from := grundy.Position{x, y}.Big()
		if !legalBig(w, from, grundy.Position{to[0], to[1]}.Big()) &&
			(grundy.SymmetricFrom(w, 2) != 0 || !legalBig(w, from, grundy.Position{to[1], to[0]}.Big())) {
			return theory.Fails("the prescribed move is illegal", what, "not a move of the game")
		}
		v, ok := s.ValuesOf(grundy.Canonical(s.Ruleset, grundy.Position{to[0], to[1]}))
		if !ok {
			return theory.Fails("the prescribed move is illegal", what, "leaves the box")
		}
		if !isP(v) {
			return theory.Fails("the prescribed move lands on an N-position", what+" P", "N-position")
		}
		return theory.Holds()
	}
}

func dlt(n int) int { return n & 1 }

func refutedAt(pos string, c *theory.Claim) *theory.Claim {
	c.Refuted = pos
	return c
}

// diagnoseMoves words a failed replay: the first position of each kind
// of failure, with the proof's case and move.
func diagnoseMoves(res *theory.Result) string {
	var parts []string
	for _, f := range res.Failures {
		c := f.Smallest
		parts = append(parts, fmt.Sprintf("%s at %d N-position(s), first (%s) of %s: %s (%s)", f.Kind, f.Count, c.Pos, c.Game, c.Claimed, c.Computed))
	}
	return "the proof's prescribed moves fail: " + strings.Join(parts, "; ")
}

func strategyClaims() []*theory.Claim {
	thm15Fixed := strategyClaim("002/thm-15.moves.corrected", "Theorem 15, proof, corrected",
		"In Γ_OE misère, s = t = 1, x odd or x ≥ 4: the proof's moves, except that from (2n+4, y) with y even, 2 ≤ y ≤ x, "+
			"the move is to (x − y + 1, 1), removing y − 1 from both piles, and land in P",
		"wythoff-oe", true, sEqTOne, []string{"wythoff-oe:s=1,t=1"}, 60, thm15Move(true), "")
	thm15Fixed.Support, thm15Fixed.Corrects = theory.Correction, "002/thm-15.moves"
	thm15Fixed.Change = "for x = 2n+4 and even y with 2 ≤ y ≤ x, the printed move to (x − y + 1, 0) removes y − 1 and y tokens, " +
		"which s = t = 1 forbids (ℓ − k < (s−1)k + t = 1 asks for equal amounts); the corrected move goes to (x − y + 1, 1), " +
		"the move Theorem 13's proof makes, (x − y − δ_y + 1, 1 − δ_y)"
	rook := func(family string, when func(s, t int64) bool) []string {
		var out []string
		for _, in := range rookChecks(family, 0, when) {
			out = append(out, in.Game)
		}
		return out
	}
	return []*theory.Claim{
		strategyClaim("002/thm-3.moves", "Theorem 3, proof of Fact II (cases (i), (ii.1)–(ii.3))",
			"In Γ_K, from every position (x,y), x ≤ y, outside P the proof's move lands in P: x ∈ Ω_K: y → β; x = B_n + β: y → A_n + α; "+
				"x = A_n + α: y → B_n + β if y > B_n + K − 1, → (α, β) if y < sA_n + ⌈t/K⌉K, else → (A_m + α, B_m + β), m = ⌊(y − sA_n − β)/(⌈t/K⌉K)⌋",
			"wythoff-mod", false, nil, modGames, 72, thm3Move, ""),
		strategyClaim("002/thm-6.moves", "Theorem 6, proof of Fact II (cases (i), (ii), (ii-A), (ii-B))",
			"In Γ_K misère, from every position (x,y), x ≤ y, outside P the proof's move lands in P (or, with no move, the player to move wins)",
			"wythoff-mod", true, nil, modGames, 72, thm6Move, ""),
		strategyClaim("002/thm-9.1.moves", "Theorem 9(1), proof",
			"In Γ_OA, s = t = 1: x = 2n: → (2n, 0); x = 2n+1: b ∈ {0,1}: → (2n, 0), b ≥ 3: → (2n+1, 2)",
			"wythoff-oa", false, sEqTOne, rook("wythoff-oa", sEqTOne), 60, thm9aMove, ""),
		strategyClaim("002/thm-9.2.moves", "Theorem 9(2), proof of Fact II",
			"In Γ_OA, s + t > 2: the proof's moves (y → 0; y → B_n; (x−1, 0); (x − y − δ_y + 1, 0); (0,0); (A_m, B_m) with m = 2⌊(y − sx − t)/t⌋ + 1) land in P",
			"wythoff-oa", false, sPlusTBig, rook("wythoff-oa", sPlusTBig), 60, thm9bMove, ""),
		strategyClaim("002/thm-10.2.moves", "Theorem 10(2), proof of Fact II",
			"In Γ_OA misère, s + t > 2: the proof's moves (y → 1; y → 0; y → H_n; (E_n − 1, 0); (x − y − δ_y + 1, 0); (0,1); (E_m, H_m) with m = 2⌊(y − sx − 1)/t⌋) land in P",
			"wythoff-oa", true, sPlusTBig, rook("wythoff-oa", sPlusTBig), 60, thm10bMove,
			"Theorem 10(1) (s = t = 1) leaves its proof to the reader: no moves to replay."),
		strategyClaim("002/thm-11.moves", "Theorem 11, proof",
			"In Γ_OO: x = 0, y odd: y → y − 1; x, y of one parity: → (0, y − x); else take the whole odd pile",
			"wythoff-oo", false, anyST, rook("wythoff-oo", anyST), 60, thm11Move, ""),
		strategyClaim("002/thm-12.moves", "Theorem 12, proof",
			"In Γ_OO misère: x = 0 < y: y → y − 1; x = 1: → (0, y − 1 + δ_y); x ≥ 2: s = t = 1: x = 2: → (2, y − 1), x ≥ 3: → (2 − 2δ_{y−x}, y − x − 2δ_{y−x} + 2); "+
				"s + t > 2: → (0, y − x − δ_{y−x} + 1)",
			"wythoff-oo", true, anyST, rook("wythoff-oo", anyST), 60, thm12Move,
			"The moves land on (0,1), which the printed P-set leaves out (see 002/thm-12.1, 002/thm-12.2)."),
		strategyClaim("002/thm-13.moves", "Theorem 13, proof",
			"In Γ_OE, s = t = 1: x even: → (x, δ_y); x = 2n+1: y ≥ 4n+5: → (x, 4n+4 − δ_y); y = 0: → (2n, 0); 1 ≤ y ≤ x+1: → (x − y − δ_y + 1, 1 − δ_y); "+
				"x+2 ≤ y ≤ 4n+2: → (y + δ_y − x − 2, 2y + δ_y − 2x − 2)",
			"wythoff-oe", false, sEqTOne, rook("wythoff-oe", sEqTOne), 60, thm13Move, ""),
		strategyClaim("002/thm-14.moves", "Theorem 14, proof of Fact II (cases (i), (ii))",
			"In Γ_OE, s + t > 2: the proof's moves (y → B_n or B'_n by parity; (x − y − δ_y, 0) or (x − y − 1 + δ_y, 0); (x − 1, 0); "+
				"(A_m, B_m) with m = ⌊(y − x)/(s + t)⌋; y → 0) land in P",
			"wythoff-oe", false, sPlusTBig, rook("wythoff-oe", sPlusTBig), 60, thm14Move, ""),
		refutedAt("4,2", strategyClaim("002/thm-15.moves", "Theorem 15, proof",
			"In Γ_OE misère, s = t = 1, x odd or x ≥ 4: x odd: → (x, δ_y); x = 2n+4: the proof's moves to (2n+4, 4n+9 or 4n+10), (2n+1, 0), (x − y − δ_y + 1, 0), "+
				"(2,3), (2,6), (0,2), (0,3), (y − x − 2 + δ_y, 2y − 2x − 2 + δ_y) land in P",
			"wythoff-oe", true, sEqTOne, rook("wythoff-oe", sEqTOne), 60, thm15Move(false),
			"The proof gives no move from N-positions with x ∈ {0, 2} (it only notes that (0,2), (0,3), (2,3), (2,6) are P): they are not replayed.")),
		thm15Fixed,
		strategyClaim("002/thm-16.moves", "Theorem 16, proof of the absorbing property (x ≤ 2, cases (iii), (iv))",
			"In Γ_OE misère, s + t > 2: the proof's moves land in P ((0,0), (0,1): no move; every other N-position: the move of its case)",
			"wythoff-oe", true, sPlusTBig, rook("wythoff-oe", sPlusTBig), 60, thm16Move,
			"Case (iv) with x ≤ y ≤ H_n − 2 is \"the same as the proof of case (iii)\": replayed with case (iii)'s moves."),
	}
}

// genAt finds the generator index n with x in [a_n, a_n+K) (inA) or in
// [b_n, b_n+K), searching from index from.
func genAt(a, b []int64, k, x, from int) (n int, inA, ok bool) {
	for i := from; i < len(a); i++ {
		if int(a[i]) <= x && x < int(a[i])+k {
			return i, true, true
		}
		if int(b[i]) <= x && x < int(b[i])+k {
			return i, false, true
		}
	}
	return 0, false, false
}

func thm3Move(k, s, t, x, y int) ([2]int, step, string) {
	tk := int(ceilDiv(int64(t), int64(k)))
	alpha, beta := x%k, y%k
	if x < k {
		return [2]int{x, beta}, moveTo, "x ∈ Ω_K: y → β"
	}
	a, b := seq(int64(k), int64(s), int64(tk), false).upTo(int64(y))
	n, inA, ok := genAt(a, b, k, x, 1)
	switch {
	case !ok:
		return [2]int{}, noCase, ""
	case !inA:
		return [2]int{x, int(a[n]) + beta}, moveTo, "case (i) x = B_n + β: y → A_n + α"
	}
	an, bn := int(a[n]), int(b[n])
	switch {
	case y > bn+k-1:
		return [2]int{x, bn + beta}, moveTo, "(ii.1) y → B_n + β"
	case y < s*an+tk*k:
		return [2]int{alpha, beta}, moveTo, "(ii.2) → (α, β)"
	case y < bn:
		m := (y - s*an - beta) / (tk * k)
		return [2]int{int(a[m]) + alpha, int(b[m]) + beta}, moveTo, fmt.Sprintf("(ii.3) m = %d: → (A_m + α, B_m + β)", m)
	}
	return [2]int{}, noCase, ""
}

func thm6Move(k, s, t, x, y int) ([2]int, step, string) {
	tk := int(ceilDiv(int64(t), int64(k)))
	caseB := s == 1 && t <= k
	alpha, beta := x%k, y%k
	e, h := seq(int64(k), int64(s), int64(tk), true).upTo(int64(y))
	// Facts A.II, B.II: x lies in a block of E or of H; in case (B) the
	// block [2K, 3K) is E_0 = H_0, treated as H_0 (case (i)).
	n, inE, ok := genAt(e, h, k, x, 0)
	if caseB && n == 0 && ok {
		inE = false
	}
	if !ok {
		return [2]int{}, noCase, ""
	}
	if !inE {
		return [2]int{x, int(e[n]) + beta}, moveTo, "case (i) x = H_n + β: y → E_n + α"
	}
	en, hn := int(e[n]), int(h[n])
	switch {
	case y > hn+k-1:
		return [2]int{x, hn + beta}, moveTo, "case (ii) y → H_n + β"
	case y >= hn:
		return [2]int{}, noCase, ""
	case !caseB && n == 0, caseB && n == 1:
		return [2]int{}, standBy, "x ≤ y < K: the next player wins without moving"
	case !caseB && y < s*en+tk*k+k:
		return [2]int{alpha, k + beta}, moveTo, "(ii-A) → (α, K + β)"
	case !caseB:
		m := (y - s*en - k - beta) / (tk * k)
		return [2]int{int(e[m]) + alpha, int(h[m]) + beta}, moveTo, fmt.Sprintf("(ii-A) m = %d: → (E_m + α, H_m + β)", m)
	}
	m := (y - en - beta) / k
	return [2]int{int(e[m]) + alpha, int(h[m]) + beta}, moveTo, fmt.Sprintf("(ii-B) m = %d: → (E_m + α, H_m + β)", m)
}

func thm9aMove(_, _, _, x, y int) ([2]int, step, string) {
	switch {
	case x%2 == 0:
		return [2]int{x, 0}, moveTo, "a = 2n: → (2n, 0)"
	case y <= 1:
		return [2]int{x - 1, 0}, moveTo, "a = 2n+1, b ∈ {0,1}: → (2n, 0)"
	case y >= 3:
		return [2]int{x, 2}, moveTo, "a = 2n+1, b ≥ 3: → (2n+1, 2)"
	}
	return [2]int{}, noCase, ""
}

func thm9bMove(_, s, t, x, y int) ([2]int, step, string) {
	if x%2 == 0 {
		return [2]int{x, 0}, moveTo, "x even: y → 0"
	}
	bOf := func(n int) int { return dlt(n) * (s*n + (n+1)*t/2) }
	bn := bOf(x)
	switch {
	case y > bn:
		return [2]int{x, bn}, moveTo, "y > B_n: y → B_n"
	case y == 0:
		return [2]int{x - 1, 0}, moveTo, "y = 0: → (x − 1, 0)"
	case y < x:
		return [2]int{x - y - dlt(y) + 1, 0}, moveTo, "1 ≤ y < x: → (x − y − δ_y + 1, 0)"
	case y < s*x+t:
		return [2]int{0, 0}, moveTo, "x ≤ y < sx + t: → (0, 0)"
	case y < bn:
		m := 2*((y-s*x-t)/t) + 1
		return [2]int{m, bOf(m)}, moveTo, fmt.Sprintf("sx + t ≤ y < B_n, m = %d: → (A_m, B_m)", m)
	}
	return [2]int{}, noCase, ""
}

func thm10bMove(_, s, t, x, y int) ([2]int, step, string) {
	hOf := func(n int) int { return (1 - dlt(n)) * (s*n + t*n/2 + 1) }
	switch {
	case x == 0 && y == 0:
		return [2]int{}, standBy, "(0,0): the next player wins without moving"
	case x == 0 && y > 1:
		return [2]int{0, 1}, moveTo, "x = 0: y → 1"
	case x == 0:
		return [2]int{}, noCase, ""
	case x%2 == 1:
		return [2]int{x, 0}, moveTo, "x odd: y → 0"
	}
	hn := hOf(x)
	switch {
	case y > hn:
		return [2]int{x, hn}, moveTo, "y > H_n: y → H_n"
	case y == 0:
		return [2]int{x - 1, 0}, moveTo, "y = 0: → (E_n − 1, 0)"
	case y <= x:
		return [2]int{x - y - dlt(y) + 1, 0}, moveTo, "1 ≤ y ≤ x: → (x − y − δ_y + 1, 0)"
	case y < s*x+t+1:
		return [2]int{0, 1}, moveTo, "x < y < sx + t + 1: → (0, 1)"
	case y < hn:
		m := 2 * ((y - s*x - 1) / t)
		return [2]int{m, hOf(m)}, moveTo, fmt.Sprintf("sx + t + 1 ≤ y < H_n, m = %d: → (E_m, H_m)", m)
	}
	return [2]int{}, noCase, ""
}

func thm11Move(_, _, _, x, y int) ([2]int, step, string) {
	switch {
	case x == 0 && y%2 == 1:
		return [2]int{0, y - 1}, moveTo, "x = 0, y odd: y → y − 1"
	case x == 0:
		return [2]int{}, noCase, ""
	case x%2 == y%2:
		return [2]int{0, y - x}, moveTo, "x, y of one parity: → (0, y − x)"
	case x%2 == 1:
		return [2]int{0, y}, moveTo, "take the odd pile x"
	}
	return [2]int{x, 0}, moveTo, "take the odd pile y"
}

func thm12Move(_, s, t, x, y int) ([2]int, step, string) {
	d := dlt(y - x)
	switch {
	case x == 0 && y == 0:
		return [2]int{}, standBy, "(0,0): no move"
	case x == 0:
		return [2]int{0, y - 1}, moveTo, "x = 0: y → y − 1"
	case x == 1:
		return [2]int{0, y - 1 + dlt(y)}, moveTo, "x = 1: → (0, y − 1 + δ_y)"
	case s == 1 && t == 1 && x == 2:
		return [2]int{2, y - 1}, moveTo, "s = t = 1, x = 2: → (2, y − 1)"
	case s == 1 && t == 1:
		return [2]int{2 - 2*d, y - x - 2*d + 2}, moveTo, "s = t = 1, x ≥ 3: → (2 − 2δ_{y−x}, y − x − 2δ_{y−x} + 2)"
	}
	return [2]int{0, y - x - d + 1}, moveTo, "s + t > 2: → (0, y − x − δ_{y−x} + 1)"
}

func thm13Move(_, _, _, x, y int) ([2]int, step, string) {
	if x%2 == 0 {
		return [2]int{x, dlt(y)}, moveTo, "x even: → (x, δ_y)"
	}
	n := (x - 1) / 2
	switch {
	case y >= 4*n+5:
		return [2]int{x, 4*n + 4 - dlt(y)}, moveTo, "y ≥ 4n + 5: → (2n+1, 4n + 4 − δ_y)"
	case y == 0:
		return [2]int{2 * n, 0}, moveTo, "y = 0: → (2n, 0)"
	case y <= x+1:
		return [2]int{x - y - dlt(y) + 1, 1 - dlt(y)}, moveTo, "1 ≤ y ≤ x + 1: → (x − y − δ_y + 1, 1 − δ_y)"
	case y <= 4*n+2:
		return [2]int{y + dlt(y) - x - 2, 2*y + dlt(y) - 2*x - 2}, moveTo, "x + 2 ≤ y ≤ 4n + 2: → (y + δ_y − x − 2, 2y + δ_y − 2x − 2)"
	}
	return [2]int{}, noCase, ""
}

func thm14Move(_, s, t, x, y int) ([2]int, step, string) {
	bOf := func(n int) int { return (s+t+1)*n + 1 }
	bn := bOf(x)
	if x%2 == 0 { // case (i)
		switch {
		case y > bn && y%2 == 0:
			return [2]int{x, 0}, moveTo, "(i) y > B_n even: y → B'_n = 0"
		case y > bn:
			return [2]int{x, bn}, moveTo, "(i) y > B_n odd: y → B_n"
		case y == 0:
			return [2]int{}, noCase, ""
		case y < x:
			return [2]int{x - y - dlt(y), 0}, moveTo, "(i) 1 ≤ y < x: → (x − y − δ_y, 0)"
		case y <= bn-2:
			m := (y - x) / (s + t)
			return [2]int{m, bOf(m)}, moveTo, fmt.Sprintf("(i) x ≤ y ≤ B_n − 2, m = %d: → (A_m, B_m)", m)
		case y == bn-1:
			return [2]int{x, 0}, moveTo, "(i) y = B_n − 1: y → 0"
		}
		return [2]int{}, noCase, ""
	}
	switch { // case (ii): B'_n = B_n − 1
	case y > bn && y%2 == (s+t)%2:
		return [2]int{x, bn}, moveTo, "(ii) y > B_n, y ≡ s + t: y → B_n"
	case y > bn:
		return [2]int{x, bn - 1}, moveTo, "(ii) y > B_n, y ≢ s + t: y → B'_n"
	case y == 0:
		return [2]int{x - 1, 0}, moveTo, "(ii) y = 0: → (A_n − 1, 0)"
	case y < x:
		return [2]int{x - y - 1 + dlt(y), 0}, moveTo, "(ii) 1 ≤ y < x: → (x − y − 1 + δ_y, 0)"
	case y <= bn-2:
		m := (y - x) / (s + t)
		return [2]int{m, bOf(m)}, moveTo, fmt.Sprintf("(ii) x ≤ y ≤ B_n − 2, m = %d: → (A_m, B_m)", m)
	}
	return [2]int{}, noCase, ""
}

// thm15Move is the proof of Theorem 15; fixed replaces its move for even
// y ≤ x by a legal one (002/thm-15.moves.corrected).
func thm15Move(fixed bool) prescription {
	return func(_, _, _, x, y int) ([2]int, step, string) {
		if fixed && x >= 4 && x%2 == 0 && y >= 2 && y <= x && y%2 == 0 {
			return [2]int{x - y + 1, 1}, moveTo, "1 ≤ y ≤ x, y even: → (x − y + 1, 1) (corrected)"
		}
		return thm15Printed(x, y)
	}
}

func thm15Printed(x, y int) ([2]int, step, string) {
	switch {
	case x == 0 || x == 2:
		return [2]int{}, outScope, ""
	case x%2 == 1:
		return [2]int{x, dlt(y)}, moveTo, "x = 2n+1: → (x, δ_y)"
	}
	n := (x - 4) / 2
	switch {
	case y > 4*n+10 && y%2 == 1:
		return [2]int{x, 4*n + 9}, moveTo, "y > 4n + 10 odd: → (2n+4, 4n+9)"
	case y > 4*n+10:
		return [2]int{x, 4*n + 10}, moveTo, "y > 4n + 10 even: → (2n+4, 4n+10)"
	case y >= 4*n+9:
		return [2]int{}, noCase, ""
	case y == 0:
		return [2]int{2*n + 1, 0}, moveTo, "y = 0: x → 2n + 1"
	case y <= x:
		return [2]int{x - y - dlt(y) + 1, 0}, moveTo, "1 ≤ y ≤ x: → (x − y − δ_y + 1, 0)"
	case y == x+1 || y == x+4:
		return [2]int{2, y - x + 2}, moveTo, "y ∈ {x+1, x+4}: remove x − 2 from both piles"
	case y <= x+3:
		return [2]int{0, y - x}, moveTo, "y ∈ {x+2, x+3}: remove x from both piles"
	}
	return [2]int{y - x - 2 + dlt(y), 2*y - 2*x - 2 + dlt(y)}, moveTo, "x + 5 ≤ y < 4n + 9: → (y − x − 2 + δ_y, 2y − 2x − 2 + δ_y)"
}

func thm16Move(_, s, t, x, y int) ([2]int, step, string) {
	hOf := func(n int) int { return (s+t+1)*n + 2 - dlt(s) - t } // eq. (8)
	switch x {
	case 0:
		switch {
		case y <= 1:
			return [2]int{}, standBy, "(0,0), (0,1): N-positions without a move"
		case y >= 4:
			return [2]int{0, 2 + dlt(y)}, moveTo, "x = 0, y ≥ 4: → (0, 2 + δ_y)"
		}
		return [2]int{}, noCase, ""
	case 1:
		return [2]int{1, dlt(y)}, moveTo, "x = 1: → (1, δ_y)"
	case 2:
		switch {
		case y > 2*s+t+4 && y%2 != t%2:
			return [2]int{2, 2*s + t + 3}, moveTo, "x = 2, case (i): → (2, 2s+t+3)"
		case y > 2*s+t+4:
			return [2]int{2, 2*s + t + 4}, moveTo, "x = 2, case (i): → (2, 2s+t+4)"
		case y == 0:
			return [2]int{1, 0}, moveTo, "x = 2, y = 0: → (1, 0)"
		case y <= 3:
			return [2]int{1, 1}, moveTo, "x = 2, y ∈ {1,2,3}: → (1, 1)"
		case y == 4:
			return [2]int{0, 2}, moveTo, "x = 2, y = 4: → (0, 2)"
		case y < 2*s+t+3:
			return [2]int{0, 3}, moveTo, "x = 2, 5 ≤ y < 2s+t+3: → (0, 3)"
		}
		return [2]int{}, noCase, ""
	}
	hn := hOf(x)
	// upper: case (iii)'s moves for x ≤ y < H_n − 1, which case (iv)
	// reuses for x ≤ y ≤ H_n − 2.
	upper := func(lbl string) ([2]int, step, string) {
		switch {
		case y <= x+1:
			return [2]int{1, 1}, moveTo, lbl + " y ∈ {x, x+1}: → (1, 1)"
		case y <= x+2*s+t:
			return [2]int{0, 3}, moveTo, lbl + " x+2 ≤ y ≤ x+2s+t: → (0, 3)"
		case y == x+2*s+t+1:
			return [2]int{2, 2*s + t + 3}, moveTo, lbl + " y = x+2s+t+1: → (2, 2s+t+3)"
		case y <= x+3*s+2*t:
			return [2]int{2, 2*s + t + 4}, moveTo, lbl + " y ≤ x+3s+2t: → (2, 2s+t+4)"
		}
		m := (y - x + t - 1 + dlt(s)) / (s + t)
		return [2]int{m, hOf(m)}, moveTo, fmt.Sprintf("%s x+3s+2t+1 ≤ y, m = %d: → (E_m, H_m)", lbl, m)
	}
	if x%2 == 1 { // case (iii): H'_n = 0
		switch {
		case y > hn && y%2 == 0:
			return [2]int{x, 0}, moveTo, "(iii) y > H_n even: y → 0"
		case y > hn:
			return [2]int{x, hn}, moveTo, "(iii) y > H_n odd: y → H_n"
		case y == 0 || y == hn:
			return [2]int{}, noCase, ""
		case y < x && y%2 == 0:
			return [2]int{x, 0}, moveTo, "(iii) 0 < y < x even: y → 0"
		case y < x:
			return [2]int{x - y - 1, 0}, moveTo, "(iii) 0 < y < x odd: → (x − y − 1, 0)"
		case y == hn-1:
			return [2]int{x, 0}, moveTo, "(iii) y = H_n − 1: y → 0"
		}
		return upper("(iii)")
	}
	switch { // case (iv): H'_n = H_n − 1
	case y > hn && y%2 == hn%2:
		return [2]int{x, hn}, moveTo, "(iv) y > H_n, y ≡ H_n: y → H_n"
	case y > hn:
		return [2]int{x, hn - 1}, moveTo, "(iv) y > H_n: y → H'_n"
	case y == 0:
		return [2]int{x - 1, 0}, moveTo, "(iv) y = 0: → (x − 1, 0)"
	case y <= x-1:
		return [2]int{x - y - 1 + dlt(y), 0}, moveTo, "(iv) 1 ≤ y ≤ x − 1: → (x − y − 1 + δ_y, 0)"
	case y <= hn-2:
		return upper("(iv) as (iii):")
	}
	return [2]int{}, noCase, ""
}
