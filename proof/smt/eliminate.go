package smt

import (
	"errors"

	"github.com/grundy/grundy/formula"
)

// Exact elimination of a move's variables.
//
// An obligation says "some move leads into the set" (∃ m: Guard ∧ In(To))
// or, negated, "no move does" (∀ m: ¬(…)). Sent as it is, the ∀ is a
// quantifier the solver must instantiate, and for 002's Wythoff variants
// (whose sets are unions of rays {(a0 + p·n, b0 + q·n)}) neither z3 nor
// cvc5 finds the instances within a minute unless the problem is split by
// residues. But the move variables of one branch can be eliminated
// exactly, and cheaply, because every atom is linear in them:
//
//   - an equality c·v = t (a follower on a ray or at a point fixes the
//     move) gives v = t/c where c | t: every other atom is multiplied by
//     |c| and c·v replaced by ±t, which keeps the atoms linear in the
//     variables still to go;
//   - with no equality left, v only has bounds c·v ≤ t and congruences
//     M | c·v + t; if some integer v satisfies them, the least one is
//     within δ of some lower bound ⌈t/c⌉, δ the lcm of the congruences'
//     periods in v (Cooper, "Theorem proving in arithmetic without
//     multiplication", 1972, with the lower bounds' ceilings written with
//     div since v is the last variable): ∃v ⟺ ∨ over lower bounds and
//     j < δ of the atoms at v = ⌈t/c⌉ + j.
//
// Each step is an equivalence, so the quantifier-free formula means
// exactly what the quantified one does (TestEliminateMatchesSearch
// compares them on boxes, and on random formulas); nothing about the
// claim is assumed. Where a branch's formula has another shape (a
// variable inside div, a second variable with bounds only, too many
// cases), elimination reports errNoElimination and the obligation keeps
// the quantifier for that branch.

var errNoElimination = errors.New("move variables not eliminable")

// Limits on the formula elimination may build before giving up (the
// quantified form is then kept): conjunctions of the disjunctive normal
// form, the period δ of one variable's congruences (and its lcm of
// coefficients), literals built in all, and nodes of the result: a
// branch of Γ_OO's diagonal move (sorted by min and max) gives 6,700 to
// 17,000 nodes for Theorems 11–12, 150 to 250 times its quantified form,
// which solvers decide at once.
const (
	maxConjuncts = 512
	maxPeriod    = 64
	maxNodes     = 5_000
	maxWork      = 20_000
)

