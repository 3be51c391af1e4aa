package presburger

import (
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// maxPieces bounds the cases a term splits into (one per branch of its
// if-then-elses): past it the problem is undecided.
const maxPieces = 1 << 12

// ErrTooManyCases is wrapped by the error of a term with more than
// maxPieces cases.
var ErrTooManyCases = errors.New("a term with too many if-then-else cases")

// translator builds automata for the nodes of one problem.
type translator struct {
	p    *problem
	bg   *Budget
	memo map[memoKey]*automaton
	free map[*node][]int
	// largest is the most states any automaton built reached.
	largest int
}

type memoKey struct {
	n    *node
	neg  bool
	elim string
}

// freeVars lists the free variables of n, increasing.
func (t *translator) freeVars(n *node) []int {
	if f, ok := t.free[n]; ok {
		return f
	}
	var out []int
	switch n.op {
	case opVar:
		out = []int{n.v}
	default:
		for _, a := range n.args {
			out = union(out, t.freeVars(a))
		}
		if n.op == opForall || n.op == opExists {
			out = slices.DeleteFunc(slices.Clone(out), func(v int) bool { return slices.Contains(n.bound, v) })
		}
	}
	t.free[n] = out
	return out
}

func intersect(a, b []int) []int {
	var out []int
	for _, v := range a {
		if _, ok := slices.BinarySearch(b, v); ok {
			out = append(out, v)
		}
	}
	return out
}

func elimKey(vs []int) string {
	var b strings.Builder
	for _, v := range vs {
		b.WriteString(strconv.Itoa(v))
		b.WriteByte(',')
	}
	return b.String()
}

func (t *translator) note(a *automaton) *automaton {
	if !a.isConst {
		t.largest = max(t.largest, a.states())
	}
	return a
}

// projectAll is ∃vs a.
func (t *translator) projectAll(a *automaton, vs []int) (*automaton, error) {
	for _, v := range vs {
		var err error
		if a, err = a.project(v, t.bg); err != nil {
			return nil, err
		}
		t.note(a)
	}
	return a, nil
}

// formula is the automaton of ∃elim (n, negated when neg): quantifiers
// are pushed down as far as they go — into the one conjunct that uses a
// variable, into every disjunct.
func (t *translator) formula(n *node, neg bool, elim []int) (*automaton, error) {
	elim = intersect(elim, t.freeVars(n))
	key := memoKey{n, neg, elimKey(elim)}
	if a, ok := t.memo[key]; ok {
		return a, nil
	}
	if err := t.bg.tick(); err != nil {
		return nil, err
	}
	a, err := t.formula1(n, neg, elim)
	if err != nil {
		return nil, err
	}
	t.memo[key] = t.note(a)
	return a, nil
}

func (t *translator) formula1(n *node, neg bool, elim []int) (*automaton, error) {
	switch n.op {
	case opNot:
		return t.formula(n.args[0], !neg, elim)
	case opAnd, opOr:
		if (n.op == opAnd) != neg {
			return t.conj(n.args, neg, elim)
		}
		return t.disj(n.args, neg, elim)
	case opIte:
		c, a, b := n.args[0], n.args[1], n.args[2]
		notC := &node{op: opNot, args: []*node{c}, boolT: true}
		wrap := func(x *node) *node {
			if neg {
				return &node{op: opNot, args: []*node{x}, boolT: true}
			}
			return x
		}
		// Cached nodes: the same ite reached twice builds the same
		// branches (the memo keys on node identity).
		left := &node{op: opAnd, args: []*node{c, wrap(a)}, boolT: true}
		right := &node{op: opAnd, args: []*node{notC, wrap(b)}, boolT: true}
		return t.disj([]*node{left, right}, false, elim)
	case opForall, opExists:
		bound := intersect(slices.Sorted(slices.Values(n.bound)), t.freeVars(n.args[0]))
		if (n.op == opExists) != neg {
			// ∃bound body (or ¬∀bound body = ∃bound ¬body)
			return t.formula(n.args[0], neg, union(elim, bound))
		}
		// ∀bound body = ¬∃bound ¬body; ¬∃bound body likewise.
		inner, err := t.formula(n.args[0], !neg, bound)
		if err != nil {
			return nil, err
		}
		return t.projectAll(inner.complement(), elim)
	case opEq, opLt, opLe:
		a, err := t.compare(n)
		if err != nil {
			return nil, err
		}
		if neg {
			a = a.complement()
		}
		return t.projectAll(a, elim)
	}
	return nil, fmt.Errorf("presburger: a term where a formula belongs (op %d)", n.op)
}

// conj is the conjunction of args (each negated when neg), with the
// variables of elim only one conjunct uses projected inside it.
func (t *translator) conj(args []*node, neg bool, elim []int) (*automaton, error) {
	inner := make([][]int, len(args))
	var outer []int
	for _, v := range elim {
		user := -1
		for i, a := range args {
			if _, ok := slices.BinarySearch(t.freeVars(a), v); ok {
				if user >= 0 {
					user = -2
					break
				}
				user = i
			}
		}
		switch {
		case user >= 0:
			inner[user] = append(inner[user], v)
		case user == -2:
			outer = append(outer, v)
		}
	}
	// Conjuncts with no free variable first, then the smaller ones: a
	// false one ends the product early.
	order := make([]int, len(args))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		return len(t.freeVars(args[i])) - len(t.freeVars(args[j]))
	})
	acc := constant(true)
	for _, i := range order {
		a, err := t.formula(args[i], neg, inner[i])
		if err != nil {
			return nil, err
		}
		if acc, err = product(acc, a, true, t.bg); err != nil {
			return nil, err
		}
		t.note(acc)
		if acc.isConst && !acc.konst {
			return acc, nil
		}
	}
	return t.projectAll(acc, outer)
}

