package search

import (
	"context"
	"flag"
	"math/big"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/proof/smt"
	"github.com/grundy/grundy/theory/discovered"
)

// parityIn is a paper's parity-vector table: p's parity vector (e/o per
// sorted pile) is one of vs.
func parityIn(vs ...string) func(p []int) int {
	return func(p []int) int {
		var b strings.Builder
		for _, x := range p {
			b.WriteByte("eo"[x%2])
		}
		return b2i(slices.Contains(vs, b.String()))
	}
}

func sum(p []int) int {
	s := 0
	for _, x := range p {
		s += x
	}
	return s
}

func solvers(t *testing.T) smt.Portfolio {
	t.Helper()
	var p smt.Portfolio
	for _, name := range smt.Solvers {
		if s, err := smt.FindSolver(context.Background(), name); err == nil {
			p = append(p, s)
		}
	}
	if len(p) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatal("no SMT solver on PATH: .ci/run installs z3")
		}
		t.Skip("no SMT solver on PATH (apt-get install z3 cvc5)")
	}
	return p
}

var long = flag.Bool("long", false, "rediscover every theorem on the box it was first rediscovered on, not a smaller one")

// shortMax is the box of a TestRediscover case in the default run, where
// a smaller one than its own still gives a proved formula that agrees
// with the paper (004's six piles: 38,760 positions instead of 74,613,
// half the CPU); -long uses the case's own box.
var shortMax = map[string]int{"004 Thms 1–2 (Nim¹₆,₌₂[0] and [1])": 14}

