package symbolic

import (
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/lang"
)

// A Branch is one kind of move, symbolically: for a canonical position
// x = (x_0 … x_{n−1}) (variables 0 … n−1) and integer move variables
// m_0 … m_{Aux−1} (variables n … n+Aux−1), the move is legal iff Guard
// holds, and it leads to the canonical position To. Every canonical
// follower of x is To for some branch and some move variables, and every
// To with Guard true is a follower: the encoding admits exactly the
// ruleset's moves (TestEncodingMatchesOptions compares them on boxes).
type Branch struct {
	Desc  string
	Aux   int
	Guard *formula.Expr
	To    []*formula.Expr
	// Raw, when not nil, is the follower before its interchangeable piles
	// were sorted: the same multiset as To, for formulas symmetric in
	// those piles (Symmetric), which need no sorting network.
	Raw []*formula.Expr
}

// Moves is the symbolic move relation of a ruleset on n piles.
type Moves struct {
	N int
	// From is the first interchangeable pile: piles From … N−1 may be
	// permuted freely (grundy.SymmetricFrom), and canonical positions
	// have them sorted.
	From int
	// Domain says x is a canonical position: non-negative piles, the
	// interchangeable ones sorted ascending.
	Domain   *formula.Expr
	Branches []Branch
	// Eliminate says each branch's guard and followers are linear in its
	// move variables (up to the min and max of sorting) and the game's
	// claimed sets are unions of rays, so that the prover should replace
	// "no move of the branch leads into the set" by a quantifier-free
	// equivalent (proof/smt/eliminate.go) instead of quantifying the move:
	// set for 002's Wythoff family, whose absorption obligations solvers
	// decide only that way in seconds.
	Eliminate bool
}

// ErrNoEncoding is wrapped by the error for a ruleset whose moves Encode
// cannot describe (fdg, rule files): its claims cannot be sent to a solver.
var ErrNoEncoding = errors.New("no symbolic move encoding")

// Encode describes the moves of r on n piles symbolically. The rulesets
// are known by type here, not through an interface in package grundy: the
// encodings are the prover's business, and TestEncodingMatchesOptions
// ties each to the ruleset's own move generator.
func Encode(r grundy.Ruleset, n int) (*Moves, error) {
	if err := r.Validate(make(grundy.Position, n)); err != nil {
		return nil, err
	}
	if grundy.PileCountChanges(r) {
		// A move of n piles may lead to n−1, n+1 or n+2: no relation on
		// n-tuples says it.
		return nil, fmt.Errorf("%w for %s: not Presburger: take-and-break moves (leaving, split, octal) change the number of piles", ErrNoEncoding, r.Name())
	}
	from := grundy.SymmetricFrom(r, n)
	m := &Moves{N: n, From: from, Domain: domain(n, from)}
	x := Vars(n)
	if c, ok := lang.Compiled(r); ok {
		if err := c.Rule().Presburger(); err != nil {
			return nil, fmt.Errorf("%w (%w for %s)", err, ErrNoEncoding, r.Name())
		}
		m.Branches = ruleBranches(c.Rule(), x, from)
		return m, nil
	}
	switch g := r.(type) {
	case games.Nim:
		for i := range n {
			m.Branches = append(m.Branches, singlePile(x, i, from, nil)...)
		}
	case games.Bounded:
		for i := range n {
			m.Branches = append(m.Branches, singlePile(x, i, from, upTo(g.K))...)
		}
	case games.Greedy:
		// A largest pile of a sorted position is the last; taking from
		// another largest pile gives the same multiset.
		var lim func(a *formula.Expr) *formula.Expr
		if g.K > 0 {
			lim = upTo(g.K)
		}
		m.Branches = singlePile(x, n-1, from, lim)
	case games.Slow:
		lo, hi := g.UnitDecrementRange(n)
		m.Branches = unitDecrements(x, lo, hi)
	case games.Moore:
		m.Branches = countedReductions(x, 1, g.K)
	case games.Exact:
		m.Branches = countedReductions(x, g.K, g.K)
	case games.ExcoNim:
		m.Branches = subsetReductions(x, 1, 0, n-2, true)
	case games.Wythoff:
		m.Branches = wythoff(x, g, from == 0)
		m.Eliminate = true
	default:
		// A family with no encoding of its own is encoded from its rule
		// (games.RuleOf), as a user's rule file is.
		rule, ok := games.RuleOf(r)
		if !ok {
			return nil, fmt.Errorf("%w for %s", ErrNoEncoding, r.Name())
		}
		if err := rule.Presburger(); err != nil {
			return nil, fmt.Errorf("%w (%w for %s)", err, ErrNoEncoding, r.Name())
		}
		m.Branches = ruleBranches(rule, x, from)
	}
	return m, nil
}

