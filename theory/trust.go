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
// first: refuted; proved by grundy's ledger for every position; proved in
// the paper (or classical); checked in a box of grundy's; else unchecked.
// An "if and only if" whose ledger proof covers one side only is recorded
// as a separate claim, so its Trust speaks for that side alone.
func (reg *Registry) Trust(c *Claim, r grundy.Ruleset, n int) Trust {
	t := Trust{Claims: []string{c.ID}}
	var notes []string
	if c.ReadingOf != "" {
		notes = append(notes, "a reading of "+c.ReadingOf)
	}
	switch {
	case c.Corrects != "" && c.File != "":
		notes = append(notes, "a correction of "+c.Corrects+" stated in "+c.File)
	case c.Corrects != "":
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
