package lang

import (
	"errors"
	"slices"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/octal"
)

// Take-and-break moves (Winning Ways ch. 4; Guy & Smith 1956): a move
// takes tokens from one pile and leaves what remains as 0, 1, 2 or 3
// nonempty piles. A rule with such moves says `piles any`: its
// positions are multisets of nonempty piles of any count (a pile reduced
// to 0 disappears, a split adds piles), so every move is one pile's and
// G of a position is the nim-sum of its piles' values — one sequence per
// rule, which package octal computes.
//
//	move take 1..2 from one pile, leaving 0..2 piles     Kayles (0.77)
//	move take any from one pile                          the pile keeps its remainder
//	move split one pile into 2 unequal piles             Grundy's game
//	move octal 0.137                                     Dawson's Chess
//	move hexadecimal 0.F6

func init() {
	for _, w := range strings.Fields("leaving unequal split into octal hexadecimal") {
		reserved[w] = true
	}
}

// A Break is one way a take-and-break move treats a pile: remove an
// amount of Amounts (0 only when the rest is split into two or three
// piles) and leave the rest as c nonempty piles for each c whose bit
// octal.LeaveNone<<c Leave holds; Unequal forbids a split into two equal
// piles.
type Break struct {
	Amounts Amounts
	Leave   uint8
	Unequal bool
}

// maxLeave is the most piles a move may leave: hexadecimal games split
// into three.
const maxLeave = 3

// codeAfter is the length of a game code at the start of src when the
// token before it is the word octal or hexadecimal: the code is one
// word of digits, letters and a point (0.137, 4.07, 0.F6), which the
// lexer would otherwise cut at the point.
func codeAfter(toks []token, src string) int {
	if len(toks) == 0 {
		return 0
	}
	if t := toks[len(toks)-1]; t.kind != tIdent || t.text != "octal" && t.text != "hexadecimal" {
		return 0
	}
	n := 0
	for n < len(src) {
		c := src[n]
		if !(c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			break
		}
		n++
	}
	return n
}

// pilesLine reads the count of a piles line, or "any".
func (p *parser) pilesLine(f *File) (*Count, *Error) {
	if t := p.peek(); p.accept("any") {
		f.PilesAny = true
		return &Count{Pos: t.pos, Kind: CountAtLeast, Lo: &Num{Pos: t.pos, Val: 1}}, nil
	}
	return p.count()
}

// pilesString is what a piles line prints after "piles".
func (f *File) pilesString() string {
	if f.PilesAny {
		return "any"
	}
	return countString(f.Piles)
}

// breakMove reads "split one pile into COUNT [unequal] piles", "octal
// CODE" or "hexadecimal CODE" after "move".
func (p *parser) breakMove(m *Move) *Error {
	switch w := p.next(); w.text {
	case "split":
		for _, s := range []string{"one", "pile", "into"} {
			if _, err := p.expect(s); err != nil {
				return err
			}
		}
		var err *Error
		if m.Split, err = p.count(); err != nil {
			return err
		}
		m.Unequal = p.accept("unequal")
		return p.pilesWord()
	default: // octal, hexadecimal
		t := p.peek()
		if t.kind != tCode {
			return p.fail("a game code such as 0.137 after " + w.text)
		}
		p.next()
		m.Code, m.Hex = t.text, w.text == "hexadecimal"
		m.CodePos = t.pos
		return nil
	}
}

// pilesWord reads "piles" (or "pile") ending a count of piles left.
func (p *parser) pilesWord() *Error {
	if p.accept("pile") || p.accept("piles") {
		return nil
	}
	return p.fail(`"piles"`)
}

// leaving reads ", leaving COUNT [unequal] piles" after a take move's
// parts (the comma already read), and the comma before a where.
func (p *parser) leaving(m *Move) *Error {
	if !p.accept("leaving") {
		return nil
	}
	var err *Error
	if m.Leave, err = p.count(); err != nil {
		return err
	}
	m.Unequal = p.accept("unequal")
	if err := p.pilesWord(); err != nil {
		return err
	}
	p.accept(",")
	return nil
}

// breakString prints a split or code move, and false for any other.
func (m *Move) breakString() (string, bool) {
	switch {
	case m.Split != nil:
		return "split one pile into " + countString(m.Split) + unequalWord(m.Unequal) + " piles", true
	case m.Code != "" && m.Hex:
		return "hexadecimal " + m.Code, true
	case m.Code != "":
		return "octal " + m.Code, true
	}
	return "", false
}

