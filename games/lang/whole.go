package lang

// Whole-position words (issue 35 item 3): terms of the whole position
// (sum of piles, sum of other piles, smallest pile, largest pile),
// conditions quantified over the other piles, consecutive piles on a line
// or a circle, and the non-linear amount sets square, power of E and
// multiple of a named pile. This file parses, prints and binds them;
// wholegen.go runs them.

import (
	"fmt"
	"math"
	"slices"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
)

func init() {
	for w := range wordSet(`square power sum smallest consecutive circle for every some`) {
		reserved[w] = true
	}
}

// WholeKind is a term of the whole position, read before the move.
type WholeKind int

const (
	WholeSum      WholeKind = iota // "sum of piles": tokens in all
	WholeSumOther                  // "sum of other piles": tokens in piles no part selects
	WholeSmallest                  // "smallest pile": the least pile
	WholeLargest                   // "largest pile": the greatest pile
)

func (k WholeKind) String() string {
	return [...]string{"sum of piles", "sum of other piles", "smallest pile", "largest pile"}[k]
}

// Whole is a term of the whole position in a move's condition.
type Whole struct {
	Pos  Pos
	Kind WholeKind
}

// Quant is "for every other pile NAME, COND" (Every) or "for some other
// pile NAME, COND": COND holds for every (some) pile no part of the move
// selects, NAME standing for its size. With no other pile, every holds
// and some does not.
type Quant struct {
	Pos     Pos
	Every   bool
	Name    string
	NamePos Pos
	Cond    Expr
}

func (e *Whole) exprPos() Pos { return e.Pos }
func (e *Quant) exprPos() Pos { return e.Pos }

func (e *Quant) String() string {
	q := "some"
	if e.Every {
		q = "every"
	}
	return "for " + q + " other pile " + e.Name + ", " + exprString(e.Cond, precOr)
}

// wholeAtom reads a whole-position term or a quantified condition where
// an operand may stand; ok is false when the next words are neither.
func (p *parser) wholeAtom(prec int) (x Expr, ok bool, err *Error) {
	t := p.peek()
	if t.kind != tIdent {
		return nil, false, nil
	}
	word := func(w string) *Error {
		_, err := p.expect(w)
		return err
	}
	switch t.text {
	case "sum":
		p.next()
		if err := word("of"); err != nil {
			return nil, true, err
		}
		k := WholeSum
		if p.accept("other") {
			k = WholeSumOther
		}
		return &Whole{Pos: t.pos, Kind: k}, true, word("piles")
	case "smallest":
		p.next()
		return &Whole{Pos: t.pos, Kind: WholeSmallest}, true, word("pile")
	case "largest":
		if n := p.peekAt(1); n.kind != tIdent || n.text != "pile" {
			return nil, false, nil
		}
		p.next()
		p.next()
		return &Whole{Pos: t.pos, Kind: WholeLargest}, true, nil
	case "for":
		if prec > precNot {
			return nil, true, p.fail("a number or a name (put a condition with for every/some in parentheses)")
		}
		p.next()
		q := &Quant{Pos: t.pos}
		switch {
		case p.accept("every"):
			q.Every = true
		case p.accept("some"):
		default:
			return nil, true, p.fail(`"every" or "some" after "for"`)
		}
		if err := word("other"); err != nil {
			return nil, true, err
		}
		if err := word("pile"); err != nil {
			return nil, true, err
		}
		n, err := p.name("a name for the other pile, such as q")
		if err != nil {
			return nil, true, err
		}
		q.Name, q.NamePos = n.text, n.pos
		if err := word(","); err != nil {
			return nil, true, err
		}
		if q.Cond, err = p.expr(precOr, false); err != nil {
			return nil, true, err
		}
		return q, true, nil
	}
	return nil, false, nil
}

// wholeAmount reads "square" or "power of E" into a; ok is false for
// every other amount.
func (p *parser) wholeAmount(a *Amount) (ok bool, err *Error) {
	switch {
	case p.accept("square"):
		a.Kind = AmountSquare
		return true, nil
	case p.accept("power"):
		a.Kind = AmountPower
		if _, err := p.expect("of"); err != nil {
			return true, err
		}
		a.A, err = p.expr(precAdd, true)
		return true, err
	}
	return false, nil
}

// circle reads "in a circle" after consecutive piles.
func (p *parser) circle(s *Select) *Error {
	if !s.Consecutive || !p.is("in") {
		return nil
	}
	p.next()
	for _, w := range []string{"a", "circle"} {
		if _, err := p.expect(w); err != nil {
			return err
		}
	}
	s.Circle = true
	return nil
}