func (t *translator) disj(args []*node, neg bool, elim []int) (*automaton, error) {
	acc := constant(false)
	for _, x := range args {
		a, err := t.formula(x, neg, elim)
		if err != nil {
			return nil, err
		}
		if acc, err = product(acc, a, false, t.bg); err != nil {
			return nil, err
		}
		t.note(acc)
		if acc.isConst && acc.konst {
			return acc, nil
		}
	}
	return acc, nil
}

// A piece is one case of a term: under its guards (formulas, negated
// where neg), it equals lin, where its fresh variables (one per div or
// mod) satisfy defs.
type piece struct {
	guards []lit
	lin    linear
	defs   []linear // each ≤ 0
	fresh  []int
}

type lit struct {
	n   *node
	neg bool
}

// compare is the automaton of an atom l ⋈ r: the union, over the cases
// of l and r, of guards ∧ defs ∧ (l − r ⋈ 0), fresh variables projected.
func (t *translator) compare(n *node) (*automaton, error) {
	memo := map[*node][]piece{}
	left, err := t.pieces(n.args[0], memo)
	if errors.Is(err, ErrTooManyCases) {
		return t.purified(n)
	}
	if err != nil {
		return nil, err
	}
	right, err := t.pieces(n.args[1], memo)
	if errors.Is(err, ErrTooManyCases) {
		return t.purified(n)
	}
	if err != nil {
		return nil, err
	}
	if len(left)*len(right) > splitPieces {
		return t.purified(n)
	}
	out := constant(false)
	for _, l := range left {
		for _, r := range right {
			diff, err := l.lin.plus(-1, r.lin)
			if err != nil {
				return nil, err
			}
			kind := atomLe
			switch n.op {
			case opEq:
				kind = atomEq
			case opLt:
				if diff, err = diff.plus(1, constLin(1)); err != nil {
					return nil, err
				}
			}
			a, err := atom(kind, diff, 0, t.bg)
			if err != nil {
				return nil, err
			}
			fresh := union(l.fresh, r.fresh)
			for _, d := range append(slices.Clone(l.defs), r.defs...) {
				if a.isConst && !a.konst {
					break
				}
				da, err := atom(atomLe, d, 0, t.bg)
				if err != nil {
					return nil, err
				}
				if a, err = product(a, da, true, t.bg); err != nil {
					return nil, err
				}
				t.note(a)
			}
			if a, err = t.projectAll(a, fresh); err != nil {
				return nil, err
			}
			for _, g := range append(slices.Clone(l.guards), r.guards...) {
				if a.isConst && !a.konst {
					break
				}
				ga, err := t.formula(g.n, g.neg, nil)
				if err != nil {
					return nil, err
				}
				if a, err = product(a, ga, true, t.bg); err != nil {
					return nil, err
				}
				t.note(a)
			}
			if out, err = product(out, a, false, t.bg); err != nil {
				return nil, err
			}
			t.note(out)
		}
	}
	return out, nil
}

// splitPieces is the most cases compare enumerates: past it, each
// if-then-else, div and mod of the atom becomes a fresh variable defined
// by its own formula and projected after the atom is built, one at a time
// (a sum of nine if-then-elses is 512 cases, each a product of nine
// guards; as variables, nine small products).
var splitPieces = 256

