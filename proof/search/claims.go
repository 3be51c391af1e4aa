package search

import (
	"fmt"
	"io"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory/claimtext"
	"github.com/grundy/grundy/theory/discovered"
)

// Claims writes the parts res found a formula for (proved or checked) as
// claims of a claim file, so that `grundy check` and `grundy prove` take
// them back: each part a claim on res's ruleset and pile count, boxed as
// it was validated (piles ≤ ValidateMax), restricted to the part's domain.
// The formula is the one proved (Part.Expr). Labels are
// GAME.nN.WHAT[.partJ], the game's colons and commas made dots and its
// equals signs dropped (slow-exact.k2.n5.P.part1); with corrects set,
// CORRECTS.fix[.partJ], each a correction of the claim labelled corrects
// (to be appended to the file that states it).
func (res *Result) Claims(corrects string) ([]*claimtext.Claim, error) {
	r, err := games.Parse(res.Game)
	if err != nil {
		return nil, err
	}
	label := fmt.Sprintf("%s.n%d.%s", strings.NewReplacer(":", ".", ",", ".", "=", "").Replace(res.Game), res.Piles, res.What)
	if corrects != "" {
		label = corrects + ".fix"
	}
	var out []*claimtext.Claim
	for i, p := range res.Parts {
		f := p.Expr()
		if f == nil || p.Status != StatusProved && p.Status != StatusChecked {
			continue
		}
		c := &claimtext.Claim{Label: label, Quantity: grundy.Quantity(res.What), Game: r.Name(), Spec: r.Name(), Ruleset: r,
			Piles: res.Piles, Max: res.ValidateMax, Body: claimtext.FromFormula(f), Formula: f, Corrects: corrects}
		if len(res.Parts) > 1 {
			c.Label += fmt.Sprintf(".part%d", i+1)
		}
		if p.DomainFormula != "" {
			if c.Domain, err = discovered.ParseSexpr(p.DomainFormula); err != nil {
				return nil, err
			}
			c.Where = claimtext.FromFormula(c.Domain)
		}
		out = append(out, c)
	}
	return out, nil
}

// WriteClaims writes res as a claim file: a comment saying how each part
// was found and how far it is established, then its claim; parts without
// a formula are comments only. When no part has a formula and the box's
// values are a nim-sum of periodic one-pile sequences (Result.Sum), that
// claim follows, checked on the box. corrects is as for Claims. The
// file's header (the command that made it) is the front end's to write.
func (res *Result) WriteClaims(w io.Writer, corrects string) error {
	claims, err := res.Claims(corrects)
	if err != nil {
		return err
	}
	k := 0
	for i, p := range res.Parts {
		what := "every position"
		if p.Domain != "" {
			what = p.Domain
		}
		status := string(p.Status)
		switch {
		case p.Status == StatusProved && p.Proof != nil:
			status = "proved for all positions (" + p.Proof.Solver + ")"
		case p.Status == StatusChecked:
			status = fmt.Sprintf("checked in the box of piles ≤ %d, not proved", res.ValidateMax)
		case p.Note != "":
			status += ": " + p.Note
		}
		fmt.Fprintf(w, "# part %d (%s): %s\n", i+1, what, status)
		if k < len(claims) && (p.Status == StatusProved || p.Status == StatusChecked) && p.Expr() != nil {
			if _, err := fmt.Fprintln(w, claims[k]); err != nil {
				return err
			}
			k++
		}
	}
	if s := res.Sum; s != nil && s.Claim != "" && corrects == "" && k == 0 {
		// Only where no part's formula was found: the period, or the
		// nim-sum, is then the finding.
		what := "a nim-sum of one-pile sequences"
		if res.Piles == 1 {
			what = "the one-pile sequence's period"
		}
		if _, err := fmt.Fprintf(w, "# %s, checked in the box of piles ≤ %d, not proved: %s\n%s\n", what, res.ValidateMax, s.Note, s.Claim); err != nil {
			return err
		}
	}
	return nil
}
