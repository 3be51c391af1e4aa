package theory

import (
	"fmt"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/internal/plural"
)

// A TrustKind is grundy's one vocabulary for why a number can be believed.
// check, value, move, the web UI and every JSON answer use it.
type TrustKind string

const (
	// TrustComputed: exhaustive computation of this very position (a
	// search of every reachable position, or a box solver's table).
	TrustComputed TrustKind = "computed"
	// TrustPaperProof: a theorem the paper proves.
	TrustPaperProof TrustKind = "paper-proof"
	// TrustClassical: a classical theorem the paper cites (Bouton, Moore).
	TrustClassical TrustKind = "classical"
	// TrustSMTProved: grundy's ledger proved the claim for every position
	// of this ruleset with this many piles (solver and date in Detail).
	TrustSMTProved TrustKind = "smt-proved"
	// TrustAutomataProved: grundy proved the claim for every position of
	// this ruleset with this many piles with finite automata over a
	// numeration system (system, states and date in Detail): the claim's
	// set is the language of an automaton whose P-position conditions
	// were decided as first-order statements (package automatic).
	TrustAutomataProved TrustKind = "automata-proved"
	// TrustDecided: a finite claim (a table's rows, a worked example)
	// checked exhaustively at every position it speaks of, all of them
	// inside the box: settled, not merely sampled.
	TrustDecided TrustKind = "decided"
	// TrustChecked: the claim was checked exhaustively in a box only:
	// true there, unproved beyond.
	TrustChecked TrustKind = "checked"
	// TrustRefuted: grundy found a counterexample.
	TrustRefuted TrustKind = "refuted"
	// TrustUnchecked: a statement of a paper that grundy has neither
	// proved nor checked for these parameters.
	TrustUnchecked TrustKind = "unchecked"
)

// TrustKinds lists every kind, strongest evidence first: the order Trust
// ranks a claim's evidence in, the order in which an answer takes the
// strongest of the claims that give a quantity (Rank), and the
// vocabulary the web UI's help and README's table document.
//
// A computation of the very position comes first; a counterexample
// settles a claim. Then grundy's own proofs for every position, which a
// machine decided and a brute-force box confirmed: the SMT solvers
// (external, widely used deciders) before grundy's own automata library.
// A finite claim decided position by position next. Then the papers'
// proofs and the classical theorems they cite, which grundy has not
// proved itself (the audit found printed proofs wrong); last what is
// checked in a box only, or not at all.
var TrustKinds = []TrustKind{TrustComputed, TrustRefuted, TrustSMTProved, TrustAutomataProved, TrustDecided,
	TrustPaperProof, TrustClassical, TrustChecked, TrustUnchecked}

// Rank is k's place in TrustKinds: lower is stronger; a kind not listed
// ranks after every listed one.
func (k TrustKind) Rank() int {
	for i, l := range TrustKinds {
		if l == k {
			return i
		}
	}
	return len(TrustKinds)
}

// A Trust says why an answer, or a claim for one ruleset and pile count,
// can be believed.
type Trust struct {
	Kind   TrustKind `json:"kind"`
	Claims []string  `json:"claims,omitempty"` // the claim IDs it rests on
	// Scope says how far the kind reaches, in the one wording every
	// output uses: a proof "for every position of n piles of GAME", a
	// check "within the box GAME, n piles ≤ m" (see ProofScope, BoxScope,
	// DecidedScope). Detail starts with it.
	Scope  string `json:"scope,omitempty"`
	Detail string `json:"detail,omitempty"` // scope, solver and date, reading
}

// ProofScope is the scope of a proof for every position of n piles of
// game: unbounded in the pile sizes.
func ProofScope(game string, n int) string {
	return fmt.Sprintf("for every position of %s of %s", plural.Count(n, "pile"), game)
}

// BoxScope is the scope of an exhaustive check in box in: nothing is
// said beyond it.
func BoxScope(in Instance) string { return "within the box " + in.String() }

// DecidedScope is the scope of a finite claim checked at every position
// it speaks of, all of them inside box in.
func DecidedScope(in Instance) string {
	return "at every position it speaks of, all within the box " + in.String()
}

