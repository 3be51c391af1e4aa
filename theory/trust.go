package theory

import (
	"fmt"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/internal/plural"
)

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

// Trust says how far c is established for r with n piles, strongest
// first: refuted; proved by grundy's ledgers for every position (SMT,
// then automata); decided
// (a finite claim checked at every position it speaks of); proved in the
// paper (or classical); checked in a box of grundy's; else unchecked. An
// "if and only if" whose ledger proof covers one side only is recorded
// as a separate claim, so its Trust speaks for that side alone.
func (reg *Registry) Trust(c *Claim, r grundy.Ruleset, n int) grundy.Trust {
	t := grundy.Trust{Claims: []string{c.ID}}
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
		t.Kind = grundy.TrustRefuted
		notes = append(notes, "counterexample ("+c.Refuted+")")
	case hasProof(reg, c, r, n):
		rec, _ := reg.Proof(c, r, n)
		t.Kind = grundy.TrustSMTProved
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
		t.Kind = grundy.TrustAutomataProved
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
		t.Kind = grundy.TrustDecided
		t.Scope = DecidedScope(in)
		if also != "" {
			notes = append(notes, also)
		}
	case c.Support == PaperProof:
		t.Kind = grundy.TrustPaperProof
	case c.Support == Classical:
		t.Kind = grundy.TrustClassical
	case boxed && c.Sweep != nil:
		t.Kind = grundy.TrustChecked
		t.Scope = "within " + c.Sweep.Scope(in)
	case boxed:
		t.Kind = grundy.TrustChecked
		t.Scope = BoxScope(in)
	default:
		t.Kind = grundy.TrustUnchecked
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