// leavingString is a take move's leaving clause as printed, or "".
func (m *Move) leavingString() string {
	if m.Leave == nil {
		return ""
	}
	word := " piles"
	if n, ok := m.Leave.Lo.(*Num); ok && m.Leave.Kind == CountExact && n.Val == 1 {
		word = " pile"
	}
	return ", leaving " + countString(m.Leave) + unequalWord(m.Unequal) + word
}

func unequalWord(u bool) string {
	if u {
		return " unequal"
	}
	return ""
}

// breakMove binds a split or code move.
func (b *binder) breakMove(m *Move, bm *BoundMove) *Error {
	if !b.f.PilesAny {
		return errAt(m.Pos, Check, "a move that splits piles changes their number: the rule needs \"piles any\"")
	}
	if m.Split != nil {
		lo, hi, err := b.leaveBits(m.Split, m.Unequal, "split one pile into")
		if err != nil {
			return err
		}
		if lo < 2 {
			return errAt(m.Split.Pos, Check, "a split leaves at least 2 piles (taking tokens is written take … from one pile, leaving …)")
		}
		bm.Breaks = []Break{{Amounts: Amounts{Lo: 0, Hi: 0, Mod: 1}, Leave: hi, Unequal: m.Unequal}}
		return nil
	}
	g, err := octal.Parse(m.Code)
	var ce *octal.CodeError
	switch {
	case errors.As(err, &ce):
		return errAt(m.CodePos, Check, "%s", ce.Error())
	case err != nil || !strings.Contains(m.Code, "."):
		return errAt(m.CodePos, Check, "%q is not a game code such as 0.137 (write the digits, not a name)", m.Code)
	case !m.Hex && !g.IsOctal():
		return errAt(m.CodePos, Check, "%s has a digit above 7, which splits into three piles: write hexadecimal %s", m.Code, m.Code)
	}
	for k, d := range g.Digits {
		if k == 0 {
			d &= octal.LeaveTwo | octal.LeaveThree
		}
		if d != 0 {
			bm.Breaks = append(bm.Breaks, Break{Amounts: Amounts{Lo: k, Hi: k, Mod: 1}, Leave: d})
		}
	}
	return nil
}

// leaveBits binds a count of piles left: its least count and its Leave
// bits.
func (b *binder) leaveBits(c *Count, unequal bool, what string) (int, uint8, *Error) {
	lo, hi, err := b.countBounds(c, what)
	if err != nil {
		return 0, 0, err
	}
	if hi < 0 || hi > maxLeave {
		return 0, 0, errAt(c.Pos, Check, "%s %s: a move leaves at most %d piles (hexadecimal games)", what, countString(c), maxLeave)
	}
	if hi < lo {
		return 0, 0, errAt(c.Pos, Check, "%s %s: an empty range", what, countString(c))
	}
	if unequal && (lo > 2 || hi < 2 || hi > 2) {
		return 0, 0, errAt(c.Pos, Check, "unequal is said of a split into 2 piles; %s %s has none or also splits into 3", what, countString(c))
	}
	var bits uint8
	for n := lo; n <= hi; n++ {
		bits |= octal.LeaveNone << n
	}
	return lo, bits, nil
}

// takeBreak binds a take move of a rule with piles any: one part taking
// from one pile, its rest left as the leaving clause says (without one:
// as one pile, or none when the pile is taken whole).
func (b *binder) takeBreak(m *Move, bm *BoundMove) *Error {
	if !b.f.PilesAny {
		if m.Leave != nil {
			return errAt(m.Leave.Pos, Check, "leaving piles changes their number: the rule needs \"piles any\"")
		}
		return nil
	}
	pt := m.Take[0]
	switch {
	case len(m.Take) > 1:
		return errAt(m.Take[1].Pos, Check, "with piles any a move takes from one pile only (positions are multisets of piles)")
	case pt.From.Kind != SelectOne || pt.From.Largest:
		return errAt(pt.From.Pos, Check, "with piles any a move takes from one pile, not %s", selectString(pt.From))
	case m.Where != nil:
		return errAt(m.Where.exprPos(), Check, "a condition in a rule with piles any is not supported: each pile's moves are its own")
	}
	leave := uint8(octal.LeaveNone | octal.LeaveOne)
	if m.Leave != nil {
		var err *Error
		if _, leave, err = b.leaveBits(m.Leave, m.Unequal, "leaving"); err != nil {
			return err
		}
	}
	bm.Breaks = []Break{{Amounts: bm.Parts[0].Amounts, Leave: leave, Unequal: m.Unequal}}
	return nil
}