func wholeAmountString(a *Amount) string {
	if a.Kind == AmountSquare {
		return "square"
	}
	return "power of " + amountExpr(a.A)
}

// Slots of the whole-position words, numbered apart from the others so
// that kinds added elsewhere never collide with them.
const (
	SlotSum       SlotKind = 100 + iota // sum of piles, before the move
	SlotSumOther                        // sum of the piles no part selects
	SlotSmallest                        // smallest pile, before the move
	SlotLargest                         // largest pile, before the move
	SlotQuant                           // 1 if the move's Quants[Index] holds, else 0
	SlotQuantPile                       // the pile Quants[Index] ranges over
)

// SetKind is a set of amounts that is not a residue class.
type SetKind int

const (
	SetLinear         SetKind = iota // Lo..Hi, ≡ Res (mod Mod) only
	SetSquare                        // squares 1, 4, 9, …
	SetPower                         // powers 1, Base, Base², …
	SetMultipleOfPile                // positive multiples of the size of part Of's pile
)

// Linear reports whether the amounts are a residue class in a range, as
// Lo, Hi, Mod and Res say (and Presburger).
func (s Amounts) Linear() bool { return s.Set == SetLinear }

// firstFor is the least amount of s (0 included where allowed), given
// v, the size of the pile a multiple-of-pile set names; ok is false when
// s has none.
func (s Amounts) firstFor(v int) (int, bool) {
	switch s.Set {
	case SetSquare, SetPower:
		return 1, true
	case SetMultipleOfPile:
		return v, v > 0
	}
	return s.First(0), true
}

// nextFor is the amount of s after a.
func (s Amounts) nextFor(a, v int) int {
	switch s.Set {
	case SetSquare:
		r := isqrt(a) + 1
		return r * r
	case SetPower:
		return a * s.Base
	case SetMultipleOfPile:
		return a + v
	}
	return a + s.Mod
}

// allowsFor reports whether a pile may lose a tokens, v as in firstFor.
func (s Amounts) allowsFor(a, v int) bool {
	if !s.Allows(a) {
		return false
	}
	switch s.Set {
	case SetSquare:
		r := isqrt(a)
		return r*r == a
	case SetPower:
		for a%s.Base == 0 {
			a /= s.Base
		}
		return a == 1
	case SetMultipleOfPile:
		return v > 0 && a%v == 0
	}
	return true
}

// isqrt is ⌊√a⌋ for a ≥ 0: the float root, corrected by one either way.
func isqrt(a int) int {
	r := int(math.Sqrt(float64(a)))
	for r*r > a {
		r--
	}
	for (r+1)*(r+1) <= a {
		r++
	}
	return r
}

// A BoundQuant is a quantified condition of a move: Cond, over the move's
// slots and Var (the other pile), holds for every (Every) or some pile no
// part selects; slot Slot is 1 when it does.
type BoundQuant struct {
	Every     bool
	Slot, Var int
	Cond      *formula.Expr
	cond      *formula.Compiled
}

// wholeBinder holds one move's whole-position slots while it is bound.
type wholeBinder struct {
	slots   map[Expr]int
	kinds   map[WholeKind]int
	quants  []BoundQuant
	inQuant bool
}

// wholeMove is what the compiled generator needs beyond the parts.
type wholeMove struct {
	// special: the move uses words only wholegen.go runs (consecutive
	// piles, non-linear sets, whole-position terms, quantifiers).
	special bool
	// skipZero[j]: a pile of part j losing nothing gives a follower the
	// part gives without that pile, so wgen tries positive amounts only
	// (take 0..c from each of 1..piles piles lists each follower once).
	skipZero []bool
	// bound, when not nil, bounds total from above: a term over slots
	// fixed before the move (piles, roles, whole terms), read from a
	// conjunct total <= T, total < T or total = T of the condition.
	bound *formula.Compiled
	// low, when not nil, bounds total from below, likewise (total >= T,
	// total > T, total = T).
	low    *formula.Compiled
	leasts []int
	// written, when not nil, is the move as written, before
	// countsFromTotal turned its condition into its pile count: what
	// the naive interpreter reads.
	written *BoundMove
}

// A Warning is a rule that is right but slower than it need be, with the
// faster spelling.
type Warning struct {
	File      string
	Line, Col int
	Msg       string
}

