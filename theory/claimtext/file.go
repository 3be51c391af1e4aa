package claimtext

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/internal/readfile"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

// A Claim is one line of a claim file:
//
//	claim LABEL: Q[RULESET, N piles <= B] iff FORMULA where DOMAIN
//
// with the label, the box bound "<= B" and the domain optional, and
// "= TERM" instead of "iff FORMULA" for the values G, Gm, R, Rm.
type Claim struct {
	Label string // "" when the line has none
	// Corrects, when set, is the label of the claim this one corrects
	// ("claim slow2.fix corrects slow2: …"): the corrected claim keeps
	// failing, and findings shows this one beside it.
	Corrects string
	Line     int
	Quantity grundy.Quantity
	// Game is the ruleset as the normal form writes it: the ruleset's
	// canonical name (every parameter, "slow-exact:k=2" for
	// "slow-exact"), or a rule file's path as written.
	Game    string
	Ruleset grundy.Ruleset
	// Spec is what games.Parse reads: Game, with a rule file's relative
	// path taken from the claim file's directory.
	Spec string
	// RulesDigest, for a rule file's claim, is a digest of the file's
	// text, part of the claim's ledger identity (LedgerKey).
	RulesDigest string
	Piles       int
	Max         int   // the box's largest pile as written; 0: DefaultMax
	Body        *Expr // the formula (P, Pm) or term (G, Gm, R, Rm)
	Where       *Expr // the domain, nil for every position

	Formula, Domain *formula.Expr // Body and Where lowered
}

// Quantities are the quantities a claim may state, as written.
var Quantities = []grundy.Quantity{grundy.QP, grundy.QPm, grundy.QG, grundy.QGm, grundy.QR, grundy.QRm}

func isSet(q grundy.Quantity) bool { return q == grundy.QP || q == grundy.QPm }

// Key is the claim's identity: its normal form without label and box.
// A proof ledger records the claim's proofs under it, so that a claim
// whose quantity, ruleset, pile count, formula or domain changes is never
// trusted on an older proof, and a renamed or re-boxed one keeps its.
func (c *Claim) Key() string { return c.text(false) }

// LedgerKey is the identity a proof ledger records the claim's proofs
// under: Key, and for a claim on a rule file a digest of the file's text
// ("… [my.rules sha256 0123456789abcdef]"), so that editing the rule's
// moves voids the proofs as editing the claim does.
func (c *Claim) LedgerKey() string {
	if c.RulesDigest == "" {
		return c.Key()
	}
	file, _, _ := strings.Cut(c.Game, ":")
	return fmt.Sprintf("%s [%s sha256 %s]", c.Key(), filepath.Base(file), c.RulesDigest)
}

// String is the claim's line in normal form, label and box included.
func (c *Claim) String() string { return c.text(true) }

func (c *Claim) text(full bool) string {
	var b strings.Builder
	switch {
	case full && c.Corrects != "":
		fmt.Fprintf(&b, "claim %s corrects %s: ", c.Label, c.Corrects)
	case full && c.Label != "":
		fmt.Fprintf(&b, "claim %s: ", c.Label)
	}
	fmt.Fprintf(&b, "%s[%s, %s", c.Quantity, c.Game, pilesWord(c.Piles))
	if full && c.Max > 0 {
		fmt.Fprintf(&b, " <= %d", c.Max)
	}
	b.WriteString("] ")
	if isSet(c.Quantity) {
		b.WriteString("iff ")
	} else {
		b.WriteString("= ")
	}
	b.WriteString(c.Body.String())
	if c.Where != nil {
		b.WriteString(" where " + c.Where.String())
	}
	return b.String()
}

func pilesWord(n int) string {
	if n == 1 {
		return "1 pile"
	}
	return fmt.Sprintf("%d piles", n)
}

// A File is the claims of one claim file, in order.
type File struct {
	Name   string
	Claims []*Claim
}

// String is the file in normal form: one claim a line (comments are not
// kept).
func (f *File) String() string {
	var b strings.Builder
	for _, c := range f.Claims {
		b.WriteString(c.String() + "\n")
	}
	return b.String()
}

