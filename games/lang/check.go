package lang

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/grundy/grundy/formula"
)

// A Rule is a checked File with its parameters fixed: what the naive
// interpreter and the compiler read.
type Rule struct {
	File   *File
	Values []int // parameter values, in File.Params order
	// MinPiles and MaxPiles bound the piles of a position (MaxPiles −1:
	// no bound).
	MinPiles, MaxPiles int
	Moves              []*BoundMove
	// From is the first pile from which the rule treats piles as
	// interchangeable, or −1 if it never does (ordered difference
	// vectors): piles a role or a pile number names are distinguished.
	From int
	// Warnings are what the compiler could not speed up, with the faster
	// spelling (whole.go): the rule is right, but may be slow.
	Warnings []*Warning
	// Breaking: the rule says piles any; every move is one pile's, its
	// Breaks (split.go).
	Breaking bool
	// Terminal, for a rule with "terminal where" lines, is the condition
	// of the positions that have no move, over TerminalSlots (piles and
	// the roles); nil otherwise (terminal.go).
	Terminal      *formula.Expr
	TerminalSlots []Slot
	terminal      *formula.Compiled
}

// A BoundMove is one move line with its parameters fixed.
type BoundMove struct {
	Parts []BoundPart
	// Where is the move's condition over the slots Slots describes, or
	// nil; it is a formula of package formula, so the prover reads it as
	// it is.
	Where *formula.Expr
	Slots []Slot
	// Vectors are the differences of a subtract move, every arrangement
	// listed when the move says "any arrangement of".
	Vectors [][]int
	Arrange bool
	// PStar, for "subtract any P-position of GAME" (pstar.go), is GAME's
	// P-set on the rule's piles, and PStarGame GAME as written.
	PStar     PSet
	PStarGame string

	where *formula.Compiled
	lines []*formula.Compiled // of the parts' counts, by part: lo, hi

	// Quants are the quantified conditions of Where (whole.go), each
	// over the move's slots and its own SlotQuantPile.
	Quants []BoundQuant
	whole  *wholeMove
	// Breaks are what a move of a rule with piles any does to its pile
	// (split.go); nil otherwise.
	Breaks []Break
	// SplitRest: the move deals the rest of the piles it takes from
	// again among them (splitrest.go).
	SplitRest bool
}

// SlotKind is what a variable of a move's condition stands for.
type SlotKind int

const (
	SlotPiles  SlotKind = iota // number of piles of the position
	SlotTotal                  // tokens the move removes in all
	SlotRole                   // size of the role's pile before the move
	SlotAmount                 // tokens a part takes from each of its piles
	SlotPile                   // size of a part's pile before the move
)

// A Slot is one variable of a move's condition: formula.X(i) is Slots[i].
type Slot struct {
	Kind  SlotKind
	Name  string
	Index int // SlotRole: the pile (0-based); SlotAmount, SlotPile: the part
}

// A BoundPart is one part of a take move.
type BoundPart struct {
	Select  SelectKind
	Index   int // SelectIndex and SelectRole: the pile, 0-based
	Largest bool
	// Lo and Hi are the part's pile count as formulas of the number of
	// piles (variable 0); Hi nil means no bound. A single pile is 1..1.
	Lo, Hi     *formula.Expr
	Amounts    Amounts
	AmountSlot int // slot of the part's named amount, or −1
	PileSlot   int // slot of the part's named pile, or −1
	// Consecutive: the piles are adjacent in index order, Circle: the
	// last pile next to the first (whole.go).
	Consecutive, Circle bool
}

// Amounts are the numbers a ≥ Lo of tokens a pile may lose, a ≤ Hi when
// Hi ≥ 0, a ≡ Res (mod Mod). Mod is at least 1.
type Amounts struct {
	Lo, Hi   int
	Mod, Res int
	// Set, when not SetLinear, further restricts the amounts to a
	// non-linear set (whole.go): squares, powers of Base, or multiples
	// of the pile part Of names.
	Set  SetKind
	Base int
	Of   int
}

