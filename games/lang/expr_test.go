package lang_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
)

// claimSpelled are rules whose conditions are written as claims write
// them (== && || ! % /), and chained; FuzzParse and FuzzCompiled start
// from them too.
var claimSpelled = []string{
	"ruleset c1\npiles 2\nmove take any as a from one pile p, where a % 3 != 0 && 2*a <= p + 1\n",
	"ruleset c2\npiles 2\nmove take any as a from one pile and any as b from the other pile, where a + b <= 3 || a == b\n",
	"ruleset c3\npiles 1..3\nmove take any as a from one pile p, where !(a / 2 == 1) && 1 <= a < p\n",
	"ruleset c4\npiles 2\nmove take 1 % 2 from one pile\n",
}

// TestClaimSpelling: a condition written with the claims' operators is
// the rule written with the rule words: the two texts print the same
// (in the rule words) and, where a chain stands for a conjunction, give
// the same moves on a box.
func TestClaimSpelling(t *testing.T) {
	for _, tt := range []struct{ claim, rule string }{
		{claimSpelled[0], "ruleset c1\npiles 2\nmove take any as a from one pile p, where a mod 3 != 0 and 2*a <= p + 1\n"},
		{claimSpelled[1], "ruleset c2\npiles 2\nmove take any as a from one pile and any as b from the other pile, where a + b <= 3 or a = b\n"},
		{claimSpelled[2], "ruleset c3\npiles 1..3\nmove take any as a from one pile p, where not a div 2 = 1 and 1 <= a < p\n"},
		{claimSpelled[3], "ruleset c4\npiles 2\nmove take 1 mod 2 from one pile\n"},
		// ¬ ∧ ∨ read as ! && ||.
		{"ruleset u\npiles 2\nmove take any as a from one pile p, where ¬(a = 1) ∧ a < p ∨ a = 2\n",
			"ruleset u\npiles 2\nmove take any as a from one pile p, where not a = 1 and a < p or a = 2\n"},
		// ! is as loose as not: ! a = 1 is not (a = 1).
		{"ruleset n\npiles 1\nmove take any as a from one pile, where ! a == 1\n",
			"ruleset n\npiles 1\nmove take any as a from one pile, where not a = 1\n"},
	} {
		g, err := lang.Parse("", tt.claim)
		if err != nil {
			t.Errorf("Parse(%q) = %v", tt.claim, err)
			continue
		}
		h, err := lang.Parse("", tt.rule)
		if err != nil {
			t.Fatalf("Parse(%q) = %v", tt.rule, err)
		}
		if got, want := g.Format(), h.Format(); got != want {
			t.Errorf("Format(%q) =\n%s\nwant\n%s", tt.claim, got, want)
		}
	}
}

// TestChainIsConjunction: a <= b < c allows exactly the moves of
// a <= b and b < c.
func TestChainIsConjunction(t *testing.T) {
	for _, tt := range []struct{ chain, and string }{
		{"where 2 <= a < p", "where 2 <= a and a < p"},
		{"where 1 < a == b + 1 <= 4", "where 1 < a and a = b + 1 and b + 1 <= 4"},
		{"where a != b != 2", "where a != b and b != 2"},
	} {
		head := "ruleset c\npiles 2\nmove take any as a from one pile p and 0.. as b from the other pile, "
		r1 := bind(t, "chain", head+tt.chain+"\n")
		r2 := bind(t, "and", head+tt.and+"\n")
		each(2, 7, func(p grundy.Position) {
			got, want := moves(r1, p), moves(r2, p)
			if !slices.Equal(got, want) {
				t.Errorf("%q at %v: %v, want %v (%q)", tt.chain, p, got, want, tt.and)
			}
		})
	}
}

func moves(r *lang.Rule, p grundy.Position) []string {
	var out []string
	r.Naive(p, func(q grundy.Position) bool {
		out = append(out, q.String())
		return true
	})
	slices.Sort(out)
	return out
}

// TestOtherSpellingSuggested: an operator the rules do not have, but
// another language spells so, is refused with the rules' spelling.
func TestOtherSpellingSuggested(t *testing.T) {
	for _, tt := range []struct{ cond, want string }{
		{"a & b", `"&": write "and" (or "&&")`},
		{"a | b", `"|": write "or" (or "||")`},
		{"a ^ 1 = 0", `"^" (nim-sum) is a claim operator`},
	} {
		_, err := lang.Parse("", "ruleset e\npiles 1\nmove take any as a from one pile, where "+tt.cond+"\n")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("where %s: error %v, want one containing %s", tt.cond, err, tt.want)
		}
	}
}
