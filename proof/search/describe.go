package search

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy/grundy/formula"
)

// A description is a fitted formula over chosen atoms: for a set, a DNF
// (negated when neg); for values, a chain of (value, DNF) cases and a
// value for every other position.
type description struct {
	atoms []*atom
	set   bool
	neg   bool
	dnf   []implicant
	cases []valueCase
	other int
}

type valueCase struct {
	value int
	dnf   []implicant
}

// describe turns the target's values on the cells of the chosen atoms
// (cells never seen are free) into a description.
func describe(atoms []*atom, cells map[uint32]int, set bool) *description {
	k := len(atoms)
	d := &description{atoms: atoms, set: set}
	if set {
		on, off := map[uint32]bool{}, map[uint32]bool{}
		for c, v := range cells {
			if v != 0 {
				on[c] = true
			} else {
				off[c] = true
			}
		}
		pos, neg := minimize(k, on, off), minimize(k, off, on)
		d.dnf = pos
		if len(on) > 0 && (len(off) == 0 || cost(k, neg) < cost(k, pos)) {
			d.neg, d.dnf = true, neg
		}
		return d
	}
	// Values: the one on most cells is "otherwise"; the others are cases
	// from the rarest up, each free on the cells of the cases before it.
	count := map[int]int{}
	for _, v := range cells {
		count[v]++
	}
	var vals []int
	for v := range count {
		vals = append(vals, v)
	}
	slices.SortFunc(vals, func(a, b int) int {
		if count[a] != count[b] {
			return count[a] - count[b]
		}
		return b - a
	})
	d.other = vals[len(vals)-1]
	for i, v := range vals[:len(vals)-1] {
		on, off := map[uint32]bool{}, map[uint32]bool{}
		for c, w := range cells {
			switch {
			case w == v:
				on[c] = true
			case slices.Contains(vals[i+1:], w):
				off[c] = true
			}
		}
		d.cases = append(d.cases, valueCase{value: v, dnf: minimize(k, on, off)})
	}
	return d
}

func (d *description) evalCell(c uint32) int {
	in := func(dnf []implicant) bool {
		for _, m := range dnf {
			if m.covers(c) {
				return true
			}
		}
		return false
	}
	if d.set {
		if in(d.dnf) != d.neg {
			return 1
		}
		return 0
	}
	for _, vc := range d.cases {
		if in(vc.dnf) {
			return vc.value
		}
	}
	return d.other
}

// eval gives the described target at p.
func (d *description) eval(p []int) int { return d.evalCell(cellOf(d.atoms, p)) }

// literals is the size of the formula: the atoms it tests, with
// repetition.
func (d *description) literals() int {
	k := len(d.atoms)
	n := cost(k, d.dnf)
	for _, vc := range d.cases {
		n += cost(k, vc.dnf)
	}
	return n
}

func (d *description) literal(i int, positive bool) *formula.Expr {
	a := d.atoms[i]
	if positive {
		return a.expr()
	}
	if a.kind == kindMod && a.m == 2 {
		b := *a
		b.r = 1 - a.r
		return b.expr()
	}
	return formula.Not(a.expr())
}

func (d *description) dnfExpr(dnf []implicant) *formula.Expr {
	var terms []*formula.Expr
	for _, m := range dnf {
		var lits []*formula.Expr
		for i := range d.atoms {
			if m.mask>>i&1 == 0 {
				lits = append(lits, d.literal(i, m.val>>i&1 == 1))
			}
		}
		if len(lits) == 1 {
			terms = append(terms, lits[0])
		} else {
			terms = append(terms, formula.And(lits...))
		}
	}
	if len(terms) == 1 {
		return terms[0]
	}
	return formula.Or(terms...)
}

// expr is the description as a formula of package formula: true on the
// set, or the value as a term.
func (d *description) expr() *formula.Expr {
	if d.set {
		f := d.dnfExpr(d.dnf)
		if d.neg {
			return formula.Not(f)
		}
		return f
	}
	e := formula.C(int64(d.other))
	for i := len(d.cases) - 1; i >= 0; i-- {
		e = formula.Ite(d.dnfExpr(d.cases[i].dnf), formula.C(int64(d.cases[i].value)), e)
	}
	return e
}

