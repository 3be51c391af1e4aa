package theory

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

func init() {
	// Paper 000's statements that brute force refutes (see the claims' Notes).
	knownFailures["000/prop-17"] = "0,0,0"
	knownFailures["000/remark-16.G"] = "1,2,3,3,3"
}

func mustGame000(t testing.TB, spec string) grundy.Ruleset {
	t.Helper()
	r, err := games.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func box000(t testing.TB, spec string, n, m int) *solve.Table {
	t.Helper()
	tb, err := solve.SolveBox(context.Background(), mustGame000(t, spec), solve.BoxSpec{Piles: n, Max: m, Kinds: solve.KindG | solve.KindGm})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func claim000(t testing.TB, id string) *Claim {
	t.Helper()
	c, ok := Lookup(id)
	if !ok {
		t.Fatalf("claim %s is not registered", id)
	}
	return c
}

func bigs000(xs ...int64) grundy.BigPosition {
	p := make(grundy.BigPosition, len(xs))
	for i, x := range xs {
		p[i] = big.NewInt(x)
	}
	return p
}

// TestPrintedValues000 asserts values paper 000 prints (or that follow from
// its definitions by hand), through the claims that give them.
func TestPrintedValues000(t *testing.T) {
	tests := []struct {
		id   string
		game string
		pos  []int64
		want int64
		why  string
	}{
		{"000/bouton", "nim", []int64{3, 5, 6}, 0, "3 ⊕ 5 ⊕ 6 = 0"},
		{"000/bouton", "nim", []int64{1, 2, 4}, 7, "1 ⊕ 2 ⊕ 4 = 7"},
		{"000/moore", "moore:k=2", []int64{1, 1, 1}, 1, "three 1s: bit-0 count 3 ≡ 0 (mod 3)"},
		{"000/moore", "moore:k=2", []int64{1, 1, 2}, 0, "bit 0 count 2, bit 1 count 1"},
		{"000/moore", "moore:k=2", []int64{3, 5, 6}, 0, "3, 5, 6 have bit counts 2, 2, 2"},
		{"000/moore", "moore:k=3", []int64{5, 5, 5, 5}, 1, "each bit count 4 ≡ 0 (mod 4)"},
		{"000/prop-2", "moore:k=2", []int64{0, 0, 1}, 1, "M = 1"},
		// Theorem 3 by hand: (1,2,3): u = 6, m = 1, y = 3, z = 7, m < z ⇒ G = 6.
		{"000/thm-3", "moore:k=2", []int64{1, 2, 3}, 6, "m < z"},
		// (7,7,7): u = 21, m = 7, y = 0, z = 1 ⇒ (z−1) + (7−1) mod 1 = 0.
		{"000/thm-3", "moore:k=2", []int64{7, 7, 7}, 0, "equal piles"},
		// (4,4,5): u = 13, m = 4, y = 1, z = 2 ⇒ 1 + (4−2) mod 2 = 1.
		{"000/thm-3", "moore:k=2", []int64{4, 4, 5}, 1, "m ≥ z"},
		{"000/prop-4", "exact:k=3", []int64{1, 1, 2, 3}, 2, "T_{4,3}(1,1,2,3) = 2, the paper's example"},
		{"000/prop-10.1", "slow-moore:k=2", []int64{3, 4}, 3, "(o,e)"},
		{"000/prop-10.2", "slow-moore:k=2", []int64{1, 2, 3}, 3, "(o,e,o)"},
		{"000/prop-10.2", "slow-moore:k=2", []int64{2, 3, 3}, 2, "(e,o,o)"},
		{"000/prop-11.4", "slow-moore:k=2", []int64{1, 1, 2, 2, 3}, 1, "(o,o,e,e,o)"},
		{"000/prop-11.5", "slow-moore:k=3", []int64{1, 1, 2, 2, 3, 3}, 1, "(o,o,e,e,o,o)"},
		{"000/prop-12.2", "slow-moore:k=2", []int64{2, 2, 5}, 1, "(i,i,i+2j+1) ∈ V_{1,0}"},
		{"000/prop-12.2", "slow-moore:k=2", []int64{2, 2, 4}, 0, "(i,i,i+2j) ∈ V_{0,1}: not misère P"},
		{"000/cor-19", "slow-exact:k=2", []int64{3, 4, 6}, 0, "x1 + x2 = x3 + 1, x2 even: a (0,3)-position"},
		{"000/cor-19m", "slow-exact:k=2", []int64{3, 4, 6}, 3, "x1 + x2 = x3 + 1, x2 even: a (0,3)-position"},
		{"000/cor-19m", "slow-exact:k=2", []int64{3, 3, 5}, 2, "x2 odd: a (1,2)-position"},
		{"000/example-1.5.Gm", "exact:k=2", []int64{1, 2, 3, 3, 3}, 2, "§1.5"},
		{"000/example-3.3.G", "slow-moore:k=2", []int64{1, 1, 2, 3}, 4, "§3.3"},
		{"000/example-3.2.G", "slow-moore:k=2", []int64{1, 1, 3, 3, 5, 5}, 3, "§3.2"},
	}
	for _, tt := range tests {
		c := claim000(t, tt.id)
		r := mustGame000(t, tt.game)
		got, ok := c.Eval(r, bigs000(tt.pos...))
		if !ok || got.Int64() != tt.want {
			t.Errorf("%s at %s %v = %v (ok %v), want %d (%s)", tt.id, tt.game, tt.pos, got, ok, tt.want, tt.why)
		}
	}
}

// packings000 is T_{n,k}(x) by its definition (000 eq. (3)): the most
// k-subsets with pile i in at most x_i of them, by exhaustive search.
func packings000(x []int, k int) int {
	best := 0
	var subsets [][]int
	var gen func(start int, cur []int)
	gen = func(start int, cur []int) {
		if len(cur) == k {
			subsets = append(subsets, append([]int(nil), cur...))
			return
		}
		for i := start; i < len(x); i++ {
			gen(i+1, append(cur, i))
		}
	}
	gen(0, nil)
	left := append([]int(nil), x...)
	var rec func(from, m int)
	rec = func(from, m int) {
		best = max(best, m)
		for s := from; s < len(subsets); s++ {
			ok := true
			for _, i := range subsets[s] {
				ok = ok && left[i] > 0
			}
			if !ok {
				continue
			}
			for _, i := range subsets[s] {
				left[i]--
			}
			rec(s, m+1) // subsets may repeat: start again at s
			for _, i := range subsets[s] {
				left[i]++
			}
		}
	}
	rec(0, 0)
	return best
}

// TestTetris000 checks the closed form of T_{n,k} against its definition.
func TestTetris000(t *testing.T) {
	for n := 1; n <= 5; n++ {
		for k := 1; k <= n; k++ {
			x := make([]int, n)
			var each func(i, lo int)
			each = func(i, lo int) {
				if i == n {
					p := make([]int64, n)
					for j, v := range x {
						p[j] = int64(v)
					}
					want := packings000(x, k)
					if got := tetris000(bigs000(p...), k); got.Int64() != int64(want) {
						t.Errorf("T_{%d,%d}%v = %v, want %d", n, k, x, got, want)
					}
					if got := tetrisFormula000(n, k).Int(bigs000(p...)); got.Int64() != int64(want) {
						t.Errorf("formula T_{%d,%d}%v = %v, want %d", n, k, x, got, want)
					}
					return
				}
				for v := lo; v <= 4; v++ {
					x[i] = v
					each(i+1, v)
				}
			}
			each(0, 0)
		}
	}
}

// TestProp2Converse000 checks the "only if" half of Proposition 2, which
// the claim's values cannot carry: M(x) ≥ 2 ⇒ G(x) ≥ 2.
func TestProp2Converse000(t *testing.T) {
	for _, in := range []Instance{{"moore:k=2", 3, 10}, {"moore:k=3", 4, 6}} {
		k := Param(mustGame000(t, in.Game), "k")
		box000(t, in.Game, in.Piles, in.Max).Each(func(p grundy.Position, v grundy.Values) bool {
			if m := moore000(p.Big(), k); m.Cmp(big.NewInt(2)) >= 0 && v.G < 2 {
				t.Errorf("%s at %v: M = %v but G = %d", in.Game, p, m, v.G)
				return false
			}
			return true
		})
	}
}

// swapClass000 names what a position is by (G, G⁻).
func swapClass000(v grundy.Values) string {
	switch {
	case v.G == 0 && v.Gm == 1:
		return "(0,1)"
	case v.G == 1 && v.Gm == 0:
		return "(1,0)"
	case v.G == v.Gm:
		return "tame"
	}
	return "other"
}

// TestCor18Converse000 checks that Corollary 18 names every swap position
// of NIM^1_{3,=2} and Corollary 19 every position neither swap nor tame.
func TestCor18Converse000(t *testing.T) {
	r := mustGame000(t, "slow-exact:k=2")
	max := 40
	if testing.Short() {
		max = 20
	}
	var parts []*Claim
	for _, id := range []string{"000/cor-18.1", "000/cor-18.2", "000/cor-18.3"} {
		parts = append(parts, claim000(t, id))
	}
	cor19 := claim000(t, "000/cor-19")
	box000(t, "slow-exact:k=2", 3, max).Each(func(p grundy.Position, v grundy.Values) bool {
		named := false
		for _, c := range parts {
			_, ok := c.Eval(r, p.Big())
			named = named || ok
		}
		_, odd := cor19.Eval(r, p.Big())
		class := swapClass000(v)
		if swap := class == "(0,1)" || class == "(1,0)"; swap != named {
			t.Errorf("(%v) is %s, Cor 18 names it a swap position: %v", p, class, named)
		}
		if (class == "other") != odd {
			t.Errorf("(%v) is %s, Cor 19 names it neither swap nor tame: %v", p, class, odd)
		}
		return true
	})
}

// TestProp17HoldsAwayFromZero000 pins the finding on Proposition 17: it
// fails exactly at the positions with x1 = 0.
func TestProp17HoldsAwayFromZero000(t *testing.T) {
	r := mustGame000(t, "slow-exact:k=2")
	c := claim000(t, "000/prop-17")
	box000(t, "slow-exact:k=2", 3, 40).Each(func(p grundy.Position, v grundy.Values) bool {
		got, _ := c.Eval(r, p.Big())
		if wrong := got.Int64() != int64(v.Gm); wrong != (p[0] == 0) {
			t.Errorf("Prop 17 at (%v) claims G⁻ = %v, search %d; expected it wrong iff x1 = 0", p, got, v.Gm)
		}
		return true
	})
}

// TestProp11Part3K1_000 pins the k = 1 counterexample to Proposition 11(3)
// with a search independent of the claim.
func TestProp11Part3K1_000(t *testing.T) {
	s, err := solve.Search{Ruleset: mustGame000(t, "slow-moore:k=1")}.Solve(context.Background(), grundy.Position{1, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := s.Values(grundy.Position{1, 1, 2}); v.G != 0 {
		t.Errorf("G(1,1,2) in NIM^1_{3,≤1} = %d, want 0 (a P-position with parity vector (o,o,e))", v.G)
	}
}

// TestRemark15_000 checks Remark 15 by computation: in NIM^1_{4,=3} no
// position has G ≥ 4, and most positions follow the parity of (x1, x2).
func TestRemark15_000(t *testing.T) {
	max := 12
	if testing.Short() {
		max = 8
	}
	base := map[[2]int]int{{0, 0}: 0, {0, 1}: 1, {1, 1}: 2, {1, 0}: 3}
	total, follow := 0, 0
	box000(t, "slow-exact:k=3", 4, max).Each(func(p grundy.Position, v grundy.Values) bool {
		total++
		if v.G > 3 {
			t.Errorf("G(%v) = %d in NIM^1_{4,=3}; Remark 15 says the values are 0..3", p, v.G)
		}
		if base[[2]int{p[0] % 2, p[1] % 2}] == v.G {
			follow++
		}
		return true
	})
	t.Logf("%d of %d positions follow the parity vector of (x1, x2)", follow, total)
	if 4*follow < 3*total {
		t.Errorf("only %d of %d positions follow the parity vector of (x1, x2)", follow, total)
	}
}

// TestTheoremsAgreeWithSearch000 compares proved claims with the
// single-position search at random positions outside the default boxes.
func TestTheoremsAgreeWithSearch000(t *testing.T) {
	rng := rand.New(rand.NewPCG(0, 0))
	samples := []struct {
		game      string
		piles, hi int
	}{
		{"nim", 3, 40}, {"moore:k=2", 3, 22}, {"moore:k=3", 4, 10}, {"exco-nim", 4, 12},
		{"exact:k=2", 3, 25}, {"exact:k=2", 4, 13}, {"slow-moore:k=2", 2, 60}, {"slow-moore:k=2", 3, 35},
		{"slow-moore:k=2", 5, 11}, {"slow-exact:k=2", 3, 70}, {"slow-exact:k=4", 4, 30},
	}
	for _, sm := range samples {
		r := mustGame000(t, sm.game)
		for range 4 {
			p := make(grundy.Position, sm.piles)
			for i := range p {
				p[i] = rng.IntN(sm.hi + 1)
			}
			p = grundy.Canonical(r, p)
			s, err := solve.Search{Ruleset: r}.Solve(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			v, _ := s.Values(p)
			facts := Answer(r, p.Big())
			if len(facts) == 0 {
				t.Errorf("no theorem speaks of %s at (%v)", sm.game, p)
			}
			for _, f := range facts {
				if f.Claim.Paper != "000" {
					continue
				}
				if want := ComputedValue(f.Quantity, v); f.Value.Cmp(want) != 0 {
					t.Errorf("%s at %s (%v): %s = %v, search %v", f.Claim.ID, sm.game, p, f.Quantity, f.Value, want)
				}
			}
		}
	}
}

// TestWinningMoves000 plays every winning-move finder of paper 000 from
// every N-position of a box: the move must be legal and reach a P-position
// of the search.
func TestWinningMoves000(t *testing.T) {
	for _, in := range []Instance{
		{"nim", 3, 9}, {"moore:k=2", 3, 8}, {"moore:k=2", 4, 5}, {"moore:k=3", 4, 5},
		{"slow-moore:k=2", 2, 12}, {"slow-moore:k=2", 3, 10}, {"slow-moore:k=2", 4, 7}, {"slow-moore:k=3", 4, 6},
		{"slow-moore:k=2", 5, 5}, {"slow-moore:k=3", 6, 4}, {"slow-moore:k=1", 3, 8}, {"slow-exact:k=1", 3, 8},
		{"slow-exact:k=3", 3, 8}, {"slow-exact:k=2", 3, 14}, {"exact:k=2", 3, 8}, {"exact:k=3", 5, 4},
		{"exco-nim", 4, 6}, {"exco-nim", 5, 4}, {"exact:k=2", 4, 7}, {"exact:k=3", 6, 3},
	} {
		r := mustGame000(t, in.Game)
		tb := box000(t, in.Game, in.Piles, in.Max)
		for _, misere := range []bool{false, true} {
			tb.Each(func(p grundy.Position, v grundy.Values) bool {
				g := v.G
				if misere {
					g = v.Gm
				}
				q, c, ok := WinningMove(r, p.Big(), misere)
				if !ok {
					if g != 0 && !terminal000(r, p) && hasFinder000(r, len(p), misere) {
						t.Errorf("%s (misère %v): no winning move found from the N-position (%v)", in, misere, p)
						return false
					}
					return true // a P-position, or no proved finder speaks of this game and play
				}
				if g == 0 {
					t.Errorf("%s: %s found a move from the P-position (%v) to (%v)", in, c.ID, p, q)
					return false
				}
				small, _ := q.Small()
				small = grundy.Canonical(r, small)
				legal := false
				r.Options(p, func(o grundy.Position) bool {
					legal = legal || grundy.Canonical(r, o).String() == small.String()
					return !legal
				})
				w, _ := tb.Lookup(small)
				wg := w.G
				if misere {
					wg = w.Gm
				}
				if !legal || wg != 0 {
					t.Errorf("%s (misère %v): %s moves (%v) → (%v): legal %v, value %d", in, misere, c.ID, p, small, legal, wg)
					return false
				}
				return true
			})
		}
	}
}

func terminal000(r grundy.Ruleset, p grundy.Position) bool {
	none := true
	r.Options(p, func(grundy.Position) bool { none = false; return false })
	return none
}

// hasFinder000 reports whether a proved claim with a move finder speaks of
// r with n piles in the given play.
func hasFinder000(r grundy.Ruleset, n int, misere bool) bool {
	for _, c := range All() {
		normal := c.Quantity == QG || c.Quantity == QP
		if c.Support == PaperProof && c.Move != nil && normal != misere && c.Applies(r, n) {
			return true
		}
	}
	return false
}

// TestHugeMoves000 checks the move finders far beyond search: the target
// is a P-position by the claim and the move obeys the rules.
func TestHugeMoves000(t *testing.T) {
	huge := func(s string) *big.Int { v, _ := new(big.Int).SetString(s, 10); return v }
	tests := []struct {
		game   string
		pos    grundy.BigPosition
		misere bool
		check  string // the claim judging the target
	}{
		{"nim", grundy.BigPosition{huge("123456789012345678901234567890"), huge("987654321098765432109876543210"), big.NewInt(5)}, false, "000/bouton"},
		{"nim", grundy.BigPosition{big.NewInt(1), big.NewInt(1), huge("98765432109876543210987654321")}, true, "000/bouton.misere"},
		{"moore:k=2", grundy.BigPosition{huge("1234567890123456789012"), huge("3333333333333333333333333"), huge("77777777777777777777")}, false, "000/moore"},
		{"moore:k=3", grundy.BigPosition{big.NewInt(0), big.NewInt(1), huge("1000000000000000000000"), huge("5000000000000000000000000")}, true, "000/prop-7.pm"},
		{"slow-moore:k=2", grundy.BigPosition{huge("1000000000000000000001"), huge("3000000000000000000000"), huge("3000000000000000000003")}, true, "000/prop-12.2"},
		{"exact:k=2", grundy.BigPosition{huge("1000000000000000000001"), huge("3000000000000000000000"), huge("3000000000000000000003"), big.NewInt(7)}, false, "000/thm-5.P"},
		{"exact:k=3", grundy.BigPosition{huge("1000000000000000000001"), huge("3000000000000000000000"), huge("3000000000000000000003"), big.NewInt(7), big.NewInt(0)}, false, "000/prop-4.P"},
		{"exco-nim", grundy.BigPosition{big.NewInt(3), huge("1000000000000000000001"), huge("3000000000000000000000"), huge("3000000000000000000003")}, false, "000/thm-3.exco.P"},
	}
	for _, tt := range tests {
		r := mustGame000(t, tt.game)
		p := sortedBig000(tt.pos)
		q, _, ok := WinningMove(r, p, tt.misere)
		if !ok {
			t.Errorf("%s %v: no winning move found", tt.game, p)
			continue
		}
		changed := 0
		for i := range p {
			d := new(big.Int).Sub(p[i], q[i])
			if d.Sign() < 0 || strings.HasPrefix(tt.game, "slow") && d.Cmp(big.NewInt(1)) > 0 {
				t.Errorf("%s: move %v → %v raises or over-reduces pile %d", tt.game, p, q, i)
			}
			if d.Sign() > 0 {
				changed++
			}
		}
		k := len(p) // Exco-Nim: x0 and up to n − 1 others
		switch {
		case tt.game == "nim":
			k = 1
		case strings.Contains(tt.game, "k="):
			k = Param(r, "k")
		}
		if changed == 0 || changed > k || strings.HasPrefix(tt.game, "exact") && changed != k {
			t.Errorf("%s: move %v → %v changes %d piles", tt.game, p, q, changed)
		}
		c := claim000(t, tt.check)
		v, ok := c.Eval(r, sortedBig000(q))
		inP := ok && v.Sign() == 0
		if c.Quantity == QP || c.Quantity == QPm {
			inP = ok && v.Sign() != 0
		}
		if !inP {
			t.Errorf("%s: target %v is not a P-position by %s (%v)", tt.game, q, c.ID, v)
		}
	}
}

func TestTetrisFormulaText000(t *testing.T) {
	want := "min(div((x1 + x2 + x3 + x4), 3), div((x1 + x2 + x3), 2), div((x1 + x2), 1))"
	if got := tetrisFormula000(4, 3).String(); got != want {
		t.Errorf("T_{4,3} = %s, want %s", got, want)
	}
}

// TestManyPileMoves000 checks that Prop 11(1)–(3)'s winning moves are
// found with more piles than the exhaustive move search tries.
func TestManyPileMoves000(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, d := range []int{0, 1, 2} { // n = k + d
		n := 20
		r := mustGame000(t, fmt.Sprintf("slow-moore:k=%d", n-d))
		c := claim000(t, fmt.Sprintf("000/prop-11.%d", d+1))
		for range 50 {
			p := make(grundy.BigPosition, n)
			for i := range p {
				p[i] = big.NewInt(rng.Int64N(1 << 40))
			}
			p = sortedBig000(p)
			if v, _ := c.Eval(r, p); v.Sign() != 0 {
				continue // a P-position
			}
			q, _, ok := WinningMove(r, p, false)
			if !ok {
				t.Errorf("%s: no winning move from %v", c.ID, p)
				continue
			}
			if v, _ := c.Eval(r, q); v.Sign() == 0 {
				t.Errorf("%s: move %v → %v does not reach a P-position", c.ID, p, q)
			}
		}
	}
}
