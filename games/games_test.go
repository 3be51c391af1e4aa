package games_test

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

func values(t *testing.T, game string, pos grundy.Position) grundy.Values {
	t.Helper()
	r, err := games.Parse(game)
	if err != nil {
		t.Fatal(err)
	}
	s, err := solve.Search{Ruleset: r}.Solve(context.Background(), pos)
	if err != nil {
		t.Fatalf("Solve(%s, %v): %v", game, pos, err)
	}
	v, _ := s.Values(pos)
	return v
}

// TestPublishedValues asserts values the papers print or state, and a few
// computed by hand.
func TestPublishedValues(t *testing.T) {
	tests := []struct {
		source string
		game   string
		pos    grundy.Position
		g, gm  int // −1: not stated
	}{
		// 000 §1.5: "(1, 2, 3, 3, 3) is a (0, 2)-position of NIM(5, =2)".
		{"000 §1.5", "exact:k=2", grundy.Position{1, 2, 3, 3, 3}, 0, 2},
		// 000 §3.3: "(1, 1, 2, 3) is a (4, 0)-position" of NIM^1_{4,≤2}.
		{"000 §3.3", "slow-moore:k=2", grundy.Position{1, 1, 2, 3}, 4, 0},
		// 004 §2: g(1, 2, 2, 2, 4, 4) = 3 in Nim^1_{6,=3}.
		{"004 §2", "slow-exact:k=3", grundy.Position{1, 2, 2, 2, 4, 4}, 3, -1},
		// 000 §3.2 (n = 6, k = 2): P-positions and 2-, 3-positions.
		{"000 §3.2", "slow-moore:k=2", grundy.Position{3, 3, 3, 4, 4, 4}, 0, -1},
		{"000 §3.2", "slow-moore:k=2", grundy.Position{1, 1, 1, 2, 2, 4}, 2, -1},
		{"000 §3.2", "slow-moore:k=2", grundy.Position{1, 3, 3, 3, 3, 3}, 0, -1},
		{"000 §3.2", "slow-moore:k=2", grundy.Position{1, 3, 3, 3, 5, 5}, 0, -1},
		{"000 §3.2", "slow-moore:k=2", grundy.Position{1, 3, 5, 5, 5, 5}, 0, -1},
		{"000 §3.2", "slow-moore:k=2", grundy.Position{1, 1, 1, 1, 1, 3}, 2, -1},
		{"000 §3.2", "slow-moore:k=2", grundy.Position{1, 1, 1, 1, 1, 5}, 2, -1},
		{"000 §3.2", "slow-moore:k=2", grundy.Position{1, 1, 3, 3, 5, 5}, 3, -1},
		// 000 Prop 10(i), n = k = 2: G by parity vector (e,e)=0 (e,o)=1 (o,o)=2 (o,e)=3.
		{"000 Prop 10(i)", "slow-moore:k=2", grundy.Position{4, 6}, 0, -1},
		{"000 Prop 10(i)", "slow-moore:k=2", grundy.Position{2, 5}, 1, -1},
		{"000 Prop 10(i)", "slow-moore:k=2", grundy.Position{3, 7}, 2, -1},
		{"000 Prop 10(i)", "slow-moore:k=2", grundy.Position{3, 6}, 3, -1},
		// 000 Prop 10(ii), n = 3, k = 2.
		{"000 Prop 10(ii)", "slow-moore:k=2", grundy.Position{1, 3, 5}, 0, -1},
		{"000 Prop 10(ii)", "slow-moore:k=2", grundy.Position{2, 4, 5}, 1, -1},
		{"000 Prop 10(ii)", "slow-moore:k=2", grundy.Position{1, 2, 4}, 2, -1},
		{"000 Prop 10(ii)", "slow-moore:k=2", grundy.Position{1, 2, 3}, 3, -1},
		// Bouton by hand: 3 ⊕ 5 ⊕ 6 = 0, 1 ⊕ 2 ⊕ 4 = 7; misère Nim: with a pile
		// ≥ 2, G⁻ = G.
		{"Bouton", "nim", grundy.Position{3, 5, 6}, 0, 0},
		{"Bouton", "nim", grundy.Position{1, 2, 4}, 7, 7},
		{"Bouton misère", "nim", grundy.Position{1, 1, 1}, 1, 0},
		// Moore (000 §1.2): M(x) = 0 iff P; k = 2, piles 1,2,3: binary digit
		// sums per bit are 2,2 → not 0 mod 3, so N; 1,1,1 has digit sum 3 → P.
		{"Moore", "moore:k=2", grundy.Position{1, 1, 1}, 0, -1},
		{"Moore", "moore:k=2", grundy.Position{3, 3, 3}, 0, -1},
		// The trivial cases of 000 §2: k = n, G = x1 mod 2, G⁻ = 1 − G.
		{"000 §2", "slow-exact:k=3", grundy.Position{5, 7, 9}, 1, 0},
		{"000 §2", "slow-exact:k=3", grundy.Position{4, 7, 9}, 0, 1},
	}
	for _, tt := range tests {
		v := values(t, tt.game, tt.pos)
		if v.G != tt.g || tt.gm >= 0 && v.Gm != tt.gm {
			t.Errorf("%s: %s at %v = (G %d, G⁻ %d), want (%d, %d)", tt.source, tt.game, tt.pos, v.G, v.Gm, tt.g, tt.gm)
		}
	}
}