// TestRediscover fits each published characterization from the ruleset
// and a box only, proves it, and compares it with the paper's statement,
// transcribed here, on every position of a box larger than the one
// fitted.
func TestRediscover(t *testing.T) {
	tests := []struct {
		name  string
		game  string
		piles int
		max   int
		what  grundy.Quantity
		// part selects the part (total mod k) the paper speaks of; -1:
		// every part.
		part  int
		paper func(p []int) int
	}{
		{"000 Prop 10(i)", "slow-moore:k=2", 2, 30, grundy.QG, -1, func(p []int) int {
			return map[string]int{"ee": 0, "eo": 1, "oo": 2, "oe": 3}[string([]byte{"eo"[p[0]%2], "eo"[p[1]%2]})]
		}},
		{"000 Prop 10(ii)", "slow-moore:k=2", 3, 20, grundy.QG, -1, func(p []int) int {
			return map[string]int{"eee": 0, "ooo": 0, "eeo": 1, "ooe": 1, "eoo": 2, "oee": 2, "eoe": 3, "oeo": 3}[string([]byte{"eo"[p[0]%2], "eo"[p[1]%2], "eo"[p[2]%2]})]
		}},
		{"000 Prop 11(1) n=k=3", "slow-moore:k=3", 3, 20, grundy.QP, -1, parityIn("eee")},
		{"000 Prop 11(2) n=4, k=3", "slow-moore:k=3", 4, 14, grundy.QP, -1, parityIn("eeee", "oooo")},
		{"000 Prop 11(3) n=4, k=2", "slow-moore:k=2", 4, 14, grundy.QP, -1, parityIn("eeee", "eooo")},
		{"000 Prop 11(4) n=5, k=2", "slow-moore:k=2", 5, 12, grundy.QP, -1, parityIn("eeeee", "eeooo", "ooeeo", "ooooe")},
		{"000 Prop 11(5) n=6, k=3", "slow-moore:k=3", 6, 10, grundy.QP, -1, parityIn("eeeeee", "eeoooo", "ooeeoo", "ooooee")},
		{"004 Thms 1–2 (Nim¹₆,₌₂[0] and [1])", "slow-exact:k=2", 6, 16, grundy.QP, -1, func(x []int) int {
			if sum(x)%2 == 0 { // Theorem 1
				return parityIn("eeoooo", "ooeeoo", "ooooee", "eeeeee")(x)
			}
			// Theorem 2: (E ∧ T > 0) ∨ (K ∧ F ∧ T = 0) ∨ (K ∧ T < 0),
			// T = min(s, u), u = s − 2r + 1, r = x1 + x4 − x5,
			// s = x1 − x2 + x3 − x4 − x5 + x6.
			even := func(v int) bool { return v%2 == 0 }
			r := x[0] + x[3] - x[4]
			s := x[0] - x[1] + x[2] - x[3] - x[4] + x[5]
			t := min(s, s-2*r+1)
			e := even(x[1]-x[0]) && even(x[3]-x[2]) && even(x[4]-x[3]-x[0])
			f := even(x[3] - x[2])
			k := sum(x)%4 == 1
			return b2i(e && t > 0 || k && f && t == 0 || k && t < 0)
		}},
		{"004 Cors 1–2 (Nim¹₅,₌₂[0] and [1])", "slow-exact:k=2", 5, 16, grundy.QP, -1, func(y []int) int {
			if sum(y)%2 == 0 { // Corollary 1
				return parityIn("eoooo", "eeeee")(y)
			}
			// Corollary 2: (T′ < 0 ∧ K′) ∨ (T′ > 0 ∧ E′).
			tp := -y[0] + y[1] - y[2] - y[3] + y[4]
			k := sum(y)%4 == 1
			e := y[0]%2 == 0 && (y[2]-y[1])%2 == 0 && (y[3]-y[2])%2 == 0
			return b2i(tp < 0 && k || tp > 0 && e)
		}},
		{"001 Thm 2, k=2", "bounded-greedy:k=2", 2, 40, grundy.QP, -1, func(p []int) int { return b2i((p[1]-p[0])%3 == 0) }},
		{"001 Thm 2, k=4", "bounded-greedy:k=4", 2, 40, grundy.QP, -1, func(p []int) int { return b2i((p[1]-p[0])%5 == 0) }},
		{"002 Thm 11 Γ_OO s=1,t=1", "wythoff-oo:s=1,t=1", 2, 40, grundy.QP, -1, func(p []int) int { return b2i(p[0] == 0 && p[1]%2 == 0) }},
		{"002 Thm 11 Γ_OO s=2,t=3", "wythoff-oo:s=2,t=3", 2, 40, grundy.QP, -1, func(p []int) int { return b2i(p[0] == 0 && p[1]%2 == 0) }},
		{"002 Thm 9(1) Γ_OA s=t=1", "wythoff-oa:s=1,t=1", 2, 40, grundy.QP, -1, func(p []int) int {
			return b2i(p[0]%2 == 0 && p[1] == 0 || p[0]%2 == 1 && p[1] == 2)
		}},
		{"002 Thm 9(2) Γ_OA s=2,t=1", "wythoff-oa:s=2,t=1", 2, 60, grundy.QP, -1, func(p []int) int {
			// (n, δ_n(sn + (n+1)t/2)), s = 2, t = 1.
			n := p[0]
			return b2i(p[1] == (n%2)*(2*n+(n+1)/2))
		}},
		{"002 Thm 9(2) Γ_OA s=1,t=3", "wythoff-oa:s=1,t=3", 2, 60, grundy.QP, -1, func(p []int) int {
			n := p[0]
			return b2i(p[1] == (n%2)*(n+(n+1)*3/2))
		}},
	}
	ps := solvers(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Independent cases whose provers wait on z3 and cvc5: in
			// parallel (GOMAXPROCS at a time) they overlap.
			t.Parallel()
			r, err := games.Parse(tt.game)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			box := tt.max
			if m, ok := shortMax[tt.name]; ok && !*long {
				box = m
			}
			res, err := Discover(ctx, r, Options{What: tt.what, Piles: tt.piles, Max: box, Prove: true, Solvers: ps, ProveTimeout: 30 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			for j, part := range res.Parts {
				if tt.part >= 0 && j != tt.part {
					continue
				}
				if part.Status != StatusProved {
					t.Fatalf("%s part %d: status %s (%s), want proved; formula %s", tt.game, j, part.Status, part.Note, part.Math)
				}
				f, err := discovered.ParseSexpr(part.Formula)
				if err != nil {
					t.Fatal(err)
				}
				// Compare with the paper on a box twice as large as the case's
				// own (or four more for five piles or more), whatever box was
				// fitted.
				lim := 2 * tt.max
				if tt.piles >= 5 {
					lim = tt.max + 4
				}
				p := make([]int, tt.piles)
				ordered := strings.HasPrefix(tt.game, "wythoff-oa")
				var walk func(i, lo int) bool
				walk = func(i, lo int) bool {
					if i == len(p) {
						if len(res.Parts) > 1 && sum(p)%len(res.Parts) != j {
							return true
						}
						bp := make([]*big.Int, len(p))
						for k, x := range p {
							bp[k] = big.NewInt(int64(x))
						}
						if got, want := discovered.EvalBig(f, bp).Int64(), int64(tt.paper(p)); got != want {
							t.Errorf("%s at %v: discovered %s gives %d, the paper %d", tt.game, p, part.Math, got, want)
							return false
						}
						return true
					}
					start := lo
					if ordered {
						start = 0
					}
					for x := start; x <= lim; x++ {
						p[i] = x
						if !walk(i+1, x) {
							return false
						}
					}
					return true
				}
				walk(0, 0)
				t.Logf("%s part %d: %s (%d atoms, %d literals; %.1fs)", tt.game, j, part.Math, part.Atoms, part.Literals, res.Seconds)
			}
		})
	}
}
