package theory

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
)

// A Quantity is what a claim speaks of.
type Quantity string

const (
	QG  Quantity = "G"  // Sprague–Grundy value, normal play
	QGm Quantity = "Gm" // Sprague–Grundy value, misère play
	QR  Quantity = "R"  // remoteness, normal play
	QRm Quantity = "Rm" // remoteness, misère play
	QP  Quantity = "P"  // membership in the P-positions, normal play (1 in, 0 out)
	QPm Quantity = "Pm" // membership in the P-positions, misère play
)

// Status says how a paper supports a claim.
type Status string

const (
	Proved   Status = "proved"   // a theorem with a proof in the paper (or a cited proof)
	Computed Status = "computed" // "our computations show": reported, not proved
	Printed  Status = "table"    // entries of a printed table
)

// An Instance is one concrete ruleset and box a claim is checked on.
type Instance struct {
	Game  string // ruleset with parameters, as games.Parse reads it
	Piles int
	Max   int
}

func (in Instance) String() string {
	return fmt.Sprintf("%s, %d piles ≤ %d", in.Game, in.Piles, in.Max)
}

// A Claim is one statement of a paper.
type Claim struct {
	ID        string   // stable, "PAPER/KIND-NUMBER[.PART]"
	Paper     string   // file number in shared/papers, e.g. "000"
	Ref       string   // where in the paper: "Proposition 11(4)", "Table 5"
	Statement string   // the claim in one line
	Family    string   // the games family it speaks of
	Quantity  Quantity // what it gives
	Status    Status
	// Note records a reading chosen where the OCR text is ambiguous, or a
	// finding about the claim.
	Note string
	// Refuted, when set, is the smallest counterexample grundy check
	// finds in the claim's default boxes: the paper is wrong here. A
	// refuted claim is still checked and reported, but never used to
	// answer for a position.
	Refuted string

	// Applies reports whether the claim speaks of ruleset r with n piles.
	Applies func(r grundy.Ruleset, n int) bool
	// Eval gives the claimed quantity at canonical position p of r (for
	// QP and QPm 1 or 0), and false where the claim says nothing of p.
	// It must run in time polynomial in the bit length of p. Left nil on
	// a claim with a Formula, register derives it from Formula and Domain,
	// so check, value and prove all read the one definition.
	Eval func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool)
	// Formula, when the closed form is Presburger-expressible, gives it
	// for r with n piles: a formula (true iff in the set) for QP and QPm,
	// a term for values.
	Formula func(r grundy.Ruleset, n int) *formula.Expr
	// Domain, when set, is the formula of the positions the claim speaks
	// of (nil: every position of Applies); Formula is claimed only inside
	// it.
	Domain func(r grundy.Ruleset, n int) *formula.Expr
	// Move, when set, finds a move from p to a P-position of the claim's
	// play, for positions of any size.
	Move func(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool)

	// Checks are the instances `grundy check` covers by default; together
	// they should take a few seconds at most.
	Checks []Instance
}

// Citation is the paper and place of the claim.
func (c *Claim) Citation() string {
	return fmt.Sprintf("%s, %s", PaperTitles[c.Paper], c.Ref)
}

// PaperTitles names the papers in shared/papers by file number.
var PaperTitles = map[string]string{
	"000": "Gurvich, Ho, Slow k-Nim (2015) [000_669b5e553eddd707.txt]",
	"001": "Xu, Zhu, Bounded Greedy Nim (2018) [001_6f8a7fa66a40c6d4.txt]",
	"002": "Li, Liu, Fraenkel, Liu, Variants of (s,t)-Wythoff's game [002_df95087f7a74434a.txt]",
	"003": "Gurvich, Maximchuk, Miheenkov, Naumova, On remoteness functions of k-NIM with k+1 piles (2024) [003_48cf696553350135.txt]",
	"004": "Chikin, Gurvich, Knop, Paterson, Vyalyi, More about exact slow k-Nim (2021) [004_73aab84bb3a12343.txt]",
}

// FormulaEval turns a Formula field into an Eval that applies everywhere
// the formula is defined.
func FormulaEval(f func(r grundy.Ruleset, n int) *formula.Expr) func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool) {
	return func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
		e := f(r, len(p))
		if e == nil {
			return nil, false
		}
		if e.IsBool() {
			return boolInt(e.Bool(p)), true
		}
		return e.Int(p), true
	}
}