func (w *Warning) Error() string {
	e := &Error{File: w.File, Line: w.Line, Col: w.Col, Msg: w.Msg}
	return e.Error()
}

// wholeSlots gives each whole-position term and quantifier of m's
// condition its slot.
func (b *binder) wholeSlots(m *Move, bm *BoundMove) {
	b.wholeSlotsOf(m.Where, &bm.Slots)
}

// wholeSlotsOf gives each whole-position term and quantifier of cond
// (nil: none) a slot appended to slots, for b.term and b.cond to find: a
// condition outside a move (a terminal set) binds its terms so too.
func (b *binder) wholeSlotsOf(cond Expr, slots *[]Slot) {
	w := &wholeBinder{slots: map[Expr]int{}, kinds: map[WholeKind]int{}}
	b.whole = w
	nq := 0
	var walk func(e Expr)
	walk = func(e Expr) {
		switch e := e.(type) {
		case *Whole:
			s, ok := w.kinds[e.Kind]
			if !ok {
				s = len(*slots)
				w.kinds[e.Kind] = s
				*slots = append(*slots, Slot{Kind: SlotSum + SlotKind(e.Kind), Name: e.Kind.String()})
			}
			w.slots[e] = s
		case *Quant:
			w.slots[e] = len(*slots)
			*slots = append(*slots, Slot{Kind: SlotQuant, Name: e.String(), Index: nq},
				Slot{Kind: SlotQuantPile, Name: e.Name + " (" + e.String() + ")", Index: nq})
			nq++
			walk(e.Cond)
		case *Unary:
			walk(e.X)
		case *Binary:
			walk(e.X)
			walk(e.Y)
		case *Compare:
			for _, a := range e.Args {
				walk(a)
			}
		case *Call:
			for _, a := range e.Args {
				walk(a)
			}
		}
	}
	if cond != nil {
		walk(cond)
	}
}

func (b *binder) wholeTerm(e *Whole) (*formula.Expr, *Error) {
	if b.whole != nil {
		if s, ok := b.whole.slots[e]; ok {
			return formula.X(s), nil
		}
	}
	return nil, errAt(e.Pos, Check, "%s may be used in a move's condition only (after where)", e.Kind)
}

func (b *binder) quant(e *Quant, resolve func(*Ident) (*formula.Expr, *Error)) (*formula.Expr, *Error) {
	w := b.whole
	s, ok := w.slots[e]
	if !ok {
		return nil, errAt(e.Pos, Check, "%s may be used in a move's condition only (after where)", e.String())
	}
	if w.inQuant {
		return nil, errAt(e.Pos, Check, "a quantifier inside another (%s): grundy reads one level of for every/some", e.String())
	}
	if _, ok := b.params[e.Name]; ok {
		return nil, errAt(e.NamePos, Check, "%s names a parameter; give the other pile another name", e.Name)
	}
	if _, err := resolve(&Ident{Pos: e.NamePos, Name: e.Name}); err == nil {
		return nil, errAt(e.NamePos, Check, "%s is already a name of the move; give the other pile another name", e.Name)
	}
	inner := func(id *Ident) (*formula.Expr, *Error) {
		if id.Name == e.Name {
			return formula.X(s + 1), nil
		}
		return resolve(id)
	}
	w.inQuant = true
	c, err := b.cond(e.Cond, inner)
	w.inQuant = false
	if err != nil {
		return nil, err
	}
	w.quants = append(w.quants, BoundQuant{Every: e.Every, Slot: s, Var: s + 1, Cond: c, cond: c.Compile()})
	return formula.Eq(formula.X(s), formula.C(1)), nil
}

