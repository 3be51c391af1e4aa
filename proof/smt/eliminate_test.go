package smt

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/symbolic"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/stwythoff"
)

// exists decides ∃ vars ∈ 0…bound: f at x by trying every value: the
// meaning eliminate must keep, independent of it.
func exists(f *formula.Compiled, x []int, vars []int, bound int) bool {
	env := make([]int, len(x)+len(vars))
	copy(env, x)
	var rec func(j int) bool
	rec = func(j int) bool {
		if j == len(vars) {
			return f.Bool(env)
		}
		for v := 0; v <= bound; v++ {
			env[vars[j]] = v
			if rec(j + 1) {
				return true
			}
		}
		return false
	}
	return rec(0)
}

// holds evaluates a quantifier-free g at x; the slots of the eliminated
// variables hold a value no move takes, so a leftover use would show.
func holds(g *formula.Compiled, x []int, aux int) bool {
	env := make([]int, len(x)+aux)
	for i := range env {
		env[i] = 1_000_003
	}
	copy(env, x)
	return g.Bool(env)
}

// TestEliminateMatchesSearch checks, for every claim of 002 with a
// formula on the games of its default checks, and for every branch of
// the Wythoff encoding, that the eliminated form of "some move of the
// branch leads into the set" (and out of it, and "the branch has a
// move") agrees with trying every move at every position of a box. It
// also requires elimination into the set to succeed on the ordered games
// (Γ_OA, Γ_OE, Γ_EO): those are the obligations it exists for.
func TestEliminateMatchesSearch(t *testing.T) {
	t.Parallel() // reads no package state the sequential tests change
	const box = 10
	seen := map[string]bool{}
	checked := 0
	for _, c := range stwythoff.Claims() {
		if c.Formula == nil {
			continue
		}
		for _, in := range c.Checks {
			r, err := games.Parse(in.Game)
			if err != nil {
				t.Fatal(err)
			}
			if !c.Applies(r, 2) || seen[c.ID+r.Name()] {
				continue
			}
			seen[c.ID+r.Name()] = true
			// Every other pair without -long: each kind of formula and
			// game recurs among them, and the test keeps to its share of
			// go test's minute.
			if !*long && len(seen)%2 == 0 {
				continue
			}
			checked++
			f := c.Formula(r, 2)
			if f == nil {
				continue
			}
			m, err := symbolic.Encode(r, 2)
			if err != nil {
				t.Fatal(err)
			}
			props := map[string]func(to []*formula.Expr) *formula.Expr{
				"into the set":      func(to []*formula.Expr) *formula.Expr { return symbolic.Subst(f, to) },
				"out of the set":    func(to []*formula.Expr) *formula.Expr { return formula.Not(symbolic.Subst(f, to)) },
				"has a move at all": func([]*formula.Expr) *formula.Expr { return formula.True() },
			}
			for _, br := range m.Branches {
				vars := make([]int, br.Aux)
				for j := range vars {
					vars[j] = 2 + j
				}
				for what, prop := range props {
					body := formula.And(br.Guard, prop(br.To))
					g, err := eliminate(body, vars)
					if err != nil {
						// Required where it is the point: absorption
						// on the ordered games. On Γ_OO the sorting's
						// min and max make the formula outgrow
						// maxNodes, and the quantified form is kept.
						if what == "into the set" && grundy.SymmetricFrom(r, 2) == 2 {
							t.Errorf("%s on %s, %s, %s: %v", c.ID, r.Name(), br.Desc, what, err)
						}
						continue
					}
					gc, bc := g.Compile(), body.Compile()
					for a := 0; a <= box; a++ {
						for b := 0; b <= box; b++ {
							x := []int{a, b}
							if !slicesCanonical(r, x) {
								continue
							}
							if got, want := holds(gc, x, br.Aux), exists(bc, x, vars, box); got != want {
								t.Fatalf("%s on %s at (%d,%d), %s, %s: eliminated %v, search %v\n%v", c.ID, r.Name(), a, b, br.Desc, what, got, want, g)
							}
						}
					}
				}
			}
		}
	}
	if len(seen) < 40 || checked < len(seen)/2 {
		t.Errorf("only %d claim-game pairs of 002 checked, of %d", checked, len(seen))
	}
}

func slicesCanonical(r grundy.Ruleset, x []int) bool {
	p := grundy.Position(x)
	c := grundy.Canonical(r, p)
	return c[0] == p[0] && c[1] == p[1]
}