// Vars are the pile variables x_0 … x_{n−1}.
func Vars(n int) []*formula.Expr {
	x := make([]*formula.Expr, n)
	for i := range x {
		x[i] = formula.X(i)
	}
	return x
}

func domain(n, from int) *formula.Expr {
	var parts []*formula.Expr
	for i := range n {
		parts = append(parts, formula.Ge(formula.X(i), formula.C(0)))
		if i > from {
			parts = append(parts, formula.Le(formula.X(i-1), formula.X(i)))
		}
	}
	return formula.And(parts...)
}

func upTo(k int) func(a *formula.Expr) *formula.Expr {
	return func(a *formula.Expr) *formula.Expr { return formula.Le(a, formula.C(int64(k))) }
}

// singlePile lets a move take a tokens (variable n) from pile i, with
// allowed(a) restricting the amount. When pile i is among the sorted piles
// x[from:], the new value v = x_i − a is inserted where it keeps the
// position sorted: one branch per landing place j ≤ i, guarded by
// x_{j−1} ≤ v ≤ x_j, with x_j … x_{i−1} shifted up one place. Ties give
// the same position from two branches, which is harmless.
func singlePile(x []*formula.Expr, i, from int, allowed func(a *formula.Expr) *formula.Expr) []Branch {
	n := len(x)
	a := formula.X(n)
	v := formula.Sub(x[i], a)
	base := []*formula.Expr{formula.Ge(a, formula.C(1)), formula.Le(a, x[i])}
	if allowed != nil {
		base = append(base, allowed(a))
	}
	if i < from {
		to := append([]*formula.Expr(nil), x...)
		to[i] = v
		return []Branch{{Desc: fmt.Sprintf("take a from pile %d", i+1), Aux: 1, Guard: formula.And(base...), To: to}}
	}
	var out []Branch
	for j := from; j <= i; j++ {
		guard := append([]*formula.Expr(nil), base...)
		if j > from {
			guard = append(guard, formula.Le(x[j-1], v))
		}
		if j < i {
			guard = append(guard, formula.Le(v, x[j]))
		}
		to := make([]*formula.Expr, 0, n)
		to = append(to, x[:j]...)
		to = append(to, v)
		to = append(to, x[j:i]...)
		to = append(to, x[i+1:]...)
		out = append(out, Branch{Desc: fmt.Sprintf("take a from pile %d, landing at place %d", i+1, j+1),
			Aux: 1, Guard: formula.And(guard...), To: to})
	}
	return out
}