// wholeAmounts binds an amount: square, power of E and multiple of a
// pile the move names here, every other through amounts.
func (b *binder) wholeAmounts(m *Move, a *Amount) (Amounts, *Error) {
	s := Amounts{Lo: 1, Hi: -1, Mod: 1}
	if b.f.PilesAny && (a.Kind == AmountSquare || a.Kind == AmountPower) {
		// The take-and-break generators and sequence solvers read an
		// amount as a residue class in a range.
		return s, errAt(a.Pos, Check, "%s with piles any: a take-and-break move takes a residue class of amounts (write the rule for a pile count: piles at least 1)", amountString(a))
	}
	switch a.Kind {
	case AmountSquare:
		s.Set = SetSquare
		return s, nil
	case AmountPower:
		e, err := b.constInt(a.A, "a power's base")
		if err != nil {
			return s, err
		}
		if e < 2 {
			return s, errAt(a.A.exprPos(), Check, "power of %d: the base must be at least 2 (power of 1 is only 1: write 1)", e)
		}
		s.Set, s.Base = SetPower, e
		return s, nil
	case AmountMultiple:
		id, ok := a.A.(*Ident)
		if !ok {
			break
		}
		if _, isParam := b.params[id.Name]; isParam {
			break
		}
		for j, pt := range m.Take {
			if pt.From.Name == id.Name && b.f.PilesAny {
				return s, errAt(a.Pos, Check, "multiple of %s with piles any: a take-and-break move takes a residue class of amounts (write the rule for a pile count: piles at least 2)", id.Name)
			}
			if pt.From.Name == id.Name {
				s.Set, s.Of = SetMultipleOfPile, j
				return s, nil
			}
		}
		return s, errAt(id.Pos, Check, "multiple of %s: %s is neither a parameter nor a pile this move names (name one: one other pile %s)", id.Name, id.Name, id.Name)
	}
	return b.amounts(a)
}

// wholeBound finishes a move's whole-position words: its quantifiers,
// consecutive parts, and the bound on total the condition implies.
func (b *binder) wholeBound(m *Move, bm *BoundMove) {
	wm := &wholeMove{}
	if b.whole != nil {
		bm.Quants, b.whole = b.whole.quants, nil
	}
	for _, s := range bm.Slots {
		wm.special = wm.special || s.Kind >= SlotSum
	}
	for j, pt := range m.Take {
		bm.Parts[j].Consecutive, bm.Parts[j].Circle = pt.From.Consecutive, pt.From.Circle
		wm.special = wm.special || pt.From.Consecutive || !bm.Parts[j].Amounts.Linear()
	}
	wm.written = countsFromTotal(bm)
	wm.skipZero = skipZero(bm)
	wm.leasts = leasts(bm)
	for j, skip := range wm.skipZero {
		if skip {
			wm.leasts[j] = bm.Parts[j].Amounts.First(1)
		}
	}
	if bm.Where != nil {
		u, l := totalBounds(bm)
		if l != nil {
			wm.low = l.Compile()
		}
		if u != nil {
			wm.bound = u.Compile()
		} else if mentions(bm, SlotTotal) && b.manyAmounts(bm) {
			b.r.Warnings = append(b.r.Warnings, &Warning{File: b.f.Origin, Line: m.Where.exprPos().Line, Col: m.Where.exprPos().Col,
				Msg: "the condition bounds total from above in no conjunct total <= C, total < C or total = C (C of the parameters, piles, roles and the whole position's terms), so every amount of every pile is tried before the condition: add such a conjunct, or bound the amounts (take 0..C from …), and grundy bounds the amounts by it"})
		}
	}
	bm.whole = wm
}

// consecutive reports whether a part of the move takes consecutive
// piles, which orders the piles.
func (bm *BoundMove) consecutive() bool {
	for _, p := range bm.Parts {
		if p.Consecutive {
			return true
		}
	}
	return false
}

// totalBounds reads an upper and a lower bound on total from the
// conjuncts of the condition, each nil when there is none.
func totalBounds(bm *BoundMove) (upper, lower *formula.Expr) {
	total := -1
	for i, s := range bm.Slots {
		if s.Kind == SlotTotal {
			total = i
		}
	}
	isTotal := func(e *formula.Expr) bool { return e.Op == formula.OpVar && e.Var == total }
	fixed := func(e *formula.Expr) bool {
		ok := true
		var walk func(e *formula.Expr)
		walk = func(e *formula.Expr) {
			if e.Op == formula.OpVar {
				switch bm.Slots[e.Var].Kind {
				case SlotPiles, SlotRole, SlotSum, SlotSmallest, SlotLargest:
				default:
					ok = false
				}
			}
			for _, a := range e.Args {
				walk(a)
			}
		}
		walk(e)
		return ok
	}
	var ups, lows []*formula.Expr
	for _, c := range conjuncts(bm.Where) {
		if len(c.Args) != 2 {
			continue
		}
		x, y := c.Args[0], c.Args[1]
		switch {
		case c.Op == formula.OpEq && isTotal(x) && fixed(y):
			ups, lows = append(ups, y), append(lows, y)
		case c.Op == formula.OpEq && isTotal(y) && fixed(x):
			ups, lows = append(ups, x), append(lows, x)
		case c.Op == formula.OpLe && isTotal(x) && fixed(y):
			ups = append(ups, y)
		case c.Op == formula.OpLt && isTotal(x) && fixed(y):
			ups = append(ups, formula.Sub(y, formula.C(1)))
		case c.Op == formula.OpLe && isTotal(y) && fixed(x):
			lows = append(lows, x)
		case c.Op == formula.OpLt && isTotal(y) && fixed(x):
			lows = append(lows, formula.Add(x, formula.C(1)))
		}
	}
	switch len(ups) {
	case 0:
	case 1:
		upper = ups[0]
	default:
		upper = formula.Min(ups...)
	}
	switch len(lows) {
	case 0:
	case 1:
		lower = lows[0]
	default:
		lower = formula.Max(lows...)
	}
	return upper, lower
}

