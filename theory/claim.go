package theory

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/internal/plural"
)

// Support says what backs a claim in the literature.
type Support string

const (
	PaperProof Support = "paper-proof" // the paper proves it
	Classical  Support = "classical"   // a classical theorem the paper cites (Bouton, Moore, …)
	Reported   Support = "reported"    // "our computations show": reported, not proved
	Table      Support = "table"       // entries of a printed table
	// Correction is grundy's own statement, replacing a printed one that
	// fails: no paper backs it; only grundy's check and prover do.
	Correction Support = "correction"
	// Conjecture is a user's statement read from a claim file (package
	// claimtext): no paper backs it, only grundy's check and prover.
	Conjecture Support = "conjecture"
)

// An Instance is one concrete ruleset and box a claim is checked on.
type Instance struct {
	Game  string // ruleset with parameters, as games.Parse reads it
	Piles int
	Max   int
}

func (in Instance) String() string {
	return fmt.Sprintf("%s, %s ≤ %d", in.Game, plural.Piles(in.Piles), in.Max)
}

// A Claim is one statement of a paper, or one candidate reading of it, or
// grundy's correction of it.
//
// A printed claim is registered as the paper prints it, read as literally
// as the OCR allows. Where a glyph is genuinely ambiguous, each further
// candidate reading is a claim of its own with ReadingOf naming the
// printed claim (ID "<printed ID>.reading-<label>"), so that check
// evaluates every reading and reports which hold. Where the printed
// statement is false and a changed one holds, the changed one is a claim
// with Corrects naming the printed claim (ID "<printed ID>.corrected…") and
// Change saying what it changed; the printed claim keeps failing. A
// statement strictly weaker than the printed one (a conjunct dropped, the
// domain narrowed) is neither a reading nor a correction but a weakening:
// WeakeningOf names the printed claim and Weakening says what it gives
// up, so that a reader never takes its pass for the printed claim's.
type Claim struct {
	ID    string // stable, "PAPER/KIND-NUMBER[.PART]"
	Paper string // file number in shared/papers, e.g. "000"
	Ref   string // where in the paper: "Proposition 11(4)", "Table 5"
	// Statement is what this claim says, in one line: for a printed claim
	// the paper's statement, for a reading the statement under it, for a
	// correction the corrected statement.
	Statement string
	// Quote, when set, is the paper's own words as the OCR gives them.
	Quote    string
	Family   string          // the games family it speaks of
	Quantity grundy.Quantity // what it gives
	Support  Support

	// ReadingOf is the ID of the printed claim this is a candidate
	// reading of, and Reading says which glyph it reads how and why.
	ReadingOf, Reading string
	// Corrects is the ID of the printed claim this corrects, and Change
	// says what the correction changed.
	Corrects, Change string
	// WeakeningOf is the ID of the printed claim this is a weaker
	// statement than (implied by it, not equivalent), and Weakening says
	// what it gives up: "restricted to the minimal exceptions", "drops
	// 1 ≤ i ≤ n".
	WeakeningOf, Weakening string

	// Note is a remark shown with the claim wherever it is listed or
	// checked: an encoding, a derivation, a scope.
	Note string
	// Finite declares that the claim speaks of finitely many positions
	// (a table's rows, a worked example), every one of them inside each
	// of its check boxes, so that a pass decides it: [TrustDecided], not
	// [TrustChecked]. catalog's tests hold every Finite claim to it by
	// checking it again in boxes two larger.
	Finite bool
	// Refuted, when set, is the smallest counterexample grundy check
	// finds in the claim's default boxes: the statement is false. A
	// refuted claim is still checked and reported, but never used to
	// answer for a position. Tests pin it against Check.
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
	// Level, for a value claim whose Formula is written for sorted piles
	// (000's tetris function sums the smallest piles), may restate
	// "Formula(x) = c" symmetric in the interchangeable piles, with c the
	// variable n (formula.X(n)). The prover then states the followers'
	// values on unsorted followers, with no sorting network, after
	// proving that Level agrees with Formula on canonical positions (the
	// obligation "level"); a proof does not rest on it otherwise.
	Level func(r grundy.Ruleset, n int) *formula.Expr
	// Domain, when set, is the formula of the positions the claim speaks
	// of (nil: every position of Applies); Formula is claimed only inside
	// it.
	Domain func(r grundy.Ruleset, n int) *formula.Expr
	// Reach, when set, says where Eval stops short of the statement ("the
	// smaller pile up to 2^20 = 1048576 (as far as the recursion is run)"):
	// past it the claim says nothing, and an answer it cannot give says
	// so (Registry.Silent).
	Reach string
	// Move, when set, finds a move from p to a P-position of the claim's
	// play, for positions of any size.
	Move func(r grundy.Ruleset, p grundy.BigPosition) (grundy.BigPosition, bool)
	// Property, for a QProperty claim, tests the statement at one
	// position of a solved box (see Site).
	Property func(s *Site) Verdict
	// Sweep, when set, checks a QProperty claim on a set of positions of
	// its own for each instance, in place of Property on a box: for a
	// statement whose range no box affords but a lemma bounds.
	Sweep *Sweep
	// Needs, for a QProperty claim, are the values its Property reads
	// (grundy.KindG for a normal-play strategy, say); zero: all of them.
	// Remoteness is the costly part of a box: a claim that never reads it
	// should not pay for it.
	Needs grundy.Kinds
	// Diagnose, when set, words the verdict of a failed check: which
	// entry of a table is wrong and what the corrected row is, which
	// offset of a set is off. Check falls back to a generic verdict.
	Diagnose func(res *Result) string

	// Checks are the instances `grundy check` covers by default: at least
	// the range the paper itself analysed, every printed row inside.
	Checks []Instance

	// File, for a claim read from a claim file rather than registered
	// from a paper, is where: "my.claims:3". Such a claim cites no paper.
	File string
	// Key, when set, is the claim's identity in a proof ledger instead of
	// its ID: a claim file's claim is known by its normalized text, so an
	// edited claim is never trusted on an old proof, whatever its label.
	Key string
}