// TestPublishedOutcomes asserts P/N statements of the papers' examples.
func TestPublishedOutcomes(t *testing.T) {
	P, N := grundy.P, grundy.N
	tests := []struct {
		source string
		game   string
		pos    grundy.Position
		want   grundy.Outcome
	}{
		// 001 Example 1 (k = 3): (1,1,1,5) is P, (1,1,2,5) is N.
		{"001 Ex. 1", "bounded-greedy:k=3", grundy.Position{1, 1, 1, 5}, P},
		{"001 Ex. 1", "bounded-greedy:k=3", grundy.Position{1, 1, 2, 5}, N},
		// 001 Example 5 with Theorem 6 (k = 3): S1 = (5,5,5,5,8) has β odd and
		// (5,5,8) k-good → P; S2 = (5,5,5,5,9) → N; S3 = (1,1,5,6) β even,
		// R4(1) ≠ 0 → N; S4 = (1,1,5,5) → P.
		{"001 Ex. 5", "bounded-greedy:k=3", grundy.Position{5, 5, 5, 5, 8}, P},
		{"001 Ex. 5", "bounded-greedy:k=3", grundy.Position{5, 5, 5, 5, 9}, N},
		{"001 Ex. 5", "bounded-greedy:k=3", grundy.Position{1, 1, 5, 6}, N},
		{"001 Ex. 5", "bounded-greedy:k=3", grundy.Position{1, 1, 5, 5}, P},
		// 002 Example 1 (Γ_K, K = s = 2, t = 1), steps 1 and 3: P-positions.
		{"002 Ex. 1", "wythoff-mod:K=2,s=2,t=1", grundy.Position{0, 0}, P},
		{"002 Ex. 1", "wythoff-mod:K=2,s=2,t=1", grundy.Position{0, 1}, P},
		{"002 Ex. 1", "wythoff-mod:K=2,s=2,t=1", grundy.Position{1, 1}, P},
		{"002 Ex. 1", "wythoff-mod:K=2,s=2,t=1", grundy.Position{2, 6}, P},
		{"002 Ex. 1", "wythoff-mod:K=2,s=2,t=1", grundy.Position{2, 7}, P},
		{"002 Ex. 1", "wythoff-mod:K=2,s=2,t=1", grundy.Position{3, 6}, P},
		{"002 Ex. 1", "wythoff-mod:K=2,s=2,t=1", grundy.Position{3, 7}, P},
		// Step 2: (0,m), (1,m), (m,m), (m,m+1), (m,m+2) for m ≥ 2, and
		// (m,m+3) for m positive even, are N.
		{"002 Ex. 1", "wythoff-mod:K=2,s=2,t=1", grundy.Position{0, 5}, N},
		{"002 Ex. 1", "wythoff-mod:K=2,s=2,t=1", grundy.Position{1, 4}, N},
		{"002 Ex. 1", "wythoff-mod:K=2,s=2,t=1", grundy.Position{3, 3}, N},
		{"002 Ex. 1", "wythoff-mod:K=2,s=2,t=1", grundy.Position{4, 5}, N},
		{"002 Ex. 1", "wythoff-mod:K=2,s=2,t=1", grundy.Position{5, 7}, N},
		{"002 Ex. 1", "wythoff-mod:K=2,s=2,t=1", grundy.Position{4, 7}, N},
		// Classic Wythoff, known by hand: (1,2), (3,5), (4,7), (6,10) are P.
		{"Wythoff", "wythoff", grundy.Position{3, 5}, P},
		{"Wythoff", "wythoff", grundy.Position{6, 10}, P},
		{"Wythoff", "wythoff", grundy.Position{4, 6}, N},
	}
	for _, tt := range tests {
		if got := values(t, tt.game, tt.pos).Outcome(); got != tt.want {
			t.Errorf("%s: %s at %v is %v, want %v", tt.source, tt.game, tt.pos, got, tt.want)
		}
	}
}

