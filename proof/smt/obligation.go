package smt

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games/symbolic"
)

// An Obligation is one SMT problem whose unsatisfiability is part of a
// proof. A model of it (sat) gives a position X where the claim fails
// locally: the claim is wrong at X or at one of X's followers.
type Obligation struct {
	Name string // "stability", "absorption", …
	Doc  string // what unsat means, in one line
	N    int    // position variables x0 … x{N−1}

	// precondition marks an obligation whose failure means the method
	// does not apply, rather than that the claim is false.
	precondition bool
	consts       int // extra free integer constants i0, i1, …
	// modulus is the lcm of the moduli in the claim's formula and
	// domain (1 if none): residue classes to split on (see Residues).
	modulus int
	decls   []string // free move constants
	body    []string // conjuncts
}

// A clause is an SMT-LIB formula with the free move constants it uses.
type clause struct {
	smt   string
	decls []string
}

// Obligations states "the claim's formula f gives quantity q at every
// canonical position" as SMT problems, one per local condition of the
// recursion that defines q:
//
//   - P / Pm (f a formula, the set S): stability — no move from S to S;
//     absorption — from every position outside S (non-terminal, in
//     misère) some move leads into S; for misère also no terminal
//     position in S. Normal play needs no terminal condition: a terminal
//     position outside S has no move into S and fails absorption.
//   - G / Gm (f a term g): g ≥ 0; no move between positions of equal g;
//     for every i < g(x) some move reaches g = i (x non-terminal in
//     misère); in misère g = 1 at terminal positions.
//   - R / Rm (f a term r): r ≥ 0; r = 0 (misère 1) at terminal positions;
//     no follower contradicts Smith's recursion (a follower of even r
//     smaller than r(x)−1 when r(x) is odd; one of even r, or of r
//     above r(x)−1, when r(x) is even); some follower has r = r(x)−1
//     when x is not terminal.
//
// Each holds for all positions iff its problem is unsatisfiable; all of
// them together determine q by induction on the token sum, since every
// move removes a token. Move variables under "some move" are universally
// quantified in the negation the solver refutes.
//
// When f is an if-then-else at the top, each obligation is split into one
// problem per case of its condition (at x): solvers decide the pieces
// much faster (004 Theorems 1–2, split by the parity of the token count,
// take under a second instead of over a minute), and the obligation
// holds iff every piece is unsatisfiable.
//
// A claim restricted to a domain D (a formula; nil for every position)
// is proved only where D is closed under moves — the first obligation,
// "closure", says no move leaves D; its failure is no counterexample, the
// method just does not apply — and then every obligation assumes D(x).
func Obligations(q grundy.Quantity, f, dom *formula.Expr, m *Moves) ([]Obligation, error) {
	return LevelObligations(q, f, nil, dom, m)
}

