package automatic

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/decide/numeration"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/theory"
)

// ErrNotAutomatic is wrapped by a NotAutomaticError.
var ErrNotAutomatic = errors.New("no base-2 automaton for the claim")

// A NotAutomaticError says which part of a claim ProveFormula cannot
// build an automaton for.
type NotAutomaticError struct {
	Construct string // the construct: "where", "x1 - x2 under ^", …
	Why       string
}

func (e *NotAutomaticError) Error() string {
	return fmt.Sprintf("not automatic in base 2: %s (%s)", e.Construct, e.Why)
}

func (e *NotAutomaticError) Unwrap() error { return ErrNotAutomatic }

// maxFormulaPiles bounds the piles of ProveFormula: a canonical position
// is read sorted, and the claim's set is the union over the orders of
// its interchangeable piles (n! of them).
const maxFormulaPiles = 5

// maxFormulaCoef bounds a coefficient or constant of the formula (each
// is built by doubling, in log₂ of it additions).
const maxFormulaCoef = 1 << 20

// ProveFormula proves or refutes, for every position, claim c on r with n
// piles from its formula alone — a claim file's claim, with no automaton
// written for it (Targets): the formula's set (or value relation) is
// built in base 2 — Presburger's linear atoms by the adder, the nim-sum
// x ^ y by its 3-track automaton (numeration.XorDFA) — and decided as
// Prove decides a target's. Terms under ^, div, min, max and if must be
// sums of piles and non-negative constants (the automata read
// non-negative integers); a comparison or a mod may hold differences.
// A claim with a where clause is refused: its set is not the P-set.
func ProveFormula(ctx context.Context, c *theory.Claim, r grundy.Ruleset, n int) (Result, error) {
	start := time.Now()
	sys := numeration.Base(2)
	res := Result{ID: c.ID, Game: r.Name(), Piles: n, System: sys.String(), StateBound: numeration.MaxStates}
	switch {
	case c.Formula == nil:
		return res, fmt.Errorf("%s: %w", c.ID, &NotAutomaticError{"a claim without a formula", "its closed form is Go code"})
	case c.Domain != nil:
		return res, fmt.Errorf("%s: %w", c.ID, &NotAutomaticError{"where", "a claim about part of the positions states no P-set or value for all of them"})
	case c.Quantity != grundy.QP && c.Quantity != grundy.QPm && c.Quantity != grundy.QG && c.Quantity != grundy.QGm:
		return res, fmt.Errorf("%s: %w", c.ID, &NotAutomaticError{string(c.Quantity), "the automata decide P-sets and Sprague–Grundy values"})
	case !c.Applies(r, n):
		return res, fmt.Errorf("%s does not speak of %d piles of %s", c.ID, n, r.Name())
	case !Supports(r):
		return res, fmt.Errorf("%s: %w", r.Name(), ErrNoMoves)
	case n > maxFormulaPiles:
		return res, fmt.Errorf("%s: %w", c.ID, &NotAutomaticError{fmt.Sprintf("%d piles", n), fmt.Sprintf("at most %d: the set is a union over the orders of the piles", maxFormulaPiles)})
	}
	f := c.Formula(r, n)
	if f == nil {
		return res, fmt.Errorf("%s says nothing of %d piles of %s", c.ID, n, r.Name())
	}
	b := newBuilder(sys)
	b.claim = c
	value := valueClaim(c)
	set, err := formulaSet(b, f, n, grundy.SymmetricFrom(r, n), value)
	if errors.Is(err, numeration.ErrTooBig) {
		res.Status, res.Reason = Unknown, "no automaton: "+err.Error()
		return finish2(res, start), nil
	}
	if err != nil {
		return res, fmt.Errorf("%s: %w", c.ID, err)
	}
	res.States, res.Canonical = set.A.States(), set.A.Canonical()
	move, err := b.moveRel(r, n)
	if errors.Is(err, numeration.ErrTooBig) {
		res.Status, res.Reason = Unknown, "no move automaton: "+err.Error()
		return finish2(res, start), nil
	}
	if err != nil {
		return res, err
	}
	res.MoveStates = move.A.States()
	// The automaton must be the claim's set: the claim's own evaluation
	// on a box checks the construction before any proof.
	ob := agree(b, c, r, n, set, agreeMax)
	res.Obligations = append(res.Obligations, ob)
	if ob.Status == Proved {
		b.rule = r
		misere := c.Quantity == theory.QPm || c.Quantity == theory.QGm
		res.Obligations = append(res.Obligations, decideAll(ctx, b, set, move, n, misere, value, nil)...)
		if err := ctx.Err(); err != nil {
			return res, err
		}
	}
	return finish(res, start), nil
}