// TestTables1And2 checks 002 Tables 1–2: the P-generators (A_n, B_n) of Γ_3
// with s = 2, t ∈ {4,5,6} and the P-positions (A'_n, B'_n) of the
// associated (2,2)-Wythoff game, all printed in the paper.
func TestTables1And2(t *testing.T) {
	a := []int{0, 1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15, 16}
	b := []int{0, 4, 8, 12, 18, 22, 26, 32, 36, 40, 46, 50, 54, 58}
	for i := range a {
		if got := values(t, "wythoff:s=2,t=2", grundy.Position{a[i], b[i]}).Outcome(); got != grundy.P {
			t.Errorf("002 Table 2: (%d, %d) of (2,2)-Wythoff is %v, want P", a[i], b[i], got)
		}
		for _, tt := range []string{"wythoff-mod:K=3,s=2,t=4", "wythoff-mod:K=3,s=2,t=5", "wythoff-mod:K=3,s=2,t=6"} {
			// Every (A_n + α, B_n + β) with α, β < K is a P-position (Thm 3).
			for _, off := range [][2]int{{0, 0}, {2, 1}, {1, 2}} {
				p := grundy.Position{3*a[i] + off[0], 3*b[i] + off[1]}
				if got := values(t, tt, p).Outcome(); got != grundy.P {
					t.Errorf("002 Table 1: %v of %s is %v, want P", p, tt, got)
				}
			}
		}
	}
}