// LevelObligations is Obligations for a value claim (G or G⁻) with a
// level formula (theory.Claim.Level): level(x, c), over the piles and
// c = variable N, says f(x) = c, symmetric in the interchangeable piles.
// A first obligation, "level", says level(x, c) ⟺ f(x) = c at every
// canonical position of the claim's domain and every c; its failure is
// no counterexample, the method just does not apply. With it proved,
// f(sort(y)) = c ⟺ level(sort(y), c) ⟺ level(y, c) for every follower y,
// so the stability and mex obligations state "the follower has value c"
// as level(y, c) on the unsorted follower (Branch.Raw): no sorting
// network (000 Prop. 4 on Exact 4-Nim with 7 piles: mex undecided in a
// minute with the tetris formula on sorted followers, decided in under a
// second).
func LevelObligations(q grundy.Quantity, f, level, dom *formula.Expr, m *Moves) ([]Obligation, error) {
	if level != nil {
		if q != grundy.QG && q != grundy.QGm {
			return nil, fmt.Errorf("a level formula serves value claims (G, G⁻), not %s", q)
		}
		if !symbolic.Symmetric(level, m.From, m.N) {
			return nil, fmt.Errorf("level formula %v is not symmetric in piles %d to %d", level, m.From+1, m.N)
		}
	}
	inner := m
	var closure []Obligation
	if dom != nil {
		b := builder{m: m, symmetric: symbolic.Symmetric(dom, m.From, m.N)}
		ob := b.ob("closure", "no move leaves the claim's domain "+dom.String()+" (else the claim rests on values outside it)", []*formula.Expr{dom},
			b.someMove(func(to []*formula.Expr) *formula.Expr { return formula.Not(Subst(dom, to)) }))
		ob.precondition = true
		closure = append(closure, ob)
		restricted := *m
		restricted.Domain = formula.And(m.Domain, dom)
		inner = &restricted
	}
	obs, err := obligations(q, f, level, inner, symbolic.Symmetric(f, m.From, m.N))
	if err != nil {
		return nil, err
	}
	if level != nil {
		b := builder{m: inner}
		c := formula.X(extraVar)
		ob := b.ob("level", "the claim's symmetric statement of its value agrees with its formula ("+level.String()+")",
			[]*formula.Expr{differ(formula.Eq(f, c), Subst(level, append(symbolic.Vars(m.N), c)))})
		ob.consts = 1
		ob.precondition = true
		closure = append(closure, ob)
	}
	l := moduli(f, 1)
	if level != nil {
		// Followers carry no div or mod through a level, and residue
		// pieces of such problems measured harder than the whole (000
		// Prop. 4 on Exact 4-Nim with 7 piles: mex in 0.5 s of z3's CPU
		// whole, a piece x1 ≡ 6 mod 12 undecided in 10 s): an undecided
		// one is tried again whole.
		l = 1
	}
	if dom != nil {
		l = moduli(dom, l)
	}
	for i := range obs {
		obs[i].modulus = l
	}
	obs = append(closure, obs...)
	cases := splitCases(f, 2)
	if len(cases) < 2 {
		return obs, nil
	}
	b := builder{m: m}
	var out []Obligation
	for _, ob := range obs {
		if ob.precondition {
			out = append(out, ob)
			continue
		}
		for i, c := range cases {
			piece := ob
			piece.Name = fmt.Sprintf("%s/%d", ob.Name, i+1)
			piece.Doc = fmt.Sprintf("%s, where %v", ob.Doc, c)
			piece.body = append(slices.Clone(ob.body), SMT(c, b.posName, "c"))
			out = append(out, piece)
		}
	}
	return out, nil
}

// splitCases lists the case conditions of f's top-level if-then-else
// nest, down to depth levels; nil when f is no if-then-else.
func splitCases(f *formula.Expr, depth int) []*formula.Expr {
	if f.Op != formula.OpIte || depth == 0 {
		return nil
	}
	c := f.Args[0]
	var out []*formula.Expr
	for i, branch := range f.Args[1:] {
		cond := c
		if i == 1 {
			cond = formula.Not(c)
		}
		sub := splitCases(branch, depth-1)
		if len(sub) == 0 {
			out = append(out, cond)
		}
		for _, s := range sub {
			out = append(out, formula.And(cond, s))
		}
	}
	return out
}