// MaxFile is the most bytes of a claim file read: some 40,000 claims.
const MaxFile = 4 << 20

// ReadFile reads and parses the claim file at path (at most MaxFile
// bytes; a FIFO is read as a stream).
func ReadFile(path string) (*File, error) {
	src, err := readfile.Read(path, "claim file", MaxFile)
	if err != nil {
		return nil, err
	}
	return Parse(path, src)
}

// MaxPiles bounds a claim's pile count.
const MaxPiles = 64

// Parse reads claim text: one claim a line, each after an optional
// "claim LABEL:", with # starting a comment. Rulesets are read by
// games.Parse, a rule file's relative path from name's directory. The
// error, if any, is an ErrorList of every faulty line, each fault with
// its line and column.
func Parse(name string, src []byte) (*File, error) {
	f := &File{Name: name}
	var errs ErrorList
	seen := map[string]int{}
	for i, line := range strings.Split(string(src), "\n") {
		c, err := parseLine(name, i+1, []rune(strings.TrimSuffix(line, "\r")))
		if err != nil {
			err.File = name
			errs = append(errs, err)
			continue
		}
		if c == nil {
			continue
		}
		// Two labels may state the same claim (a reading that coincides
		// with the printed claim on some ruleset); one label states one
		// claim per ruleset and pile count.
		id := c.Key()
		if c.Label != "" {
			id = fmt.Sprintf("%s@%s/%d", c.Label, c.Game, c.Piles)
		}
		if prev, ok := seen[id]; ok {
			msg := fmt.Sprintf("the same claim as line %d", prev)
			if c.Label != "" {
				msg = fmt.Sprintf("claim %s on %s, %s is stated on line %d already", c.Label, c.Game, pilesWord(c.Piles), prev)
			}
			errs = append(errs, &Error{File: name, Pos: Pos{c.Line, 1}, Msg: msg})
			continue
		}
		seen[id] = c.Line
		f.Claims = append(f.Claims, c)
	}
	errs = append(errs, f.checkCorrections()...)
	if len(errs) > 0 {
		return nil, errs
	}
	return f, nil
}

// checkCorrections: a correction names a claim of the file stated on one
// line (its ID is then the label), which is no correction itself.
func (f *File) checkCorrections() ErrorList {
	lines := map[string][]*Claim{}
	for _, c := range f.Claims {
		if c.Label != "" {
			lines[c.Label] = append(lines[c.Label], c)
		}
	}
	var errs ErrorList
	for _, c := range f.Claims {
		if c.Corrects == "" {
			continue
		}
		p := lines[c.Corrects]
		var msg string
		switch {
		case len(p) == 0:
			msg = fmt.Sprintf("claim %s corrects %s, which the file does not state", c.Label, c.Corrects)
		case len(p) > 1:
			msg = fmt.Sprintf("claim %s corrects %s, which is stated on %d lines: label each", c.Label, c.Corrects, len(p))
		case p[0].Corrects != "":
			msg = fmt.Sprintf("claim %s corrects %s, which is a correction itself", c.Label, c.Corrects)
		default:
			continue
		}
		errs = append(errs, &Error{File: f.Name, Pos: Pos{c.Line, 1}, Msg: msg})
	}
	return errs
}

var (
	labelRE = regexp.MustCompile(`^[A-Za-z0-9_./@+-]+$`)
	// boxRE reads the end of the bracket: ", N piles" and an optional
	// "<= B"; the ruleset before it may hold commas (s=1,t=1).
	boxRE = regexp.MustCompile(`^(.*),\s*([0-9]+)\s*piles?\s*(?:(?:<=|≤)\s*([0-9]+)\s*)?$`)
)

