package stwythoff

import (
	"context"
	"flag"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

var long = flag.Bool("long", false, "check the claims of 002 on boxes twice their default")

var registry = sync.OnceValue(func() *theory.Registry { return theory.RegistryOf(Claims()) })

func lookup(t *testing.T, id string) *theory.Claim {
	t.Helper()
	c, ok := registry().Lookup(id)
	if !ok {
		t.Fatalf("no claim %s", id)
	}
	return c
}

// findings pins every error of 002 grundy finds: the printed claim fails
// with this smallest counterexample, and its corrections pass.
var findings = map[string]struct {
	pos, verdict string
	corrections  []string
}{
	"002/table-5": {"9,50", "B'_9 = 50 printed, correct 54", []string{"002/table-5.corrected"}},
	"002/table-6": {"2,9", "the caption names the wrong parameters: 20 printed entries are wrong for wythoff-oe:s=3,t=3, " +
		"1 for wythoff-oe:s=2,t=2, whose rows these are; under wythoff-oe:s=2,t=2: H'_14 = 64 printed, correct 69",
		[]string{"002/table-6.corrected"}},
	"002/thm-12.1":     {"0,1", "the index set n ∈ Z⁺ omits n = 0", []string{"002/thm-12.1.corrected"}},
	"002/thm-12.2":     {"0,1", "the index set n ∈ Z⁺ omits n = 0", []string{"002/thm-12.2.corrected"}},
	"002/thm-15.moves": {"4,2", "the prescribed move is illegal", []string{"002/thm-15.moves.corrected"}},
}

// box is the largest pile the package test checks a claim on: its own
// boxes, or with -long twice as large, except printed tables, whose boxes
// are made to hold their rows.
func box(c *theory.Claim) int {
	if !*long || c.Support == theory.Table || strings.Contains(c.Corrects, "table") {
		return 0
	}
	m := 0
	for _, in := range c.Checks {
		m = max(m, in.Max)
	}
	return 2 * m
}

// TestDefaultChecks runs every claim of 002 on its default boxes (larger
// ones with -long): each instance checks some position; a claim passes
// unless it is a pinned finding, which fails at its smallest
// counterexample.
func TestDefaultChecks(t *testing.T) {
	// Many claims speak of the same boxes: each is solved once, as
	// grundy check solves them.
	tables := &theory.TableCache{Budget: 1 << 28}
	for _, c := range registry().All() {
		res, err := theory.Check(context.Background(), c, theory.CheckOptions{Max: box(c), Tables: tables})
		if err != nil {
			t.Errorf("Check(%s): %v", c.ID, err)
			continue
		}
		for _, in := range res.Instances {
			if in.Checked == 0 {
				t.Errorf("Check(%s) checked no position of %s", c.ID, in.Box)
			}
		}
		f, known := findings[c.ID]
		if c.Refuted != "" && (!known || f.pos != c.Refuted) {
			t.Errorf("%s is marked refuted at (%s) but not pinned in findings", c.ID, c.Refuted)
		}
		if !known {
			if res.Status != grundy.ClaimPass {
				t.Errorf("Check(%s) = %s: %s", c.ID, res.Status, res.Verdict)
			}
			continue
		}
		if res.Status != grundy.ClaimFail || res.Counterexamples[0].Pos != f.pos || !strings.Contains(res.Verdict, f.verdict) {
			t.Errorf("Check(%s) = %s %v, verdict %q; want the finding at (%s), verdict with %q",
				c.ID, res.Status, res.Counterexamples, res.Verdict, f.pos, f.verdict)
		}
	}
	for id, f := range findings {
		c := lookup(t, id)
		if !c.Printed() || c.Refuted != f.pos {
			t.Errorf("finding %s must be a printed claim refuted at (%s)", id, f.pos)
		}
		var got []string
		for _, d := range registry().Family(c) {
			if d.Corrects == id {
				got = append(got, d.ID)
			}
		}
		if !slices.Equal(got, f.corrections) {
			t.Errorf("corrections of %s = %v, want %v", id, got, f.corrections)
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
	misere := c.Quantity == grundy.QPm
	kinds := grundy.KindG
	if misere {
		kinds = grundy.KindGm
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
			if !grundy.Terminal(r, p) { // a misère N-position with no move wins by standing still
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

// valuesOf solves one position of a game by search.
func valuesOf(t *testing.T, game string, pos ...int) grundy.Values {
	t.Helper()
	r, err := games.Parse(game)
	if err != nil {
		t.Fatal(err)
	}
	s, err := solve.Search{Ruleset: r}.Solve(context.Background(), pos)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := s.Values(pos)
	return v
}

// Values printed in 002 or computed by hand from its statements.
func TestPaperValues(t *testing.T) {
	tests := []struct {
		game   string
		pos    [2]int
		misere bool
		p      bool
	}{
		// Example 1 (Γ_2, s = 2, t = 1).
		{"wythoff-mod:K=2,s=2,t=1", [2]int{2, 6}, false, true},
		{"wythoff-mod:K=2,s=2,t=1", [2]int{3, 7}, false, true},
		{"wythoff-mod:K=2,s=2,t=1", [2]int{4, 7}, false, false},
		// Example 3: (4,17) N, (11,37) P in Γ_3 with s = 2, t = 4..6.
		{"wythoff-mod:K=3,s=2,t=4", [2]int{4, 17}, false, false},
		{"wythoff-mod:K=3,s=2,t=5", [2]int{11, 37}, false, true},
		// Classical Wythoff: (3,5), (4,7), (6,10) are P.
		{"wythoff:s=1,t=1", [2]int{4, 7}, false, true},
		{"wythoff:s=1,t=1", [2]int{6, 10}, false, true},
		{"wythoff:s=1,t=1", [2]int{6, 9}, false, false},
		// Generalized Wythoff misère, t = 1: (2,2), (0,1), (3,5) P; (0,0) N.
		{"wythoff:s=1,t=1", [2]int{2, 2}, true, true},
		{"wythoff:s=1,t=1", [2]int{0, 1}, true, true},
		{"wythoff:s=1,t=1", [2]int{3, 5}, true, true},
		{"wythoff:s=1,t=1", [2]int{0, 0}, true, false},
		// t = 2: (0,1), (2,5), (3,8) by the recursion H' = E' + 2n + 1.
		{"wythoff:s=1,t=2", [2]int{2, 5}, true, true},
		{"wythoff:s=1,t=2", [2]int{3, 8}, true, true},
		// Theorem 9(2), s = 2, t = 1, n = 3: (3, 3s + 2t) = (3, 8).
		{"wythoff-oa:s=2,t=1", [2]int{3, 8}, false, true},
		{"wythoff-oa:s=2,t=1", [2]int{8, 3}, false, false},
		// Theorem 12: (0,1) is a misère P-position (the printed n ∈ Z⁺ leaves it out).
		{"wythoff-oo:s=1,t=1", [2]int{0, 1}, true, true},
		{"wythoff-oo:s=2,t=3", [2]int{0, 1}, true, true},
		// Table 5 with B'_9 corrected: (9,54) P, (9,50) N.
		{"wythoff-oe:s=2,t=3", [2]int{9, 54}, false, true},
		{"wythoff-oe:s=2,t=3", [2]int{9, 50}, false, false},
		// Theorem 16, s = t = 3: H_3 = 7·3 + 2 − 1 − 3 = 19, H_4 − 1 = 25.
		{"wythoff-oe:s=3,t=3", [2]int{3, 19}, true, true},
		{"wythoff-oe:s=3,t=3", [2]int{4, 25}, true, true},
		// Remark 1: Γ_EO mirrors Γ_OE: (7,1) for Theorem 14's (1,7), s = 2, t = 3.
		{"wythoff-eo:s=2,t=3", [2]int{7, 1}, false, true},
	}
	for _, tc := range tests {
		r, _ := games.Parse(tc.game)
		pos := grundy.Canonical(r, tc.pos[:])
		v := valuesOf(t, tc.game, pos...)
		got := v.G == 0
		if tc.misere {
			got = v.Gm == 0
		}
		if got != tc.p {
			t.Errorf("search: P(%s, %v, misère %v) = %v, want %v", tc.game, tc.pos, tc.misere, got, tc.p)
		}
		want := grundy.QP
		if tc.misere {
			want = grundy.QPm
		}
		n := 0
		for _, f := range registry().Answer(r, pos.Big()) {
			if f.Quantity != want {
				continue
			}
			n++
			if (f.Value.Sign() != 0) != tc.p {
				t.Errorf("%s says P(%s, %v) = %v, want %v", f.Claim.ID, tc.game, tc.pos, f.Value, tc.p)
			}
		}
		if n == 0 {
			t.Errorf("no proved claim speaks of %s at %v", tc.game, tc.pos)
		}
	}
}

// Table 6's entries are the misère P-positions of Γ_OE with s = t = 2,
// not s = t = 3, except H'_14 = 64 (69 is right).
func TestTable6IsForS2T2002(t *testing.T) {
	for n := range table6H {
		for _, y := range []int64{table6H[n], table6Hp[n]} {
			v := valuesOf(t, "wythoff-oe:s=2,t=2", n, int(y))
			want := !(n == 14 && y == 64)
			if (v.Gm == 0) != want {
				t.Errorf("Gm(wythoff-oe:s=2,t=2, %d,%d) = %d, want P = %v", n, y, v.Gm, want)
			}
		}
	}
	if v := valuesOf(t, "wythoff-oe:s=2,t=2", 14, 69); v.Gm != 0 {
		t.Errorf("(14,69) should be the misère P-position Table 6 misprints as (14,64)")
	}
}

func TestTable3Representations(t *testing.T) {
	ns := numeration(2, 2)
	for i, want := range table3 {
		if got := ns.String(big.NewInt(int64(i + 1))); got != want {
			t.Errorf("R(%d) = %s, want %s (Table 3)", i+1, got, want)
		}
	}
	// Example 3's u_n: 1, 4, 14, 50.
	u := ns.bases(big.NewInt(50))
	for i, want := range []int64{1, 4, 14, 50} {
		if u[i].Int64() != want {
			t.Errorf("u_%d = %v, want %d", i, u[i], want)
		}
	}
}

// Lemma 2 (a)–(e) on the generators of eq. (3), for several K, s, t.
func TestLemma2(t *testing.T) {
	for _, par := range [][3]int64{{1, 1, 1}, {2, 1, 1}, {2, 2, 3}, {3, 2, 4}, {3, 1, 7}, {4, 3, 2}, {5, 2, 11}} {
		k, s, tt := par[0], par[1], par[2]
		tk := ceilDiv(tt, k)
		a, b := seq(k, s, tk, false).first(400)
		cover := map[int64]int{}
		for n := range a {
			if a[n]%k != 0 || b[n]%k != 0 {
				t.Errorf("K,s,t=%v: (a) A_%d = %d, B_%d = %d not multiples of K", par, n, a[n], n, b[n])
			}
			if n > 0 {
				if !(b[n] > a[n] && a[n] > a[n-1]) {
					t.Errorf("K,s,t=%v: (b) fails at n = %d", par, n)
				}
				da, db := a[n]-a[n-1], b[n]-b[n-1]
				if !(da == k && db == s*k+tk*k || da == 2*k && db == 2*s*k+tk*k) {
					t.Errorf("K,s,t=%v: (d)/(e) fail at n = %d: ΔA = %d, ΔB = %d", par, n, da, db)
				}
				for v := range k {
					cover[a[n]+v]++
					cover[b[n]+v]++
				}
			}
		}
		// (c): A ∪ B = Z^{≥K}, disjoint (below A_last, where both are known).
		for v := k; v < a[len(a)-1]; v++ {
			if cover[v] != 1 {
				t.Errorf("K,s,t=%v: (c) %d covered %d times", par, v, cover[v])
				break
			}
		}
	}
}

// Theorems 4 and 7 as identities of sequences.
func TestThm4Thm7Sequences(t *testing.T) {
	for _, par := range [][3]int64{{2, 1, 1}, {2, 2, 3}, {3, 2, 4}, {3, 2, 6}, {3, 1, 7}, {4, 3, 2}, {5, 1, 3}} {
		k, s, tt := par[0], par[1], par[2]
		tk := ceilDiv(tt, k)
		for _, misere := range []bool{false, true} {
			if misere && s != 1 {
				continue // Theorem 7 is for s = 1
			}
			a, b := seq(k, s, tk, misere).first(500)
			a1, b1 := seq(1, s, tk, misere).first(500)
			for n := range a {
				if a[n] != k*a1[n] || b[n] != k*b1[n] {
					t.Errorf("K,s,t=%v misère %v: generator %d = (%d,%d), K·(A'_n,B'_n) = (%d,%d)",
						par, misere, n, a[n], b[n], k*a1[n], k*b1[n])
					break
				}
			}
		}
	}
	// Table 1 and Table 2 line up (Theorem 4's example).
	for n := range table1A {
		if table1A[n] != 3*table2A[n] || table1B[n] != 3*table2B[n] {
			t.Errorf("Tables 1, 2 disagree with Theorem 4 at n = %d", n)
		}
	}
}

// The numeration system against recursion (2): A'_n vile, B'_n its left
// shift, index and nth inverse to each other.
func TestNumerationMatchesRecursion(t *testing.T) {
	for s := int64(1); s <= 4; s++ {
		for tt := int64(1); tt <= 4; tt++ {
			ns := numeration(s, tt)
			a, b := seq(1, s, tt, false).first(1500)
			for n := range a {
				x := big.NewInt(a[n])
				if !ns.vile(x) || ns.shift(x).Int64() != b[n] || ns.index(x).Int64() != int64(n) ||
					ns.nth(big.NewInt(int64(n))).Int64() != a[n] || n > 0 && ns.vile(big.NewInt(b[n])) ||
					n > 0 && ns.unshift(big.NewInt(b[n])).Int64() != a[n] {
					t.Errorf("s=%d t=%d: numeration disagrees with (2) at n = %d (A'=%d, B'=%d)", s, tt, n, a[n], b[n])
					break
				}
			}
		}
	}
}

// The algebraic characterization of Generalized Wythoff misère against
// its recursive one.
func TestGWAlgebraicMatchesRecursion(t *testing.T) {
	for tt := int64(1); tt <= 7; tt++ {
		e, h := seq(1, 1, tt, true).first(3000)
		for n := range e {
			ge, gh := gwMisere(tt, big.NewInt(int64(n)))
			if ge.Int64() != e[n] || gh.Int64() != h[n] {
				t.Errorf("t=%d n=%d: algebraic (%v,%v), recursive (%d,%d)", tt, n, ge, gh, e[n], h[n])
				break
			}
		}
	}
}

func TestMoves(t *testing.T) {
	var cases []struct {
		id string
		in theory.Instance
	}
	add := func(id string, games ...string) {
		for _, g := range games {
			cases = append(cases, struct {
				id string
				in theory.Instance
			}{id, theory.Instance{Game: g, Piles: 2, Max: 30}})
		}
	}
	add("002/eq-2.classic", "wythoff:s=1,t=1")
	add("002/sec3-vile", "wythoff:s=1,t=1", "wythoff:s=2,t=3", "wythoff:s=3,t=1")
	add("002/cor-5", "wythoff-mod:K=2,s=1,t=1", "wythoff-mod:K=3,s=2,t=4", "wythoff-mod:K=2,s=3,t=5", "wythoff-mod:K=4,s=1,t=2")
	for _, c := range registry().Match("002") {
		if c.Move != nil && len(c.Checks) > 0 && c.ID != "002/cor-5" && c.ID != "002/sec3-vile" && c.ID != "002/eq-2.classic" {
			for _, in := range c.Checks {
				add(c.ID, in.Game)
			}
		}
	}
	for _, tc := range cases {
		c := lookup(t, tc.id)
		checkClaimMoves(t, c, tc.in)
	}
}

// Theorems with move finders on positions far beyond search: the move is
// legal and lands on a P-position of the same theorem.
func TestHugeMoves(t *testing.T) {
	big1, _ := new(big.Int).SetString("98765432109876543210987654321", 10)
	for _, tc := range []struct {
		game   string
		misere bool
	}{
		{"wythoff:s=1,t=1", false}, {"wythoff:s=2,t=3", false}, {"wythoff-mod:K=3,s=2,t=4", false},
		{"wythoff-oa:s=2,t=1", false}, {"wythoff-oa:s=1,t=1", true}, {"wythoff-oo:s=1,t=1", true},
		{"wythoff-oe:s=3,t=2", false}, {"wythoff-oe:s=1,t=1", true}, {"wythoff-oe:s=2,t=2", true},
		{"wythoff-eo:s=2,t=3", true}, {"wythoff-mod:K=3,s=1,t=5", true}, {"wythoff-mod:K=4,s=1,t=3", true},
		{"wythoff:s=1,t=1", true}, {"wythoff:s=1,t=2", true},
	} {
		r, _ := games.Parse(tc.game)
		w := r.(games.Wythoff)
		moved := 0
		for i, off := range []int64{0, 1, 7, 1000, 123457} {
			p := grundy.BigPosition{big1, new(big.Int).Add(new(big.Int).Mul(big1, big.NewInt(int64(2+i%2))), big.NewInt(off))}
			if i == 4 {
				p[0], p[1] = p[1], new(big.Int).Add(p[0], big.NewInt(off)) // first pile larger
			}
			p = canonicalBig(r, p)
			q, c, ok := registry().WinningMove(r, p, tc.misere)
			if !ok {
				// A P-position has no winning move.
				if facts := registry().Answer(r, p); len(facts) == 0 || facts[0].Value.Sign() == 0 {
					t.Errorf("%s misère %v at %v: no winning move and no P verdict", tc.game, tc.misere, p)
				}
				continue
			}
			moved++
			if !legalBig(w, p, q) {
				t.Errorf("%s: %s moves %v → %v illegally", tc.game, c.ID, p, q)
			}
			if v, ok := c.Eval(r, canonicalBig(r, q)); !ok || v.Sign() == 0 {
				t.Errorf("%s: %s moves %v → %v, not a P-position", tc.game, c.ID, p, q)
			}
		}
		if moved == 0 {
			t.Errorf("%s misère %v: no move tried", tc.game, tc.misere)
		}
	}
}

func canonicalBig(r grundy.Ruleset, p grundy.BigPosition) grundy.BigPosition {
	if grundy.SymmetricFrom(r, 2) == 0 && p[0].Cmp(p[1]) > 0 {
		return grundy.BigPosition{p[1], p[0]}
	}
	return p
}

// Polynomial claims answer for huge positions and agree with each other.
func TestHugeAgreement(t *testing.T) {
	r, _ := games.Parse("wythoff:s=1,t=1")
	ns := numeration(1, 1)
	n, _ := new(big.Int).SetString("31415926535897932384626433832795", 10)
	a := floorMulIrr(n, 1, 5)
	p := grundy.BigPosition{a, new(big.Int).Add(a, n)}
	if !classicWythoffP(p[0], p[1]) || !ns.pPair(p[0], p[1]) {
		t.Errorf("(⌊nφ⌋, ⌊nφ²⌋) not P by both the classical form and the numeration system")
	}
	for _, f := range registry().Answer(r, p) {
		if f.Value.Sign() == 0 {
			t.Errorf("%s says N at (⌊nφ⌋, ⌊nφ²⌋)", f.Claim.ID)
		}
	}
	p[1].Add(p[1], big.NewInt(1))
	if classicWythoffP(p[0], p[1]) || ns.pPair(p[0], p[1]) {
		t.Errorf("(⌊nφ⌋, ⌊nφ²⌋+1) P")
	}
	// Corollary 8: K·(E'_n, H'_n) + (α, β) for t' = ⌈5/3⌉ = 2.
	rm, _ := games.Parse("wythoff-mod:K=3,s=1,t=5")
	e, h := gwMisere(2, n)
	q := grundy.BigPosition{new(big.Int).Add(new(big.Int).Mul(e, big.NewInt(3)), big.NewInt(2)),
		new(big.Int).Add(new(big.Int).Mul(h, big.NewInt(3)), big.NewInt(1))}
	c := lookup(t, "002/cor-8")
	if v, ok := c.Eval(rm, q); !ok || v.Sign() == 0 {
		t.Errorf("Cor 8 says N at a huge generator block")
	}
}

func Example_corollary5() {
	r, _ := games.Parse("wythoff-mod:K=3,s=2,t=4")
	c, _ := registry().Lookup("002/cor-5")
	for _, p := range [][2]int64{{4, 17}, {11, 37}} {
		v, _ := c.Eval(r, grundy.BigPosition{big.NewInt(p[0]), big.NewInt(p[1])})
		fmt.Println(p, v)
	}
	// Output:
	// [4 17] 0
	// [11 37] 1
}

// BenchmarkCor5_ compares the polynomial test of Corollary 5 (the
// numeration system U) with the baseline it replaces, running recursion
// (3) from scratch up to the position, on a ladder of pile sizes.
func BenchmarkCor5_(b *testing.B) {
	for _, x := range []int64{1e3, 1e5, 1e6} {
		p := grundy.BigPosition{big.NewInt(x), big.NewInt(3 * x)}
		b.Run(fmt.Sprintf("numeration/x=%d", x), func(b *testing.B) {
			for b.Loop() {
				ns := &numer{s: 2, t: 2, u: []*big.Int{big.NewInt(1), big.NewInt(4)}}
				ns.pPair(new(big.Int).Div(p[0], big.NewInt(3)), new(big.Int).Div(p[1], big.NewInt(3)))
			}
		})
		b.Run(fmt.Sprintf("recursion/x=%d", x), func(b *testing.B) {
			for b.Loop() {
				g := &gen{k: 3, s: 2, tk: 2}
				g.contains(p[0], p[1])
			}
		})
	}
	huge, _ := new(big.Int).SetString("1"+strings.Repeat("0", 100), 10)
	b.Run("numeration/x=1e100", func(b *testing.B) {
		for b.Loop() {
			ns := &numer{s: 2, t: 2, u: []*big.Int{big.NewInt(1), big.NewInt(4)}}
			ns.pPair(huge, new(big.Int).Mul(huge, big.NewInt(3)))
		}
	})
}

// FuzzCor5_ compares Corollary 5 (numeration system) with Theorem 3
// (recursion (3)) on Γ_K.
func FuzzCor5_(f *testing.F) {
	f.Add(uint8(3), uint8(2), uint8(4), uint16(11), uint16(37))
	f.Add(uint8(1), uint8(1), uint8(1), uint16(3), uint16(5))
	f.Fuzz(func(t *testing.T, k, s, tt uint8, x, y uint16) {
		if k == 0 || s == 0 || tt == 0 || k > 8 || s > 8 || tt > 20 {
			return
		}
		if x > y {
			x, y = y, x
		}
		r, _ := games.Parse(fmt.Sprintf("wythoff-mod:K=%d,s=%d,t=%d", k, s, tt))
		p := grundy.BigPosition{big.NewInt(int64(x)), big.NewInt(int64(y))}
		c5, _ := registry().Lookup("002/cor-5")
		t3, _ := registry().Lookup("002/thm-3")
		a, _ := c5.Eval(r, p)
		b, ok := t3.Eval(r, p)
		if ok && a.Cmp(b) != 0 {
			t.Errorf("%s at %v: Cor 5 says %v, Theorem 3 says %v", r.Name(), p, a, b)
		}
	})
}

// FuzzRookMove: from every position a rook-type theorem calls N, its
// move finder makes a legal move to a position it calls P.
func FuzzRookMove(f *testing.F) {
	f.Add(uint8(0), uint8(2), uint8(3), uint16(9), uint16(50), false)
	f.Add(uint8(2), uint8(1), uint8(1), uint16(8), uint16(3), true)
	f.Fuzz(func(t *testing.T, g, s, tt uint8, x, y uint16, misere bool) {
		if s == 0 || tt == 0 || s > 10 || tt > 10 {
			return
		}
		fam := []string{"wythoff-oa", "wythoff-oo", "wythoff-oe", "wythoff-eo"}[int(g)%4]
		r, _ := games.Parse(fmt.Sprintf("%s:s=%d,t=%d", fam, s, tt))
		p := canonicalBig(r, grundy.BigPosition{big.NewInt(int64(x)), big.NewInt(int64(y))})
		want := grundy.QP
		if misere {
			want = grundy.QPm
		}
		for _, c := range registry().All() {
			if c.Paper != "002" || c.Move == nil || c.Quantity != want || !c.Applies(r, 2) {
				continue
			}
			v, _ := c.Eval(r, p)
			q, ok := c.Move(r, p)
			if v.Sign() != 0 {
				if ok {
					t.Errorf("%s: move %v → %v from a P-position", c.ID, p, q)
				}
				continue
			}
			if !ok {
				// Only a misère position without moves may lack one.
				small, _ := p.Small()
				has := false
				r.Options(small, func(grundy.Position) bool { has = true; return false })
				if has {
					t.Errorf("%s: no move from the N-position %v", c.ID, p)
				}
				continue
			}
			w, _ := c.Eval(r, canonicalBig(r, q))
			if !legalBig(r.(games.Wythoff), p, q) || w.Sign() == 0 {
				t.Errorf("%s: move %v → %v is illegal or not to P", c.ID, p, q)
			}
		}
	})
}

// Theorem 6's move finder beyond search but within the recursion's reach.
func TestMisereSeqMoveMedium(t *testing.T) {
	for _, game := range []string{"wythoff-mod:K=3,s=2,t=4", "wythoff:s=2,t=3"} {
		r, _ := games.Parse(game)
		for _, p := range [][2]int64{{100000, 350000}, {123456, 123500}, {99999, 400000}, {7, 1000000}} {
			pos := grundy.BigPosition{big.NewInt(p[0]), big.NewInt(p[1])}
			q, c, ok := registry().WinningMove(r, pos, true)
			if !ok {
				if v, _ := mexEval(true, false)(r, pos); v.Sign() == 0 {
					t.Errorf("%s at %v: no misère move from an N-position", game, p)
				}
				continue
			}
			if v, _ := mexEval(true, false)(r, canonicalBig(r, q)); !legalBig(r.(games.Wythoff), pos, q) || v.Sign() == 0 {
				t.Errorf("%s: %s moves %v → %v: illegal or not P", game, c.ID, p, q)
			}
		}
	}
}

// The replay catches a wrong prescription: "always move to (0,0)" is
// illegal from most positions of Γ_OO and lands on an N-position in
// misère play, and "stand still" is wrong wherever a move exists.
func TestReplayCatchesWrongMoves(t *testing.T) {
	for _, tc := range []struct {
		pres prescription
		kind string
	}{
		{func(_, _, _, _, _ int) ([2]int, step, string) { return [2]int{0, 0}, moveTo, "to (0,0)" }, "the prescribed move is illegal"},
		{func(_, _, _, _, _ int) ([2]int, step, string) { return [2]int{}, standBy, "stand" }, "the proof stands still where a move exists"},
		{func(_, _, _, _, _ int) ([2]int, step, string) { return [2]int{}, noCase, "" }, "the proof prescribes no move from an N-position"},
	} {
		c := strategyClaim("002/test", "none", "a wrong strategy", "wythoff-oo", true, sEqTOne,
			[]string{"wythoff-oo:s=1,t=1"}, 12, tc.pres, "")
		res, err := theory.Check(context.Background(), c, theory.CheckOptions{})
		if err != nil {
			t.Fatal(err)
		}
		kinds := []string{}
		for _, f := range res.Failures {
			kinds = append(kinds, f.Kind)
		}
		if res.Status != grundy.ClaimFail || !slices.Contains(kinds, tc.kind) {
			t.Errorf("Check(%s) = %s with %v, want a failure %q", c.Statement, res.Status, kinds, tc.kind)
		}
	}
}