func finish2(res Result, start time.Time) Result {
	res.Seconds = float64(time.Since(start).Milliseconds()) / 1000
	return res
}

// formulaSet is the relation of f over the piles x0…x{n−1} (and g, the
// value, for a term): of the canonical position, whose piles from on are
// sorted, so the set of every position is the union, over the orders of
// those piles, of "sorted in that order and f of the sorted position".
func formulaSet(b *builder, f *formula.Expr, n, from int, value bool) (numeration.Rel, error) {
	fc := &fcomp{b: b, vars: pos("x", n)}
	var rel numeration.Rel
	if value {
		t, tr, fresh, err := fc.natural(f)
		if err != nil {
			return rel, err
		}
		rel = b.exists(b.and(tr, b.eq(t, "g")), fresh...)
	} else {
		var err error
		if rel, err = fc.form(f); err != nil {
			return rel, err
		}
	}
	for _, x := range fc.vars {
		rel = b.and(rel, b.valid(x))
	}
	if b.err != nil || from >= n-1 {
		return rel, b.err
	}
	tail := make([]int, n-from)
	for i := range tail {
		tail[i] = from + i
	}
	var union []numeration.Rel
	permute(tail, 0, func(p []int) {
		if b.err != nil {
			return
		}
		m := map[string]string{}
		for i, j := range p {
			m[fc.vars[from+i]] = fc.vars[j]
		}
		var sorted []numeration.Rel
		for i := 0; i+1 < len(p); i++ {
			sorted = append(sorted, b.le(fc.vars[p[i]], fc.vars[p[i+1]]))
		}
		union = append(union, b.and(append(sorted, b.st.Rename(rel, m))...))
	})
	if b.err != nil {
		return rel, b.err
	}
	return b.or(union...), b.err
}

// permute calls f with every order of p (Heap's algorithm would do as
// well; n ≤ maxFormulaPiles).
func permute(p []int, k int, f func([]int)) {
	if k == len(p) {
		f(p)
		return
	}
	for i := k; i < len(p); i++ {
		p[k], p[i] = p[i], p[k]
		permute(p, k+1, f)
		p[k], p[i] = p[i], p[k]
	}
}

// fcomp builds the relations of a formula's parts. A term becomes a
// variable whose relation to the piles says it is the term's value; the
// variables it introduces are returned, to be projected where the term is
// used.
type fcomp struct {
	b     *builder
	vars  []string // pile i is vars[i]
	lifts int      // comparisons split by liftChoice so far
}

// maxLifts bounds the comparisons split at an if, min or max: each split
// doubles its comparison, so k choices in one comparison make 2^k.
const maxLifts = 256

// A lin is Σ c·atom + k, atoms being the formula's non-linear parts
// (piles, ^, div, mod, min, max, if).
type lin struct {
	terms []linTerm
	k     int64
}

type linTerm struct {
	c    int64
	atom *formula.Expr
}

func bounded(v int64) bool { return v > -maxFormulaCoef && v < maxFormulaCoef }

func (fc *fcomp) linear(e *formula.Expr, c int64, out *lin) error {
	switch e.Op {
	case formula.OpConst:
		if !e.Const.IsInt64() || !bounded(e.Const.Int64()) || !bounded(c*e.Const.Int64()) {
			return &NotAutomaticError{e.Const.String(), fmt.Sprintf("constants and coefficients below %d", maxFormulaCoef)}
		}
		out.k += c * e.Const.Int64()
		if !bounded(out.k) {
			return &NotAutomaticError{e.String(), fmt.Sprintf("constants below %d", maxFormulaCoef)}
		}
		return nil
	case formula.OpAdd:
		for _, a := range e.Args {
			if err := fc.linear(a, c, out); err != nil {
				return err
			}
		}
		return nil
	case formula.OpSub:
		if err := fc.linear(e.Args[0], c, out); err != nil {
			return err
		}
		return fc.linear(e.Args[1], -c, out)
	case formula.OpMul:
		if !e.Const.IsInt64() || !bounded(e.Const.Int64()) || !bounded(c*e.Const.Int64()) {
			return &NotAutomaticError{e.String(), fmt.Sprintf("coefficients below %d", maxFormulaCoef)}
		}
		return fc.linear(e.Args[0], c*e.Const.Int64(), out)
	}
	if e.IsBool() {
		return &NotAutomaticError{e.String(), "a formula where a term belongs"}
	}
	key := e.String()
	for i, t := range out.terms {
		if t.atom.String() == key {
			out.terms[i].c += c
			if !bounded(out.terms[i].c) {
				return &NotAutomaticError{e.String(), fmt.Sprintf("coefficients below %d", maxFormulaCoef)}
			}
			return nil
		}
	}
	out.terms = append(out.terms, linTerm{c, e})
	return nil
}

