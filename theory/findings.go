package theory

import (
	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// A Finding is an error of a paper that exhaustive computation exposes: a
// printed claim that fails as printed, with its smallest counterexamples,
// what each candidate reading of it gives, the weaker statements that
// hold in its place, and the corrections grundy checked or proved.
type Finding struct {
	Paper     string    `json:"paper"`
	Claim     string    `json:"claim"` // the printed claim's ID
	Ref       string    `json:"ref"`
	Statement string    `json:"statement"`
	Quote     string    `json:"quote,omitempty"`
	Box       []string  `json:"box"`
	Checked   uint64    `json:"checked"`
	Failures  []Failure `json:"failures"`
	// Smallest is the smallest counterexample over every kind of failure.
	Smallest Counterexample `json:"smallest"`
	Verdict  string         `json:"verdict"`
	// HoldsUnder lists the readings under which the statement holds: a
	// finding with some is an ambiguity of the text (or of its OCR), not
	// necessarily a false theorem.
	HoldsUnder []string  `json:"holds_under"`
	Readings   []Outcome `json:"readings"`
	// Weakenings are statements strictly weaker than the printed one (a
	// conjunct dropped, the domain narrowed): one that holds leaves the
	// printed claim false.
	Weakenings  []Outcome `json:"weakenings"`
	Corrections []Outcome `json:"corrections"`
}

// An Outcome is the check of one reading or correction of a finding's
// claim, with how far grundy established it.
type Outcome struct {
	ID        string             `json:"id"`
	Statement string             `json:"statement"`
	Change    string             `json:"change"` // how it reads, what it changed or what it gives up
	Status    grundy.ClaimStatus `json:"status"`
	Box       []string           `json:"box"`
	Checked   uint64             `json:"checked"`
	// Trust lists, per check instance, the strongest established status
	// (smt-proved for every position, decided, else checked within the
	// box), its Scope worded as everywhere else.
	Trust          []grundy.Trust  `json:"trust"`
	Counterexample *Counterexample `json:"counterexample,omitempty"`
}

// Findings turns the results of checking claims of reg into the findings
// they expose, in claim order: one per printed claim that fails.
func (reg *Registry) Findings(results []Result) []Finding { return reg.FindingsWithin(results, 0) }

// FindingsWithin is Findings of results checked with CheckOptions.Max =
// max: the trust of each reading and correction describes the boxes the
// check used, not the claim's default ones.
func (reg *Registry) FindingsWithin(results []Result, max int) []Finding {
	byID := map[string]*Result{}
	for i := range results {
		byID[results[i].ID] = &results[i]
	}
	out := []Finding{}
	for _, c := range reg.claims {
		res := byID[c.ID]
		if !c.Printed() || res == nil || res.Status != grundy.ClaimFail {
			continue
		}
		f := Finding{Paper: c.Paper, Claim: c.ID, Ref: c.Ref, Statement: c.Statement, Quote: c.Quote,
			Box: res.Box, Checked: res.Checked, Failures: res.Failures, Verdict: res.Verdict,
			HoldsUnder: []string{}, Readings: []Outcome{}, Weakenings: []Outcome{}, Corrections: []Outcome{}}
		if len(res.Counterexamples) > 0 {
			f.Smallest = res.Counterexamples[0]
		}
		for _, d := range reg.Family(c) {
			dr := byID[d.ID]
			if dr == nil {
				continue
			}
			o := reg.outcome(d.WithMax(max), dr)
			switch {
			case d.ReadingOf != "":
				f.Readings = append(f.Readings, o)
				if dr.Status == grundy.ClaimPass {
					f.HoldsUnder = append(f.HoldsUnder, d.ID)
				}
			case d.WeakeningOf != "":
				f.Weakenings = append(f.Weakenings, o)
			default:
				f.Corrections = append(f.Corrections, o)
			}
		}
		out = append(out, f)
	}
	return out
}

func (reg *Registry) outcome(c *Claim, res *Result) Outcome {
	o := Outcome{ID: c.ID, Statement: c.Statement, Change: c.Change, Status: res.Status, Box: res.Box,
		Checked: res.Checked, Trust: []grundy.Trust{}}
	switch {
	case c.ReadingOf != "":
		o.Change = c.Reading
	case c.WeakeningOf != "":
		o.Change = c.Weakening
	}
	if len(res.Counterexamples) > 0 {
		ce := res.Counterexamples[0]
		o.Counterexample = &ce
	}
	for _, in := range c.Checks {
		r, err := games.Parse(in.Game)
		if err != nil {
			continue
		}
		o.Trust = append(o.Trust, reg.Trust(c, r, in.Piles))
	}
	return o
}