// purified is the automaton of atom n with its if-then-else, div and mod
// subterms replaced by fresh variables v, each conjoined with v = subterm
// and projected in turn.
func (t *translator) purified(n *node) (*automaton, error) {
	type def struct {
		v   int
		sub *node
	}
	var defs []def
	memo := map[*node]*node{}
	var purify func(x *node) *node
	purify = func(x *node) *node {
		if p, ok := memo[x]; ok {
			return p
		}
		var out *node
		switch x.op {
		case opIte, opDiv, opMod:
			v := t.p.nvars
			t.p.nvars++
			defs = append(defs, def{v, x})
			out = &node{op: opVar, v: v}
		case opAdd, opMul:
			c := *x
			c.args = make([]*node, len(x.args))
			for i, a := range x.args {
				c.args[i] = purify(a)
			}
			out = &c
		default:
			out = x
		}
		memo[x] = out
		return out
	}
	atomNode := &node{op: n.op, boolT: true, args: []*node{purify(n.args[0]), purify(n.args[1])}}
	a, err := t.compare(atomNode)
	if err != nil {
		return nil, err
	}
	num := func(k int64) *node { return &node{op: opNum, k: big.NewInt(k)} }
	mul := func(k *big.Int, x *node) *node { return &node{op: opMul, k: k, args: []*node{x}} }
	for _, d := range defs {
		if a.isConst && !a.konst {
			return a, nil
		}
		// v = sub, stated on sub's arguments (smaller terms), so that
		// building it ends.
		v := &node{op: opVar, v: d.v}
		var eq *node
		if x := d.sub; x.op != opIte && !x.k.IsInt64() {
			return nil, errOverflow
		}
		switch x := d.sub; x.op {
		case opIte:
			eq = &node{op: opOr, boolT: true, args: []*node{
				{op: opAnd, boolT: true, args: []*node{x.args[0], {op: opEq, boolT: true, args: []*node{v, x.args[1]}}}},
				{op: opAnd, boolT: true, args: []*node{{op: opNot, boolT: true, args: x.args[:1]}, {op: opEq, boolT: true, args: []*node{v, x.args[2]}}}}}}
		case opDiv: // k·v ≤ t ≤ k·v + k − 1
			kv := mul(x.k, v)
			eq = &node{op: opAnd, boolT: true, args: []*node{
				{op: opLe, boolT: true, args: []*node{kv, x.args[0]}},
				{op: opLe, boolT: true, args: []*node{x.args[0], {op: opAdd, args: []*node{kv, num(x.k.Int64() - 1)}}}}}}
		default: // mod: ∃q: k·q + v = t, 0 ≤ v ≤ k − 1
			q := t.p.nvars
			t.p.nvars++
			body := &node{op: opAnd, boolT: true, args: []*node{
				{op: opEq, boolT: true, args: []*node{{op: opAdd, args: []*node{mul(x.k, &node{op: opVar, v: q}), v}}, x.args[0]}},
				{op: opLe, boolT: true, args: []*node{num(0), v}},
				{op: opLe, boolT: true, args: []*node{v, num(x.k.Int64() - 1)}}}}
			eq = &node{op: opExists, boolT: true, bound: []int{q}, args: []*node{body}}
		}
		da, err := t.formula(eq, false, nil)
		if err != nil {
			return nil, err
		}
		if a, err = product(a, da, true, t.bg); err != nil {
			return nil, err
		}
		t.note(a)
		if a, err = a.project(d.v, t.bg); err != nil {
			return nil, err
		}
		t.note(a)
	}
	return a, nil
}

