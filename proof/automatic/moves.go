package automatic

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/decide/numeration"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// builder writes first-order formulas over one structure, naming the
// variables it introduces, and keeps the first error.
type builder struct {
	st    *numeration.Structure
	rule  grundy.Ruleset // the ruleset whose moves are decided, if any
	claim *theory.Claim  // the claim whose set is built (a learned set asks it)
	fresh int
	err   error
	// experiments refine a learned set (numeration.Learner.Experiments),
	// learned from the box of piles below learnBound (0: the default).
	experiments [][]int
	learnBound  int64
	// bySubsets decides absorption by the subset construction of
	// ∃y: Move ∧ P(y) rather than by antichains (to compare the two).
	bySubsets bool
}

func newBuilder(sys numeration.System) *builder {
	return &builder{st: numeration.NewStructure(sys)}
}

func (b *builder) tmp() string {
	b.fresh++
	return fmt.Sprintf("_%d", b.fresh)
}

func (b *builder) ok(r numeration.Rel, err error) numeration.Rel {
	if err != nil && b.err == nil {
		b.err = err
	}
	return r
}

func (b *builder) and(rs ...numeration.Rel) numeration.Rel {
	out := b.st.True()
	for _, r := range rs {
		if b.err != nil {
			return out
		}
		out = b.ok(b.st.And(out, r))
	}
	return out
}

func (b *builder) or(rs ...numeration.Rel) numeration.Rel {
	out := rs[0]
	for _, r := range rs[1:] {
		if b.err != nil {
			return out
		}
		out = b.ok(b.st.Or(out, r))
	}
	return out
}

func (b *builder) not(r numeration.Rel) numeration.Rel {
	if b.err != nil {
		return r
	}
	return b.ok(b.st.Not(r))
}

func (b *builder) exists(r numeration.Rel, vars ...string) numeration.Rel {
	if b.err != nil {
		return r
	}
	return b.ok(b.st.Exists(r, vars...))
}

func (b *builder) sum(x, y, z string) numeration.Rel { return b.ok(b.st.Sum(x, y, z)) }
func (b *builder) less(x, y string) numeration.Rel   { return b.st.Less(x, y) }
func (b *builder) eq(x, y string) numeration.Rel     { return b.st.Eq(x, y) }
func (b *builder) konst(x string, c int64) numeration.Rel {
	return b.st.Const(x, c)
}

// le is x ≤ y.
func (b *builder) le(x, y string) numeration.Rel { return b.or(b.less(x, y), b.eq(x, y)) }

// positive is x > 0.
func (b *builder) positive(x string) numeration.Rel { return b.not(b.konst(x, 0)) }

// scale is y = c·x (c ≥ 0), by repeated addition.
func (b *builder) scale(x, y string, c int) numeration.Rel {
	switch c {
	case 0:
		return b.and(b.konst(y, 0), b.valid(x))
	case 1:
		return b.eq(x, y)
	}
	prev := b.tmp()
	r := b.scale(x, prev, c-1)
	return b.exists(b.and(r, b.sum(prev, x, y)), prev)
}

// valid is the relation "x is a number" (every valid representation).
func (b *builder) valid(x string) numeration.Rel { return b.exists(b.eq(x, x+"'"), x+"'") }

// plus is y = x + c.
func (b *builder) plus(x, y string, c int64) numeration.Rel {
	if c == 0 {
		return b.eq(x, y)
	}
	o := b.tmp()
	return b.exists(b.and(b.konst(o, c), b.sum(x, o, y)), o)
}

// linear is y = s·x + c.
func (b *builder) linear(x, y string, s int, c int64) numeration.Rel {
	m := b.tmp()
	return b.exists(b.and(b.scale(x, m, s), b.plus(m, y, c)), m)
}

// congruent is x ≡ r (mod m), 0 ≤ r < m.
func (b *builder) congruent(x string, m int, r int) numeration.Rel {
	if m == 1 {
		return b.valid(x)
	}
	q := b.tmp()
	return b.exists(b.linear(q, x, m, int64(r)), q)
}