func obligations(q grundy.Quantity, f, level *formula.Expr, m *Moves, symmetric bool) ([]Obligation, error) {
	n := m.N
	x := symbolic.Vars(n)
	b := builder{m: m, symmetric: symmetric || level != nil}
	switch q {
	case grundy.QP, grundy.QPm:
		if !f.IsBool() {
			return nil, fmt.Errorf("a %s claim needs a formula (true in the set), got the term %v", q, f)
		}
		in := func(ys []*formula.Expr) *formula.Expr { return Subst(f, ys) }
		obs := []Obligation{
			b.ob("stability", "no move leads from the set to the set",
				[]*formula.Expr{in(x)}, b.someMove(func(to []*formula.Expr) *formula.Expr { return in(to) })),
		}
		absorb := []*formula.Expr{formula.Not(in(x))}
		doc := "from every position outside the set some move leads into it"
		clauses := []clause{b.everyMoveNot(func(to []*formula.Expr) *formula.Expr { return in(to) })}
		if q == grundy.QPm {
			clauses = append(clauses, b.nonTerminal())
			doc = "from every non-terminal position outside the set some move leads into it"
		}
		obs = append(obs, b.ob("absorption", doc, absorb, clauses...))
		if q == grundy.QPm {
			obs = append(obs, b.ob("terminal", "no terminal position is in the set (misère: the player to move wins)",
				[]*formula.Expr{in(x)}, b.terminal()))
		}
		return obs, nil
	case grundy.QG, grundy.QGm:
		if f.IsBool() {
			return nil, fmt.Errorf("a %s claim needs a term, got the formula %v", q, f)
		}
		g := func(ys []*formula.Expr) *formula.Expr { return Subst(f, ys) }
		gx := g(x)
		// is says follower y has value c: by the formula on sorted
		// followers, or by the level formula on unsorted ones.
		is := func(y []*formula.Expr, c *formula.Expr) *formula.Expr {
			if level != nil {
				return Subst(level, append(slices.Clone(y), c))
			}
			return formula.Eq(g(y), c)
		}
		i := formula.X(extraVar) // the class a move must reach
		obs := []Obligation{
			b.ob("range", "the value is never negative", []*formula.Expr{formula.Lt(gx, formula.C(0))}),
			b.ob("stability", "no move keeps the value", nil,
				b.someMove(func(to []*formula.Expr) *formula.Expr { return is(to, gx) })),
		}
		clauses := []clause{b.everyMoveNot(func(to []*formula.Expr) *formula.Expr { return is(to, i) })}
		doc := "from value g, a move reaches every value below g"
		if q == grundy.QGm {
			clauses = append(clauses, b.nonTerminal())
			doc = "from a non-terminal position of value g, a move reaches every value below g"
		}
		reach := b.ob("mex", doc, []*formula.Expr{formula.Le(formula.C(0), i), formula.Lt(i, gx)}, clauses...)
		reach.consts = 1
		obs = append(obs, reach)
		if q == grundy.QGm {
			obs = append(obs, b.ob("terminal", "terminal positions have value 1",
				[]*formula.Expr{formula.Ne(gx, formula.C(1))}, b.terminal()))
		}
		return obs, nil
	case grundy.QR, grundy.QRm:
		if f.IsBool() {
			return nil, fmt.Errorf("a %s claim needs a term, got the formula %v", q, f)
		}
		r := func(ys []*formula.Expr) *formula.Expr { return Subst(f, ys) }
		rx := r(x)
		terminalValue := int64(0)
		if q == grundy.QRm {
			terminalValue = 1
		}
		prev := formula.Sub(rx, formula.C(1))
		bad := func(to []*formula.Expr) *formula.Expr {
			ry := r(to)
			return formula.Or(
				formula.And(formula.Odd(rx), formula.Even(ry), formula.Lt(ry, prev)),
				formula.And(formula.Even(rx), formula.Or(formula.Even(ry), formula.Lt(prev, ry))))
		}
		return []Obligation{
			b.ob("range", "the remoteness is never negative", []*formula.Expr{formula.Lt(rx, formula.C(0))}),
			b.ob("terminal", fmt.Sprintf("terminal positions have remoteness %d", terminalValue),
				[]*formula.Expr{formula.Ne(rx, formula.C(terminalValue))}, b.terminal()),
			b.ob("stability", "no follower contradicts Smith's recursion", nil, b.someMove(bad)),
			b.ob("reach", "every non-terminal position has a follower of remoteness one less", nil,
				b.everyMoveNot(func(to []*formula.Expr) *formula.Expr { return formula.Eq(r(to), prev) }),
				b.nonTerminal()),
		}, nil
	}
	return nil, fmt.Errorf("unknown quantity %q", q)
}

type builder struct {
	m *Moves
	// symmetric says every property of followers the obligations state
	// is invariant under permuting the interchangeable piles (the claim's
	// formula is, by symbolic.Symmetric): followers are then taken
	// unsorted (Branch.Raw) where a branch has them, which spares the
	// solver the sorting network — f(sort(y)) = f(y) for such f.
	symmetric bool
	fresh     int
}