// mentions reports whether the move's condition reads a slot of kind k.
func mentions(bm *BoundMove, k SlotKind) bool {
	found := false
	var walk func(e *formula.Expr)
	walk = func(e *formula.Expr) {
		if e.Op == formula.OpVar && bm.Slots[e.Var].Kind == k {
			found = true
		}
		for _, a := range e.Args {
			walk(a)
		}
	}
	walk(bm.Where)
	for _, q := range bm.Quants {
		walk(q.Cond)
	}
	return found
}

// manyAmounts reports whether a part chooses unbounded amounts pile by
// pile for more than one pile: the product a condition on total cuts.
func (b *binder) manyAmounts(bm *BoundMove) bool {
	for _, p := range bm.Parts {
		if p.Select == SelectEach && p.AmountSlot < 0 && p.Amounts.Hi < 0 && (p.Hi == nil || p.Hi.Op != formula.OpConst || p.Hi.Const.Cmp(formula.C(1).Const) > 0) {
			return true
		}
	}
	return false
}

// NotPresburger is the error for a rule whose moves leave Presburger
// arithmetic, so that no SMT encoding of them exists: Construct names the
// word (square, power of 2, multiple of q, a ⋆ move), at its place in
// the file when it has one.
type NotPresburger struct {
	File      string
	Line, Col int
	Construct string
}

func (e *NotPresburger) Error() string {
	where := ""
	if e.Line > 0 {
		where = fmt.Sprintf(" (%s%d:%d)", map[bool]string{true: e.File + ":", false: ""}[e.File != ""], e.Line, e.Col)
	}
	return "not Presburger: " + e.Construct + where
}

func (e *NotPresburger) Unwrap() error { return ErrNotPresburger }

// Presburger reports, as a *NotPresburger, the first word of r outside
// Presburger arithmetic; nil when every move is Presburger for a fixed
// pile count (the whole position's terms, quantifiers over the other
// piles and consecutive piles are: they unfold into sums, minima and
// finite conjunctions once the piles are counted).
func (r *Rule) Presburger() error {
	if err := r.breakingNotPresburger(); err != nil {
		return err
	}
	if err := r.pstarNotPresburger(); err != nil {
		return err
	}
	for i, m := range r.Moves {
		for j, p := range m.Parts {
			if p.Amounts.Linear() {
				continue
			}
			e := &NotPresburger{File: r.File.Origin, Construct: "a non-linear amount"}
			if i < len(r.File.Moves) && j < len(r.File.Moves[i].Take) {
				a := r.File.Moves[i].Take[j].Amount
				e.Line, e.Col, e.Construct = a.Pos.Line, a.Pos.Col, "the amount "+amountString(a)
				if p.Amounts.Set == SetMultipleOfPile {
					e.Construct += " (a multiple of a pile is a product of two variables)"
				}
			}
			return e
		}
	}
	return nil
}