// TestEliminateRandom compares eliminate with search on random formulas:
// two position variables, two quantified ones bounded by them (as move
// amounts are), atoms linear in all four with small coefficients,
// congruences, if-then-else and negations, as claims and encodings
// write them.
func TestEliminateRandom(t *testing.T) {
	t.Parallel() // reads no package state the sequential tests change
	rng := rand.New(rand.NewPCG(23, 2))
	const box = 7
	vars := []int{2, 3}
	term := func() *formula.Expr {
		var parts []*formula.Expr
		for v := range 4 {
			if c := rng.IntN(7) - 3; c != 0 {
				parts = append(parts, formula.Mul(int64(c), formula.X(v)))
			}
		}
		parts = append(parts, formula.C(int64(rng.IntN(9)-4)))
		return formula.Add(parts...)
	}
	atom := func() *formula.Expr {
		switch rng.IntN(5) {
		case 0:
			return formula.Le(term(), term())
		case 1:
			return formula.Lt(term(), term())
		case 2:
			return formula.Eq(term(), term())
		case 3:
			m := int64(2 + rng.IntN(3))
			return formula.Eq(formula.Mod(term(), m), formula.C(int64(rng.IntN(int(m)))))
		}
		return formula.Le(formula.Min(term(), term()), term())
	}
	var form func(depth int) *formula.Expr
	form = func(depth int) *formula.Expr {
		if depth == 0 {
			return atom()
		}
		switch rng.IntN(4) {
		case 0:
			return formula.And(form(depth-1), form(depth-1))
		case 1:
			return formula.Or(form(depth-1), form(depth-1))
		case 2:
			return formula.Not(form(depth - 1))
		}
		return formula.Ite(atom(), form(depth-1), form(depth-1))
	}
	bounds := formula.And(
		formula.Le(formula.C(0), formula.X(2)), formula.Le(formula.X(2), formula.X(0)),
		formula.Le(formula.C(0), formula.X(3)), formula.Le(formula.X(3), formula.X(1)))
	done := 0
	for range 120 {
		body := formula.And(bounds, form(2))
		g, err := eliminate(body, vars)
		if err != nil {
			continue
		}
		done++
		gc, bc := g.Compile(), body.Compile()
		for a := 0; a <= box; a++ {
			for b := 0; b <= box; b++ {
				x := []int{a, b}
				if got, want := holds(gc, x, 2), exists(bc, x, vars, box); got != want {
					t.Fatalf("at (%d,%d): eliminated %v, search %v\nformula %v\neliminated %v", a, b, got, want, body, g)
				}
			}
		}
	}
	if done < 60 {
		t.Errorf("eliminate succeeded on only %d of 120 random formulas", done)
	}
	t.Logf("eliminated %d of 120", done)
}

// TestProveWythoffWhole proves the claims of 002 whose absorption solvers
// decided only split by residues, or not at all within a minute, before
// the move was eliminated (002 Thm 16 on (2,3)-odd-even Wythoff: 45 s
// idle; Remark 1 with Theorem 16 on (1,2)-even-odd Wythoff), each
// obligation whole: none of them may need a residue split.
func TestProveWythoffWhole(t *testing.T) {
	t.Parallel() // reads no package state the sequential tests change
	s := needSolver(t)
	tests := []struct{ id, game string }{
		{"002/thm-16", "wythoff-oe:s=2,t=3"},
		{"002/remark-1.16", "wythoff-eo:s=1,t=2"},
	}
	if !*long {
		tests = tests[:1] // a second whole proof of a second kind: a second of z3
	}
	for _, tc := range tests {
		var c *theory.Claim
		for _, cl := range stwythoff.Claims() {
			if cl.ID == tc.id {
				c = cl
			}
		}
		r, err := games.Parse(tc.game)
		if c == nil || err != nil {
			t.Fatalf("%s on %s: %v", tc.id, tc.game, err)
		}
		opt := Options{Solvers: s, Timeout: time.Minute, Quick: time.Minute}
		res, err := Prove(context.Background(), c, Instance{Ruleset: r, Piles: 2}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != Proved {
			t.Errorf("Prove(%s, %s) = %s (%s), want proved", tc.id, tc.game, res.Status, res.Reason)
		}
		for _, o := range res.Obligations {
			if o.Note != "" {
				t.Errorf("Prove(%s, %s): %s: %s, want decided whole", tc.id, tc.game, o.Name, o.Note)
			}
		}
	}
}