// amount is "a tokens may be taken from one pile" for amounts a.
func (b *builder) amount(a string, am games.Amounts) numeration.Rel {
	pos := b.positive(a)
	switch am.Kind {
	case games.Any:
		return pos
	case games.Odd:
		return b.and(pos, b.congruent(a, 2, 1))
	case games.Even:
		return b.and(pos, b.congruent(a, 2, 0))
	case games.Multiple:
		return b.and(pos, b.congruent(a, am.K, 0))
	case games.OneMod:
		return b.and(pos, b.congruent(a, am.K, 1%am.K))
	case games.MinusOneMod:
		return b.and(pos, b.congruent(a, am.K, (am.K-1)%am.K))
	}
	b.err = fmt.Errorf("amount kind %d has no automaton", am.Kind)
	return pos
}

// pos names the piles of a position: x0, x1, … and of a follower y0, ….
func pos(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%d", prefix, i)
	}
	return out
}

// ErrNoMoves is returned for a ruleset whose moves have no automaton here.
var ErrNoMoves = fmt.Errorf("no automatic move relation")

// moveRel is the move relation x → y of r with n piles, over variables
// x0…, y0…, built from the rule.
func (b *builder) moveRel(r grundy.Ruleset, n int) (numeration.Rel, error) {
	x, y := pos("x", n), pos("y", n)
	var out numeration.Rel
	switch g := r.(type) {
	case games.Nim:
		out = b.reduce(x, y, 1, 1)
	case games.Moore:
		out = b.reduce(x, y, 1, min(g.K, n))
	case games.Wythoff:
		if n != 2 {
			return numeration.Rel{}, fmt.Errorf("%s is a two-pile game", r.Name())
		}
		out = b.wythoff(g)
	default:
		w, ok := twoPileGame(r)
		if !ok || n != 2 {
			// Any other rule whose moves are Presburger: compiled
			// from its formulas (rulemoves.go).
			return b.ruleMoves(r, n)
		}
		out = b.wythoff(w)
	}
	return out, b.err
}

// twoPileGame is the member of the (s,t)-Wythoff family whose two-pile
// moves are r's, when r describes them (grundy.TwoPile, exact by its
// contract) as residue classes on each pile and an (s,t)-Wythoff cone: a
// user's rule file with Wythoff's moves gets the automaton the built-in
// game gets, built the same way.
func twoPileGame(r grundy.Ruleset) (games.Wythoff, bool) {
	tp, ok := r.(grundy.TwoPile)
	if !ok {
		return games.Wythoff{}, false
	}
	m := tp.TwoPileMoves()
	if m.LargestOnly || m.Diagonal.S < 1 {
		return games.Wythoff{}, false
	}
	g := games.Wythoff{S: m.Diagonal.S, T: m.Diagonal.T, DiagonalK: max(m.Diagonal.K, 1)}
	for i, a := range m.Single {
		am, ok := amountsOf(a)
		if !ok {
			return games.Wythoff{}, false
		}
		g.Single[i] = am
	}
	return g, true
}

// amountsOf is a pile's residue class as the Wythoff family's amounts; a
// bounded stretch or no move on the pile has none.
func amountsOf(a grundy.PileAmounts) (games.Amounts, bool) {
	switch {
	case a.Bound > 0 || a.Modulus < 1:
		return games.Amounts{}, false
	case a.Modulus == 1:
		return games.Amounts{Kind: games.Any}, true
	case a.Modulus == 2 && a.Residue == 1:
		return games.Amounts{Kind: games.Odd}, true
	case a.Modulus == 2 && a.Residue == 0:
		return games.Amounts{Kind: games.Even}, true
	case a.Residue == 0:
		return games.Amounts{Kind: games.Multiple, K: a.Modulus}, true
	case a.Residue == 1:
		return games.Amounts{Kind: games.OneMod, K: a.Modulus}, true
	case a.Residue == a.Modulus-1:
		return games.Amounts{Kind: games.MinusOneMod, K: a.Modulus}, true
	}
	return games.Amounts{}, false
}