// follower is the follower of br the obligations evaluate.
func (b *builder) follower(br Branch) []*formula.Expr {
	if b.symmetric && br.Raw != nil {
		return br.Raw
	}
	return br.To
}

// extraVar is the first variable index of the free constants i0, i1, …,
// far above any position or move variable.
const extraVar = 1 << 20

func (b *builder) posName(v int) string {
	if v < b.m.N {
		return fmt.Sprintf("x%d", v)
	}
	return fmt.Sprintf("i%d", v-extraVar)
}

// moveNamer names the variables of branch k: positions as x, move
// variables with a prefix unique to this use.
func (b *builder) moveNamer(prefix string) Namer {
	return func(v int) string {
		if v < b.m.N || v >= extraVar {
			return b.posName(v)
		}
		return fmt.Sprintf("%s_%d", prefix, v-b.m.N)
	}
}

// someMove is ∃ branch, ∃ move: Guard ∧ prop(To); its move variables are
// free constants of the problem (an existential needs no elimination).
func (b *builder) someMove(prop func(to []*formula.Expr) *formula.Expr) clause {
	var c clause
	var parts []string
	for _, br := range b.m.Branches {
		b.fresh++
		pre := fmt.Sprintf("e%d", b.fresh)
		for j := range br.Aux {
			c.decls = append(c.decls, fmt.Sprintf("%s_%d", pre, j))
		}
		parts = append(parts, SMT(formula.And(br.Guard, prop(b.follower(br))), b.moveNamer(pre), pre+"t"))
	}
	c.smt = "(or false " + strings.Join(parts, " ") + ")"
	return c
}

// everyMoveNot is ∀ branch, ∀ move: ¬(Guard ∧ prop(To)), with the move
// variables eliminated where the encoding allows (see branch).
func (b *builder) everyMoveNot(prop func(to []*formula.Expr) *formula.Expr) clause {
	var parts []string
	for _, br := range b.m.Branches {
		b.fresh++
		pre := fmt.Sprintf("a%d", b.fresh)
		body, quantified := b.branch(br, prop)
		not := "(not " + SMT(body, b.moveNamer(pre), pre+"t") + ")"
		if quantified {
			not = forall(pre, br.Aux, not)
		}
		parts = append(parts, not)
	}
	return clause{smt: "(and true " + strings.Join(parts, " ") + ")"}
}

// branch is Guard ∧ prop(follower) for one branch, over its move
// variables (quantified true), or, when the encoding allows it
// (Moves.Eliminate) and elimination succeeds, the quantifier-free formula
// equivalent to ∃ move: Guard ∧ prop(follower) (eliminate), with no move
// variable left.
func (b *builder) branch(br Branch, prop func(to []*formula.Expr) *formula.Expr) (*formula.Expr, bool) {
	body := formula.And(br.Guard, prop(b.follower(br)))
	if br.Aux == 0 || !b.m.Eliminate {
		return body, br.Aux > 0
	}
	vars := make([]int, br.Aux)
	for j := range vars {
		vars[j] = b.m.N + j
	}
	f, err := eliminate(body, vars)
	if err != nil {
		return body, true
	}
	return f, false
}

func forall(pre string, aux int, body string) string {
	if aux == 0 {
		return body
	}
	var vs []string
	for j := range aux {
		vs = append(vs, fmt.Sprintf("(%s_%d Int)", pre, j))
	}
	return "(forall (" + strings.Join(vs, " ") + ") " + body + ")"
}

// terminal says x has no move.
func (b *builder) terminal() clause {
	return b.everyMoveNot(func([]*formula.Expr) *formula.Expr { return formula.True() })
}

// nonTerminal says x has a move (existential, so free constants).
func (b *builder) nonTerminal() clause {
	return b.someMove(func([]*formula.Expr) *formula.Expr { return formula.True() })
}