func (t Trust) String() string {
	var b strings.Builder
	b.WriteString(string(t.Kind))
	if len(t.Claims) > 0 {
		b.WriteString(" " + strings.Join(t.Claims, ", "))
	}
	if t.Detail != "" {
		b.WriteString(" (" + t.Detail + ")")
	}
	return b.String()
}

// Trust says how far c is established for r with n piles, strongest
// first: refuted; proved by grundy's ledgers for every position (SMT,
// then automata); decided
// (a finite claim checked at every position it speaks of); proved in the
// paper (or classical); checked in a box of grundy's; else unchecked. An
// "if and only if" whose ledger proof covers one side only is recorded
// as a separate claim, so its Trust speaks for that side alone.
func (reg *Registry) Trust(c *Claim, r grundy.Ruleset, n int) Trust {
	t := Trust{Claims: []string{c.ID}}
	var notes []string
	switch {
	case c.ReadingOf != "":
		notes = append(notes, "a reading of "+c.ReadingOf)
	case c.Corrects != "" && c.File != "":
		notes = append(notes, "a correction of "+c.Corrects+" stated in "+c.File)
	case c.Corrects != "":
		notes = append(notes, "grundy's correction of "+c.Corrects)
	case c.WeakeningOf != "":
		notes = append(notes, "a weakening of "+c.WeakeningOf+", not the printed statement")
	}
	also := ""
	if c.Support == PaperProof || c.Support == Classical {
		also = "also " + string(c.Support)
	}
	in, boxed := checkedBox(c, r, n)
	switch {
	case c.Refuted != "":
		t.Kind = TrustRefuted
		notes = append(notes, "counterexample ("+c.Refuted+")")
	case hasProof(reg, c, r, n):
		rec, _ := reg.Proof(c, r, n)
		t.Kind = TrustSMTProved
		t.Scope = ProofScope(r.Name(), n)
		d := rec.Solver + ", " + rec.Date
		if len(rec.Via) > 0 {
			d += ", from " + strings.Join(rec.Via, ", ")
		}
		notes = append(notes, d)
		if also != "" {
			notes = append(notes, also)
		}
	case hasAutoProof(reg, c, r, n):
		rec, _ := reg.AutoProof(c, r, n)
		t.Kind = TrustAutomataProved
		t.Scope = ProofScope(r.Name(), n)
		d := fmt.Sprintf("%s, %s, %s", rec.System, plural.Count(rec.States, "state"), rec.Date)
		if len(rec.Via) > 0 {
			d += ", automaton of " + strings.Join(rec.Via, ", ")
		}
		notes = append(notes, d)
		if also != "" {
			notes = append(notes, also)
		}
	case c.Finite && boxed:
		t.Kind = TrustDecided
		t.Scope = DecidedScope(in)
		if also != "" {
			notes = append(notes, also)
		}
	case c.Support == PaperProof:
		t.Kind = TrustPaperProof
	case c.Support == Classical:
		t.Kind = TrustClassical
	case boxed && c.Sweep != nil:
		t.Kind = TrustChecked
		t.Scope = "within " + c.Sweep.Scope(in)
	case boxed:
		t.Kind = TrustChecked
		t.Scope = BoxScope(in)
	default:
		t.Kind = TrustUnchecked
		notes = append(notes, string(c.Support)+", not checked for these parameters")
	}
	if t.Scope != "" {
		notes = append([]string{t.Scope}, notes...)
	}
	t.Detail = strings.Join(notes, "; ")
	return t
}

func hasAutoProof(reg *Registry, c *Claim, r grundy.Ruleset, n int) bool {
	_, ok := reg.AutoProof(c, r, n)
	return ok
}

func hasProof(reg *Registry, c *Claim, r grundy.Ruleset, n int) bool {
	_, ok := reg.Proof(c, r, n)
	return ok
}

// checkedBox finds the default check instance of c on r with n piles.
func checkedBox(c *Claim, r grundy.Ruleset, n int) (Instance, bool) {
	for _, in := range c.Checks {
		if g, err := games.Parse(in.Game); err == nil && g.Name() == r.Name() && in.Piles == n {
			return in, true
		}
	}
	return Instance{}, false
}

func (k TrustKind) String() string { return string(k) }