// sides splits Σ c·atom + k into its positive part and the negation of
// its negative part: the comparison l op 0 is pos op neg, both naturals.
func (l lin) sides() (pos, neg lin) {
	for _, t := range l.terms {
		switch {
		case t.c > 0:
			pos.terms = append(pos.terms, t)
		case t.c < 0:
			neg.terms = append(neg.terms, linTerm{-t.c, t.atom})
		}
	}
	if l.k > 0 {
		pos.k = l.k
	} else {
		neg.k = -l.k
	}
	return pos, neg
}

// natural is a term that is a sum of non-negative parts.
func (fc *fcomp) natural(e *formula.Expr) (string, numeration.Rel, []string, error) {
	var l lin
	if err := fc.linear(e, 1, &l); err != nil {
		return "", numeration.Rel{}, nil, err
	}
	pos, neg := l.sides()
	if len(neg.terms) > 0 || neg.k > 0 {
		return "", numeration.Rel{}, nil, &NotAutomaticError{e.String(), "a term that may be negative where the automata need a non-negative one (under ^, div, min, max, if or as a value)"}
	}
	return fc.sum(pos)
}

// sum builds t = Σ c·atom + k for c, k ≥ 0.
func (fc *fcomp) sum(l lin) (string, numeration.Rel, []string, error) {
	b := fc.b
	var names, fresh []string
	rel := b.st.True()
	for _, t := range l.terms {
		a, ar, af, err := fc.atom(t.atom)
		if err != nil {
			return "", rel, nil, err
		}
		rel, fresh = b.and(rel, ar), append(fresh, af...)
		if t.c != 1 {
			s := b.tmp()
			rel, fresh = b.and(rel, fc.times(a, s, t.c)), append(fresh, s)
			a = s
		}
		names = append(names, a)
	}
	if l.k > 0 || len(names) == 0 {
		o := b.tmp()
		rel, fresh = b.and(rel, b.konst(o, l.k)), append(fresh, o)
		names = append(names, o)
	}
	acc := names[0]
	for _, p := range names[1:] {
		z := b.tmp()
		rel, fresh = b.and(rel, b.sum(acc, p, z)), append(fresh, z)
		acc = z
	}
	// Only the total is used from here: the parts are projected now,
	// while the automaton is small.
	var drop []string
	for _, v := range fresh {
		if v != acc {
			drop = append(drop, v)
		}
	}
	rel = b.exists(rel, drop...)
	var keep []string
	if slices.Contains(fresh, acc) {
		keep = []string{acc}
	}
	return acc, rel, keep, b.err
}

// times is y = k·x for k ≥ 1, by doubling.
func (fc *fcomp) times(x, y string, k int64) numeration.Rel {
	b := fc.b
	if k == 1 {
		return b.eq(x, y)
	}
	h := b.tmp()
	r := fc.times(x, h, k/2)
	if k%2 == 0 {
		r = b.and(r, b.sum(h, h, y))
	} else {
		d := b.tmp()
		r = b.exists(b.and(r, b.sum(h, h, d), b.sum(d, x, y)), d)
	}
	return b.exists(r, h)
}

