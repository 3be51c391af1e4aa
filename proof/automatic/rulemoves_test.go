package automatic

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/decide/numeration"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/lang"
)

// TestRuleMovesCanonical: the move relation compiled from a rule's
// Presburger formulas has the same minimal automaton as the hand-built
// one (Nim, Moore, the (s,t)-Wythoff family, a user's Wythoff), in each
// numeration system: both are the same set of pairs, so a difference
// would be a construction error in one of them.
func TestRuleMovesCanonical(t *testing.T) {
	user, err := games.LoadRules("testdata/mywythoff.rules", "")
	if err != nil {
		t.Fatal(err)
	}
	parse := func(g string) grundy.Ruleset {
		r, err := games.Parse(g)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	zeck, trib := numeration.Zeckendorf(), numeration.Tribonacci()
	type instance struct {
		r       grundy.Ruleset
		n       int
		systems []numeration.System
	}
	tests := []instance{
		{parse("nim"), 2, []numeration.System{numeration.Base(2), zeck, numeration.Base(3), trib}},
		{parse("nim"), 3, []numeration.System{numeration.Base(2), zeck}},
		{parse("moore:k=2"), 3, []numeration.System{numeration.Base(2), zeck}},
		{parse("wythoff"), 2, []numeration.System{numeration.Base(2), zeck, numeration.Base(3)}},
		{parse("wythoff:s=2,t=1"), 2, []numeration.System{numeration.Base(2), zeck}},
		{parse("wythoff:s=1,t=2"), 2, []numeration.System{numeration.U(1, 2)}},
		{parse("wythoff-mod:K=2,s=1,t=1"), 2, []numeration.System{zeck}},
		{parse("wythoff-oo:s=1,t=1"), 2, []numeration.System{zeck}},
		{user, 2, []numeration.System{numeration.Base(2), zeck}},
	}
	if *long {
		// A second each or more (the hand-built ones too).
		tests = append(tests,
			instance{parse("wythoff"), 2, []numeration.System{trib}},
			instance{parse("wythoff:s=2,t=1"), 2, []numeration.System{numeration.U(2, 1)}},
			instance{parse("wythoff:s=2,t=2"), 2, []numeration.System{numeration.U(2, 2)}},
			instance{user, 2, []numeration.System{numeration.U(2, 2)}})
	}
	for _, tc := range tests {
		for _, sys := range tc.systems {
			hand, err := newBuilder(sys).moveRel(tc.r, tc.n)
			if err != nil {
				t.Fatalf("%s, %d piles, %s: hand-built: %v", tc.r.Name(), tc.n, sys.Short(), err)
			}
			comp, err := newBuilder(sys).ruleMoves(tc.r, tc.n)
			if err != nil {
				t.Fatalf("%s, %d piles, %s: compiled: %v", tc.r.Name(), tc.n, sys.Short(), err)
			}
			if !slices.Equal(comp.Vars, hand.Vars) || comp.A.Canonical() != hand.A.Canonical() {
				t.Errorf("%s, %d piles, %s: compiled %v %d states %.12s, hand-built %v %d states %.12s",
					tc.r.Name(), tc.n, sys.Short(), comp.Vars, comp.A.States(), comp.A.Canonical(),
					hand.Vars, hand.A.States(), hand.A.Canonical())
			}
		}
	}
}

// TestRuleMovesNaive: for rules with no hand-built relation, the compiled
// relation holds at (x, y) exactly when the rule interpreter
// (lang.Rule.Naive) lists y among x's followers, for every pair of
// positions in a box.
func TestRuleMovesNaive(t *testing.T) {
	text := func(src string) grundy.Ruleset {
		r, err := games.RuleText(src, "")
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	parse := func(g string) grundy.Ruleset {
		r, err := games.Parse(g)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	tests := []struct {
		r      grundy.Ruleset
		n, max int
		sys    numeration.System
	}{
		// Subtraction sets.
		{parse("bounded-nim:k=2"), 2, 7, numeration.Base(2)},
		{text("ruleset sub134\npiles 2\nmove take 1 from one pile\nmove take 3..4 from one pile\n"), 2, 9, numeration.Zeckendorf()},
		{text("ruleset sub2mod3\npiles 2\nmove take 2 mod 3 from one pile\n"), 2, 9, numeration.Base(3)},
		// Slow Nim: one token from each of 1..2 piles.
		{parse("slow-moore:k=2"), 3, 4, numeration.Base(2)},
		// Vectors, a largest pile, whole-position conditions.
		{parse("fdg:d=2.1/0.1"), 2, 7, numeration.Zeckendorf()},
		{parse("greedy-nim"), 3, 4, numeration.Base(2)},
		{parse("exco-nim"), 3, 3, numeration.Base(2)},
		// The (b,b)-game (literature/duchene-gravier-2009).
		{bbGame(t, 2), 2, 9, numeration.Base(2)},
		{bbGame(t, 3), 2, 10, numeration.Zeckendorf()},
		{bbGame(t, 3), 2, 10, numeration.Base(3)},
	}
	for _, tc := range tests {
		rule, ok := games.RuleOf(tc.r)
		if !ok {
			t.Fatalf("%s: no rule", tc.r.Name())
		}
		b := newBuilder(tc.sys)
		rel, err := b.ruleMoves(tc.r, tc.n)
		if err != nil {
			t.Fatalf("%s, %s: %v", tc.r.Name(), tc.sys.Short(), err)
		}
		x, y := pos("x", tc.n), pos("y", tc.n)
		if want := slices.Concat(x, y); !slices.Equal(rel.Vars, want) {
			t.Fatalf("%s: relation over %v, want %v", tc.r.Name(), rel.Vars, want)
		}
		bad := 0
		eachTuple(tc.n, tc.max, func(p grundy.Position) {
			follows := map[string]bool{}
			rule.Naive(p, func(q grundy.Position) bool {
				follows[q.String()] = true
				return true
			})
			vals := map[string]*big.Int{}
			for i, v := range p {
				vals[x[i]] = big.NewInt(int64(v))
			}
			eachTuple(tc.n, tc.max, func(q grundy.Position) {
				for i, v := range q {
					vals[y[i]] = big.NewInt(int64(v))
				}
				if got, want := b.st.Holds(rel, vals), follows[q.String()]; got != want && bad < 5 {
					bad++
					t.Errorf("%s, %s: Move(%v → %v) = %v, the interpreter says %v", tc.r.Name(), tc.sys.Short(), p, q, got, want)
				}
			})
		})
	}
}

// eachTuple calls f with every position of n piles ≤ max, in every order.
func eachTuple(n, max int, f func(grundy.Position)) {
	p := make(grundy.Position, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			f(p)
			return
		}
		for v := 0; v <= max; v++ {
			p[i] = v
			rec(i + 1)
		}
	}
	rec(0)
}

// TestRuleMovesRefuses: rules that are not Presburger (take-and-break, a
// power-of-2 amount, a multiple of a pile, Larsson's ⋆) get a MovesError
// naming the construct; a step whose estimate is past the memory budget
// is refused before it is built, with the estimate.
func TestRuleMovesRefuses(t *testing.T) {
	tests := []struct {
		src, game string
		want      string
		notPres   bool
	}{
		{game: "kayles", want: "take-and-break"},
		{src: "ruleset pw\npiles 2\nmove take any from one pile\nmove take power of 2 from one pile\n", want: "not Presburger: the amount power of 2", notPres: true},
		{src: "ruleset eu\npiles 2\nmove take multiple of q from one pile p and 0 from the other pile q, where q <= p\n", want: "a multiple of a pile", notPres: true},
		{src: "ruleset nim-star\npiles 2\nmove subtract any P-position of nim\n", want: "not Presburger: subtract any P-position of nim", notPres: true},
	}
	for _, tc := range tests {
		var r grundy.Ruleset
		var err error
		if tc.src != "" {
			r, err = games.RuleText(tc.src, "")
		} else {
			r, err = games.Parse(tc.game)
		}
		if err != nil {
			t.Fatal(err)
		}
		_, err = newBuilder(numeration.Base(2)).moveRel(r, 2)
		var me *MovesError
		if !errors.As(err, &me) || !errors.Is(err, ErrNoMoves) || !strings.Contains(err.Error(), tc.want) ||
			tc.notPres != errors.Is(err, lang.ErrNotPresburger) {
			t.Errorf("moveRel(%s) = %v, want a MovesError saying %q (not Presburger: %v)", r.Name(), err, tc.want, tc.notPres)
		}
	}
	// Base 16, two piles of Nim: y_i + a = x_i has 3 variables and
	// fcomp's temporaries, 16^6 letters a state; the budget planned for
	// 1,000 states of the proof's 4 tracks (16^4 letters) holds 4 such.
	saved := numeration.MaxStates
	defer func() { numeration.MaxStates = saved }()
	numeration.MaxStates = 1_000
	_, err := newBuilder(numeration.Base(16)).ruleMoves(mustParse(t, "nim"), 2)
	var me *MovesError
	if !errors.As(err, &me) || me.Estimate == nil || me.Estimate.Cmp(me.Budget) <= 0 || !errors.Is(err, numeration.ErrMemory) {
		t.Errorf("nim, 2 piles, base 16: %v, want a refusal with an estimate past the budget", err)
	}
}

func mustParse(t *testing.T, g string) grundy.Ruleset {
	t.Helper()
	r, err := games.Parse(g)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// bbGame is the (b,b)-game of Duchêne and Gravier, from the literature
// folder's rule file.
func bbGame(t testing.TB, b int) grundy.Ruleset {
	t.Helper()
	r, err := games.LoadRules("../../literature/duchene-gravier-2009/wythoff-bb.rules", fmt.Sprintf("b=%d", b))
	if err != nil {
		t.Fatal(err)
	}
	return r
}