// WithMax is c with the largest pile of every check instance replaced by
// max, as Check does with CheckOptions.Max; c itself when max ≤ 0. Trust
// and findings of a run with --max describe the boxes it used through it.
func (c *Claim) WithMax(max int) *Claim {
	if max <= 0 {
		return c
	}
	cc := *c
	cc.Checks = slices.Clone(c.Checks)
	for i := range cc.Checks {
		cc.Checks[i].Max = max
	}
	return &cc
}

// LedgerKey is the identity the ledger records c's proofs under: Key, or
// else ID.
func (c *Claim) LedgerKey() string {
	if c.Key != "" {
		return c.Key
	}
	return c.ID
}

// Printed reports whether c is a statement as the paper prints it (not a
// reading of an ambiguous one, not a correction, not a weakening).
func (c *Claim) Printed() bool { return c.ReadingOf == "" && c.Corrects == "" && c.WeakeningOf == "" }

// Parent is the ID of the printed claim c reads, corrects or weakens (c's
// own ID for a printed claim).
func (c *Claim) Parent() string {
	switch {
	case c.ReadingOf != "":
		return c.ReadingOf
	case c.Corrects != "":
		return c.Corrects
	case c.WeakeningOf != "":
		return c.WeakeningOf
	}
	return c.ID
}

// Role names what c is: "as printed" (a claim file's: "as stated"),
// "reading of …: …", "correction of …: …" or "weakening of …: …".
func (c *Claim) Role() string {
	switch {
	case c.ReadingOf != "":
		return "reading of " + c.ReadingOf + ": " + c.Reading
	case c.Corrects != "":
		return "correction of " + c.Corrects + ": " + c.Change
	case c.WeakeningOf != "":
		return "weakening of " + c.WeakeningOf + ": " + c.Weakening
	case c.File != "":
		return "as stated"
	}
	return "as printed"
}