// reduce: between lo and hi piles decrease (by any amount), the others
// stay.
func (b *builder) reduce(x, y []string, lo, hi int) numeration.Rel {
	n := len(x)
	var alts []numeration.Rel
	for set := 1; set < 1<<n; set++ {
		c := 0
		for i := range n {
			if set>>i&1 == 1 {
				c++
			}
		}
		if c < lo || c > hi {
			continue
		}
		var parts []numeration.Rel
		for i := range n {
			if set>>i&1 == 1 {
				parts = append(parts, b.less(y[i], x[i]))
			} else {
				parts = append(parts, b.eq(y[i], x[i]))
			}
		}
		alts = append(alts, b.and(parts...))
	}
	return b.or(alts...)
}

// diagonal is Diag(k, l): k, l > 0 with l < s·k + t for k ≤ l, and the
// mirror, both multiples of DiagonalK (002 eq. (1), Γ_K's type II).
func (b *builder) diagonal(g games.Wythoff) numeration.Rel {
	cone := func(lo, hi string) numeration.Rel {
		m := b.tmp()
		bound := b.exists(b.and(b.linear(lo, m, g.S, int64(g.T)), b.less(hi, m)), m)
		return b.and(b.le(lo, hi), bound)
	}
	diag := b.and(b.positive("k"), b.positive("l"), b.or(cone("k", "l"), cone("l", "k")))
	if g.DiagonalK > 1 {
		diag = b.and(diag, b.congruent("k", g.DiagonalK, 0), b.congruent("l", g.DiagonalK, 0))
	}
	return diag
}

// wythoffInto is "x has a move into set" for set over y0, y1, the
// existentials pushed inside each kind of move: (x0 − k, x1 − l) is a
// function of x and (k, l), so projecting the followers first keeps the
// subset construction small; only the amounts are guessed.
func (b *builder) wythoffInto(g games.Wythoff, setY numeration.Rel) numeration.Rel {
	single := func(i int) numeration.Rel {
		a := b.tmp()
		xi, yi, xo, yo := fmt.Sprint("x", i), fmt.Sprint("y", i), fmt.Sprint("x", 1-i), fmt.Sprint("y", 1-i)
		follower := b.exists(b.and(setY, b.eq(yo, xo)), yo) // set(y_i, x_other)
		take := b.exists(b.and(b.sum(yi, a, xi), b.amount(a, g.Single[i])), a)
		return b.exists(b.and(take, follower), yi)
	}
	// Q(x0, x1, k, l): (x0 − k, x1 − l) is in the set.
	q1 := b.exists(b.and(setY, b.sum("y1", "l", "x1")), "y1")
	q := b.exists(b.and(q1, b.sum("y0", "k", "x0")), "y0")
	diag := b.exists(b.and(b.diagonal(g), q), "k", "l")
	return b.or(single(0), single(1), diag)
}

// wythoff is 002's rule (1) and its restrictions: an allowed amount from
// one pile, or k > 0 from one pile and l > 0 from the other with
// max − min < (s−1)·min + t, both multiples of DiagonalK.
func (b *builder) wythoff(g games.Wythoff) numeration.Rel {
	// Single-pile moves.
	single := func(i int) numeration.Rel {
		a := b.tmp()
		xi, yi, xo, yo := fmt.Sprint("x", i), fmt.Sprint("y", i), fmt.Sprint("x", 1-i), fmt.Sprint("y", 1-i)
		return b.exists(b.and(b.sum(yi, a, xi), b.amount(a, g.Single[i]), b.eq(yo, xo)), a)
	}
	k, l := "k", "l"
	diag := b.diagonal(g)
	// Eliminate k, then l, keeping at most five tracks at once.
	m1 := b.exists(b.and(b.sum("y0", k, "x0"), diag), k)
	two := b.exists(b.and(m1, b.sum("y1", l, "x1")), l)
	return b.or(single(0), single(1), two)
}