// unitDecrements is the finite set of difference vectors of a slow game:
// d ∈ {0,1}^n with lo ≤ |d| ≤ hi, applied to sorted x when x − d is still
// non-negative and sorted. That canonical choice (within a run of equal
// piles, decrement the first ones) reaches every multiset follower: the
// sorted follower of decrementing j piles of a run of value v is j copies
// of v−1 followed by the rest of the run, which is x − d for d the first j
// of the run, and x − d stays sorted across runs because the runs' values
// differ by at least one.
func unitDecrements(x []*formula.Expr, lo, hi int) []Branch {
	n := len(x)
	var out []Branch
	for mask := 1; mask < 1<<n; mask++ {
		size := 0
		for i := range n {
			size += mask >> i & 1
		}
		if size < lo || size > hi {
			continue
		}
		to := make([]*formula.Expr, n)
		var guard []*formula.Expr
		var desc []int
		for i := range n {
			if mask>>i&1 == 1 {
				to[i] = formula.Sub(x[i], formula.C(1))
				guard = append(guard, formula.Ge(x[i], formula.C(1)))
				desc = append(desc, i+1)
			} else {
				to[i] = x[i]
			}
		}
		for i := 1; i < n; i++ {
			if mask>>(i-1)&1 == 0 && mask>>i&1 == 1 {
				guard = append(guard, formula.Lt(x[i-1], x[i])) // x_{i−1} ≤ x_i − 1
			}
		}
		out = append(out, Branch{Desc: fmt.Sprintf("one token from piles %v", desc), Guard: formula.And(guard...), To: to})
	}
	return out
}

// subsetReductions reduces each pile of a subset of x[from:] of size lo…hi
// by a positive amount (one move variable per pile), then sorts x[from:]
// with a sorting network of min and max. With first, pile 0 (exco-nim's
// x0) also loses a ≥ 0 tokens (the last move variable), and the move must
// remove at least one token in all.
func subsetReductions(x []*formula.Expr, from, lo, hi int, first bool) []Branch {
	n := len(x)
	var out []Branch
	for mask := 0; mask < 1<<(n-from); mask++ {
		var chosen []int
		for i := from; i < n; i++ {
			if mask>>(i-from)&1 == 1 {
				chosen = append(chosen, i)
			}
		}
		if len(chosen) < lo || len(chosen) > hi {
			continue
		}
		to := append([]*formula.Expr(nil), x...)
		var guard []*formula.Expr
		for j, i := range chosen {
			a := formula.X(n + j)
			guard = append(guard, formula.Ge(a, formula.C(1)), formula.Le(a, x[i]))
			to[i] = formula.Sub(x[i], a)
		}
		aux := len(chosen)
		desc := fmt.Sprintf("reduce piles %v", plusOne(chosen))
		if first {
			a0 := formula.X(n + aux)
			aux++
			guard = append(guard, formula.Ge(a0, formula.C(0)), formula.Le(a0, x[0]))
			if len(chosen) == 0 {
				guard = append(guard, formula.Ge(a0, formula.C(1)))
			}
			to[0] = formula.Sub(x[0], a0)
			desc += " and x0"
		}
		if len(chosen) == 0 && !first {
			continue
		}
		sortNetwork(to[from:])
		out = append(out, Branch{Desc: desc, Aux: aux, Guard: formula.And(guard...), To: to})
	}
	return out
}

func plusOne(is []int) []int {
	out := make([]int, len(is))
	for i, v := range is {
		out[i] = v + 1
	}
	return out
}

// sortNetwork sorts terms ascending in place with odd–even transposition
// (n rounds of compare-exchange, n(n−1)/2 comparators).
func sortNetwork(ts []*formula.Expr) {
	for round := range len(ts) {
		for i := round % 2; i+1 < len(ts); i += 2 {
			a, b := ts[i], ts[i+1]
			ts[i], ts[i+1] = formula.Min(a, b), formula.Max(a, b)
		}
	}
}