func parseLine(name string, line int, src []rune) (*Claim, *Error) {
	if len(src) > MaxLine {
		return nil, errorf(Pos{line, 1}, "a line of %d characters (at most %d)", len(src), MaxLine)
	}
	if i := indexRune(src, '#'); i >= 0 {
		src = src[:i]
	}
	i := skipSpace(src, 0)
	if i == len(src) {
		return nil, nil
	}
	at := func(j int) Pos { return Pos{line, j + 1} }
	c := &Claim{Line: line}
	if word(src, i) == "claim" {
		j := i + len("claim")
		colon := indexRune(src[j:], ':')
		if colon < 0 {
			return nil, errorf(at(i), `"claim LABEL:" needs a colon after the label`)
		}
		label := strings.TrimSpace(string(src[j : j+colon]))
		if l, parent, ok := strings.Cut(label, " corrects "); ok {
			label, c.Corrects = strings.TrimSpace(l), strings.TrimSpace(parent)
			if !labelRE.MatchString(c.Corrects) || !strings.HasPrefix(label, c.Corrects+".") {
				return nil, errorf(at(skipSpace(src, j)), "claim %s corrects %s: a correction's label extends the label of the claim it corrects (%s.fix)", label, c.Corrects, c.Corrects)
			}
		}
		if !labelRE.MatchString(label) {
			return nil, errorf(at(skipSpace(src, j)), "label %q: use letters, digits and _ . / @ + - (no spaces)", label)
		}
		c.Label = label
		i = skipSpace(src, j+colon+1)
	}
	q := word(src, i)
	switch {
	case q == "":
		return nil, errorf(at(i), "expected a quantity (P, Pm, G, Gm, R or Rm) starting the claim")
	case !isQuantity(q):
		return nil, errorf(at(i), "unknown quantity %q (want P, Pm, G, Gm, R or Rm)", q)
	}
	c.Quantity = grundy.Quantity(q)
	i += len(q)
	if i = skipSpace(src, i); i == len(src) || src[i] != '[' {
		return nil, errorf(at(i), `expected "[RULESET, N piles]" after %s`, q)
	}
	open := i
	close := indexRune(src[open:], ']')
	if close < 0 {
		return nil, errorf(at(open), `"[" without "]"`)
	}
	close += open
	inner := string(src[open+1 : close])
	m := boxRE.FindStringSubmatch(inner)
	if m == nil {
		return nil, errorf(at(open+1), `expected "RULESET, N piles" or "RULESET, N piles <= MAX" in the brackets, found %q`, strings.TrimSpace(inner))
	}
	spec := strings.TrimSpace(m[1])
	specAt := at(skipSpace(src, open+1))
	piles, err := strconv.Atoi(m[2])
	if err != nil || piles < 1 || piles > MaxPiles {
		return nil, errorf(specAt, "%s piles: give 1 to %d", m[2], MaxPiles)
	}
	c.Piles = piles
	if m[3] != "" {
		b, err := strconv.Atoi(m[3])
		if err != nil || b < 1 || b > 1<<20 {
			return nil, errorf(specAt, "box <= %s: give a largest pile of 1 to %d", m[3], 1<<20)
		}
		c.Max = b
	}
	if spec == "" {
		return nil, errorf(specAt, "no ruleset before the pile count")
	}
	c.Game, c.Spec = spec, spec
	path, params, _ := strings.Cut(spec, ":")
	isRules := strings.HasSuffix(path, ".rules")
	if isRules && !filepath.IsAbs(path) && name != "" {
		c.Spec = filepath.Join(filepath.Dir(name), path)
		if params != "" {
			c.Spec += ":" + params
		}
	}
	r, gerr := games.Parse(c.Spec)
	if gerr != nil {
		return nil, &Error{Pos: specAt, Msg: gerr.Error(), Err: gerr}
	}
	if !isRules {
		c.Game, c.Spec = r.Name(), r.Name()
	} else {
		// The rule file's text is part of what the claim says: a proof
		// must not outlive an edit of the moves.
		file, _, _ := strings.Cut(c.Spec, ":")
		b, err := readfile.Read(file, "rule file", lang.MaxText)
		if err != nil {
			return nil, &Error{Pos: specAt, Msg: err.Error(), Err: err}
		}
		sum := sha256.Sum256(b)
		c.RulesDigest = hex.EncodeToString(sum[:8])
	}
	c.Ruleset = r
	if err := r.Validate(make(grundy.Position, piles)); err != nil {
		return nil, errorf(specAt, "%s with %s: %v", c.Game, pilesWord(piles), err)
	}

	toks, lerr := lex(src[close+1:], line, close+2)
	if lerr != nil {
		return nil, asError(lerr)
	}
	p := &parser{toks: toks}
	t := p.next()
	set := isSet(c.Quantity)
	switch {
	case set && !(t.kind == tIdent && t.text == "iff"):
		return nil, errorf(t.pos, `expected "iff FORMULA" after %s[…], found %s`, q, t)
	case !set && !(t.kind == tOp && t.text == "="):
		return nil, errorf(t.pos, `expected "= TERM" after %s[…], found %s`, q, t)
	}
	if c.Body, err = p.expr(); err != nil {
		return nil, asError(err)
	}
	if p.isWord("where") {
		p.next()
		if c.Where, err = p.expr(); err != nil {
			return nil, asError(err)
		}
	}
	if t := p.peek(); t.kind != tEOF {
		return nil, errorf(t.pos, "unexpected %s after the claim", t)
	}
	if c.Formula, err = Lower(c.Body, piles); err != nil {
		return nil, asError(err)
	}
	if set && !c.Formula.IsBool() {
		return nil, errorf(c.Body.Pos, "%s claims a set: iff needs a formula (true or false), found the term %s", q, c.Body)
	}
	if !set && c.Formula.IsBool() {
		return nil, errorf(c.Body.Pos, "%s claims a value: = needs a term (a number), found the formula %s", q, c.Body)
	}
	if c.Where != nil {
		if c.Domain, err = Lower(c.Where, piles); err != nil {
			return nil, asError(err)
		}
		if !c.Domain.IsBool() {
			return nil, errorf(c.Where.Pos, "where needs a formula (true or false), found the term %s", c.Where)
		}
	}
	return c, nil
}

