package symbolic

import (
	"errors"
	"slices"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/lang"
)

// TestEncodeOrderedMatchesNaive evaluates the ordered encoding at every
// position of a box (every order of the piles) and compares its followers,
// as they are, with the rule interpreter's (lang.Rule.Naive: every part,
// pile and amount tried, no canonical forms).
func TestEncodeOrderedMatchesNaive(t *testing.T) {
	tests := []struct {
		game       string
		piles, max int
	}{
		{"nim", 3, 4}, {"bounded-nim:k=2", 2, 6}, {"moore:k=2", 3, 3},
		{"greedy-nim", 3, 4}, {"slow-moore:k=2", 3, 3}, {"exco-nim", 3, 3},
		{"wythoff:s=2,t=3", 2, 7}, {"wythoff-mod:K=2,s=1,t=3", 2, 8}, {"wythoff-oa:s=1,t=2", 2, 6},
		{"fdg:d=2.1/0.1", 2, 6},
	}
	for _, tc := range tests {
		r, err := games.Parse(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		rule, ok := games.RuleOf(r)
		if !ok {
			t.Fatalf("%s has no rule", tc.game)
		}
		m, err := EncodeOrdered(r, tc.piles)
		if err != nil {
			t.Fatalf("EncodeOrdered(%s, %d): %v", tc.game, tc.piles, err)
		}
		p := make(grundy.Position, tc.piles)
		var rec func(i int)
		rec = func(i int) {
			if i < tc.piles {
				for v := 0; v <= tc.max; v++ {
					p[i] = v
					rec(i + 1)
				}
				return
			}
			got := unique(m.Followers(p, tc.max))
			var want []grundy.Position
			rule.Naive(p, func(q grundy.Position) bool {
				want = append(want, slices.Clone(q))
				return true
			})
			if want = unique(want); !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("%s at (%v): ordered encoding admits %v, the interpreter to %v", tc.game, p, got, want)
			}
		}
		rec(0)
	}
}

// TestEncodeOrderedRefuses: take-and-break moves, a power-of-2 amount and
// a ⋆ rule have no Presburger encoding, and the error names the construct.
func TestEncodeOrderedRefuses(t *testing.T) {
	for _, game := range []string{"kayles", "laskers-nim"} {
		r, err := games.Parse(game)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := EncodeOrdered(r, 2); !errors.Is(err, ErrNoEncoding) {
			t.Errorf("EncodeOrdered(%s) = %v, want ErrNoEncoding", game, err)
		}
	}
	for _, text := range []string{
		"ruleset pw\npiles 2\nmove take any from one pile\nmove take power of 2 from one pile\n",
		"ruleset nim-star\npiles 2\nmove subtract any P-position of nim\n",
	} {
		r, err := games.RuleText(text, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := EncodeOrdered(r, 2); !errors.Is(err, ErrNoEncoding) || !errors.Is(err, lang.ErrNotPresburger) {
			t.Errorf("%q: EncodeOrdered = %v, want not Presburger and ErrNoEncoding", text, err)
		}
	}
}
