package symbolic

import (
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// TestEncodingMatchesOptions evaluates each symbolic move encoding at every
// canonical position of a box and compares the followers it admits with
// the ruleset's own move generator. The encoding's followers must already
// be canonical: they are compared as they are, not canonicalized.
func TestEncodingMatchesOptions(t *testing.T) {
	tests := []struct {
		game       string
		piles, max int
	}{
		{"nim", 1, 6}, {"nim", 3, 4},
		{"bounded-nim:k=2", 3, 4},
		{"greedy-nim", 3, 4}, {"bounded-greedy:k=2", 3, 4},
		{"slow-moore:k=2", 4, 3}, {"slow-exact:k=2", 4, 3}, {"slow-exact:k=3", 4, 3},
		{"moore:k=2", 3, 3}, {"exact:k=2", 3, 3},
		{"moore:k=3", 4, 3}, {"moore:k=4", 5, 2}, {"exact:k=3", 4, 3}, {"exact:k=2", 4, 3}, {"exact:k=4", 5, 2},
		{"exco-nim", 3, 3},
		{"wythoff:s=2,t=3", 2, 7}, {"wythoff-mod:K=2,s=1,t=3", 2, 8},
		{"wythoff-oa:s=1,t=2", 2, 6}, {"wythoff-oo:s=2,t=1", 2, 7}, {"wythoff-oe:s=1,t=1", 2, 6},
		{"wythoff-eo:s=3,t=2", 2, 6}, {"wythoff-ee:s=1,t=1", 2, 6},
		// fdg has no encoding of its own: it is encoded from its vectors
		// written as a rule (games.RuleOf).
		{"fdg", 4, 3}, {"fdg:d=110/011", 3, 4}, {"fdg:d=2.1/0.1", 2, 6},
	}
	var cases []encodingCase
	for _, tc := range tests {
		r, err := games.Parse(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, encodingCase{r: r, piles: tc.piles, max: tc.max})
	}
	// Restrictions of 002 §5 that no registry family uses yet.
	for _, kind := range []games.AmountKind{games.OneMod, games.MinusOneMod, games.Multiple} {
		am := games.Amounts{Kind: kind, K: 3}
		cases = append(cases,
			encodingCase{r: games.Wythoff{Family: "wythoff-x", S: 2, T: 2, DiagonalK: 1, Single: [2]games.Amounts{am, am}}, piles: 2, max: 8},
			encodingCase{r: games.Wythoff{Family: "wythoff-y", S: 1, T: 4, DiagonalK: 1, Single: [2]games.Amounts{am, {Kind: games.Odd}}}, piles: 2, max: 7})
	}
	cases = append(cases, ruleCases(t)...)
	for _, tc := range cases {
		r := tc.r
		m, err := Encode(r, tc.piles)
		if err != nil {
			t.Fatalf("Encode(%s, %d): %v", r.Name(), tc.piles, err)
		}
		eachCanonical(r, tc.piles, tc.max, func(p grundy.Position) {
			// Every move variable is an amount, at most the largest
			// pile, or a dealt pile, at most the position's tokens.
			bound := slices.Max(p)
			if tc.deals {
				bound = 0
				for _, v := range p {
					bound += v
				}
			}
			got := unique(m.Followers(p, bound))
			var want []grundy.Position
			r.Options(p, func(q grundy.Position) bool {
				want = append(want, grundy.Canonical(r, q))
				return true
			})
			want = unique(want)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("%s at (%v): encoding admits %v, ruleset moves to %v", r.Name(), p, got, want)
			}
			if raw := unique(m.rawFollowers(r, p, bound)); !slices.EqualFunc(raw, want, slices.Equal) {
				t.Errorf("%s at (%v): unsorted followers, sorted, are %v, ruleset moves to %v", r.Name(), p, raw, want)
			}
		})
	}
}