// Citation is the paper and place of the claim, or the file and line of
// a claim file's claim.
func (c *Claim) Citation() string {
	if c.File != "" {
		return c.File
	}
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

// BoolInt is 1 for true and 0 for false, the value of a set claim.
func BoolInt(b bool) *big.Int { return boolInt(b) }

// Validate reports what is malformed about c: a programmer error that
// NewRegistry turns into a panic caught by every test run. It also derives
// Eval from Formula and Domain.
func (c *Claim) Validate() error {
	if c.Eval == nil && c.Formula != nil {
		if c.Domain != nil {
			c.Eval = DomainFormulaEval(c.Domain, c.Formula)
		} else {
			c.Eval = FormulaEval(c.Formula)
		}
	}
	switch {
	case c.ID == "" || c.Paper == "" && c.File == "" || c.Ref == "" || c.Statement == "":
		return fmt.Errorf("claim %q lacks an ID, paper, ref or statement", c.ID)
	case (c.Support == Conjecture) != (c.File != "" && c.Corrects == ""):
		return fmt.Errorf("claim %s: a claim file's claims, and only they, are conjectures (or corrections)", c.ID)
	case c.Applies == nil:
		return fmt.Errorf("claim %s lacks Applies", c.ID)
	case c.Quantity == grundy.QProperty && (c.Property == nil && c.Sweep == nil || c.Eval != nil):
		return fmt.Errorf("property claim %s needs a Property or a Sweep and no Eval", c.ID)
	case c.Sweep != nil && (c.Quantity != grundy.QProperty || c.Property != nil || c.Sweep.Scope == nil || c.Sweep.Run == nil):
		return fmt.Errorf("sweep claim %s needs a Scope and a Run, is a property claim and has no Property", c.ID)
	case c.Quantity != grundy.QProperty && (c.Eval == nil || c.Property != nil):
		return fmt.Errorf("value claim %s needs an Eval (or Formula) and no Property", c.ID)
	case c.File == "" && PaperTitles[c.Paper] == "":
		return fmt.Errorf("claim %s cites unknown paper %s", c.ID, c.Paper)
	case (c.ReadingOf != "") && (c.Corrects != "" || c.WeakeningOf != "") || c.Corrects != "" && c.WeakeningOf != "":
		return fmt.Errorf("claim %s is more than one of a reading, a correction and a weakening", c.ID)
	case c.WeakeningOf != "" && (c.Weakening == "" || c.Support == Correction || !strings.HasPrefix(c.ID, c.WeakeningOf+".")):
		return fmt.Errorf("weakening %s must say what it gives up, keep the paper's support and extend the ID of %s", c.ID, c.WeakeningOf)
	case c.ReadingOf != "" && (c.Reading == "" || !strings.HasPrefix(c.ID, c.ReadingOf+".")):
		return fmt.Errorf("reading %s must say how it reads %s and extend its ID", c.ID, c.ReadingOf)
	case c.Corrects != "" && (c.Change == "" || c.Support != Correction || !strings.HasPrefix(c.ID, c.Corrects+".")):
		return fmt.Errorf("correction %s must say what it changed, have Support Correction and extend the ID of %s", c.ID, c.Corrects)
	case c.Corrects == "" && c.Support == Correction:
		return fmt.Errorf("claim %s has Support Correction but corrects nothing", c.ID)
	}
	if _, ok := games.Lookup(c.Family); !ok && c.File == "" {
		return fmt.Errorf("claim %s speaks of unknown family %s", c.ID, c.Family)
	}
	for _, in := range c.Checks {
		r, err := games.Parse(in.Game)
		if err != nil {
			return fmt.Errorf("claim %s: %w", c.ID, err)
		}
		if !c.Applies(r, in.Piles) {
			return fmt.Errorf("claim %s does not speak of its own check box %s", c.ID, in)
		}
	}
	return nil
}

// On is an Applies for the rulesets of one family whose Spec and pile
// count satisfy ok (nil: every one).
func On(family string, ok func(s games.Spec, n int) bool) func(grundy.Ruleset, int) bool {
	return func(r grundy.Ruleset, n int) bool {
		s := games.SpecOf(r)
		return s.Family == family && (ok == nil || ok(s, n))
	}
}

// A Sweep checks a claim on a set of positions it solves itself, rather
// than on a box: the positions of NIM(n, n−1) with small x1 and x2 and
// every larger pile (which a lemma reduces to finitely many), say.
type Sweep struct {
	// Scope words the set of positions Run visits for instance in, in
	// place of the box: how far the check reaches, and where it is not
	// exhaustive.
	Scope func(in Instance) string
	// Run calls visit, from one goroutine, with every position of in's
	// set and the claim's verdict there. Its detail, when not empty, is
	// kept with the result (Result.SweepDetails) for Diagnose to word.
	Run func(ctx context.Context, in Instance, lim SweepLimits, visit func(p grundy.Position, v Verdict)) (detail string, err error)
	// Positions, when set, is how many positions Run solves for in (with
	// any it solves on the way), for a caller that cuts a check to a
	// budget by lowering in.Max, as it would a box's.
	Positions func(in Instance) uint64
}

// SweepLimits are the limits a Sweep honours: it refuses, with its
// estimate, a set whose tables need more bytes or work than these
// (0: none), and reports progress.
type SweepLimits struct {
	MemoryLimit uint64
	WorkLimit   float64
	Progress    func(done, total uint64)
}

// The quantities package automatic's proof construction names as
// theory's. Its code is digested into every automata record
// (automatic.ConstructionDigest), so naming them grundy.QG there would
// void every record of theory/automatic.json; they are grundy's own.
const (
	QG  = grundy.QG
	QGm = grundy.QGm
	QPm = grundy.QPm
)