// wythoff encodes 002 eq. (1) and its restrictions: a single-pile move of
// an allowed amount, or k > 0 from one pile and l ≥ k from the other with
// l − k < (s−1)k + t (both multiples of K in Γ_K), either pile losing l.
func wythoff(x []*formula.Expr, w games.Wythoff, symmetric bool) []Branch {
	from := 2
	if symmetric {
		from = 0
	}
	var out []Branch
	for i := range 2 {
		amt := w.Single[i]
		out = append(out, singlePile(x, i, from, func(a *formula.Expr) *formula.Expr { return allows(amt, a) })...)
	}
	k, l := formula.X(2), formula.X(3)
	base := []*formula.Expr{
		formula.Ge(k, formula.C(1)), formula.Le(k, l),
		formula.Lt(formula.Sub(l, k), formula.Add(formula.Mul(int64(w.S-1), k), formula.C(int64(w.T)))),
	}
	if w.DiagonalK > 1 {
		base = append(base, multipleOf(k, w.DiagonalK), multipleOf(l, w.DiagonalK))
	}
	for _, lFrom := range []int{1, 0} {
		take := [2]*formula.Expr{k, l}
		if lFrom == 0 {
			take = [2]*formula.Expr{l, k}
		}
		guard := append(append([]*formula.Expr(nil), base...), formula.Le(take[0], x[0]), formula.Le(take[1], x[1]))
		to := []*formula.Expr{formula.Sub(x[0], take[0]), formula.Sub(x[1], take[1])}
		if symmetric {
			sortNetwork(to)
		}
		out = append(out, Branch{Desc: fmt.Sprintf("k from one pile, l ≥ k from pile %d", lFrom+1), Aux: 2, Guard: formula.And(guard...), To: to})
	}
	return out
}

func multipleOf(a *formula.Expr, k int) *formula.Expr {
	return formula.Eq(formula.Mod(a, int64(k)), formula.C(0))
}

// allows is games.Amounts.Allows as a formula.
func allows(am games.Amounts, a *formula.Expr) *formula.Expr {
	switch am.Kind {
	case games.Odd:
		return formula.Odd(a)
	case games.Even:
		return formula.Even(a)
	case games.Multiple:
		return multipleOf(a, am.K)
	case games.OneMod:
		return formula.Eq(formula.Mod(a, int64(am.K)), formula.C(int64(1%am.K)))
	case games.MinusOneMod:
		return formula.Eq(formula.Mod(a, int64(am.K)), formula.C(int64((am.K-1)%am.K)))
	}
	return formula.True()
}

// Followers evaluates the encoding at a concrete position: every To of a
// branch whose guard holds for some move variables in 0…bound. It is the
// encoding's meaning, independent of any solver, used to test it against
// the ruleset's own moves.
func (m *Moves) Followers(p grundy.Position, bound int) []grundy.Position {
	var out []grundy.Position
	for _, b := range m.Branches {
		env := make([]*big.Int, m.N+b.Aux)
		for i, x := range p {
			env[i] = big.NewInt(int64(x))
		}
		var rec func(j int)
		rec = func(j int) {
			if j == b.Aux {
				if !b.Guard.Bool(env) {
					return
				}
				q := make(grundy.Position, m.N)
				for i, t := range b.To {
					q[i] = int(t.Int(env).Int64())
				}
				out = append(out, q)
				return
			}
			for v := 0; v <= bound; v++ {
				env[m.N+j] = big.NewInt(int64(v))
				rec(j + 1)
			}
		}
		rec(0)
	}
	return out
}