// eachCanonical calls f with every canonical position of n piles ≤ max.
func eachCanonical(r grundy.Ruleset, n, max int, f func(grundy.Position)) {
	p := make(grundy.Position, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			if slices.Equal(p, grundy.Canonical(r, p)) {
				f(slices.Clone(p))
			}
			return
		}
		for v := 0; v <= max; v++ {
			p[i] = v
			rec(i + 1)
		}
	}
	rec(0)
}

func unique(ps []grundy.Position) []grundy.Position {
	slices.SortFunc(ps, slices.Compare)
	return slices.CompactFunc(ps, slices.Equal)
}

type encodingCase struct {
	r          grundy.Ruleset
	piles, max int
	// deals: a move splits the rest, so a move variable (a dealt pile)
	// reaches the position's total, not only its largest pile.
	deals bool
}

// ruleCases are rulesets read from rule text, whose encodings ruleBranches
// derives from the rule alone: family files that are not built in under
// their own name (renamed, so games.RuleText compiles them) and variants.
func ruleCases(t *testing.T) []encodingCase {
	texts := []struct {
		text       string
		piles, max int
	}{
		{"ruleset v1\nparam k = 2 in 1..\npiles at least 1\nmove take 1 from each of 1..k piles\nmove take any from one largest pile\n", 3, 4},
		{"ruleset v2\npiles at least 2\nmove take any as a from each of 2 piles\nmove take odd from one pile\n", 3, 4},
		{"ruleset v3\npiles 2\nmove take any as a from one pile p, where a mod 3 != 0 and 2*a <= p + 1\n" +
			"move take any as k from one pile and any as l from the other pile, where k <= l and l - k < k + 2\n", 2, 7},
		{"ruleset v4\npiles at least 2\nrole x0 = pile 1\nmove take 0.. from x0 and any from each of at most piles-2 other piles, where total >= 1\n", 3, 3},
		{"ruleset v5\npiles 3\nmove subtract (2,-1,0), (0,1,1)\nmove take 2 mod 3 from pile 3\n", 3, 4},
		{"ruleset v6\npiles 3\nmove subtract any arrangement of (2,1,0)\n", 3, 4},
		{"ruleset v7\npiles at least 2\nmove take 1..2 from each of exactly 2 largest piles, where total <= piles\n", 3, 4},
		// Terminal sets: the guard excludes the positions without moves.
		{"ruleset v8\npiles 2\nrole x = pile 1\nrole y = pile 2\nmove take any from one pile\nmove take any as a from each of 2 piles\nterminal where x + y <= 2\n", 2, 7},
		{"ruleset v9\npiles at least 1\nmove take 1..3 from one pile\nterminal where piles = 3\n", 2, 5},
		// Splitting the rest: Splythoff (literature/arxiv-1904.08339),
		// dealings over three piles, and amounts that may be 0, whose
		// piles are dealt only when they lose a token.
		{"ruleset s1\npiles 2\nmove take any from one pile\nmove take any as a from each of 2 piles\n" +
			"move take any as a from each of 2 piles, where a = smallest pile, splitting the rest\n", 2, 4},
		{"ruleset s2\npiles 3\nmove take 1 from each of 2 piles, splitting the rest\n", 3, 2},
		{"ruleset s3\npiles 2\nmove take 0.. from each of 2 piles, where total >= 1 and total <= 2, splitting the rest\n", 2, 4},
	}
	var out []encodingCase
	for _, tt := range texts {
		r, err := games.RuleText(tt.text, "")
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, encodingCase{r, tt.piles, tt.max, strings.Contains(tt.text, "splitting the rest")})
	}
	return out
}

// rawFollowers is Followers with each branch's unsorted follower (Raw,
// or To when the branch has none) canonicalized: for branches with Raw
// it must be the same multiset as To.
func (m *Moves) rawFollowers(r grundy.Ruleset, p grundy.Position, bound int) []grundy.Position {
	var out []grundy.Position
	for _, b := range m.Branches {
		if b.Raw != nil {
			b.To = b.Raw
		}
		one := Moves{N: m.N, Branches: []Branch{b}}
		for _, q := range one.Followers(p, bound) {
			out = append(out, grundy.Canonical(r, q))
		}
	}
	return out
}
