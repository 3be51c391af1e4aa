package automatic

import (
	"context"
	"errors"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/decide/numeration"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/claimtext"
)

// fileClaim reads one claim as a claim file states it.
func fileClaim(t *testing.T, line string) *theory.Claim {
	t.Helper()
	f, err := claimtext.Parse("t.claims", []byte(line))
	if err != nil {
		t.Fatal(err)
	}
	c := f.Theory()[0]
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestFormulaSet: the relation built from a formula holds exactly where
// the formula's own evaluation (math/big, package formula) says, on every
// pair below 20 — sorted order ignored (from = n: no interchangeable
// piles).
func TestFormulaSet(t *testing.T) {
	for _, src := range []string{
		"x1 ^ x2 == 0", "x1 ^ x2 ^ 5 < x1 + 1", "x1 ^ (x2 + 3) == 2 * x1 - x2",
		"(x1 - x2) % 3 == 1", "(x1 - 2 * x2 + 4) % 5 == x2 % 5", "x1 / 3 == x2 / 2",
		"min(x1, x2, 7) + max(x1 ^ x2, 3) == 9", "(if x1 < x2 then x2 - x1 else x1 ^ 1) == 2",
		"x1 == x1 && !(x2 == 3)", "3 * x1 + 0 >= 5 * x2 - 7 || x1 == 0 && x2 == 4", "false", "true",
		"x1 ^ x1 == 0 && (x1 ^ 0 == x1)",
	} {
		e, err := claimtext.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		f, err := claimtext.Lower(e, 2)
		if err != nil {
			t.Fatal(err)
		}
		b := newBuilder(numeration.Base(2))
		set, err := formulaSet(b, f, 2, 2, false)
		if err != nil {
			t.Errorf("formulaSet(%s): %v", src, err)
			continue
		}
		bad := 0
		for x := int64(0); x < 20; x++ {
			for y := int64(0); y < 20; y++ {
				env := []*big.Int{big.NewInt(x), big.NewInt(y)}
				got := b.st.Holds(set, map[string]*big.Int{"x0": env[0], "x1": env[1]})
				if want := f.Bool(env); got != want && bad < 3 {
					bad++
					t.Errorf("%s at (%d, %d): automaton %v, formula %v", src, x, y, got, want)
				}
			}
		}
	}
}

// mexNim is G of Nim by the mex over every move, a solver independent of
// Bouton's theorem.
func mexNim(p []int, memo map[[2]int]int) int {
	k := [2]int{p[0], p[1]}
	if g, ok := memo[k]; ok {
		return g
	}
	seen := map[int]bool{}
	for i := range p {
		for v := 0; v < p[i]; v++ {
			q := []int{p[0], p[1]}
			q[i] = v
			seen[mexNim(q, memo)] = true
		}
	}
	g := 0
	for seen[g] {
		g++
	}
	memo[k] = g
	return g
}

// TestProveFormula: claim file claims proved or refuted for every
// position from their formulas, the nim-sum among them.
func TestProveFormula(t *testing.T) {
	for _, tt := range []struct {
		line, game string
		n          int
		want       string
		cex        string // the counterexample, for a refutation
	}{
		{"claim nim: P[nim, 3 piles] iff x1 ^ x2 ^ x3 == 0", "nim", 3, Proved, ""},
		{"G[nim, 2 piles] = x1 ^ x2", "nim", 2, Proved, ""},
		{"P[nim, 2 piles] iff x2 - x1 == 0", "nim", 2, Proved, ""},
		// Bouton's misère rule (000 §1.1), piles sorted so x3 is the largest.
		{"Pm[nim, 3 piles] iff x3 <= 1 && x1 ^ x2 ^ x3 == 1 || x3 >= 2 && x1 ^ x2 ^ x3 == 0", "nim", 3, Proved, ""},
		{"Pm[nim, 3 piles] iff x1 ^ x2 ^ x3 == 0", "nim", 3, Refuted, ""},
		// Wrong at (3, 3) only, a P-position (3 ⊕ 3 = 0) said not to be:
		// no move from (3, 3) reaches the claimed set.
		{"P[nim, 2 piles] iff x1 ^ x2 == 0 && x1 != 3", "nim", 2, Refuted, "(3,3)"},
		// (x2 - x1) even would make (1, 3) P; 1 ⊕ 3 = 2.
		{"G[nim, 2 piles] = x1 + x2", "nim", 2, Refuted, ""},
		// Rules with no hand-built move automaton: their moves compiled
		// from the rule (rulemoves.go). Bounded Nim's one-pile values are
		// x mod (k+1) (001 §3), nim-summed; one token from one pile a
		// move, every play has x1 + x2 moves.
		{"G[bounded-nim:k=2, 2 piles] = x1 % 3 ^ x2 % 3", "bounded-nim:k=2", 2, Proved, ""},
		{"P[slow-moore:k=1, 2 piles] iff even(x1 + x2)", "slow-moore:k=1", 2, Proved, ""},
		// (2, 0) is said to be P, but taking both tokens reaches (0, 0),
		// said to be P too: stability fails there.
		{"P[bounded-nim:k=2, 2 piles] iff x1 % 2 == x2 % 2", "bounded-nim:k=2", 2, Refuted, "(2,0)"},
	} {
		c := fileClaim(t, tt.line)
		r, _ := games.Parse(tt.game)
		res, err := ProveFormula(context.Background(), c, r, tt.n)
		if err != nil {
			t.Errorf("ProveFormula(%s): %v", tt.line, err)
			continue
		}
		if res.Status != tt.want {
			t.Errorf("ProveFormula(%s) = %s (%s), want %s", tt.line, res.Status, res.Reason, tt.want)
			continue
		}
		if tt.cex != "" {
			last := res.Obligations[len(res.Obligations)-1]
			if !strings.HasPrefix(last.Counterexample, tt.cex) {
				t.Errorf("ProveFormula(%s): counterexample %q, want %s", tt.line, last.Counterexample, tt.cex)
			}
		}
	}
	// The refutation's counterexample, checked by the mex: (3, 3) is a
	// P-position, the only one below 16 the claim gets wrong.
	memo := map[[2]int]int{}
	for x := range 16 {
		for y := x; y < 16; y++ {
			p := mexNim([]int{x, y}, memo) == 0
			claim := x^y == 0 && x != 3
			if p != claim && (x != 3 || y != 3) {
				t.Errorf("mex: (%d, %d) P = %v, the claim says %v", x, y, p, claim)
			}
		}
	}
	if mexNim([]int{3, 3}, memo) != 0 {
		t.Errorf("mex: (3, 3) is not a P-position")
	}
}

// TestProveFormulaRefuses: a where clause, and a difference under ^, are
// refused by name.
func TestProveFormulaRefuses(t *testing.T) {
	r, _ := games.Parse("nim")
	for _, tt := range []struct{ line, want string }{
		{"P[nim, 2 piles] iff x1 == x2 where x1 > 0", "not automatic in base 2: where"},
		{"P[nim, 2 piles] iff (x2 - x1) ^ x1 == x2", "not automatic in base 2: (x2 - x1)"},
	} {
		_, err := ProveFormula(context.Background(), fileClaim(t, tt.line), r, 2)
		if !errors.Is(err, ErrNotAutomatic) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ProveFormula(%s) = %v, want %q", tt.line, err, tt.want)
		}
	}
}