// literalText writes one literal in readable mathematics.
func (d *description) literalText(i int, positive, tex bool) string {
	a := d.atoms[i]
	if positive {
		return a.text(tex)
	}
	l := a.linearText(tex)
	switch {
	case a.kind == kindMod && a.m == 2:
		b := *a
		b.r = 1 - a.r
		return b.text(tex)
	case a.kind == kindMod && tex:
		return fmt.Sprintf("%s \\not\\equiv %d \\pmod{%d}", l, a.r, a.m)
	case a.kind == kindMod:
		return fmt.Sprintf("%s ≢ %d (mod %d)", l, a.r, a.m)
	case a.kind == kindGt && tex:
		return fmt.Sprintf("%s \\le %d", l, a.r)
	case a.kind == kindGt:
		return fmt.Sprintf("%s ≤ %s", l, num(a.r, false))
	case tex:
		return fmt.Sprintf("%s \\ne %d", l, a.r)
	}
	return fmt.Sprintf("%s ≠ %s", l, num(a.r, false))
}

func (d *description) dnfText(dnf []implicant, tex bool) string {
	and, or := " ∧ ", " ∨ "
	if tex {
		and, or = " \\land ", " \\lor "
	}
	if len(dnf) == 0 {
		if tex {
			return "\\bot"
		}
		return "false"
	}
	var terms []string
	for _, m := range dnf {
		var lits []string
		pinned := d.pinned(m)
		for i := range d.atoms {
			if m.mask>>i&1 != 0 {
				continue
			}
			if _, ok := pinned[i]; ok {
				lits = append(lits, d.literalText(i, true, tex))
				continue
			}
			// Read the other literals with the pinned piles' values put
			// in: "x1 = 0 ∧ x2 = 0", not "x1 = 0 ∧ x2 − x1 = 0".
			e := &description{atoms: []*atom{substitute(d.atoms[i], pinned)}}
			lits = append(lits, e.literalText(0, m.val>>i&1 == 1, tex))
		}
		t := strings.Join(lits, and)
		if len(lits) == 0 {
			t = "true"
			if tex {
				t = "\\top"
			}
		}
		if len(lits) > 1 && len(dnf) > 1 {
			t = "(" + t + ")"
		}
		terms = append(terms, t)
	}
	return strings.Join(terms, or)
}

// text is the description in readable mathematics (tex: LaTeX), for the
// quantity named q ("P", "G", …).
func (d *description) text(q string, tex bool) string {
	if d.set {
		body := d.dnfText(d.dnf, tex)
		if d.neg {
			body = d.cnfText(d.dnf, tex)
		}
		if tex {
			return fmt.Sprintf("x \\in \\mathcal{%s} \\iff %s", texName(q), body)
		}
		return fmt.Sprintf("x ∈ %s ⇔ %s", q, body)
	}
	var parts []string
	for _, vc := range d.cases {
		if tex {
			parts = append(parts, fmt.Sprintf("%d & \\text{if } %s", vc.value, d.dnfText(vc.dnf, tex)))
		} else {
			parts = append(parts, fmt.Sprintf("%d if %s", vc.value, d.dnfText(vc.dnf, tex)))
		}
	}
	if tex {
		parts = append(parts, fmt.Sprintf("%d & \\text{otherwise}", d.other))
		return fmt.Sprintf("\\mathcal{%s}(x) = \\begin{cases} %s \\end{cases}", texName(q), strings.Join(parts, " \\\\ "))
	}
	parts = append(parts, fmt.Sprintf("%d otherwise", d.other))
	return fmt.Sprintf("%s(x) = %s", q, strings.Join(parts, "; "))
}

func texName(q string) string {
	switch q {
	case "Pm":
		return "P}^{-"
	case "Gm":
		return "G}^{-"
	}
	return q
}

// pinned lists the literals of implicant m that fix one pile, x_i = c:
// atom index → (pile, value).
func (d *description) pinned(m implicant) map[int][2]int {
	out := map[int][2]int{}
	for i, a := range d.atoms {
		if m.mask>>i&1 != 0 || m.val>>i&1 == 0 || a.kind != kindEq {
			continue
		}
		if pile, ok := unitPile(a); ok {
			out[i] = [2]int{pile, a.r}
		}
	}
	return out
}

// substitute puts the pinned piles' values into atom a, for reading only
// (the formula proved keeps a as it is); an atom that would become a
// constant is left as it is.
func substitute(a *atom, pinned map[int][2]int) *atom {
	b := *a
	b.coef = append([]int(nil), a.coef...)
	changed := false
	for _, pv := range pinned {
		pile, v := pv[0], pv[1]
		if c := b.coef[pile]; c != 0 {
			b.coef[pile] = 0
			b.r -= c * v
			changed = true
		}
	}
	if !changed || firstNonzero(b.coef) == 0 {
		return a
	}
	if b.kind == kindMod {
		b.r = ((b.r % b.m) + b.m) % b.m
	}
	return &b
}