// ValidLabel reports whether s may label a claim: letters, digits and
// _ . / @ + -, no spaces.
func ValidLabel(s string) bool { return labelRE.MatchString(s) }

func isQuantity(s string) bool {
	for _, q := range Quantities {
		if string(q) == s {
			return true
		}
	}
	return false
}

func indexRune(src []rune, r rune) int {
	for i, x := range src {
		if x == r {
			return i
		}
	}
	return -1
}

func skipSpace(src []rune, i int) int {
	for i < len(src) && unicode.IsSpace(src[i]) {
		i++
	}
	return i
}

// word is the run of letters and digits at i.
func word(src []rune, i int) string {
	j := i
	for j < len(src) && (isLetter(src[j]) || src[j] >= '0' && src[j] <= '9') {
		j++
	}
	return string(src[i:j])
}

// Default boxes: the largest pile bound whose box holds at most
// DefaultPositions canonical positions, and at most DefaultMaxCap.
const (
	DefaultPositions = 20_000
	DefaultMaxCap    = 200
)

// DefaultMax is the largest pile of the box a claim without "<= B" is
// checked on: as large as keeps the box within DefaultPositions
// positions (2 sorted piles ≤ 198, 3 ≤ 47, 4 ≤ 23, 5 ≤ 15, …).
func DefaultMax(r grundy.Ruleset, n int) int {
	from := grundy.SymmetricFrom(r, n)
	limit := big.NewInt(DefaultPositions)
	lo, hi := 1, DefaultMaxCap
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if solve.BoxSize(n, from, mid).Cmp(limit) <= 0 {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// Box is the instance the claim is checked on by default.
func (c *Claim) Box() theory.Instance {
	max := c.Max
	if max == 0 {
		max = DefaultMax(c.Ruleset, c.Piles)
	}
	return theory.Instance{Game: c.Spec, Piles: c.Piles, Max: max}
}

// Theory turns the file's claims into theory.Claims that check, prove and
// findings treat as they treat a paper's: Support Conjecture, the file
// and line as citation, the normal form (Key) as statement and ledger
// identity. A label names one claim; a label on several lines (a claim
// stated for several rulesets or pile counts) gives IDs LABEL@GAME/N.
// An unlabelled claim is FILE:LINE. A correction has Support Correction.
func (f *File) Theory() []*theory.Claim {
	count := map[string]int{}
	for _, c := range f.Claims {
		if c.Label != "" {
			count[c.Label]++
		}
	}
	base := filepath.Base(f.Name)
	var out []*theory.Claim
	for _, c := range f.Claims {
		id := c.Label
		switch {
		case id == "":
			id = fmt.Sprintf("%s:%d", base, c.Line)
		case count[id] > 1:
			id = fmt.Sprintf("%s@%s/%d", c.Label, c.Game, c.Piles)
		}
		tc := c.theory(id, fmt.Sprintf("%s:%d", f.Name, c.Line))
		if c.Corrects != "" {
			tc.Support, tc.Corrects = theory.Correction, c.Corrects
			tc.Change = "restated in the claim file"
		}
		out = append(out, tc)
	}
	return out
}

func (c *Claim) theory(id, where string) *theory.Claim {
	name, n := c.Ruleset.Name(), c.Piles
	fam := games.SpecOf(c.Ruleset).Family
	if fam == "" {
		fam = c.Game
	}
	f, dom := c.Formula, c.Domain
	tc := &theory.Claim{
		ID: id, Ref: where, File: where, Statement: c.Key(), Family: fam, Quantity: c.Quantity,
		Support: theory.Conjecture, Key: c.LedgerKey(), Note: c.Note(),
		Applies: func(r grundy.Ruleset, m int) bool { return r.Name() == name && m == n },
		Formula: func(grundy.Ruleset, int) *formula.Expr { return f },
		Checks:  []theory.Instance{c.Box()},
	}
	if dom != nil {
		tc.Domain = func(grundy.Ruleset, int) *formula.Expr { return dom }
	}
	return tc
}

// Note says how the claim's variables read a position: for a ruleset
// whose piles are interchangeable, the canonical position is sorted.
func (c *Claim) Note() string {
	from := grundy.SymmetricFrom(c.Ruleset, c.Piles)
	switch {
	case from >= c.Piles-1:
		return ""
	case from == 0:
		return fmt.Sprintf("x1 ≤ … ≤ x%d: the piles are interchangeable, so positions are read sorted ascending", c.Piles)
	}
	return fmt.Sprintf("x%d ≤ … ≤ x%d: those piles are interchangeable, so they are read sorted ascending", from+1, c.Piles)
}

// asError keeps an *Error; anything else would be a bug of this package,
// worded at line 0 rather than lost.
func asError(err error) *Error {
	if e, ok := err.(*Error); ok {
		return e
	}
	return &Error{Msg: err.Error()}
}

// FromTheory writes a registered claim that has a Formula as claim text:
// one Claim per check instance (the formula depends on the ruleset and
// the pile count), labelled with the claim's ID and boxed as its check
// is. The text is generated from the Go formula (FromFormula), so the
// registration stays the one source. It returns nil for a claim without a
// Formula, a property or an instance the formula says nothing of.
func FromTheory(c *theory.Claim) ([]*Claim, error) {
	if c.Formula == nil || c.Quantity == grundy.QProperty {
		return nil, nil
	}
	var out []*Claim
	for _, in := range c.Checks {
		r, err := games.Parse(in.Game)
		if err != nil {
			return nil, fmt.Errorf("claim %s: %w", c.ID, err)
		}
		f := c.Formula(r, in.Piles)
		if f == nil {
			continue
		}
		tc := &Claim{Label: c.ID, Quantity: c.Quantity, Game: r.Name(), Spec: r.Name(), Ruleset: r,
			Piles: in.Piles, Max: in.Max, Body: FromFormula(f)}
		if c.Domain != nil {
			d := c.Domain(r, in.Piles)
			if d == nil {
				continue
			}
			tc.Where = FromFormula(d)
		}
		if tc.Formula, err = Lower(tc.Body, in.Piles); err != nil {
			return nil, fmt.Errorf("claim %s on %s: %w", c.ID, in, err)
		}
		if tc.Where != nil {
			if tc.Domain, err = Lower(tc.Where, in.Piles); err != nil {
				return nil, fmt.Errorf("claim %s on %s: %w", c.ID, in, err)
			}
		}
		out = append(out, tc)
	}
	return out, nil
}
