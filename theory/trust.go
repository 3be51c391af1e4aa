package theory

import (
	"fmt"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
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
	// TrustChecked: the claim was checked exhaustively in a box only.
	TrustChecked TrustKind = "checked"
	// TrustRefuted: grundy found a counterexample.
	TrustRefuted TrustKind = "refuted"
	// TrustUnchecked: a statement of a paper that grundy has neither
	// proved nor checked for these parameters.
	TrustUnchecked TrustKind = "unchecked"
)

// A Trust says why an answer, or a claim for one ruleset and pile count,
// can be believed.
type Trust struct {
	Kind   TrustKind `json:"kind"`
	Claims []string  `json:"claims,omitempty"` // the claim IDs it rests on
	Detail string    `json:"detail,omitempty"` // solver and date, box, reading
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
// first: refuted; proved by grundy's ledger for every position (SMT, then
// automata); proved in
// the paper (or classical); checked in a box of grundy's; else unchecked.
// An "if and only if" whose ledger proof covers one side only is recorded
// as a separate claim, so its Trust speaks for that side alone.
func (reg *Registry) Trust(c *Claim, r grundy.Ruleset, n int) Trust {
	t := Trust{Claims: []string{c.ID}}
	var notes []string
	if c.ReadingOf != "" {
		notes = append(notes, "a reading of "+c.ReadingOf)
	}
	if c.Corrects != "" {
		notes = append(notes, "grundy's correction of "+c.Corrects)
	}
	switch {
	case c.Refuted != "":
		t.Kind = TrustRefuted
		notes = append(notes, "counterexample ("+c.Refuted+")")
	case hasProof(reg, c, r, n):
		rec, _ := reg.Proof(c, r, n)
		t.Kind = TrustSMTProved
		d := fmt.Sprintf("%s, %s, every position of %d piles", rec.Solver, rec.Date, n)
		if len(rec.Via) > 0 {
			d += ", from " + strings.Join(rec.Via, ", ")
		}
		if c.Support == PaperProof || c.Support == Classical {
			d += "; also " + string(c.Support)
		}
		notes = append(notes, d)
	case hasAutoProof(reg, c, r, n):
		rec, _ := reg.AutoProof(c, r, n)
		t.Kind = TrustAutomataProved
		d := fmt.Sprintf("%s, %d states, %s, every position of %d piles", rec.System, rec.States, rec.Date, n)
		if len(rec.Via) > 0 {
			d += ", from " + strings.Join(rec.Via, ", ")
		}
		if c.Support == PaperProof || c.Support == Classical {
			d += "; also " + string(c.Support)
		}
		notes = append(notes, d)
	case c.Support == PaperProof:
		t.Kind = TrustPaperProof
	case c.Support == Classical:
		t.Kind = TrustClassical
	default:
		if in, ok := checkedBox(c, r, n); ok {
			t.Kind = TrustChecked
			notes = append(notes, "box "+in.String())
		} else {
			t.Kind = TrustUnchecked
			notes = append(notes, string(c.Support)+", not checked for these parameters")
		}
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