// DomainFormulaEval is FormulaEval restricted to the positions where the
// domain formula holds: a claim such as "if x_{n-2} = 0 then …" says
// nothing elsewhere.
func DomainFormulaEval(dom, f func(r grundy.Ruleset, n int) *formula.Expr) func(grundy.Ruleset, grundy.BigPosition) (*big.Int, bool) {
	eval := FormulaEval(f)
	return func(r grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
		if d := dom(r, len(p)); d == nil || !d.Bool(p) {
			return nil, false
		}
		return eval(r, p)
	}
}

func boolInt(b bool) *big.Int {
	if b {
		return big.NewInt(1)
	}
	return big.NewInt(0)
}

var registry = map[string]*Claim{}

// register adds claims; it panics on a malformed or duplicate claim, a
// programmer error caught by every test run.
func register(cs ...*Claim) {
	for _, c := range cs {
		if c.Eval == nil && c.Formula != nil {
			if c.Domain != nil {
				c.Eval = DomainFormulaEval(c.Domain, c.Formula)
			} else {
				c.Eval = FormulaEval(c.Formula)
			}
		}
		switch {
		case c.ID == "" || c.Paper == "" || c.Ref == "" || c.Statement == "":
			panic(fmt.Sprintf("theory: claim %q lacks an ID, paper, ref or statement", c.ID))
		case registry[c.ID] != nil:
			panic("theory: duplicate claim " + c.ID)
		case c.Applies == nil || c.Eval == nil:
			panic("theory: claim " + c.ID + " lacks Applies or Eval")
		case PaperTitles[c.Paper] == "":
			panic("theory: claim " + c.ID + " cites unknown paper " + c.Paper)
		}
		if _, ok := games.Lookup(c.Family); !ok {
			panic("theory: claim " + c.ID + " speaks of unknown family " + c.Family)
		}
		for _, in := range c.Checks {
			if _, err := games.Parse(in.Game); err != nil {
				panic("theory: claim " + c.ID + ": " + err.Error())
			}
		}
		registry[c.ID] = c
	}
}

// All lists every claim, ordered by ID.
func All() []*Claim {
	out := make([]*Claim, 0, len(registry))
	for _, c := range registry {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return lessID(out[i].ID, out[j].ID) })
	return out
}

// lessID orders IDs by paper, then naturally (thm-2 before thm-10).
func lessID(a, b string) bool {
	as, bs := splitDigits(a), splitDigits(b)
	for i := 0; i < len(as) && i < len(bs); i++ {
		if as[i] == bs[i] {
			continue
		}
		ai, aerr := parseUint(as[i])
		bi, berr := parseUint(bs[i])
		if aerr && berr {
			return ai < bi
		}
		return as[i] < bs[i]
	}
	return len(as) < len(bs)
}

func splitDigits(s string) []string {
	var out []string
	start := 0
	for i := 1; i <= len(s); i++ {
		if i == len(s) || isDigit(s[i]) != isDigit(s[start]) {
			out = append(out, s[start:i])
			start = i
		}
	}
	return out
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func parseUint(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) || n > 1e8 {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, len(s) > 0
}

// Lookup finds a claim by ID.
func Lookup(id string) (*Claim, bool) {
	c, ok := registry[id]
	return c, ok
}

// Match lists the claims whose ID equals pattern or starts with pattern
// followed by "/", "." or "-" ("002" matches every claim of paper 002,
// "000/prop-11" matches 000/prop-11.1 … 000/prop-11.5).
func Match(pattern string) []*Claim {
	var out []*Claim
	for _, c := range All() {
		if c.ID == pattern || strings.HasPrefix(c.ID, pattern) && strings.ContainsAny(c.ID[len(pattern):len(pattern)+1], "/.-") {
			out = append(out, c)
		}
	}
	return out
}

// familyIs is an Applies for every ruleset of one family and pile count
// test.
func familyIs(family string, piles func(r grundy.Ruleset, n int) bool) func(grundy.Ruleset, int) bool {
	return func(r grundy.Ruleset, n int) bool {
		name, _, _ := strings.Cut(r.Name(), ":")
		return name == family && (piles == nil || piles(r, n))
	}
}