// ruleBranches derives the encoding from a rule's text (package lang),
// with no Go written for the ruleset: one branch per move and per
// assignment of concrete piles to its parts. Each amount is a move
// variable (one per part when the part names it, else one per pile),
// guarded by its set (at least Lo, at most Hi, ≡ Res mod Mod) and by its
// pile; a largest part's piles are at least every other pile; the move
// removes at least one token; the move's condition holds with its names
// replaced by the piles, amounts and counts they stand for. The follower
// is x minus the amounts, its interchangeable piles sorted by a network.
// A subtract move is one branch per difference vector.
func ruleBranches(r *lang.Rule, x []*formula.Expr, from int) []Branch {
	n := len(x)
	var out []Branch
	sorted := func(to []*formula.Expr) []*formula.Expr {
		if from < n {
			sortNetwork(to[from:])
		}
		return to
	}
	for mi, m := range r.Moves {
		if m.Parts == nil {
			for _, v := range m.Vectors {
				var guard []*formula.Expr
				to := make([]*formula.Expr, n)
				for i, d := range v {
					guard = append(guard, formula.Ge(x[i], formula.C(int64(d))))
					to[i] = formula.Sub(x[i], formula.C(int64(d)))
				}
				out = append(out, Branch{Desc: fmt.Sprintf("move %d: subtract %v", mi+1, v), Guard: formula.And(guard...), To: sorted(to)})
			}
			continue
		}
		owner := make([]int, n)
		var rec func(i int)
		rec = func(i int) {
			if i < n {
				for o := -1; o < len(m.Parts); o++ {
					owner[i] = o
					rec(i + 1)
				}
				return
			}
			for _, b := range ruleBranch(m, x, owner, mi) {
				b.To = sorted(b.To)
				out = append(out, b)
			}
		}
		rec(0)
	}
	// A terminal set ("terminal where …") has no moves: every branch is
	// guarded by the position lying outside it.
	if t := r.TerminalAt(x); t != nil {
		for i := range out {
			out[i].Guard = formula.And(formula.Not(t), out[i].Guard)
		}
	}
	return out
}

// ruleBranch encodes one move with owner[i] the part pile i belongs to
// (−1: none): none when the assignment breaks a part's selection, one
// branch, or, for a move splitting the rest, one per set of piles dealt.
func ruleBranch(m *lang.BoundMove, x []*formula.Expr, owner []int, mi int) []Branch {
	n := len(x)
	piles := make([][]int, len(m.Parts))
	for i, o := range owner {
		if o >= 0 {
			piles[o] = append(piles[o], i)
		}
	}
	var guard []*formula.Expr
	take := make([]*formula.Expr, n)
	mayBeZero := make([]bool, n)
	slotVal := make([]*formula.Expr, len(m.Slots))
	aux := 0
	nv := big.NewInt(int64(n))
	for j, pt := range m.Parts {
		ps := piles[j]
		switch pt.Select {
		case lang.SelectIndex, lang.SelectRole:
			if len(ps) != 1 || ps[0] != pt.Index {
				return nil
			}
		default:
			if pt.Lo.Int([]*big.Int{nv}).Cmp(big.NewInt(int64(len(ps)))) > 0 ||
				pt.Hi != nil && pt.Hi.Int([]*big.Int{nv}).Cmp(big.NewInt(int64(len(ps)))) < 0 ||
				pt.Consecutive && !lang.Block(ps, n, pt.Circle) {
				return nil
			}
		}
		if pt.Largest {
			for _, i := range ps {
				for o := range n {
					if owner[o] != j {
						guard = append(guard, formula.Le(x[o], x[i]))
					}
				}
			}
		}
		amount := func() *formula.Expr {
			a := formula.X(n + aux)
			aux++
			s := pt.Amounts
			guard = append(guard, formula.Ge(a, formula.C(int64(s.Lo))))
			if s.Hi >= 0 {
				guard = append(guard, formula.Le(a, formula.C(int64(s.Hi))))
			}
			if s.Mod > 1 {
				guard = append(guard, formula.Eq(formula.Mod(a, int64(s.Mod)), formula.C(int64(s.Res))))
			}
			return a
		}
		var named *formula.Expr
		if pt.AmountSlot >= 0 {
			if len(ps) > 0 {
				named = amount()
			} else {
				named = formula.C(0)
			}
			slotVal[pt.AmountSlot] = named
		}
		for _, i := range ps {
			a := named
			if a == nil {
				a = amount()
			}
			guard = append(guard, formula.Le(a, x[i]))
			take[i] = a
			mayBeZero[i] = pt.Amounts.Lo < 1
		}
		if pt.PileSlot >= 0 {
			slotVal[pt.PileSlot] = formula.C(0)
			if len(ps) > 0 {
				slotVal[pt.PileSlot] = x[ps[0]]
			}
		}
	}
	var terms []*formula.Expr
	to := make([]*formula.Expr, n)
	for i := range n {
		to[i] = x[i]
		if take[i] != nil {
			terms = append(terms, take[i])
			to[i] = formula.Sub(x[i], take[i])
		}
	}
	if len(terms) == 0 {
		return nil
	}
	total := formula.Add(terms...)
	guard = append(guard, formula.Ge(total, formula.C(1)))
	if m.Where != nil {
		for s, sl := range m.Slots {
			switch sl.Kind {
			case lang.SlotPiles:
				slotVal[s] = formula.C(int64(n))
			case lang.SlotTotal:
				slotVal[s] = total
			case lang.SlotRole:
				slotVal[s] = x[sl.Index]
			}
		}
		wholeSlots(m, x, owner, slotVal)
		guard = append(guard, Subst(m.Where, slotVal))
	}
	b := Branch{Desc: fmt.Sprintf("move %d on piles %v", mi+1, owner), Aux: aux, Guard: formula.And(guard...), To: to}
	if !m.SplitRest {
		return []Branch{b}
	}
	return dealRest(b, take, mayBeZero, n)
}