// ob assembles one obligation: Domain(x) ∧ facts ∧ clauses.
func (b *builder) ob(name, doc string, facts []*formula.Expr, clauses ...clause) Obligation {
	fs := append([]*formula.Expr{b.m.Domain}, facts...)
	ob := Obligation{Name: name, Doc: doc, N: b.m.N, body: []string{SMT(formula.And(fs...), b.posName, "p")}}
	for _, c := range clauses {
		ob.body = append(ob.body, c.smt)
		ob.decls = append(ob.decls, c.decls...)
	}
	return ob
}

// Script is the SMT-LIB 2 problem. A sumBound ≥ 0 adds "the position
// has at most sumBound tokens", to look for a small counterexample; −1
// leaves the position unbounded.
func (o Obligation) Script(sumBound int) string {
	var b strings.Builder
	quantified := false
	for _, c := range o.body {
		quantified = quantified || strings.Contains(c, "(forall ")
	}
	logic := "QF_LIA"
	if quantified {
		logic = "LIA"
	}
	fmt.Fprintf(&b, "; grundy prove: %s — unsat means: %s\n", o.Name, o.Doc)
	fmt.Fprintf(&b, "(set-option :produce-models true)\n(set-logic %s)\n", logic)
	var xs []string
	for i := range o.N {
		xs = append(xs, fmt.Sprintf("x%d", i))
	}
	for _, v := range xs {
		fmt.Fprintf(&b, "(declare-const %s Int)\n", v)
	}
	for i := range o.consts {
		fmt.Fprintf(&b, "(declare-const i%d Int)\n", i)
	}
	for _, v := range o.decls {
		fmt.Fprintf(&b, "(declare-const %s Int)\n", v)
	}
	for _, c := range o.body {
		fmt.Fprintf(&b, "(assert %s)\n", c)
	}
	if sumBound >= 0 {
		fmt.Fprintf(&b, "(assert (<= (+ 0 %s) %d))\n", strings.Join(xs, " "), sumBound)
	}
	fmt.Fprintf(&b, "(check-sat)\n(get-value (%s))\n", strings.Join(xs, " "))
	return b.String()
}

// moduli folds the lcm of the div and mod constants of e into l, capped
// at maxModulus (beyond it residue splits would be too many).
func moduli(e *formula.Expr, l int) int {
	if (e.Op == formula.OpMod || e.Op == formula.OpDiv) && e.Const.IsInt64() && e.Const.Int64() <= maxModulus {
		k := int(e.Const.Int64())
		l = min(l/gcd(l, k)*k, maxModulus+1)
	}
	for _, a := range e.Args {
		l = moduli(a, l)
	}
	return l
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

const (
	maxModulus = 12
	maxPieces  = 64
)

// Residues splits o by the residues of the position variables modulo the
// formula's moduli: one problem per class (x0 mod L, x1 mod L, …), over as
// many leading variables as keep the count within maxPieces. The pieces
// are decided together iff o is (they partition its positions), and
// solvers often decide every piece at once where the whole times out (002
// Thm 9(2) with s = 1, t = 3: a timeout past a minute for z3, 3 s split).
// It returns nil when there is nothing to split on.
func (o Obligation) Residues() []Obligation {
	l := o.modulus
	if l < 2 || l > maxModulus {
		return nil
	}
	vars, count := 0, 1
	for vars < o.N && count*l <= maxPieces {
		vars++
		count *= l
	}
	if vars == 0 {
		return nil
	}
	var out []Obligation
	for c := range count {
		piece := o
		piece.body = slices.Clone(o.body)
		var cls []string
		for i, rest := 0, c; i < vars; i, rest = i+1, rest/l {
			piece.body = append(piece.body, fmt.Sprintf("(= (mod x%d %d) %d)", i, l, rest%l))
			cls = append(cls, fmt.Sprintf("x%d≡%d", i+1, rest%l))
		}
		piece.Name = fmt.Sprintf("%s[%s mod %d]", o.Name, strings.Join(cls, ","), l)
		piece.modulus = 1
		out = append(out, piece)
	}
	return out
}