// countsFromTotal rewrites a move of one part taking exactly c tokens
// from each of its piles, whose condition only bounds total by terms of
// piles, as the pile count the bounds allow: total is c times the count,
// so "take 1 from each of 1..piles piles, where total = k" is "take 1
// from each of k..k piles" and gets that rule's solvers (unit
// decrements). The condition is then implied, and dropped.
func countsFromTotal(bm *BoundMove) (written *BoundMove) {
	if bm.Where == nil || len(bm.Parts) != 1 {
		return nil
	}
	p := &bm.Parts[0]
	s := p.Amounts
	if p.Select != SelectEach || p.Consecutive || p.AmountSlot >= 0 || p.PileSlot >= 0 || !s.Linear() || s.Lo != s.Hi || s.Lo < 1 {
		return nil
	}
	for _, c := range conjuncts(bm.Where) {
		if len(c.Args) != 2 || c.Op != formula.OpLe && c.Op != formula.OpLt && c.Op != formula.OpEq {
			return nil
		}
		var total, other int
		for _, a := range c.Args {
			vars(a, func(v int) {
				switch bm.Slots[v].Kind {
				case SlotTotal:
					total++
				case SlotPiles:
				default:
					other++
				}
			})
		}
		x, y := c.Args[0], c.Args[1]
		isTotal := func(e *formula.Expr) bool { return e.Op == formula.OpVar && bm.Slots[e.Var].Kind == SlotTotal }
		if other > 0 || total != 1 || !isTotal(x) && !isTotal(y) {
			return nil
		}
	}
	w := *bm
	w.Parts = slices.Clone(bm.Parts)
	upper, lower := totalBounds(bm)
	amt := int64(s.Lo)
	if upper != nil {
		hi := formula.Div(upper, amt)
		if p.Hi != nil {
			hi = formula.Min(p.Hi, hi)
		}
		p.Hi = hi
	}
	if lower != nil {
		p.Lo = formula.Max(p.Lo, formula.Div(formula.Add(lower, formula.C(amt-1)), amt))
	}
	bm.Where, bm.where = nil, nil
	return &w
}

// written is the move as its line says it, for the naive interpreter.
func (bm *BoundMove) written() *BoundMove {
	if bm.whole != nil && bm.whole.written != nil {
		return bm.whole.written
	}
	return bm
}

// vars calls f with each variable of e.
func vars(e *formula.Expr, f func(int)) {
	if e.Op == formula.OpVar {
		f(e.Var)
	}
	for _, a := range e.Args {
		vars(a, f)
	}
}

// terminalWhole binds the whole position's terms of a terminal condition
// into slots; the other piles and the quantifiers over them speak of a
// move, which a terminal set has none of, and are refused.
func (b *binder) terminalWhole(cond Expr, slots *[]Slot) *Error {
	from := len(*slots)
	b.wholeSlotsOf(cond, slots)
	for _, s := range (*slots)[from:] {
		if s.Kind == SlotSumOther || s.Kind == SlotQuant {
			for e := range b.whole.slots {
				if w, ok := e.(*Whole); ok && w.Kind == WholeSumOther {
					return errAt(w.Pos, Check, "sum of other piles in a terminal condition: the other piles are those a move does not take from, and a terminal set has no move (sum of piles, smallest pile and largest pile speak of the position)")
				}
				if q, ok := e.(*Quant); ok {
					return errAt(q.Pos, Check, "%s in a terminal condition: the other piles are those a move does not take from, and a terminal set has no move", q.String())
				}
			}
		}
	}
	return nil
}

// naivePositionTerm is a term of the whole position, by its definition.
func naivePositionTerm(k SlotKind, p grundy.Position) int {
	v := 0
	for i, x := range p {
		switch {
		case k == SlotSum:
			v += x
		case k == SlotSmallest && (i == 0 || x < v):
			v = x
		case k == SlotLargest && x > v:
			v = x
		}
	}
	return v
}

// PositionTermAt is a term of the whole position (SlotSum, SlotSmallest,
// SlotLargest) over the piles x, for the prover.
func PositionTermAt(k SlotKind, x []*formula.Expr) *formula.Expr {
	switch k {
	case SlotSmallest:
		return formula.Min(x...)
	case SlotLargest:
		return formula.Max(x...)
	}
	return formula.Add(append([]*formula.Expr{formula.C(0)}, x...)...)
}

// skipZero reports, by part, whether a pile of the part that loses
// nothing may be left out of the part instead: the part is anonymous
// piles of a residue class that includes 0, in no particular place
// (not consecutive, not largest); the condition does not read which
// piles the move selects (no sum of other piles, no quantifier); and
// the smaller selection is still allowed — the part's least count is
// 0, or 1 in a move of one part, where selecting no pile takes nothing
// and is no move anyway.
func skipZero(bm *BoundMove) []bool {
	out := make([]bool, len(bm.Parts))
	if bm.Where != nil && (len(bm.Quants) > 0 || mentions(bm, SlotSumOther)) {
		return out
	}
	for j, p := range bm.Parts {
		lo, ok := constOf(p.Lo)
		out[j] = p.Select == SelectEach && !p.Consecutive && !p.Largest && p.AmountSlot < 0 &&
			p.Amounts.Linear() && p.Amounts.First(0) == 0 && ok && (lo <= 0 || lo <= 1 && len(bm.Parts) == 1)
	}
	return out
}