// cnfText writes ¬(dnf) as a conjunction of clauses (De Morgan), which
// reads better than a negation: "x1 = 0 ∧ (x2 = 0 ∨ x2 ≡ 2 (mod 3))".
// Clauses that pin a pile, x_i = c, are put into the others.
func (d *description) cnfText(dnf []implicant, tex bool) string {
	and, or := " ∧ ", " ∨ "
	if tex {
		and, or = " \\land ", " \\lor "
	}
	if len(dnf) == 0 {
		if tex {
			return "\\top"
		}
		return "true"
	}
	// A clause is the implicant's tested atoms, each with the opposite
	// sign: atom i holds in the clause iff bit i of val is 0.
	pins := map[int][2]int{}
	for _, m := range dnf {
		if m.literals(len(d.atoms)) != 1 {
			continue
		}
		for i, a := range d.atoms {
			if m.mask>>i&1 == 0 && m.val>>i&1 == 0 && a.kind == kindEq {
				if pile, ok := unitPile(a); ok {
					pins[i] = [2]int{pile, a.r}
				}
			}
		}
	}
	var clauses []string
	for _, m := range dnf {
		var lits []string
		for i := range d.atoms {
			if m.mask>>i&1 != 0 {
				continue
			}
			holds := m.val>>i&1 == 0
			if _, ok := pins[i]; ok {
				lits = append(lits, d.literalText(i, holds, tex))
				continue
			}
			e := &description{atoms: []*atom{substitute(d.atoms[i], pins)}}
			lits = append(lits, e.literalText(0, holds, tex))
		}
		c := strings.Join(lits, or)
		if len(lits) > 1 && len(dnf) > 1 {
			c = "(" + c + ")"
		}
		clauses = append(clauses, c)
	}
	// Pins first: they say where the set lies.
	slices.SortStableFunc(clauses, func(a, b string) int { return strings.Count(a, or) - strings.Count(b, or) })
	return strings.Join(clauses, and)
}

// unitPile reports whether a is a statement about one pile x_i alone
// (coefficient 1), and which.
func unitPile(a *atom) (int, bool) {
	pile, nz := -1, 0
	for j, c := range a.coef {
		if c != 0 {
			pile, nz = j, nz+1
		}
	}
	return pile, nz == 1 && a.coef[pile] == 1
}

// cofactor is the DNF with atom i fixed to v: implicants that need the
// other value drop out, and the rest no longer test atom i.
func cofactor(dnf []implicant, i int, v bool) []implicant {
	bit := uint32(1) << i
	var out []implicant
	for _, m := range dnf {
		if m.mask&bit == 0 && (m.val&bit != 0) != v {
			continue
		}
		out = append(out, implicant{val: m.val &^ bit, mask: m.mask | bit})
	}
	return out
}

// restrict is d with atom i fixed to v.
func (d *description) restrict(i int, v bool) *description {
	e := *d
	e.dnf = cofactor(d.dnf, i, v)
	e.cases = nil
	for _, vc := range d.cases {
		e.cases = append(e.cases, valueCase{value: vc.value, dnf: cofactor(vc.dnf, i, v)})
	}
	return &e
}

// proofExpr is expr split on the parity atom most of the description
// tests, as if-then-else at the top: the same function, which prove
// splits into one SMT problem per case — solvers decide the pieces much
// faster than the whole (see smt.Obligations).
func (d *description) proofExpr() *formula.Expr {
	best, uses := -1, 0
	for i, a := range d.atoms {
		if a.kind != kindMod || a.m != 2 {
			continue
		}
		n := 0
		for _, dnf := range append([][]implicant{d.dnf}, casesDNF(d.cases)...) {
			for _, m := range dnf {
				if m.mask>>i&1 == 0 {
					n++
				}
			}
		}
		if n > uses {
			best, uses = i, n
		}
	}
	if best < 0 {
		return d.expr()
	}
	return formula.Ite(d.atoms[best].expr(), d.restrict(best, true).expr(), d.restrict(best, false).expr())
}

func casesDNF(cs []valueCase) [][]implicant {
	var out [][]implicant
	for _, c := range cs {
		out = append(out, c.dnf)
	}
	return out
}