// atom builds a non-linear part.
func (fc *fcomp) atom(e *formula.Expr) (string, numeration.Rel, []string, error) {
	b := fc.b
	switch e.Op {
	case formula.OpVar:
		return fc.vars[e.Var], b.st.True(), nil, nil
	case formula.OpXor:
		x, xr, xf, err := fc.natural(e.Args[0])
		if err != nil {
			return "", xr, nil, err
		}
		y, yr, yf, err := fc.natural(e.Args[1])
		if err != nil {
			return "", yr, nil, err
		}
		t := b.tmp()
		rel := b.and(xr, yr, b.ok(b.st.Xor(x, y, t)))
		return t, b.exists(rel, slices.Concat(xf, yf)...), []string{t}, b.err
	case formula.OpDiv, formula.OpMod:
		if !e.Const.IsInt64() || e.Const.Int64() >= maxFormulaCoef {
			return "", numeration.Rel{}, nil, &NotAutomaticError{e.String(), fmt.Sprintf("divisors below %d", maxFormulaCoef)}
		}
		return fc.divMod(e)
	case formula.OpMin, formula.OpMax:
		t, rel, fresh, err := fc.natural(e.Args[0])
		if err != nil {
			return "", rel, nil, err
		}
		for _, a := range e.Args[1:] {
			y, yr, yf, err := fc.natural(a)
			if err != nil {
				return "", yr, nil, err
			}
			if y == t {
				continue
			}
			z := b.tmp()
			first, second := b.le(t, y), b.less(y, t) // min: t ≤ y picks t
			if e.Op == formula.OpMax {
				first, second = b.le(y, t), b.less(t, y)
			}
			pick := b.or(b.and(first, b.eq(z, t)), b.and(second, b.eq(z, y)))
			rel = b.exists(b.and(rel, yr, pick), slices.Concat(fresh, yf)...)
			t, fresh = z, []string{z}
		}
		return t, rel, fresh, b.err
	case formula.OpIte:
		c, err := fc.form(e.Args[0])
		if err != nil {
			return "", c, nil, err
		}
		t := b.tmp()
		var branches []numeration.Rel
		for _, a := range e.Args[1:] {
			y, yr, yf, err := fc.natural(a)
			if err != nil {
				return "", yr, nil, err
			}
			branches = append(branches, b.exists(b.and(yr, b.eq(t, y)), yf...))
		}
		rel := b.or(b.and(c, branches[0]), b.and(b.not(c), branches[1]))
		return t, rel, []string{t}, b.err
	}
	return "", numeration.Rel{}, nil, &NotAutomaticError{e.String(), "not a term the automata build"}
}

// divMod: q = a div m is m·q + r = a with 0 ≤ r < m (a ≥ 0); r = a mod m
// holds for any a = p − n (p, n ≥ 0) as p ≡ n + r (mod m): p = n + r + m·q
// or n + r = p + m·q for some q ≥ 0.
func (fc *fcomp) divMod(e *formula.Expr) (string, numeration.Rel, []string, error) {
	b := fc.b
	m := e.Const.Int64()
	var l lin
	if err := fc.linear(e.Args[0], 1, &l); err != nil {
		return "", numeration.Rel{}, nil, err
	}
	pos, neg := l.sides()
	if e.Op == formula.OpDiv && (len(neg.terms) > 0 || neg.k > 0) {
		return "", numeration.Rel{}, nil, &NotAutomaticError{e.String(), "div of a term that may be negative"}
	}
	p, pr, pf, err := fc.sum(pos)
	if err != nil {
		return "", pr, nil, err
	}
	r, q, mq, mc := b.tmp(), b.tmp(), b.tmp(), b.tmp()
	rel := b.and(pr, b.konst(mc, m), b.less(r, mc), fc.times(q, mq, m))
	if e.Op == formula.OpDiv {
		rel = b.and(rel, b.sum(mq, r, p))
		return q, b.exists(rel, slices.Concat(pf, []string{r, mq, mc})...), []string{q}, b.err
	}
	nn, nr, nf, err := fc.sum(neg)
	if err != nil {
		return "", nr, nil, err
	}
	s := b.tmp() // n + r
	rel = b.and(rel, nr, b.sum(nn, r, s))
	if len(neg.terms) == 0 && neg.k == 0 {
		rel = b.and(rel, b.sum(s, mq, p))
	} else {
		rel = b.and(rel, b.or(b.sum(s, mq, p), b.sum(p, mq, s)))
	}
	return r, b.exists(rel, slices.Concat(pf, nf, []string{s, q, mq, mc})...), []string{r}, b.err
}

