package prove

import (
	"slices"
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
		{"exco-nim", 3, 3},
		{"wythoff:s=2,t=3", 2, 7}, {"wythoff-mod:K=2,s=1,t=3", 2, 8},
		{"wythoff-oa:s=1,t=2", 2, 6}, {"wythoff-oo:s=2,t=1", 2, 7}, {"wythoff-oe:s=1,t=1", 2, 6},
		{"wythoff-eo:s=3,t=2", 2, 6}, {"wythoff-ee:s=1,t=1", 2, 6},
	}
	var cases []encodingCase
	for _, tc := range tests {
		r, err := games.Parse(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, encodingCase{r, tc.piles, tc.max})
	}
	// Restrictions of 002 §5 that no registry family uses yet.
	for _, kind := range []games.AmountKind{games.OneMod, games.MinusOneMod, games.Multiple} {
		am := games.Amounts{Kind: kind, K: 3}
		cases = append(cases,
			encodingCase{games.Wythoff{Family: "wythoff-x", S: 2, T: 2, DiagonalK: 1, Single: [2]games.Amounts{am, am}}, 2, 8},
			encodingCase{games.Wythoff{Family: "wythoff-y", S: 1, T: 4, DiagonalK: 1, Single: [2]games.Amounts{am, {Kind: games.Odd}}}, 2, 7})
	}
	for _, tc := range cases {
		r := tc.r
		m, err := Encode(r, tc.piles)
		if err != nil {
			t.Fatalf("Encode(%s, %d): %v", r.Name(), tc.piles, err)
		}
		eachCanonical(r, tc.piles, tc.max, func(p grundy.Position) {
			got := unique(m.Followers(p, tc.max))
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
}