// Allows reports whether a pile may lose a tokens.
func (s Amounts) Allows(a int) bool {
	return a >= s.Lo && (s.Hi < 0 || a <= s.Hi) && a%s.Mod == s.Res
}

// First is the least allowed amount ≥ a (it may exceed Hi).
func (s Amounts) First(a int) int {
	a = max(a, s.Lo)
	return a + ((s.Res-a)%s.Mod+s.Mod)%s.Mod
}

// Count returns how many amounts a pile of x tokens may lose.
func (s Amounts) Count(x int) int {
	top := x
	if s.Hi >= 0 {
		top = min(top, s.Hi)
	}
	f := s.First(0)
	if f > top {
		return 0
	}
	return (top-f)/s.Mod + 1
}

// Check reports the first thing wrong with f under its parameters'
// defaults, or nil.
func (f *File) Check() error {
	if _, err := f.Bind(nil); err != nil {
		return err
	}
	for _, e := range f.Examples {
		params := map[string]int{}
		for _, v := range e.Values {
			if _, dup := params[v.Name]; dup {
				return &Error{File: f.Origin, Line: e.Pos.Line, Col: e.Pos.Col, Kind: Check, Msg: fmt.Sprintf("example gives %s twice", v.Name)}
			}
			params[v.Name] = v.Value
		}
		if _, err := f.Bind(params); err != nil {
			var rerr *Error
			if errors.As(err, &rerr) {
				// A parameter's error is the example line's; a move's
				// stays on its own line, said to be under the example.
				if rerr.Line == 0 {
					rerr.Line, rerr.Col, rerr.File = e.Pos.Line, e.Pos.Col, f.Origin
				}
				rerr.Msg = "under example " + e.Args() + ": " + rerr.Msg
			}
			return err
		}
	}
	return nil
}

// Bind checks f and fixes its parameters: the defaults, overridden by
// params. Errors are *Error.
func (f *File) Bind(params map[string]int) (*Rule, error) {
	r, err := f.bind(params)
	if err != nil {
		if err.Line > 0 {
			err.File = f.Origin
		}
		return nil, err
	}
	return r, nil
}

type binder struct {
	f      *File
	r      *Rule
	params map[string]int
	roles  map[string]*Role
	whole  *wholeBinder // the move's whole-position words (whole.go)
}