// TestOptionsByHand lists the options of small positions worked out from
// the rules' text.
func TestOptionsByHand(t *testing.T) {
	tests := []struct {
		game string
		pos  grundy.Position
		want []string // canonical followers, sorted
	}{
		{"nim", grundy.Position{1, 2}, []string{"0,1", "0,2", "1,1"}},
		{"moore:k=2", grundy.Position{1, 1, 1}, []string{"0,0,1", "0,1,1"}},
		{"exact:k=2", grundy.Position{1, 1, 2}, []string{"0,0,1", "0,0,2", "0,1,1"}},
		// n = 3: x0 with at most two others, or at most two others alone.
		{"exco-nim", grundy.Position{1, 1, 1, 1}, []string{"0,0,0,1", "0,0,1,1", "0,1,1,1", "1,0,0,1", "1,0,1,1"}},
		{"slow-moore:k=2", grundy.Position{1, 2, 2}, []string{"0,1,2", "0,2,2", "1,1,1", "1,1,2"}},
		{"slow-exact:k=2", grundy.Position{0, 1, 3}, []string{"0,0,2"}},
		{"bounded-nim:k=2", grundy.Position{3}, []string{"1", "2"}},
		{"greedy-nim", grundy.Position{2, 2}, []string{"0,2", "1,2"}},
		{"bounded-greedy:k=2", grundy.Position{1, 4}, []string{"1,2", "1,3"}},
		// (1,2): singles (0,2) (1,1) (1,0); diagonal k = l = 1 gives (0,1).
		{"wythoff", grundy.Position{1, 2}, []string{"0,1", "0,2", "1,1"}},
		// (s,t) = (1,2): l − k < 2, so from (2,3) the two-pile moves are
		// (k,l) = (1,1), (1,2) both ways, (2,2), (2,3).
		{"wythoff:s=1,t=2", grundy.Position{2, 3}, []string{"0,0", "0,1", "0,2", "0,3", "1,1", "1,2", "1,3", "2,2"}},
		// Γ_2 with s = 2, t = 1: multiples of 2 only; diagonal (2,2),(2,4).
		{"wythoff-mod:K=2,s=2,t=1", grundy.Position{2, 6}, []string{"0,2", "0,4", "0,6", "2,2", "2,4"}},
		// Γ_OA (ordered): odd from the first pile, any from the second.
		{"wythoff-oa", grundy.Position{2, 2}, []string{"0,0", "1,1", "1,2", "2,0", "2,1"}},
		{"wythoff-oe", grundy.Position{2, 2}, []string{"0,0", "1,1", "1,2", "2,0"}},
		{"wythoff-eo", grundy.Position{2, 2}, []string{"0,0", "0,2", "1,1", "2,1"}},
		{"wythoff-ee", grundy.Position{1, 3}, []string{"0,2", "1,1"}},
	}
	for _, tt := range tests {
		r, err := games.Parse(tt.game)
		if err != nil {
			t.Fatal(err)
		}
		set := map[string]bool{}
		r.Options(tt.pos, func(q grundy.Position) bool {
			set[grundy.Canonical(r, q).String()] = true
			return true
		})
		var got []string
		for k := range set {
			got = append(got, k)
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("Options(%s, %v) = %v, want %v", tt.game, tt.pos, got, tt.want)
		}
	}
}

// TestOptionsRemoveTokens checks on every family that each option removes
// at least one token and no pile grows or goes negative — the invariant
// the solvers' ordering rests on.
func TestOptionsRemoveTokens(t *testing.T) {
	for _, f := range games.Families {
		r, err := games.Parse(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		p := grundy.Position{3, 4, 4, 5}
		if r.Validate(p) != nil {
			p = grundy.Position{5, 7}
		}
		if grundy.PileCountChanges(r) {
			// Take-and-break: a split may keep every token, but no token
			// is added, no pile is empty, and the multiset changes, with
			// a pile more (a split without taking) if no token goes.
			r.Options(p, func(q grundy.Position) bool {
				if q.Sum() > p.Sum() || q.Sum() == p.Sum() && len(q) != len(p)+1 || slices.Contains(q, 0) {
					t.Errorf("%s: option %v of %v", f.Name, q, p)
				}
				return true
			})
			continue
		}
		r.Options(p, func(q grundy.Position) bool {
			if q.Sum() >= p.Sum() {
				t.Errorf("%s: option %v of %v removes no token", f.Name, q, p)
			}
			for i, x := range q {
				if x < 0 || x > p[i] {
					t.Errorf("%s: option %v of %v changes pile %d badly", f.Name, q, p, i+1)
				}
			}
			return true
		})
	}
}

func TestParse(t *testing.T) {
	good := []struct{ spec, name string }{
		{"nim", "nim"},
		{"slow-exact", "slow-exact:k=2"},
		{"slow-exact:k=3", "slow-exact:k=3"},
		{" moore:k=1 ", "moore:k=1"},
		{"wythoff-mod:K=3,s=2,t=4", "wythoff-mod:K=3,s=2,t=4"},
		{"wythoff-mod:t=4, K=3", "wythoff-mod:K=3,s=1,t=4"},
		{"wythoff-oe:s=2,t=3", "wythoff-oe:s=2,t=3"},
		{"bounded-greedy:k=5", "bounded-greedy:k=5"},
	}
	for _, tt := range good {
		r, err := games.Parse(tt.spec)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.spec, err)
			continue
		}
		if r.Name() != tt.name {
			t.Errorf("Parse(%q).Name() = %q, want %q", tt.spec, r.Name(), tt.name)
		}
	}
	bad := []string{"", "nimm", "nim:k=2", "moore:k=0", "moore:k=x", "moore:k", "moore:k=2,k=3", "wythoff:s=0", "slow-exact:k=-1", "exact:k=99999999999"}
	for _, spec := range bad {
		if _, err := games.Parse(spec); err == nil {
			t.Errorf("Parse(%q) succeeded, want an error", spec)
		}
	}
}