// eliminate returns a quantifier-free formula equivalent to ∃ vars: f,
// where vars are variable indices of f.
func eliminate(f *formula.Expr, vars []int) (*formula.Expr, error) {
	quant := map[int]bool{}
	for _, v := range vars {
		quant[v] = true
	}
	has := func(e *formula.Expr) bool { return mentions(e, quant) }
	conjs, err := dnf(nnf(lift(f, has), false, has), has)
	if err != nil {
		return nil, err
	}
	var out []*formula.Expr
	work := maxWork
	for _, c := range conjs {
		g, err := eliminateConj(c, vars, &work)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	res := formula.Or(out...)
	if size(res, map[*formula.Expr]bool{}) > maxNodes {
		return nil, errNoElimination
	}
	return res, nil
}

func size(e *formula.Expr, seen map[*formula.Expr]bool) int {
	if seen[e] {
		return 0
	}
	seen[e] = true
	n := 1
	for _, a := range e.Args {
		n += size(a, seen)
	}
	return n
}

// mentions says whether e uses a variable of quant.
func mentions(e *formula.Expr, quant map[int]bool) bool {
	if e.Op == formula.OpVar {
		return quant[e.Var]
	}
	for _, a := range e.Args {
		if mentions(a, quant) {
			return true
		}
	}
	return false
}

// mentionsVar says whether e uses variable v.
func mentionsVar(e *formula.Expr, v int) bool {
	if e.Op == formula.OpVar {
		return e.Var == v
	}
	for _, a := range e.Args {
		if mentionsVar(a, v) {
			return true
		}
	}
	return false
}

// lift moves term-level if-then-else, min and max that use quantified
// variables out of the atoms: A[ite(c, a, b)] becomes (c ∧ A[a]) ∨ (¬c ∧
// A[b]), min(a, b) is ite(a ≤ b, a, b) and max(a, b) is ite(a ≤ b, b, a).
func lift(e *formula.Expr, has func(*formula.Expr) bool) *formula.Expr {
	switch e.Op {
	case formula.OpAnd, formula.OpOr, formula.OpNot:
		args := make([]*formula.Expr, len(e.Args))
		for i, a := range e.Args {
			args[i] = lift(a, has)
		}
		c := *e
		c.Args = args
		return &c
	case formula.OpIte:
		if e.IsBool() {
			return formula.Ite(lift(e.Args[0], has), lift(e.Args[1], has), lift(e.Args[2], has))
		}
	case formula.OpEq, formula.OpLt, formula.OpLe:
		if !has(e) {
			return e
		}
		for i, a := range e.Args {
			if node, cond, x, y, ok := firstIte(a, has); ok {
				with := func(t *formula.Expr) *formula.Expr {
					args := append([]*formula.Expr(nil), e.Args...)
					args[i] = replace(a, node, t)
					n := *e
					n.Args = args
					return lift(&n, has)
				}
				cond = lift(cond, has)
				return formula.Or(formula.And(cond, with(x)), formula.And(formula.Not(cond), with(y)))
			}
		}
	}
	return e
}

// firstIte finds, in term e, an if-then-else, min or max that uses a
// quantified variable and has none inside it, with its condition and the
// terms of its two cases.
func firstIte(e *formula.Expr, has func(*formula.Expr) bool) (node, cond, x, y *formula.Expr, ok bool) {
	if !has(e) {
		return
	}
	for _, a := range e.Args {
		if !a.IsBool() {
			if node, cond, x, y, ok = firstIte(a, has); ok {
				return
			}
		}
	}
	switch e.Op {
	case formula.OpIte:
		return e, e.Args[0], e.Args[1], e.Args[2], true
	case formula.OpMin, formula.OpMax:
		a := e.Args[0]
		if len(e.Args) == 1 {
			return e, formula.True(), a, a, true
		}
		b := e.Args[1]
		if len(e.Args) > 2 {
			b = &formula.Expr{Op: e.Op, Args: e.Args[1:]}
		}
		if e.Op == formula.OpMin {
			return e, formula.Le(a, b), a, b, true
		}
		return e, formula.Le(a, b), b, a, true
	}
	return
}

// replace rebuilds e with the node old replaced by new.
func replace(e, old, new *formula.Expr) *formula.Expr {
	if e == old {
		return new
	}
	changed := false
	args := make([]*formula.Expr, len(e.Args))
	for i, a := range e.Args {
		args[i] = replace(a, old, new)
		changed = changed || args[i] != a
	}
	if !changed {
		return e
	}
	c := *e
	c.Args = args
	return &c
}

// nnf pushes negations (neg: e is negated) down to the atoms that use
// quantified variables, in a form dnf and linear read: a negated ≤ or <
// is the opposite strict or non-strict inequality, a negated equality
// two strict ones, a negated congruence mod(t, M) = r the other residues.
// A boolean if-then-else is (c ∧ a) ∨ (¬c ∧ b). Parts without quantified
// variables are left as they are (negated where neg).
func nnf(e *formula.Expr, neg bool, has func(*formula.Expr) bool) *formula.Expr {
	if !has(e) {
		if neg {
			return formula.Not(e)
		}
		return e
	}
	switch e.Op {
	case formula.OpNot:
		return nnf(e.Args[0], !neg, has)
	case formula.OpAnd, formula.OpOr:
		args := make([]*formula.Expr, len(e.Args))
		for i, a := range e.Args {
			args[i] = nnf(a, neg, has)
		}
		if (e.Op == formula.OpAnd) != neg {
			return formula.And(args...)
		}
		return formula.Or(args...)
	case formula.OpIte:
		c, a, b := e.Args[0], e.Args[1], e.Args[2]
		return nnf(formula.Or(formula.And(c, a), formula.And(formula.Not(c), b)), neg, has)
	case formula.OpLe:
		if neg {
			return formula.Lt(e.Args[1], e.Args[0])
		}
	case formula.OpLt:
		if neg {
			return formula.Le(e.Args[1], e.Args[0])
		}
	case formula.OpEq:
		if !neg {
			return e
		}
		if t, m, r, ok := congruence(e); ok {
			var others []*formula.Expr
			for o := int64(0); o < m; o++ {
				if o != r {
					others = append(others, formula.Eq(formula.Mod(t, m), formula.C(o)))
				}
			}
			return formula.Or(others...)
		}
		return formula.Or(formula.Lt(e.Args[0], e.Args[1]), formula.Lt(e.Args[1], e.Args[0]))
	}
	return e
}

// congruence reads mod(t, M) = r (either way round) with constant r and
// a small modulus M; r outside 0…M−1 reads as M+1, no residue.
func congruence(e *formula.Expr) (t *formula.Expr, m, r int64, ok bool) {
	a, b := e.Args[0], e.Args[1]
	if a.Op == formula.OpConst {
		a, b = b, a
	}
	if a.Op != formula.OpMod || b.Op != formula.OpConst || !a.Const.IsInt64() || a.Const.Int64() > maxPeriod || !b.Const.IsInt64() {
		return nil, 0, 0, false
	}
	m, r = a.Const.Int64(), b.Const.Int64()
	if r < 0 || r >= m {
		r = m + 1
	}
	return a.Args[0], m, r, true
}

// dnf lists the conjunctions of literals whose disjunction is e (in
// negation normal form); parts without quantified variables stay whole,
// one literal each.
func dnf(e *formula.Expr, has func(*formula.Expr) bool) ([][]*formula.Expr, error) {
	if !has(e) {
		return [][]*formula.Expr{{e}}, nil
	}
	switch e.Op {
	case formula.OpOr:
		var out [][]*formula.Expr
		for _, a := range e.Args {
			d, err := dnf(a, has)
			if err != nil {
				return nil, err
			}
			out = append(out, d...)
			if len(out) > maxConjuncts {
				return nil, errNoElimination
			}
		}
		return out, nil
	case formula.OpAnd:
		out := [][]*formula.Expr{{}}
		for _, a := range e.Args {
			d, err := dnf(a, has)
			if err != nil {
				return nil, err
			}
			if len(out)*len(d) > maxConjuncts {
				return nil, errNoElimination
			}
			var next [][]*formula.Expr
			for _, c := range out {
				for _, x := range d {
					next = append(next, append(append([]*formula.Expr(nil), c...), x...))
				}
			}
			out = next
		}
		return out, nil
	}
	return [][]*formula.Expr{{e}}, nil
}

// A lin is one literal read as linear in a variable v: c·v ≤ t (le),
// c·v = t (eq), or m | c·v + t (dvd); never is a literal that is false.
type lin struct {
	kind  linKind
	c, m  int64
	t     *formula.Expr
	never bool
}

type linKind int

const (
	linLe linKind = iota
	linEq
	linDvd
)

// maxCoef bounds the coefficients elimination works with, far above any
// the encodings produce, so that products stay in int64.
const maxCoef = 1 << 20

// linear splits term e into c·v + rest, or fails when v sits inside a
// div, mod, if-then-else, min or max.
func linear(e *formula.Expr, v int) (int64, *formula.Expr, bool) {
	if !mentionsVar(e, v) {
		return 0, e, true
	}
	switch e.Op {
	case formula.OpVar:
		return 1, formula.C(0), true
	case formula.OpAdd:
		var c int64
		rest := make([]*formula.Expr, len(e.Args))
		for i, a := range e.Args {
			ca, ra, ok := linear(a, v)
			if !ok {
				return 0, nil, false
			}
			c += ca
			rest[i] = ra
		}
		return c, formula.Add(rest...), abs(c) <= maxCoef
	case formula.OpSub:
		c0, r0, ok0 := linear(e.Args[0], v)
		c1, r1, ok1 := linear(e.Args[1], v)
		return c0 - c1, formula.Sub(r0, r1), ok0 && ok1 && abs(c0-c1) <= maxCoef
	case formula.OpMul:
		if !e.Const.IsInt64() || abs(e.Const.Int64()) > maxCoef {
			return 0, nil, false
		}
		c, r, ok := linear(e.Args[0], v)
		k := e.Const.Int64()
		return k * c, mul(k, r), ok && abs(k*c) <= maxCoef
	}
	return 0, nil, false
}

// literal reads a literal that mentions v.
func literal(e *formula.Expr, v int) (lin, bool) {
	if len(e.Args) != 2 {
		return lin{}, false
	}
	a, b := e.Args[0], e.Args[1]
	if e.Op == formula.OpEq {
		if t, m, r, ok := congruence(e); ok {
			if r > m {
				return lin{never: true}, true
			}
			c, rest, ok := linear(t, v)
			return lin{kind: linDvd, c: c, m: m, t: formula.Sub(rest, formula.C(r))}, ok
		}
	}
	ca, ra, oka := linear(a, v)
	cb, rb, okb := linear(b, v)
	if !oka || !okb {
		return lin{}, false
	}
	l := lin{c: ca - cb, t: formula.Sub(rb, ra)}
	switch e.Op {
	case formula.OpLe:
		l.kind = linLe
	case formula.OpLt:
		l.kind, l.t = linLe, formula.Sub(l.t, formula.C(1))
	case formula.OpEq:
		l.kind = linEq
	default:
		return lin{}, false
	}
	return l, abs(l.c) <= maxCoef
}

// at is the literal with c·v replaced by the term cv.
func (l lin) at(cv *formula.Expr) *formula.Expr {
	switch {
	case l.never:
		return formula.False()
	case l.kind == linLe:
		return formula.Le(cv, l.t)
	case l.kind == linEq:
		return formula.Eq(cv, l.t)
	}
	return formula.Eq(formula.Mod(formula.Add(cv, l.t), l.m), formula.C(0))
}

// scaledAt is the literal multiplied by g > 0, with g·c·v replaced by the
// term gcv: exact for ≤ and =; for a congruence m | c·v + t it is
// m·g | gcv + g·t, which is equivalent when g | gcv·(the solution is
// an integer), as eliminateConj asserts.
func (l lin) scaledAt(g int64, gcv *formula.Expr) *formula.Expr {
	if l.never {
		return formula.False()
	}
	gt := mul(g, l.t)
	switch l.kind {
	case linLe:
		return formula.Le(gcv, gt)
	case linEq:
		return formula.Eq(gcv, gt)
	}
	return formula.Eq(formula.Mod(formula.Add(gcv, gt), l.m*g), formula.C(0))
}

// eliminateConj eliminates vars from a conjunction of literals.
// It spends work (literals built), failing when none is left.
func eliminateConj(lits []*formula.Expr, vars []int, work *int) (*formula.Expr, error) {
	for {
		var live []int
		for _, l := range lits {
			if l.Op == formula.OpOr && len(l.Args) == 0 {
				return formula.False(), nil
			}
		}
		for _, v := range vars {
			for _, l := range lits {
				if mentionsVar(l, v) {
					live = append(live, v)
					break
				}
			}
		}
		if len(live) == 0 {
			return formula.And(lits...), nil
		}
		// An equality first (the smallest coefficient), else a variable
		// whose literals share no other live variable, else any.
		best, bestC := -1, int64(0)
		alone := -1
		for _, v := range live {
			others := map[int]bool{}
			for _, w := range live {
				if w != v {
					others[w] = true
				}
			}
			shares := false
			for _, l := range lits {
				if !mentionsVar(l, v) {
					continue
				}
				r, ok := literal(l, v)
				if !ok {
					return nil, errNoElimination
				}
				shares = shares || mentions(l, others)
				if r.kind == linEq && !r.never && r.c != 0 && (best < 0 || abs(r.c) < bestC) {
					best, bestC = v, abs(r.c)
				}
			}
			if !shares && alone < 0 {
				alone = v
			}
		}
		switch {
		case best >= 0:
			lits = byEquality(lits, best)
		case alone >= 0:
			rest, alts, err := byBounds(lits, alone, false, work)
			if err != nil {
				return nil, err
			}
			var ors []*formula.Expr
			for _, a := range alts {
				ors = append(ors, formula.And(a...))
			}
			lits = append(rest, formula.Or(ors...))
		default:
			// The candidates mention the other variables: one
			// conjunction per candidate, each eliminated further.
			rest, alts, err := byBounds(lits, live[0], true, work)
			if err != nil {
				return nil, err
			}
			var ors []*formula.Expr
			for _, a := range alts {
				g, err := eliminateConj(append(append([]*formula.Expr(nil), rest...), a...), vars, work)
				if err != nil {
					return nil, err
				}
				ors = append(ors, g)
			}
			return formula.Or(ors...), nil
		}
	}
}

// byEquality eliminates v with the equality c·v = t of least |c|: v =
// sign(c)·t/|c|, where |c| divides t.
func byEquality(lits []*formula.Expr, v int) []*formula.Expr {
	var rs []lin
	var out []*formula.Expr
	pick := -1
	for _, l := range lits {
		if !mentionsVar(l, v) {
			out = append(out, l)
			continue
		}
		r, _ := literal(l, v) // read before, in eliminateConj
		if r.kind == linEq && !r.never && r.c != 0 && (pick < 0 || abs(r.c) < abs(rs[pick].c)) {
			pick = len(rs)
		}
		rs = append(rs, r)
	}
	e := rs[pick]
	g, s := abs(e.c), sign(e.c)
	if g > 1 {
		out = append(out, formula.Eq(formula.Mod(e.t, g), formula.C(0)))
	}
	for i, r := range rs {
		if i == pick {
			continue
		}
		// g·(c·v) = c·s·t.
		out = append(out, r.scaledAt(g, mul(r.c*s, e.t)))
	}
	return out
}

// byBounds eliminates v, which has no equality, by its least solution
// (Cooper): within the period δ of its congruences above the greatest
// lower bound, or below the least upper bound when there is no lower one.
// When v's literals share other quantified variables (shared), they are
// first scaled so that v's coefficients are ±L, L the lcm of their
// absolute values, and read in v' = L·v with L | v' (Cooper's
// normalization): the candidates are then linear, with no div, and the
// other variables can be eliminated after. Otherwise a lower bound
// c·v ≥ t is read as v ≥ ⌈t/c⌉ with div.
func byBounds(lits []*formula.Expr, v int, shared bool, work *int) (rest []*formula.Expr, alts [][]*formula.Expr, err error) {
	var rs []lin
	var out []*formula.Expr
	for _, l := range lits {
		if !mentionsVar(l, v) {
			out = append(out, l)
			continue
		}
		r, _ := literal(l, v)
		if r.never {
			return []*formula.Expr{formula.False()}, nil, nil
		}
		if r.c == 0 {
			out = append(out, r.at(formula.C(0)))
			continue
		}
		rs = append(rs, r)
	}
	if shared {
		l := int64(1)
		for _, r := range rs {
			l = l / gcd64(l, abs(r.c)) * abs(r.c)
			if l > maxPeriod {
				return nil, nil, errNoElimination
			}
		}
		for i, r := range rs {
			f := l / abs(r.c)
			rs[i].c, rs[i].t = sign(r.c), mul(f, r.t)
			if r.kind == linDvd {
				rs[i].m = r.m * f
			}
		}
		if l > 1 {
			rs = append(rs, lin{kind: linDvd, c: 1, m: l, t: formula.C(0)})
		}
	}
	period := int64(1)
	var lower, upper []*formula.Expr
	for _, r := range rs {
		switch {
		case r.kind == linDvd:
			p := r.m / gcd64(abs(r.c)%r.m, r.m)
			period = period / gcd64(period, p) * p
			if period > maxPeriod {
				return nil, nil, errNoElimination
			}
		case r.kind == linLe && r.c < 0: // v ≥ ⌈−t/|c|⌉
			lower = append(lower, ceilDiv(formula.Sub(formula.C(0), r.t), -r.c))
		case r.kind == linLe && r.c > 0: // v ≤ ⌊t/c⌋
			upper = append(upper, floorDiv(r.t, r.c))
		}
	}
	var cands []*formula.Expr
	for j := range period {
		switch {
		case len(lower) > 0:
			for _, b := range lower {
				cands = append(cands, plus(b, j))
			}
		case len(upper) > 0:
			for _, b := range upper {
				cands = append(cands, plus(b, -j))
			}
		default:
			cands = append(cands, formula.C(j))
		}
	}
	if *work -= len(cands) * len(rs); *work < 0 {
		return nil, nil, errNoElimination
	}
	for _, w := range cands {
		var inst []*formula.Expr
		for _, r := range rs {
			inst = append(inst, r.at(mul(r.c, w)))
		}
		alts = append(alts, inst)
	}
	return out, alts, nil
}

func ceilDiv(t *formula.Expr, g int64) *formula.Expr {
	if g == 1 {
		return t
	}
	return formula.Div(formula.Add(t, formula.C(g-1)), g)
}

func floorDiv(t *formula.Expr, g int64) *formula.Expr {
	if g == 1 {
		return t
	}
	return formula.Div(t, g)
}

func plus(t *formula.Expr, j int64) *formula.Expr {
	if j == 0 {
		return t
	}
	return formula.Add(t, formula.C(j))
}

func mul(k int64, t *formula.Expr) *formula.Expr {
	switch k {
	case 0:
		return formula.C(0)
	case 1:
		return t
	}
	return formula.Mul(k, t)
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

func sign(a int64) int64 {
	if a < 0 {
		return -1
	}
	return 1
}

func gcd64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