func (f *File) bind(params map[string]int) (*Rule, *Error) {
	if f.Name == "" {
		return nil, errAt(Pos{1, 1}, Check, "the rule has no ruleset line (ruleset NAME)")
	}
	b := &binder{f: f, r: &Rule{File: f}, params: map[string]int{}, roles: map[string]*Role{}}
	seen := map[string]Pos{}
	for _, p := range f.Params {
		if q, ok := seen[p.Name]; ok {
			return nil, errAt(p.Pos, Check, "parameter %s declared twice (first at line %d)", p.Name, q.Line)
		}
		seen[p.Name] = p.Pos
		if p.HasMax && p.Max < p.Min {
			return nil, errAt(p.Pos, Check, "parameter %s: empty domain %d..%d", p.Name, p.Min, p.Max)
		}
		if err := p.inDomain(p.Default); err != "" {
			return nil, errAt(p.Pos, Check, "parameter %s: default %d is %s", p.Name, p.Default, err)
		}
		b.params[p.Name] = p.Default
	}
	for _, name := range sortedKeys(params) {
		v := params[name]
		i := slices.IndexFunc(f.Params, func(p *ParamDecl) bool { return p.Name == name })
		if i < 0 {
			return nil, &Error{Kind: Param, Msg: fmt.Sprintf("unknown parameter %s (%s takes %s)", name, f.Name, f.paramNames())}
		}
		if err := f.Params[i].inDomain(v); err != "" {
			return nil, &Error{Kind: Param, Msg: fmt.Sprintf("parameter %s=%d is %s", name, v, err)}
		}
		b.params[name] = v
	}
	for _, p := range f.Params {
		b.r.Values = append(b.r.Values, b.params[p.Name])
	}
	for _, ro := range f.Roles {
		if q, ok := seen[ro.Name]; ok {
			return nil, errAt(ro.Pos, Check, "%s is already declared at line %d", ro.Name, q.Line)
		}
		seen[ro.Name] = ro.Pos
		b.roles[ro.Name] = ro
	}
	if err := b.piles(); err != nil {
		return nil, err
	}
	if err := b.edges(); err != nil {
		return nil, err
	}
	if len(f.Moves) == 0 {
		return nil, errAt(f.NamePos, Check, "the rule has no move line (move take … from …)")
	}
	if err := b.breaking(); err != nil {
		return nil, err
	}
	b.r.From = 0
	for _, ro := range f.Roles {
		if ro.Index > b.r.MinPiles {
			return nil, errAt(ro.Pos, Check, "role %s is pile %d, but a position may have %s", ro.Name, ro.Index, pilesWord(b.r.MinPiles))
		}
		b.r.From = max(b.r.From, ro.Index)
	}
	ordered := false
	for _, m := range f.Moves {
		if isEdgeMove(m) {
			bms, err := b.edgeMoves(m)
			if err != nil {
				return nil, err
			}
			b.r.Moves = append(b.r.Moves, bms...)
			continue
		}
		bm, err := b.move(m)
		if err != nil {
			return nil, err
		}
		if err := b.applies(m, bm); err != nil {
			return nil, err
		}
		b.r.Moves = append(b.r.Moves, bm)
		ordered = ordered || bm.Parts == nil && !bm.Arrange && (bm.PStar == nil || !bm.PStar.Symmetric())
		ordered = ordered || bm.consecutive()
	}
	if err := b.terminals(); err != nil {
		return nil, err
	}
	if err := b.breakingMoves(); err != nil {
		return nil, err
	}
	if ordered && !b.r.Breaking {
		b.r.From = -1 // ordered difference vectors: no two piles are alike
	}
	return b.r, nil
}

func sortedKeys(m map[string]int) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func pilesWord(n int) string {
	if n == 1 {
		return "1 pile"
	}
	return fmt.Sprintf("%d piles", n)
}

func (p *ParamDecl) inDomain(v int) string {
	switch {
	case v > MaxValue || v < -MaxValue:
		return fmt.Sprintf("beyond ±%d", MaxValue)
	case p.HasMin && v < p.Min:
		return fmt.Sprintf("below its least value %d", p.Min)
	case p.HasMax && v > p.Max:
		return fmt.Sprintf("above its largest value %d", p.Max)
	}
	return ""
}