// dealRest is a move splitting the rest (games/lang/splitrest.go), from its
// branch b that leaves x_i − a_i in each pile it takes a_i from: the
// piles that lose at least one token get new values summing to the rest,
// Σ (x_i − a_i) over those piles. Each dealt pile's rest is a move
// variable r_i = x_i − a_i and its new value a move variable d_i ≥ 0,
// with Σ d = Σ r: every equation then names few variables, which keeps
// the automata compiled from them (package automatic) small — a last
// value written Σ r − Σ d needs a guard Σ d ≤ Σ r whose automaton meets
// the equation's in one product, past the compiler's bounds over
// Tribonacci. A pile whose amount may be 0 (mayBeZero) is
// dealt or not by whether it lost a token, so such a move is one branch
// per subset of those piles, each guarding a_i ≥ 1 or a_i = 0: the dealt
// piles are exactly the rule's.
func dealRest(b Branch, take []*formula.Expr, mayBeZero []bool, n int) []Branch {
	var sure, maybe []int
	for i, a := range take {
		switch {
		case a == nil:
		case mayBeZero[i]:
			maybe = append(maybe, i)
		default:
			sure = append(sure, i)
		}
	}
	var out []Branch
	for mask := range 1 << len(maybe) {
		guard := []*formula.Expr{b.Guard}
		dealt := append([]int(nil), sure...)
		for j, i := range maybe {
			if mask>>j&1 == 1 {
				dealt = append(dealt, i)
				guard = append(guard, formula.Ge(take[i], formula.C(1)))
			} else {
				guard = append(guard, formula.Eq(take[i], formula.C(0)))
			}
		}
		if len(dealt) == 0 {
			// No pile loses a token: the move's "at least one token"
			// guard fails.
			continue
		}
		slices.Sort(dealt)
		to := append([]*formula.Expr(nil), b.To...)
		aux := b.Aux
		if len(dealt) > 1 {
			// One pile dealt keeps its rest, x_i − a_i, as To has it.
			var rest, parts []*formula.Expr
			for _, i := range dealt {
				r := formula.X(n + aux)
				aux++
				guard = append(guard, formula.Eq(r, b.To[i]))
				rest = append(rest, r)
			}
			for _, i := range dealt {
				d := formula.X(n + aux)
				aux++
				guard = append(guard, formula.Ge(d, formula.C(0)))
				to[i] = d
				parts = append(parts, d)
			}
			guard = append(guard, formula.Eq(formula.Add(parts...), formula.Add(rest...)))
		}
		out = append(out, Branch{Desc: fmt.Sprintf("%s, the rest dealt over piles %v", b.Desc, plusOne(dealt)),
			Aux: aux, Guard: formula.And(guard...), To: to})
	}
	return out
}