// breaking checks a rule with piles any as a whole.
func (b *binder) breaking() *Error {
	if !b.f.PilesAny {
		return nil
	}
	if len(b.f.Roles) > 0 {
		ro := b.f.Roles[0]
		return errAt(ro.Pos, Check, "role %s: with piles any a position is a multiset of piles, so no pile has a number", ro.Name)
	}
	if b.f.Edges != nil {
		return errAt(b.f.Edges.Pos, Check, "edges name piles by number, which a multiset of piles (piles any) has not")
	}
	if len(b.f.Terminals) > 0 {
		return errAt(b.f.Terminals[0].Pos, Check, "a terminal condition with piles any is not supported: each pile's moves are its own")
	}
	b.r.Breaking, b.r.From = true, 0
	return nil
}

// breakingMoves refuses, in a rule with piles any, a move that is no
// one pile's take-and-break move (a ⋆ move, a subtract vector, a move of
// other piles), and a non-linear amount set, which the take-and-break
// generators do not enumerate.
func (b *binder) breakingMoves() *Error {
	if !b.r.Breaking {
		return nil
	}
	for i, bm := range b.r.Moves {
		m := b.f.Moves[min(i, len(b.f.Moves)-1)]
		if bm.Breaks == nil {
			return errAt(m.Pos, Check, "with piles any every move takes from one pile (take … from one pile, split, octal): %s is not", m.String())
		}
		for _, br := range bm.Breaks {
			if !br.Amounts.Linear() {
				return errAt(m.Pos, Check, "a non-linear amount (square, power, multiple of a pile) with piles any is not supported")
			}
		}
	}
	return nil
}

// breakingNotPresburger reports a take-and-break rule: its moves change
// the number of piles, which no relation on a fixed number of pile
// variables says.
func (r *Rule) breakingNotPresburger() error {
	if !r.Breaking {
		return nil
	}
	return &NotPresburger{File: r.File.Origin, Line: r.File.PilesPos.Line, Col: r.File.PilesPos.Col,
		Construct: "piles any (take-and-break moves change the number of piles)"}
}

// naiveBreaking is Naive for a rule with piles any, straight from the
// words: every pile, every move, every amount, every count of piles
// left and every ordered way to cut the rest into that many nonempty
// piles. Zeros are no piles: they are dropped from p and its followers.
func (r *Rule) naiveBreaking(p grundy.Position, yield func(grundy.Position) bool) {
	for i, x := range p {
		if x <= 0 {
			continue
		}
		var rest grundy.Position
		for j, y := range p {
			if j != i && y > 0 {
				rest = append(rest, y)
			}
		}
		for _, m := range r.Moves {
			for _, br := range m.Breaks {
				for a := 0; a <= x; a++ {
					if !br.Amounts.Allows(a) {
						continue
					}
					for c := 0; c <= maxLeave; c++ {
						if br.Leave&(octal.LeaveNone<<c) == 0 || a == 0 && c < 2 {
							continue
						}
						if !compositions(x-a, c, nil, func(parts []int) bool {
							if br.Unequal && c == 2 && parts[0] == parts[1] {
								return true
							}
							return yield(append(slices.Clone(rest), parts...))
						}) {
							return
						}
					}
				}
			}
		}
	}
}

// compositions calls f with every ordered tuple of c positive integers
// summing to n.
func compositions(n, c int, prefix []int, f func([]int) bool) bool {
	if c == 0 {
		if n == 0 {
			return f(prefix)
		}
		return true
	}
	for v := 1; v <= n; v++ {
		if !compositions(n-v, c-1, append(prefix, v), f) {
			return false
		}
	}
	return true
}

// A breakRuleset is a compiled rule with piles any. Its positions change
// their number of piles, which no box and no fixed-width search holds:
// it says so (grundy.PileCountChanges) and the solvers refuse it, while
// engine values it by the nim-sum of its sequence (TakeBreak) or by a
// search of multisets.
type breakRuleset struct{ *Ruleset }

func compileBreaking(r *Rule, name string) grundy.Ruleset {
	return breakRuleset{&Ruleset{rule: r, name: name}}
}

