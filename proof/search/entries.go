package search

import (
	"time"

	"github.com/grundy/grundy/theory/discovered"
)

// Entries turns a result into ledger entries: its parts with a formula
// that holds in the boxes (proved or checked).
func (res *Result) Entries(date time.Time) []discovered.Entry {
	var out []discovered.Entry
	for _, p := range res.Parts {
		if p.Status != StatusProved && p.Status != StatusChecked {
			continue
		}
		e := discovered.Entry{Game: res.Game, Piles: res.Piles, What: res.What, Domain: p.DomainFormula, DomainText: p.Domain, Formula: p.Formula,
			Math: p.Math, LaTeX: p.LaTeX, Status: p.Status, Max: res.Max, ValidateMax: res.ValidateMax,
			Date: date.UTC().Format("2006-01-02"), Seconds: float64(int(res.Seconds*10+0.5)) / 10}
		if p.Proof != nil {
			e.Solver = p.Proof.Solver
			if p.Status == StatusProved {
				e.Moves = p.Proof.Moves
			} else {
				e.Prover = string(p.Proof.Status) + ": " + p.Proof.Reason
			}
		}
		out = append(out, e)
	}
	return out
}