// TestNamesRoundTrip: every family's canonical name parses back to itself.
func TestNamesRoundTrip(t *testing.T) {
	for _, f := range games.Families {
		r, err := games.Parse(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		again, err := games.Parse(r.Name())
		if err != nil || again.Name() != r.Name() {
			t.Errorf("Parse(%q) = %v, %v; want %s", r.Name(), again, err, r.Name())
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"nim", "slow-exact:k=2", "wythoff-mod:K=3,s=2,t=4", "moore:k=", ":", "a:b=c,d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		r, err := games.Parse(spec)
		if err != nil {
			return
		}
		again, err := games.Parse(r.Name())
		if err != nil || again.Name() != r.Name() {
			t.Errorf("Parse(%q) gives %q, which does not round-trip: %v", spec, r.Name(), err)
		}
	})
}

// TestOptionCount compares the counted options of the rulesets that
// count them with an enumeration.
func TestOptionCount(t *testing.T) {
	for _, c := range []struct {
		r interface {
			grundy.Ruleset
			grundy.OptionCounter
		}
		p grundy.Position
	}{
		{games.Moore{K: 2}, grundy.Position{3, 0, 2, 5}},
		{games.Moore{K: 3}, grundy.Position{1, 2, 3, 4, 5}},
		{games.Exact{K: 2}, grundy.Position{4, 4, 1}},
		{games.Exact{K: 3}, grundy.Position{2, 0, 2, 1, 3}},
		{games.ExcoNim{}, grundy.Position{2, 1, 3, 2}},
		{games.ExcoNim{}, grundy.Position{0, 4, 4}},
		{games.ExcoNim{}, grundy.Position{3, 0}},
		{games.Nim{}, grundy.Position{3, 0, 7, 7}},
		{games.Nim{}, grundy.Position{0}},
	} {
		n := 0
		c.r.Options(c.p, func(grundy.Position) bool { n++; return true })
		if got := c.r.OptionCount(c.p); got != float64(n) {
			t.Errorf("%s.OptionCount(%v) = %g, want %d (enumerated)", c.r.Name(), c.p, got, n)
		}
	}
	// On 20,000 piles of 1, too many to enumerate: Moore's 2-Nim takes one
	// token from one or two piles, C(20000, 1) + C(20000, 2) options, and
	// Exco-Nim (x0 = 1 and 19,999 others) has (2^19999 − 2) + (2^19999 − 1),
	// beyond any float64.
	ones := make(grundy.Position, 20000)
	for i := range ones {
		ones[i] = 1
	}
	for _, c := range []struct {
		r    grundy.OptionCounter
		want float64
	}{
		{games.Moore{K: 2}, 20000 + 20000*19999/2},
		{games.ExcoNim{}, math.Inf(1)},
	} {
		if got := c.r.OptionCount(ones); got != c.want {
			t.Errorf("%T.OptionCount(20,000 piles of 1) = %g, want %g", c.r, got, c.want)
		}
	}
}