func (breakRuleset) SymmetricFrom(int) int  { return 0 }
func (breakRuleset) PilesMayGrow() bool     { return false }
func (breakRuleset) PileCountChanges() bool { return true }

// Options lists each follower once per distinct pile size, sorted, with
// zeros dropped: parts in nondecreasing order, so each multiset once.
func (c breakRuleset) Options(p grundy.Position, yield func(grundy.Position) bool) {
	piles := make(grundy.Position, 0, len(p))
	for _, x := range p {
		if x > 0 {
			piles = append(piles, x)
		}
	}
	slices.Sort(piles)
	q := make(grundy.Position, 0, len(piles)+maxLeave)
	for i, x := range piles {
		if i > 0 && piles[i-1] == x {
			continue
		}
		rest := append(slices.Clone(piles[:i]), piles[i+1:]...)
		emit := func(parts ...int) bool {
			q = append(append(q[:0], rest...), parts...)
			slices.Sort(q)
			return yield(q)
		}
		for _, m := range c.rule.Moves {
			for _, br := range m.Breaks {
				s := br.Amounts
				top := x
				if s.Hi >= 0 {
					top = min(top, s.Hi)
				}
				for a := s.First(0); a <= top; a += s.Mod {
					if !splitPile(x-a, a, br, emit) {
						return
					}
				}
			}
		}
	}
}

// splitPile leaves r tokens (a taken) as each count of piles br allows.
func splitPile(r, a int, br Break, emit func(...int) bool) bool {
	if br.Leave&octal.LeaveNone != 0 && r == 0 && a > 0 && !emit() {
		return false
	}
	if br.Leave&octal.LeaveOne != 0 && r >= 1 && a > 0 && !emit(r) {
		return false
	}
	if br.Leave&octal.LeaveTwo != 0 {
		for u := 1; 2*u <= r; u++ {
			if br.Unequal && 2*u == r {
				continue
			}
			if !emit(u, r-u) {
				return false
			}
		}
	}
	if br.Leave&octal.LeaveThree != 0 {
		for u := 1; 3*u <= r; u++ {
			for v := u; u+2*v <= r; v++ {
				if !emit(u, v, r-u-v) {
					return false
				}
			}
		}
	}
	return true
}

// maxCodeDigits bounds the digits TakeBreak writes: each is a removal
// the sequence solver loops over for every heap.
const maxCodeDigits = 4096

// TakeBreak is the rule as a game of package octal, whose sequence gives
// every position's G by nim-sum, and false when the octal model cannot
// say it: an unbounded amount set with a modulus (odd, even, multiple
// of K: the model repeats one digit without end), more than 4096 digits,
// or unequal two-pile splits mixed with equal ones.
func (c breakRuleset) TakeBreak() (octal.Game, bool) { return c.rule.TakeBreak() }

// TakeBreak is TakeBreak of the compiled rule; false also when r is not
// a rule with piles any.
func (r *Rule) TakeBreak() (octal.Game, bool) {
	if !r.Breaking {
		return octal.Game{}, false
	}
	var all []Break
	for _, m := range r.Moves {
		all = append(all, m.Breaks...)
	}
	top := 0
	unequal, equal := false, false
	for _, br := range all {
		s := br.Amounts
		switch {
		case s.Hi >= 0:
			top = max(top, s.Hi)
		case s.Mod != 1:
			return octal.Game{}, false
		default:
			top = max(top, s.Lo)
		}
		if br.Leave&octal.LeaveTwo != 0 {
			unequal = unequal || br.Unequal
			equal = equal || !br.Unequal
		}
	}
	if top >= maxCodeDigits || unequal && equal {
		return octal.Game{}, false
	}
	g := octal.Game{Name: r.File.Name, Digits: make([]uint8, top+1), Unequal: unequal}
	for _, br := range all {
		s := br.Amounts
		for k := s.First(0); k <= top && (s.Hi < 0 || k <= s.Hi); k += s.Mod {
			g.Digits[k] |= br.Leave
		}
		if s.Hi < 0 {
			g.Tail |= br.Leave
		}
	}
	g.Digits[0] &= octal.LeaveTwo | octal.LeaveThree
	for len(g.Digits) > 1 && g.Digits[len(g.Digits)-1] == g.Tail {
		g.Digits = g.Digits[:len(g.Digits)-1]
	}
	return g, true
}