// TestFormulaSetSorted: with interchangeable piles, the set of a position
// is the formula of its sorted form.
func TestFormulaSetSorted(t *testing.T) {
	src := "x1 + 1 < x2 && x3 % 2 == 0 || x1 ^ x3 == 6"
	e, err := claimtext.ParseExpr(src)
	if err != nil {
		t.Fatal(err)
	}
	f, err := claimtext.Lower(e, 3)
	if err != nil {
		t.Fatal(err)
	}
	b := newBuilder(numeration.Base(2))
	set, err := formulaSet(b, f, 3, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	for x := range 8 {
		for y := range 8 {
			for z := range 8 {
				s := []int{x, y, z}
				slices.Sort(s)
				env := []*big.Int{big.NewInt(int64(s[0])), big.NewInt(int64(s[1])), big.NewInt(int64(s[2]))}
				got := b.st.Holds(set, map[string]*big.Int{"x0": big.NewInt(int64(x)), "x1": big.NewInt(int64(y)), "x2": big.NewInt(int64(z))})
				if want := f.Bool(env); got != want {
					t.Fatalf("%s at (%d, %d, %d): automaton %v, formula of %v %v", src, x, y, z, got, s, want)
				}
			}
		}
	}
}

// FuzzFormulaSet: for any claim formula over two piles, the automaton
// built from it is refused by name or agrees with the formula's own
// evaluation on every pair below 8.
func FuzzFormulaSet(f *testing.F) {
	for _, s := range []string{"x1 ^ x2 == 0", "(x1 - x2) % 3 == 1 && x1 / 2 < x2", "min(x1, x2 ^ 3) >= max(1, x1 - 1)",
		"(if x1 < x2 then x2 - x1 else x1 ^ 1) == 2 || !(x2 == 3)", "x1 ^ (x2 + 1) ^ 6 <= 2 * x1 - x2 + 4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		e, err := claimtext.ParseExpr(src)
		if err != nil || len(src) > 200 {
			return
		}
		fm, err := claimtext.Lower(e, 2)
		if err != nil || !fm.IsBool() {
			return
		}
		saved := numeration.MaxStates
		numeration.MaxStates = 20_000
		defer func() { numeration.MaxStates = saved }()
		b := newBuilder(numeration.Base(2))
		set, err := formulaSet(b, fm, 2, 2, false)
		if err != nil {
			if !errors.Is(err, ErrNotAutomatic) && !errors.Is(err, numeration.ErrTooBig) {
				t.Fatalf("formulaSet(%s): %v", src, err)
			}
			return
		}
		for x := int64(0); x < 8; x++ {
			for y := int64(0); y < 8; y++ {
				env := []*big.Int{big.NewInt(x), big.NewInt(y)}
				if got, want := b.st.Holds(set, map[string]*big.Int{"x0": env[0], "x1": env[1]}), fm.Bool(env); got != want {
					t.Fatalf("%s at (%d, %d): automaton %v, formula %v", src, x, y, got, want)
				}
			}
		}
	})
}