// pieces splits a term into its cases. memo keeps one set of fresh
// variables per div or mod node within an atom.
func (t *translator) pieces(n *node, memo map[*node][]piece) ([]piece, error) {
	if ps, ok := memo[n]; ok {
		return ps, nil
	}
	var out []piece
	switch n.op {
	case opVar:
		out = []piece{{lin: varLin(n.v)}}
	case opNum:
		if !n.k.IsInt64() {
			return nil, errOverflow
		}
		out = []piece{{lin: constLin(n.k.Int64())}}
	case opAdd:
		out = []piece{{}}
		for _, a := range n.args {
			ps, err := t.pieces(a, memo)
			if err != nil {
				return nil, err
			}
			if len(out)*len(ps) > maxPieces {
				return nil, fmt.Errorf("%w (%d)", ErrTooManyCases, len(out)*len(ps))
			}
			var next []piece
			for _, x := range out {
				for _, y := range ps {
					lin, err := x.lin.plus(1, y.lin)
					if err != nil {
						return nil, err
					}
					next = append(next, piece{
						guards: append(slices.Clone(x.guards), y.guards...),
						lin:    lin,
						defs:   append(slices.Clone(x.defs), y.defs...),
						fresh:  union(x.fresh, y.fresh),
					})
				}
			}
			out = next
		}
	case opMul:
		if !n.k.IsInt64() {
			return nil, errOverflow
		}
		ps, err := t.pieces(n.args[0], memo)
		if err != nil {
			return nil, err
		}
		for _, p := range ps {
			lin, err := p.lin.scale(n.k.Int64())
			if err != nil {
				return nil, err
			}
			p.lin = lin
			out = append(out, p)
		}
	case opDiv, opMod:
		if !n.k.IsInt64() {
			return nil, errOverflow
		}
		k := n.k.Int64()
		ps, err := t.pieces(n.args[0], memo)
		if err != nil {
			return nil, err
		}
		for _, p := range ps {
			// q = div(l, k): k·q ≤ l ≤ k·q + k − 1.
			q := t.p.nvars
			t.p.nvars++
			ql := varLin(q)
			lo, err := ql.scale(k)
			if err != nil {
				return nil, err
			}
			lo, err = lo.plus(-1, p.lin) // k·q − l ≤ 0
			if err != nil {
				return nil, err
			}
			hi, err := lo.scale(-1) // l − k·q − (k − 1) ≤ 0
			if err != nil {
				return nil, err
			}
			if hi, err = hi.plus(1, constLin(-(k - 1))); err != nil {
				return nil, err
			}
			lin := ql
			if n.op == opMod {
				if lin, err = p.lin.plus(-k, ql); err != nil {
					return nil, err
				}
			}
			out = append(out, piece{
				guards: p.guards,
				lin:    lin,
				defs:   append(slices.Clone(p.defs), lo, hi),
				fresh:  union(p.fresh, []int{q}),
			})
		}
	case opIte:
		a, err := t.pieces(n.args[1], memo)
		if err != nil {
			return nil, err
		}
		b, err := t.pieces(n.args[2], memo)
		if err != nil {
			return nil, err
		}
		for _, p := range a {
			p.guards = append(slices.Clone(p.guards), lit{n.args[0], false})
			out = append(out, p)
		}
		for _, p := range b {
			p.guards = append(slices.Clone(p.guards), lit{n.args[0], true})
			out = append(out, p)
		}
	default:
		return nil, fmt.Errorf("presburger: a formula where a term belongs (op %d)", n.op)
	}
	if len(out) > maxPieces {
		return nil, fmt.Errorf("%w (%d)", ErrTooManyCases, len(out))
	}
	memo[n] = out
	return out, nil
}

// A Result is the decision of a problem.
type Result struct {
	Sat bool
	// Model gives a value to every declared constant the problem's
	// automaton reads (when Sat); the others may take any value and are
	// given 0.
	Model map[string]*big.Int
	// States is the most states any automaton of the decision reached.
	States int
	// CPU is the CPU time of the deciding thread (wall-clock time where
	// the kernel offers no thread clock).
	CPU time.Duration
}

// Decide decides an SMT-LIB script: is there a value of its declared
// constants that makes every assertion true? keep names the constants
// whose values the model must give (the others are projected as early as
// the formula allows); nil keeps every one.
func Decide(script string, keep []string, bg *Budget) (Result, error) {
	if bg == nil {
		bg = &Budget{}
	}
	// The thread's own CPU clock measures this decision alone.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	bg.cpu = threadCPU
	bg.start = threadCPU()
	res, err := decide(script, keep, bg)
	res.CPU = threadCPU() - bg.start
	return res, err
}

func decide(script string, keep []string, bg *Budget) (Result, error) {
	p, err := parseProblem(script)
	if err != nil {
		return Result{}, err
	}
	t := &translator{p: p, bg: bg, memo: map[memoKey]*automaton{}, free: map[*node][]int{}}
	var elim []int
	for i, name := range p.names {
		if keep != nil && !slices.Contains(keep, name) {
			elim = append(elim, i)
		}
	}
	all := &node{op: opAnd, args: p.asserts, boolT: true}
	a, err := t.formula(all, false, elim)
	if err != nil {
		return Result{States: t.largest}, err
	}
	res := Result{States: t.largest, Model: map[string]*big.Int{}}
	if a.isConst {
		res.Sat = a.konst
	} else if word, ok := a.shortest(); ok {
		res.Sat = true
		for v, x := range a.decode(word) {
			res.Model[p.names[v]] = x
		}
	}
	if res.Sat {
		for i, name := range p.names {
			if _, ok := res.Model[name]; !ok && (keep == nil || slices.Contains(keep, name)) && !slices.Contains(elim, i) {
				res.Model[name] = new(big.Int)
			}
		}
	}
	return res, nil
}