func (f *File) paramNames() string {
	if len(f.Params) == 0 {
		return "no parameters"
	}
	var names []string
	for _, p := range f.Params {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

// constInt evaluates an expression of the parameters only.
func (b *binder) constInt(e Expr, what string) (int, *Error) {
	fe, err := b.term(e, func(id *Ident) (*formula.Expr, *Error) {
		return nil, errAt(id.Pos, Check, "%s may use parameters only, not %s", what, id.Name)
	})
	if err != nil {
		return 0, err
	}
	v := fe.Int(nil)
	if !v.IsInt64() || v.Int64() > MaxValue || v.Int64() < -MaxValue {
		return 0, errAt(e.exprPos(), Limit, "%s is %s, beyond ±%d", what, v, MaxValue)
	}
	return int(v.Int64()), nil
}

func (b *binder) piles() *Error {
	c := b.f.Piles
	if c == nil {
		return errAt(b.f.NamePos, Check, "the rule has no piles line (piles 2, piles at least k, piles 1..)")
	}
	lo, hi, err := b.countBounds(c, "the piles line")
	if err != nil {
		return err
	}
	if lo < 1 {
		lo = 1
	}
	if hi >= 0 && hi < lo {
		return errAt(c.Pos, Check, "the piles line allows no position (%d..%d piles)", lo, hi)
	}
	b.r.MinPiles, b.r.MaxPiles = lo, hi
	return nil
}

// countBounds evaluates a count of parameters only; hi −1 is no bound.
// A negative count is refused: it counts nothing, and taken as a bound
// it would read as none ("piles 2-5" is −3, not 2..5).
func (b *binder) countBounds(c *Count, what string) (lo, hi int, err *Error) {
	eval := func(e Expr) (int, *Error) {
		v, err := b.constInt(e, what)
		if err == nil && v < 0 {
			text := exprString(e, 0)
			if text != strconv.Itoa(v) {
				text += " = " + strconv.Itoa(v)
			}
			err = errAt(e.exprPos(), Check, "%s counts %s piles: a count is at least 0 (a range of counts is written lo..hi, as in piles 2..5)", what, text)
		}
		return v, err
	}
	if lo, err = eval(c.Lo); err != nil {
		return
	}
	switch c.Kind {
	case CountExact:
		hi = lo
	case CountAtLeast:
		hi = -1
	case CountAtMost:
		lo, hi = 0, lo
	case CountRange:
		hi = -1
		if c.Hi != nil {
			hi, err = eval(c.Hi)
		}
	}
	return
}

// applies refuses a move that no position the rule allows can make: a
// part whose count of piles is negative, an empty range or more piles
// than a position has, at every pile count, or a condition false
// whatever the move. Such a rule would make every position P without
// saying why. A count is a Presburger term of piles: tried at the least
// pile counts and at a few far beyond its constants.
func (b *binder) applies(m *Move, bm *BoundMove) *Error {
	if bm.Where != nil && bm.Where.Vars() == 0 && !bm.Where.Bool(nil) {
		return errAt(m.Where.exprPos(), Check, "the condition %s is false whatever the move: the move never applies", exprString(m.Where, 0))
	}
	if bm.Parts == nil {
		return nil
	}
	// Pile counts tried: the least 257, and with no bound 256 past 2^21
	// and past 2^22, beyond every constant a count may hold (±2^20), so
	// that "each of piles-1000 piles" is not refused for wanting many.
	var tries []int
	for _, from := range []int{b.r.MinPiles, 1 << 21, 1 << 22} {
		for n := max(from, b.r.MinPiles); n <= from+256 && (b.r.MaxPiles < 0 || n <= b.r.MaxPiles); n++ {
			tries = append(tries, n)
		}
	}
	// counts gives part i's least and most piles at n piles, as
	// written: negative when the count is.
	counts := func(i, n int) (lo, hi int) {
		if bm.Parts[i].Select != SelectEach {
			return 1, 1
		}
		env := []int{n}
		lo, hi = saturate(bm.lines[2*i].Int(env)), n
		if c := bm.lines[2*i+1]; c != nil {
			hi = min(hi, saturate(c.Int(env)))
		}
		return lo, hi
	}
	partOK := make([]bool, len(bm.Parts))
	takesNone := false // at some pile count the parts fit, but take from no pile
	for _, n := range tries {
		need, take, ok := 0, 0, true
		for i := range bm.Parts {
			lo, hi := counts(i, n)
			lo = max(lo, 0)
			if hi < lo || lo > n {
				ok = false
				continue
			}
			partOK[i] = true
			need += lo
			take += hi
		}
		if ok && need <= n {
			if take > 0 {
				return nil
			}
			takesNone = true
		}
	}
	piles := pilesWord(b.r.MinPiles)
	switch {
	case b.r.MaxPiles < 0:
		piles += " or more"
	case b.r.MaxPiles > b.r.MinPiles:
		piles = fmt.Sprintf("%d to %d piles", b.r.MinPiles, b.r.MaxPiles)
	}
	for i, ok := range partOK {
		if !ok {
			sel := m.Take[i].From
			return errAt(sel.Pos, Check, "%s selects no piles of a position of %s: the move never applies", selectString(sel), piles)
		}
	}
	if takesNone {
		return errAt(m.Pos, Check, "the move takes from no pile of a position of %s: it never applies", piles)
	}
	return errAt(m.Pos, Check, "the parts of the move need more piles together than a position of %s has: the move never applies", piles)
}

// saturate is v as an int, saturated far beyond any pile count.
func saturate(v *big.Int) int {
	switch {
	case v.Cmp(big.NewInt(1<<40)) > 0:
		return 1 << 40
	case v.Cmp(big.NewInt(-1<<40)) < 0:
		return -1 << 40
	}
	return int(v.Int64())
}

func (b *binder) move(m *Move) (*BoundMove, *Error) {
	bm := &BoundMove{Arrange: m.Arrange}
	if m.Split != nil || m.Code != "" {
		return bm, b.breakMove(m, bm)
	}
	if m.PStar != nil {
		return bm, b.pstar(m, bm)
	}
	if m.Take == nil {
		return bm, b.vectors(m, bm)
	}
	if err := b.splitRest(m, bm); err != nil {
		return nil, err
	}
	bm.Slots = []Slot{{Kind: SlotPiles, Name: "piles"}, {Kind: SlotTotal, Name: "total"}}
	for _, ro := range b.f.Roles {
		bm.Slots = append(bm.Slots, Slot{Kind: SlotRole, Name: ro.Name, Index: ro.Index - 1})
	}
	names := map[string]Pos{}
	claim := func(name string, pos Pos) *Error {
		if _, ok := b.params[name]; ok {
			return errAt(pos, Check, "%s names a parameter; give the amount or pile another name", name)
		}
		if _, ok := b.roles[name]; ok {
			return errAt(pos, Check, "%s names a role; give the amount or pile another name", name)
		}
		if q, ok := names[name]; ok {
			return errAt(pos, Check, "%s is already named at column %d", name, q.Col)
		}
		names[name] = pos
		return nil
	}
	for j, pt := range m.Take {
		bp := BoundPart{AmountSlot: -1, PileSlot: -1, Largest: pt.From.Largest, Select: pt.From.Kind}
		bp.Lo, bp.Hi = formula.C(1), formula.C(1)
		switch s := pt.From; s.Kind {
		case SelectIndex:
			if s.Index > b.r.MinPiles {
				return nil, errAt(s.Pos, Check, "pile %d is named, but a position may have %s", s.Index, pilesWord(b.r.MinPiles))
			}
			bp.Index = s.Index - 1
			b.r.From = max(b.r.From, s.Index)
		case SelectRole:
			ro, ok := b.roles[s.Role]
			if !ok {
				return nil, errAt(s.Pos, Check, "unknown role %s (declare it: role %s = pile 1)", s.Role, s.Role)
			}
			bp.Index = ro.Index - 1
		case SelectEach:
			if s.Name != "" {
				return nil, errAt(s.Pos, Check, "a pile name needs one pile, not each of several")
			}
			var err *Error
			if bp.Lo, bp.Hi, err = b.count(s.Count); err != nil {
				return nil, err
			}
		}
		amt, err := b.wholeAmounts(m, pt.Amount)
		if err != nil {
			return nil, err
		}
		bp.Amounts = amt
		if pt.Name != "" {
			if err := claim(pt.Name, pt.Pos); err != nil {
				return nil, err
			}
			bp.AmountSlot = len(bm.Slots)
			bm.Slots = append(bm.Slots, Slot{Kind: SlotAmount, Name: pt.Name, Index: j})
		}
		if pt.From.Name != "" {
			if err := claim(pt.From.Name, pt.From.Pos); err != nil {
				return nil, err
			}
			bp.PileSlot = len(bm.Slots)
			bm.Slots = append(bm.Slots, Slot{Kind: SlotPile, Name: pt.From.Name, Index: j})
		}
		bm.Parts = append(bm.Parts, bp)
	}
	b.wholeSlots(m, bm)
	if err := b.takeBreak(m, bm); err != nil {
		return nil, err
	}
	if m.Where != nil {
		w, err := b.cond(m.Where, func(id *Ident) (*formula.Expr, *Error) {
			for i, s := range bm.Slots {
				if s.Name == id.Name {
					return formula.X(i), nil
				}
			}
			var known []string
			for _, s := range bm.Slots {
				known = append(known, s.Name)
			}
			return nil, errAt(id.Pos, Check, "unknown name %s in the condition (known here: %s, and the parameters)", id.Name, strings.Join(known, ", "))
		})
		if err != nil {
			return nil, err
		}
		bm.Where = w
		bm.where = w.Compile()
	}
	b.wholeBound(m, bm)
	for _, p := range bm.Parts {
		lo := p.Lo.Compile()
		var hi *formula.Compiled
		if p.Hi != nil {
			hi = p.Hi.Compile()
		}
		bm.lines = append(bm.lines, lo, hi)
	}
	return bm, nil
}

// count binds a part's count: a formula of the number of piles.
func (b *binder) count(c *Count) (lo, hi *formula.Expr, err *Error) {
	pilesOnly := func(id *Ident) (*formula.Expr, *Error) {
		if id.Name == "piles" {
			return formula.X(0), nil
		}
		return nil, errAt(id.Pos, Check, "a count of piles may use the parameters and piles only, not %s", id.Name)
	}
	lo, err = b.term(c.Lo, pilesOnly)
	if err != nil {
		return
	}
	switch c.Kind {
	case CountExact:
		hi = lo
	case CountAtMost:
		lo, hi = formula.C(0), lo
	case CountRange:
		if c.Hi != nil {
			hi, err = b.term(c.Hi, pilesOnly)
		}
	}
	return
}

func (b *binder) amounts(a *Amount) (Amounts, *Error) {
	s := Amounts{Lo: 1, Hi: -1, Mod: 1}
	var err *Error
	what := "an amount"
	switch a.Kind {
	case AmountOdd:
		s.Mod, s.Res = 2, 1
	case AmountEven:
		s.Mod = 2
	case AmountExact:
		if s.Lo, err = b.constInt(a.A, what); err != nil {
			return s, err
		}
		s.Hi = s.Lo
	case AmountRange:
		if s.Lo, err = b.constInt(a.A, what); err != nil {
			return s, err
		}
		if a.B != nil {
			if s.Hi, err = b.constInt(a.B, what); err != nil {
				return s, err
			}
			if s.Hi < s.Lo {
				return s, errAt(a.Pos, Check, "the amounts %d..%d are empty", s.Lo, s.Hi)
			}
		}
	case AmountMultiple, AmountResidue:
		m := a.A
		if a.Kind == AmountResidue {
			m = a.B
		}
		if s.Mod, err = b.constInt(m, "a modulus"); err != nil {
			return s, err
		}
		if s.Mod < 1 {
			return s, errAt(m.exprPos(), Check, "a modulus must be at least 1, got %d", s.Mod)
		}
		if a.Kind == AmountResidue {
			r, err := b.constInt(a.A, "a residue")
			if err != nil {
				return s, err
			}
			s.Res = (r%s.Mod + s.Mod) % s.Mod
		}
	}
	if s.Lo < 0 {
		return s, errAt(a.Pos, Check, "a pile cannot lose %d tokens (a vector move may add tokens: subtract (…))", s.Lo)
	}
	return s, nil
}

func (b *binder) vectors(m *Move, bm *BoundMove) *Error {
	d := len(m.Vectors[0])
	if b.r.MinPiles != d || b.r.MaxPiles != d {
		return errAt(m.Pos, Check, "vectors of %d coordinates need \"piles %d\"", d, d)
	}
	var vs [][]int
	var total big.Int
	for _, v := range m.Vectors {
		if len(v) != d {
			return errAt(v[0].exprPos(), Check, "a vector of %d coordinates where the first has %d; all have one per pile", len(v), d)
		}
		w := make([]int, d)
		sum := 0
		for i, c := range v {
			x, err := b.constInt(c, "a coordinate")
			if err != nil {
				return err
			}
			w[i] = x
			sum += x
		}
		if sum <= 0 {
			return &Error{Line: v[0].exprPos().Line, Col: v[0].exprPos().Col, Kind: Ending,
				Msg: fmt.Sprintf("the vector %s removes %d tokens in all; grundy accepts only vectors whose coordinates sum to a positive number (004 §4), which make every play end", vecString(w), sum)}
		}
		if m.Arrange {
			slices.SortFunc(w, func(a, b int) int { return b - a })
			total.Add(&total, arrangements(w))
			if total.Cmp(big.NewInt(MaxArrangements)) > 0 {
				return errAt(m.Pos, Limit, "the vectors have more than %d arrangements; list ordered vectors instead", MaxArrangements)
			}
		}
		vs = append(vs, w)
	}
	slices.SortFunc(vs, func(a, b []int) int { return -slices.Compare(a, b) })
	vs = slices.CompactFunc(vs, slices.Equal)
	if m.Arrange {
		for _, v := range vs {
			bm.Vectors = appendArrangements(bm.Vectors, v)
		}
	} else {
		bm.Vectors = vs
	}
	return nil
}

// arrangements counts the distinct permutations of v: n!/∏ m_i!.
func arrangements(v []int) *big.Int {
	n := new(big.Int).MulRange(1, int64(len(v)))
	for i := 0; i < len(v); {
		j := i
		for j < len(v) && v[j] == v[i] {
			j++
		}
		n.Div(n, new(big.Int).MulRange(1, int64(j-i)))
		i = j
	}
	return n
}

// appendArrangements appends every distinct permutation of v (sorted
// descending), in lexicographically decreasing order.
func appendArrangements(out [][]int, v []int) [][]int {
	p := slices.Clone(v)
	for {
		out = append(out, slices.Clone(p))
		i := len(p) - 2
		for i >= 0 && p[i] <= p[i+1] {
			i--
		}
		if i < 0 {
			return out
		}
		j := len(p) - 1
		for p[j] >= p[i] {
			j--
		}
		p[i], p[j] = p[j], p[i]
		slices.Reverse(p[i+1:])
	}
}

func vecString(v []int) string {
	s := make([]string, len(v))
	for i, a := range v {
		s[i] = fmt.Sprint(a)
	}
	return "(" + strings.Join(s, ",") + ")"
}

// term translates an integer expression, parameters replaced by their
// values and other names by resolve. A constant beyond 2^62 is refused,
// keeping the rule's arithmetic small.
func (b *binder) term(e Expr, resolve func(*Ident) (*formula.Expr, *Error)) (*formula.Expr, *Error) {
	x, err := b.term1(e, resolve)
	if err == nil && x.Op == formula.OpConst && x.Const.BitLen() > 62 {
		return nil, errAt(e.exprPos(), Limit, "a number beyond 2^62")
	}
	return x, err
}

func (b *binder) term1(e Expr, resolve func(*Ident) (*formula.Expr, *Error)) (*formula.Expr, *Error) {
	switch e := e.(type) {
	case *Num:
		return formula.C(e.Val), nil
	case *Ident:
		if v, ok := b.params[e.Name]; ok {
			return formula.C(int64(v)), nil
		}
		return resolve(e)
	case *Unary:
		if e.Op == "not" {
			return nil, errAt(e.Pos, Check, "a condition (not …) where a number belongs")
		}
		x, err := b.term(e.X, resolve)
		if err != nil {
			return nil, err
		}
		return fold(formula.Mul(-1, x)), nil
	case *Call:
		var args []*formula.Expr
		for _, a := range e.Args {
			x, err := b.term(a, resolve)
			if err != nil {
				return nil, err
			}
			args = append(args, x)
		}
		if e.Fn == "min" {
			return fold(formula.Min(args...)), nil
		}
		return fold(formula.Max(args...)), nil
	case *Binary:
		if e.Op == "and" || e.Op == "or" {
			return nil, errAt(e.Pos, Check, "a condition (… %s …) where a number belongs", e.Op)
		}
		x, err := b.term(e.X, resolve)
		if err != nil {
			return nil, err
		}
		y, err := b.term(e.Y, resolve)
		if err != nil {
			return nil, err
		}
		switch e.Op {
		case "+":
			return fold(formula.Add(x, y)), nil
		case "-":
			return fold(formula.Sub(x, y)), nil
		case "*":
			if k, ok := constOf(x); ok {
				return fold(formula.Mul(k, y)), nil
			}
			if k, ok := constOf(y); ok {
				return fold(formula.Mul(k, x)), nil
			}
			return nil, errAt(e.Pos, Check, "a product needs a side fixed by the parameters (Presburger arithmetic multiplies by constants only)")
		default: // mod, div
			k, ok := constOf(y)
			if !ok {
				return nil, errAt(e.Pos, Check, "%s needs a right side fixed by the parameters", e.Op)
			}
			if k <= 0 {
				return nil, errAt(e.Pos, Check, "%s by %d: the right side must be positive", e.Op, k)
			}
			if e.Op == "mod" {
				return fold(formula.Mod(x, k)), nil
			}
			return fold(formula.Div(x, k)), nil
		}
	case *Compare:
		return nil, errAt(e.Pos, Check, "a comparison where a number belongs")
	case *Whole:
		return b.wholeTerm(e)
	case *Quant:
		return nil, errAt(e.Pos, Check, "a condition (%s) where a number belongs", e.String())
	}
	panic(fmt.Sprintf("rules: unknown expression %T", e))
}

// cond translates a condition.
func (b *binder) cond(e Expr, resolve func(*Ident) (*formula.Expr, *Error)) (*formula.Expr, *Error) {
	switch e := e.(type) {
	case *Unary:
		if e.Op == "not" {
			x, err := b.cond(e.X, resolve)
			if err != nil {
				return nil, err
			}
			return formula.Not(x), nil
		}
	case *Binary:
		if e.Op == "and" || e.Op == "or" {
			x, err := b.cond(e.X, resolve)
			if err != nil {
				return nil, err
			}
			y, err := b.cond(e.Y, resolve)
			if err != nil {
				return nil, err
			}
			if e.Op == "and" {
				return formula.And(x, y), nil
			}
			return formula.Or(x, y), nil
		}
	case *Compare:
		var links []*formula.Expr
		args := make([]*formula.Expr, len(e.Args))
		for i, a := range e.Args {
			x, err := b.term(a, resolve)
			if err != nil {
				return nil, err
			}
			args[i] = x
		}
		for i, op := range e.Ops {
			x, y := args[i], args[i+1]
			links = append(links, map[string]func(a, b *formula.Expr) *formula.Expr{
				"=": formula.Eq, "!=": formula.Ne, "<": formula.Lt, "<=": formula.Le, ">": formula.Gt, ">=": formula.Ge,
			}[op](x, y))
		}
		if len(links) == 1 {
			return links[0], nil
		}
		return formula.And(links...), nil
	case *Quant:
		return b.quant(e, resolve)
	}
	return nil, errAt(e.exprPos(), Check, "a number where a condition belongs (compare it: … < …, … = …)")
}

// constOf reports the value of a constant term that fits an int64.
func constOf(e *formula.Expr) (int64, bool) {
	if e.Op == formula.OpConst && e.Const.IsInt64() {
		return e.Const.Int64(), true
	}
	return 0, false
}

// fold replaces a term whose arguments are constants (already folded)
// by its value, so a term without variables becomes one constant in
// time linear in its size.
func fold(e *formula.Expr) *formula.Expr {
	for _, a := range e.Args {
		if a.Op != formula.OpConst {
			return e
		}
	}
	return formula.Big(e.Int(nil))
}
