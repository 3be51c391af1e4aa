package slowknim

import (
	"context"
	"flag"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

var long = flag.Bool("long", false, "check every claim on its full default boxes")

// reg is a registry of paper 000's claims with the committed ledger.
var reg = sync.OnceValue(func() *theory.Registry { return theory.RegistryOf(Claims()) })

func mustGame(t testing.TB, spec string) grundy.Ruleset {
	t.Helper()
	r, err := games.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func box(t testing.TB, spec string, n, m int) *solve.Table {
	t.Helper()
	tb, err := solve.SolveBox(context.Background(), mustGame(t, spec), solve.BoxSpec{Piles: n, Max: m, Kinds: grundy.KindG | grundy.KindGm})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func claim(t testing.TB, id string) *theory.Claim {
	t.Helper()
	c, ok := reg().Lookup(id)
	if !ok {
		t.Fatalf("claim %s is not registered", id)
	}
	return c
}

func bigs(xs ...int64) grundy.BigPosition {
	p := make(grundy.BigPosition, len(xs))
	for i, x := range xs {
		p[i] = big.NewInt(x)
	}
	return p
}

// slowValues is a deliberately simple solver of the slow games, written
// independently of package solve: G and G⁻ by memoized mex over every set
// of lo..hi non-empty piles reduced by one token.
type slowValues struct {
	lo, hi int
	memo   map[string][2]int
}

func newSlow(exact bool, k int) *slowValues {
	s := &slowValues{lo: 1, hi: k, memo: map[string][2]int{}}
	if exact {
		s.lo = k
	}
	return s
}

func (s *slowValues) values(p []int) (g, gm int) {
	key := fmt.Sprint(p)
	if v, ok := s.memo[key]; ok {
		return v[0], v[1]
	}
	seenG, seenGm := map[int]bool{}, map[int]bool{}
	moves := 0
	for set := 1; set < 1<<len(p); set++ {
		q := append([]int(nil), p...)
		c, ok := 0, true
		for i := range q {
			if set>>i&1 == 1 {
				c++
				ok = ok && q[i] > 0
				q[i]--
			}
		}
		if !ok || c < s.lo || c > s.hi {
			continue
		}
		moves++
		a, b := s.values(q)
		seenG[a], seenGm[b] = true, true
	}
	for seenG[g] {
		g++
	}
	for seenGm[gm] {
		gm++
	}
	if moves == 0 {
		gm = 1
	}
	s.memo[key] = [2]int{g, gm}
	return g, gm
}

// TestChecks runs every claim's default check (on halved boxes unless
// -long): a refuted claim must fail with its pinned smallest
// counterexample, every other claim must pass, and no box may check
// nothing.
func TestChecks(t *testing.T) {
	for _, c := range reg().All() {
		opt := theory.CheckOptions{}
		if !*long {
			m := 1 << 30
			for _, in := range c.Checks {
				m = min(m, in.Max)
			}
			opt.Max = max(m/2, 3)
		}
		res, err := theory.Check(context.Background(), c, opt)
		short := err == nil && (c.Refuted != "" && (res.Status != grundy.ClaimFail || res.Counterexamples[0].Pos != c.Refuted) || emptyInstance(res))
		if !*long && short {
			// The small box misses the claim's positions or its smallest
			// counterexample: use the claim's own boxes.
			res, err = theory.Check(context.Background(), c, theory.CheckOptions{})
		}
		if err != nil {
			t.Errorf("Check(%s): %v", c.ID, err)
			continue
		}
		for _, ir := range res.Instances {
			if ir.Checked == 0 {
				t.Errorf("Check(%s) on %s checked no position", c.ID, ir.Box)
			}
		}
		switch {
		case c.Refuted != "":
			if res.Status != grundy.ClaimFail || res.Counterexamples[0].Pos != c.Refuted {
				t.Errorf("Check(%s) = %s %v, want the failure at (%s)", c.ID, res.Status, res.Counterexamples, c.Refuted)
			}
		case res.Status != grundy.ClaimPass:
			t.Errorf("Check(%s) = %s: %s", c.ID, res.Status, res.Verdict)
		}
	}
}

func emptyInstance(res theory.Result) bool {
	for _, ir := range res.Instances {
		if ir.Checked == 0 {
			return true
		}
	}
	return false
}

// TestFindings pins every error of paper 000 that exhaustive computation
// exposes: the printed claim, its smallest counterexample and the kind of
// failure there, and the readings and corrections that hold.
func TestFindings(t *testing.T) {
	tests := []struct {
		id, pos, claimed, computed string
		fixes                      []string // readings and corrections that must pass
	}{
		{"000/prop-2.reading-t01-msd", "0,0,2", "G=1", "G=2", []string{"000/prop-2.reading-t01"}},
		{"000/prop-11.3", "1,1,2", "N", "P", []string{"000/prop-11.3.corrected"}},
		{"000/prop-11.5", "1,1,2,2,3,3", "N", "P", []string{"000/prop-11.5.reading-ooeeoo"}},
		{"000/prop-11.moves", "0,1,1,1,2", "reduce x[2 1]", "illegal", []string{"000/prop-11.moves.corrected"}},
		// (1,1,1) ∈ V_{0,1} (i = 1, j = 0); the last pile reduced gives
		// (0,1,1), parity (e,o,o): G = 2 by Prop 10(ii), a (2,2)-position.
		{"000/prop-12.moves", "1,1,1", "(0,1,1) a (1,0)-position", "(G,G⁻)=(2,2)", []string{"000/prop-12.moves.corrected"}},
		{"000/prop-14", "1,2,2", "G=3", "G=0", []string{"000/prop-14.corrected"}},
		{"000/prop-17", "0,0,0", "G⁻=0", "G⁻=1", []string{"000/prop-17.corrected"}},
		{"000/cor-18.3", "2,2,3", "G=2", "G=1", []string{"000/cor-18.3.corrected"}},
		{"000/cor-18.3m", "2,2,3", "Gm=-1", "Gm=0", []string{"000/cor-18.3m.corrected"}},
		{"000/remark-16.G", "1,2,3,3,3", "G=5", "G=3", nil},
	}
	pinned := map[string]bool{}
	for _, tt := range tests {
		pinned[tt.id] = true
		c := claim(t, tt.id)
		if c.Refuted != tt.pos {
			t.Errorf("%s: Refuted %q, want (%s)", tt.id, c.Refuted, tt.pos)
		}
		res, err := theory.Check(context.Background(), c, theory.CheckOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != grundy.ClaimFail || len(res.Counterexamples) == 0 {
			t.Errorf("Check(%s) = %s, want a failure at (%s)", tt.id, res.Status, tt.pos)
			continue
		}
		if ce := res.Counterexamples[0]; ce.Pos != tt.pos || ce.Claimed != tt.claimed || ce.Computed != tt.computed {
			t.Errorf("Check(%s): smallest counterexample %+v, want (%s) claimed %s computed %s", tt.id, ce, tt.pos, tt.claimed, tt.computed)
		}
		if !strings.Contains(res.Verdict, tt.pos) {
			t.Errorf("Check(%s): verdict %q does not name (%s)", tt.id, res.Verdict, tt.pos)
		}
		for _, id := range tt.fixes {
			d := claim(t, id)
			if d.Parent() != c.Parent() || d.Printed() {
				t.Errorf("%s does not read or correct %s", id, c.Parent())
			}
			if r, err := theory.Check(context.Background(), d, theory.CheckOptions{}); err != nil || r.Status != grundy.ClaimPass {
				t.Errorf("Check(%s) = %s %v (%v), want pass", id, r.Status, r.Counterexamples, err)
			}
		}
	}
	for _, c := range reg().All() {
		if c.Refuted != "" && !pinned[c.ID] {
			t.Errorf("%s is refuted at (%s) but not pinned in TestFindings", c.ID, c.Refuted)
		}
	}
}

// TestProp11ProofMoves pins, by hand, the cases where the proof of
// Proposition 11 prescribes a wrong move or none. Each target's parity
// vector is read off by hand and compared with the printed P-sets.
func TestProp11ProofMoves(t *testing.T) {
	tests := []struct {
		pos              grundy.Position
		k                int
		printed, correct []int
	}{
		// (4), evens x1, x5 (i = 1 odd): "reduce x_{i+1} and x_i" would
		// take a token from x1 = 0: illegal; x2 and x5 give (0,0,1,1,1),
		// parity (e,e,o,o,o) ∈ P.
		{grundy.Position{0, 1, 1, 1, 2}, 2, []int{2, 1}, []int{2, 5}},
		// (4), evens x2, x5 (i = 2): "reduce x_i and x_j" gives (1,1,3,3,3),
		// all odd, not in P; x1 and x5 give (0,2,3,3,3), (e,e,o,o,o) ∈ P.
		{grundy.Position{1, 2, 3, 3, 4}, 2, []int{2, 5}, []int{1, 5}},
		// (4), evens x2 = x3 (i = 2, j = 3): x1 and x3 would give
		// (0,2,1,3,3) = (0,1,2,3,3), (e,o,e,o,o) ∉ P; x2 and x4 give
		// (1,1,2,2,3), (o,o,e,e,o) ∈ P.
		{grundy.Position{1, 2, 2, 3, 3}, 2, []int{2, 3}, []int{2, 4}},
		// (5), only x6 even: the proof says this cannot happen and gives no
		// move; x1, x2, x6 give (0,0,1,1,1,1), (e,e,o,o,o,o) ∈ P.
		{grundy.Position{1, 1, 1, 1, 1, 2}, 3, nil, []int{1, 2, 6}},
	}
	for _, tt := range tests {
		if got := prop11Move(tt.pos, tt.k, false); !slices.Equal(got, tt.printed) {
			t.Errorf("printed move at (%v) = %v, want %v", tt.pos, got, tt.printed)
		}
		if got := prop11Move(tt.pos, tt.k, true); !slices.Equal(got, tt.correct) {
			t.Errorf("corrected move at (%v) = %v, want %v", tt.pos, got, tt.correct)
		}
	}
}

// TestProp14FailsOnlyWhereAEqualsB: every position where the printed
// Proposition 14 fails is (2a−1, 2b, 2(b+i)) with a = b — x2 = x1 + 1,
// x1 odd — the positions the printed 0 ≤ a < b leaves out of D0, D1.
func TestProp14FailsOnlyWhereAEqualsB(t *testing.T) {
	sets := prop14Printed()
	box(t, "slow-exact:k=2", 3, 40).Each(func(p grundy.Position, v grundy.Values) bool {
		ts, _ := members(sets, p)
		wrong := len(ts) != 1 || ts[0] != v.G
		if wrong && !(p[0]%2 == 1 && p[1] == p[0]+1 && p[2]%2 == 0) {
			t.Errorf("printed Prop 14 fails at (%v), not of the form (2a−1, 2a, 2(a+i))", p)
			return false
		}
		return true
	})
}

// TestProp17PrintedFailsBeyondZero shows that the printed Proposition 17
// fails at x1 ≥ 1 as well, not only at x1 = 0: its sets E and C1 both
// hold (1,1,1) (E with b = 1; C1 with a = b = 1, i = 0, a + i odd), so the
// printed statement puts it in S_0 and S_1 at once.
func TestProp17PrintedFailsBeyondZero(t *testing.T) {
	ts, _ := members(prop17Printed(), grundy.Position{1, 1, 1})
	if len(ts) != 2 || ts[0] != 0 || ts[1] != 1 {
		t.Errorf("printed Prop 17 puts (1,1,1) in S_%v, want S_0 and S_1", ts)
	}
	// And (1,2,2): F needs b > 1 as printed, so (1,2,2) stays in S_3,
	// while G⁻(1,2,2) = 1 (hand: its only move, to (0,1,2)... by the
	// independent solver).
	ts, _ = members(prop17Printed(), grundy.Position{1, 2, 2})
	_, gm := newSlow(true, 2).values([]int{1, 2, 2})
	if len(ts) != 1 || ts[0] != 3 || gm != 1 {
		t.Errorf("printed Prop 17 puts (1,2,2) in S_%v, G⁻ = %d; want S_3 and G⁻ = 1", ts, gm)
	}
}

// TestProp14PrintedAtThreeFourFour: (3,4,4) = (2a−1, 2b, 2(b+i)) with
// a = b = 2, i = 0 lies in D1 only if a ≤ b is allowed; the printed a < b
// leaves it in S_3, but G(3,4,4) = 1.
func TestProp14PrintedAtThreeFourFour(t *testing.T) {
	ts, _ := members(prop14Printed(), grundy.Position{3, 4, 4})
	g, _ := newSlow(true, 2).values([]int{3, 4, 4})
	if len(ts) != 1 || ts[0] != 3 || g != 1 {
		t.Errorf("printed Prop 14 puts (3,4,4) in S_%v, G = %d; want S_3 and G = 1", ts, g)
	}
	got, _ := claim(t, "000/prop-14.corrected").Eval(mustGame(t, "slow-exact:k=2"), bigs(3, 4, 4))
	if got.Int64() != 1 {
		t.Errorf("000/prop-14.corrected at (3,4,4) = %v, want 1", got)
	}
}

// TestCor18PrintedValue: at (2,2,3), a = 2, b = 2, i = 1 meets Corollary
// 18(3)'s condition (i odd, a even, i < a); the printed G = b + [i/2] = 2,
// the independent solver gives G = 1, G⁻ = 0, and the correction
// (b + ⌊(a+i)/2⌋) mod 2 = (2 + 1) mod 2 = 1.
func TestCor18PrintedValue(t *testing.T) {
	r := mustGame(t, "slow-exact:k=2")
	g, gm := newSlow(true, 2).values([]int{2, 2, 3})
	printed, ok := claim(t, "000/cor-18.3").Eval(r, bigs(2, 2, 3))
	corrected, ok2 := claim(t, "000/cor-18.3.corrected").Eval(r, bigs(2, 2, 3))
	if g != 1 || gm != 0 || !ok || printed.Int64() != 2 || !ok2 || corrected.Int64() != 1 {
		t.Errorf("(2,2,3): G = %d, G⁻ = %d, printed %v, corrected %v; want 1, 0, 2, 1", g, gm, printed, corrected)
	}
}

// TestRemark16 computes the five positions of Remark 16 with the
// independent solver: all are 3-positions, not 5-positions.
func TestRemark16(t *testing.T) {
	s := newSlow(true, 4)
	for x5 := 3; x5 <= 7; x5++ {
		if g, _ := s.values([]int{1, 2, 3, 3, x5}); g != 3 {
			t.Errorf("G(1,2,3,3,%d) in NIM^1_{5,=4} = %d, want 3", x5, g)
		}
	}
	// Nor has any position with piles ≤ 11 a value above 3.
	box(t, "slow-exact:k=4", 5, 11).Each(func(p grundy.Position, v grundy.Values) bool {
		if v.G > 3 {
			t.Errorf("G(%v) = %d in NIM^1_{5,=4}", p, v.G)
			return false
		}
		return true
	})
}

// TestSlowSolversAgree compares the simple solver with package solve on
// boxes of the games of §2–§4.
func TestSlowSolversAgree(t *testing.T) {
	for _, tc := range []struct {
		game         string
		exact        bool
		k, piles, mx int
	}{{"slow-exact:k=2", true, 2, 3, 9}, {"slow-moore:k=2", false, 2, 4, 5}, {"slow-exact:k=4", true, 4, 5, 4}} {
		s := newSlow(tc.exact, tc.k)
		box(t, tc.game, tc.piles, tc.mx).Each(func(p grundy.Position, v grundy.Values) bool {
			if g, gm := s.values(p); g != v.G || gm != v.Gm {
				t.Errorf("%s at (%v): simple solver (%d,%d), solve (%d,%d)", tc.game, p, g, gm, v.G, v.Gm)
				return false
			}
			return true
		})
	}
}

// TestPrintedValues asserts values the paper prints, or that follow from
// its definitions by hand, through the claims that give them.
func TestPrintedValues(t *testing.T) {
	tests := []struct {
		id   string
		game string
		pos  []int64
		want int64
		why  string
	}{
		{"000/bouton", "nim", []int64{3, 5, 6}, 0, "3 ⊕ 5 ⊕ 6 = 0"},
		{"000/bouton", "nim", []int64{1, 2, 4}, 7, "1 ⊕ 2 ⊕ 4 = 7"},
		{"000/bouton.misere-G", "nim", []int64{0, 1, 1}, 1, "two 1s: a (0,1)-position"},
		{"000/bouton.misere-G", "nim", []int64{1, 2, 4}, 7, "a pile ≥ 2: G⁻ = G"},
		{"000/moore", "moore:k=2", []int64{1, 1, 1}, 1, "three 1s: bit-0 count 3 ≡ 0 (mod 3)"},
		{"000/moore", "moore:k=2", []int64{1, 1, 2}, 0, "bit 0 count 2, bit 1 count 1"},
		{"000/moore", "moore:k=3", []int64{5, 5, 5, 5}, 1, "each bit count 4 ≡ 0 (mod 4)"},
		{"000/moore.kn", "moore:k=3", []int64{2, 5, 9}, 16, "one pile of 2 + 5 + 9"},
		{"000/prop-2.reading-t01-G", "moore:k=2", []int64{0, 0, 1}, 1, "M = 1"},
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
		{"000/prop-11.5.reading-ooeeoo", "slow-moore:k=3", []int64{1, 1, 2, 2, 3, 3}, 1, "(o,o,e,e,o,o)"},
		{"000/prop-11.5", "slow-moore:k=3", []int64{1, 1, 2, 2, 3, 3}, 0, "(o,o,e,e,o,o) is not a printed vector"},
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
		c := claim(t, tt.id)
		r := mustGame(t, tt.game)
		got, ok := c.Eval(r, bigs(tt.pos...))
		if !ok || got.Int64() != tt.want {
			t.Errorf("%s at %s %v = %v (ok %v), want %d (%s)", tt.id, tt.game, tt.pos, got, ok, tt.want, tt.why)
		}
	}
}

// TestMooreDigitOrder: the digit order of M matters only off the
// P-positions. (0,0,2) in NIM_{3,≤2} has one bit-1 pile: M = 3·1 = 3 with
// y0 the units digit, but "y0 y1" read as written is 0·3 + 1 = 1; G = 2.
func TestMooreDigitOrder(t *testing.T) {
	p := bigs(0, 0, 2)
	if m, w := moore(p, 2), mooreMSD(p, 2); m.Int64() != 3 || w.Int64() != 1 {
		t.Errorf("M(0,0,2) = %v, as written %v; want 3 and 1", m, w)
	}
}

// packings is T_{n,k}(x) by its definition (000 eq. (3)): the most
// k-subsets with pile i in at most x_i of them, by exhaustive search.
func packings(x []int, k int) int {
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

// TestTetris checks the closed form of T_{n,k} against its definition.
func TestTetris(t *testing.T) {
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
					want := packings(x, k)
					if got := tetris(bigs(p...), k); got.Int64() != int64(want) {
						t.Errorf("T_{%d,%d}%v = %v, want %d", n, k, x, got, want)
					}
					if got := tetrisFormula(n, k).Int(bigs(p...)); got.Int64() != int64(want) {
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

// TestProp11Part3K1 pins the k = 1 counterexample to Proposition 11(3)
// with a search independent of the claim.
func TestProp11Part3K1(t *testing.T) {
	s, err := solve.Search{Ruleset: mustGame(t, "slow-moore:k=1")}.Solve(context.Background(), grundy.Position{1, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := s.Values(grundy.Position{1, 1, 2}); v.G != 0 {
		t.Errorf("G(1,1,2) in NIM^1_{3,≤1} = %d, want 0 (a P-position with parity vector (o,o,e))", v.G)
	}
}

// TestTheoremsAgreeWithSearch compares proved claims with the
// single-position search at random positions outside the default boxes.
func TestTheoremsAgreeWithSearch(t *testing.T) {
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
		r := mustGame(t, sm.game)
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
			facts := reg().Answer(r, p.Big())
			if len(facts) == 0 {
				t.Errorf("no theorem speaks of %s at (%v)", sm.game, p)
			}
			for _, f := range facts {
				if f.Claim.Paper != "000" {
					continue
				}
				if want := theory.ComputedValue(f.Quantity, v); f.Value.Cmp(want) != 0 {
					t.Errorf("%s at %s (%v): %s = %v, search %v", f.Claim.ID, sm.game, p, f.Quantity, f.Value, want)
				}
			}
		}
	}
}

// TestWinningMoves plays every winning-move finder of paper 000 from
// every N-position of a box: the move must be legal and reach a P-position
// of the search.
func TestWinningMoves(t *testing.T) {
	for _, raw := range []struct {
		Game       string
		Piles, Max int
	}{
		{"nim", 3, 9}, {"moore:k=2", 3, 8}, {"moore:k=2", 4, 5}, {"moore:k=3", 4, 5},
		{"slow-moore:k=2", 2, 12}, {"slow-moore:k=2", 3, 10}, {"slow-moore:k=2", 4, 7}, {"slow-moore:k=3", 4, 6},
		{"slow-moore:k=2", 5, 5}, {"slow-moore:k=3", 6, 4}, {"slow-moore:k=1", 3, 8}, {"slow-exact:k=1", 3, 8},
		{"slow-exact:k=3", 3, 8}, {"slow-exact:k=2", 3, 14}, {"exact:k=2", 3, 8}, {"exact:k=3", 5, 4},
		{"exco-nim", 4, 6}, {"exco-nim", 5, 4}, {"exact:k=2", 4, 7}, {"exact:k=3", 6, 3},
	} {
		in := theory.Instance(raw)
		r := mustGame(t, in.Game)
		tb := box(t, in.Game, in.Piles, in.Max)
		for _, misere := range []bool{false, true} {
			tb.Each(func(p grundy.Position, v grundy.Values) bool {
				g := v.G
				if misere {
					g = v.Gm
				}
				q, c, ok := reg().WinningMove(r, p.Big(), misere)
				if !ok {
					if g != 0 && !terminal(r, p) && hasFinder(r, len(p), misere) {
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

func terminal(r grundy.Ruleset, p grundy.Position) bool {
	none := true
	r.Options(p, func(grundy.Position) bool { none = false; return false })
	return none
}

// hasFinder reports whether a proved claim with a move finder speaks of
// r with n piles in the given play.
func hasFinder(r grundy.Ruleset, n int, misere bool) bool {
	for _, c := range reg().All() {
		normal := c.Quantity == grundy.QG || c.Quantity == grundy.QP
		if (c.Support == theory.PaperProof || c.Support == theory.Classical) && c.Move != nil && normal != misere && c.Applies(r, n) {
			return true
		}
	}
	return false
}

// TestHugeMoves checks the move finders far beyond search: the target
// is a P-position by the claim and the move obeys the rules.
func TestHugeMoves(t *testing.T) {
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
		{"exco-nim", grundy.BigPosition{big.NewInt(3), huge("1000000000000000000001"), huge("3000000000000000000000"), huge("3000000000000000000003")}, false, "000/thm-3.P.reading-exco"},
	}
	for _, tt := range tests {
		r := mustGame(t, tt.game)
		p := sortedBig(tt.pos)
		q, _, ok := reg().WinningMove(r, p, tt.misere)
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
			k = kOf(r)
		}
		if changed == 0 || changed > k || strings.HasPrefix(tt.game, "exact") && changed != k {
			t.Errorf("%s: move %v → %v changes %d piles", tt.game, p, q, changed)
		}
		c := claim(t, tt.check)
		v, ok := c.Eval(r, sortedBig(q))
		inP := ok && v.Sign() == 0
		if c.Quantity == grundy.QP || c.Quantity == grundy.QPm {
			inP = ok && v.Sign() != 0
		}
		if !inP {
			t.Errorf("%s: target %v is not a P-position by %s (%v)", tt.game, q, c.ID, v)
		}
	}
}

func TestTetrisFormulaText(t *testing.T) {
	want := "min(div((x1 + x2 + x3 + x4), 3), div((x1 + x2 + x3), 2), div((x1 + x2), 1))"
	if got := tetrisFormula(4, 3).String(); got != want {
		t.Errorf("T_{4,3} = %s, want %s", got, want)
	}
}

// TestManyPileMoves checks that Prop 11(1)–(3)'s winning moves are
// found with more piles than the exhaustive move search tries.
func TestManyPileMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	// Proposition 11(3) is refuted as printed (k = 1); its correction
	// (k ≥ 2) answers only where grundy's ledger proved it, up to 6 piles.
	for _, tc := range []struct {
		n, d int
		id   string
	}{{20, 0, "000/prop-11.1"}, {20, 1, "000/prop-11.2"}, {6, 2, "000/prop-11.3.corrected"}} { // n = k + d
		n := tc.n
		r := mustGame(t, fmt.Sprintf("slow-moore:k=%d", n-tc.d))
		c := claim(t, tc.id)
		for range 50 {
			p := make(grundy.BigPosition, n)
			for i := range p {
				p[i] = big.NewInt(rng.Int64N(1 << 40))
			}
			p = sortedBig(p)
			if v, _ := c.Eval(r, p); v.Sign() != 0 {
				continue // a P-position
			}
			q, _, ok := reg().WinningMove(r, p, false)
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
