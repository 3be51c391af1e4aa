package symbolic

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/lang"
)

// TestWholeEncoding: the whole-position words (issue 35 item 3) are
// encoded for a fixed pile count, and the encoding admits exactly the
// compiled ruleset's moves.
func TestWholeEncoding(t *testing.T) {
	for _, tt := range []struct {
		text       string
		piles, max int
	}{
		{"ruleset welter\npiles at least 1\nmove take any as a from one pile p, where for every other pile q, q != p - a\n", 3, 4},
		{"ruleset some\npiles 1..4\nmove take any as a from one pile p, where for some other pile q, q >= p - a and q > 0\n", 3, 4},
		{"ruleset cn\nparam k = 2 in 1..\npiles at least k\nmove take 0.. from each of k consecutive piles in a circle\n", 3, 3},
		{"ruleset cn\nparam k = 2 in 1..\npiles at least k\nmove take 0.. from each of k consecutive piles in a circle\n", 4, 2},
		{"ruleset line\npiles at least 1\nmove take any from each of 1..2 consecutive piles\n", 3, 3},
		{"ruleset sums\npiles 1..4\nmove take any as a from one pile p, where a <= sum of other piles + 1 and p - a >= smallest pile\n" +
			"move take 1..2 from each of 2 piles, where total < largest pile and sum of piles mod 2 = 0\n", 3, 4},
		{"ruleset cliff\npiles at least 1\nmove take any from each of 1..piles piles, where total <= 3\n", 3, 4},
	} {
		r, err := games.RuleText(tt.text, "")
		if err != nil {
			t.Fatal(err)
		}
		m, err := Encode(r, tt.piles)
		if err != nil {
			t.Fatalf("Encode(%s, %d): %v", r.Name(), tt.piles, err)
		}
		eachCanonical(r, tt.piles, tt.max, func(p grundy.Position) {
			got := unique(m.Followers(p, tt.max))
			var want []grundy.Position
			r.Options(p, func(q grundy.Position) bool {
				want = append(want, grundy.Canonical(r, q))
				return true
			})
			want = unique(want)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("%s at (%v): encoding admits %v, ruleset moves to %v", r.Name(), p, got, want)
			}
		})
	}
}

// TestNotPresburger: the non-linear amounts are refused by name, as a
// rule with no encoding.
func TestNotPresburger(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"ruleset sq\npiles 2\nmove take square from one pile\n", "not Presburger: the amount square (3:11)"},
		{"ruleset pw\npiles 2\nmove take any from one pile\nmove take power of 2 from one pile\n", "not Presburger: the amount power of 2 (4:11)"},
		{"ruleset eu\npiles 2\nmove take multiple of q from one pile p and 0 from the other pile q, where q <= p\n", "not Presburger: the amount multiple of q (a multiple of a pile is a product of two variables) (3:11)"},
	} {
		r, err := games.RuleText(tt.text, "")
		if err != nil {
			t.Fatal(err)
		}
		_, err = Encode(r, 2)
		var np *lang.NotPresburger
		if !errors.As(err, &np) || !errors.Is(err, ErrNoEncoding) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Encode: %v, want a *rules.NotPresburger wrapping ErrNoEncoding saying %q", tt.text, err, tt.want)
		}
	}
}

// TestWholeTerminalEncoding: a terminal set over the whole position's
// terms is encoded as the rule runs it.
func TestWholeTerminalEncoding(t *testing.T) {
	r, err := games.RuleText("ruleset wt\npiles 1..4\nmove take any from one pile\nmove take 1 from each of 2 piles\n"+
		"terminal where sum of piles <= 2 or smallest pile + 3 = largest pile\n", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{2, 3} {
		m, err := Encode(r, n)
		if err != nil {
			t.Fatal(err)
		}
		eachCanonical(r, n, 5, func(p grundy.Position) {
			got := unique(m.Followers(p, 5))
			var want []grundy.Position
			r.Options(p, func(q grundy.Position) bool {
				want = append(want, grundy.Canonical(r, q))
				return true
			})
			if want = unique(want); !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("at (%v): encoding admits %v, ruleset moves to %v", p, got, want)
			}
		})
	}
}