// form builds a formula's relation over the piles it names.
func (fc *fcomp) form(e *formula.Expr) (numeration.Rel, error) {
	b := fc.b
	switch e.Op {
	case formula.OpEq, formula.OpLt, formula.OpLe:
		if c, then, els, ok := liftChoice(e); ok {
			if fc.lifts++; fc.lifts > maxLifts {
				return numeration.Rel{}, &NotAutomaticError{e.String(), fmt.Sprintf("more than %d comparisons split at if, min and max", maxLifts)}
			}
			// A comparison of an if (or min, max) is the two
			// comparisons of its branches, each under its condition:
			// branches may then be differences, as comparisons allow.
			return fc.form(formula.Or(formula.And(c, then), formula.And(formula.Not(c), els)))
		}
		var l lin
		if err := fc.linear(e.Args[0], 1, &l); err != nil {
			return numeration.Rel{}, err
		}
		if err := fc.linear(e.Args[1], -1, &l); err != nil {
			return numeration.Rel{}, err
		}
		// Atoms on both sides cancel (x1 == x1 + 0).
		l.terms = slices.DeleteFunc(l.terms, func(t linTerm) bool { return t.c == 0 })
		pos, neg := l.sides()
		p, pr, pf, err := fc.sum(pos)
		if err != nil {
			return pr, err
		}
		q, qr, qf, err := fc.sum(neg)
		if err != nil {
			return qr, err
		}
		var cmp numeration.Rel
		switch e.Op {
		case formula.OpEq:
			cmp = b.eq(p, q)
		case formula.OpLt:
			cmp = b.less(p, q)
		default:
			cmp = b.le(p, q)
		}
		return b.exists(b.and(pr, qr, cmp), slices.Concat(pf, qf)...), b.err
	case formula.OpAnd, formula.OpOr:
		var rs []numeration.Rel
		for _, a := range e.Args {
			r, err := fc.form(a)
			if err != nil {
				return r, err
			}
			rs = append(rs, r)
		}
		if e.Op == formula.OpAnd {
			return b.and(rs...), b.err
		}
		if len(rs) == 0 {
			return b.not(b.st.True()), b.err
		}
		return b.or(rs...), b.err
	case formula.OpNot:
		r, err := fc.form(e.Args[0])
		if err != nil {
			return r, err
		}
		return b.not(r), b.err
	case formula.OpIte:
		c, err := fc.form(e.Args[0])
		if err != nil {
			return c, err
		}
		x, err := fc.form(e.Args[1])
		if err != nil {
			return x, err
		}
		y, err := fc.form(e.Args[2])
		if err != nil {
			return y, err
		}
		return b.or(b.and(c, x), b.and(b.not(c), y)), b.err
	}
	return numeration.Rel{}, &NotAutomaticError{e.String(), "not a formula the automata build"}
}

// liftChoice finds the first if, min or max among the terms of
// comparison e outside ^, div and mod (where the branches must be
// non-negative anyway) and gives its condition and e with the choice
// replaced by either branch: min(a, b, …) is if a <= min(b, …) then a
// else min(b, …).
func liftChoice(e *formula.Expr) (c, then, els *formula.Expr, ok bool) {
	var find func(t *formula.Expr) *formula.Expr
	find = func(t *formula.Expr) *formula.Expr {
		switch t.Op {
		case formula.OpIte, formula.OpMin, formula.OpMax:
			return t
		case formula.OpAdd, formula.OpSub, formula.OpMul:
			for _, a := range t.Args {
				if f := find(a); f != nil {
					return f
				}
			}
		}
		return nil
	}
	var at *formula.Expr
	for _, a := range e.Args {
		if at = find(a); at != nil {
			break
		}
	}
	if at == nil {
		return nil, nil, nil, false
	}
	if at.Op != formula.OpIte && len(at.Args) == 1 {
		// min(a) is a.
		same := replace(e, at, at.Args[0])
		return formula.True(), same, same, true
	}
	a, b := choice(at)
	switch at.Op {
	case formula.OpIte:
		c = at.Args[0]
	case formula.OpMin:
		c = formula.Le(a, b)
	default:
		c = formula.Ge(a, b)
	}
	return c, replace(e, at, a), replace(e, at, b), true
}

// choice gives the two terms an if, min or max chooses between.
func choice(t *formula.Expr) (a, b *formula.Expr) {
	if t.Op == formula.OpIte {
		return t.Args[1], t.Args[2]
	}
	rest := t.Args[1]
	if len(t.Args) > 2 {
		rest = &formula.Expr{Op: t.Op, Args: t.Args[1:]}
	}
	return t.Args[0], rest
}

// replace is e with the node at replaced by with.
func replace(e, at, with *formula.Expr) *formula.Expr {
	if e == at {
		return with
	}
	out := *e
	out.Args = make([]*formula.Expr, len(e.Args))
	for i, a := range e.Args {
		out.Args[i] = replace(a, at, with)
	}
	return &out
}
