package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/theory"
)

// A claimSet is what check, prove and findings work on: claims and the
// registry (with its ledger) they are judged in — the papers' claims with
// the committed ledger theory/proved.json, or a claim file's with the
// ledger beside it.
type claimSet struct {
	claims []*theory.Claim
	reg    *theory.Registry
	// ledger is the claim file's ledger, "" for the papers'.
	ledger string
}

// isClaimFile reports whether an argument names a claim file rather than
// a claim ID.
func isClaimFile(arg string) bool { return strings.HasSuffix(arg, ".claims") }

// selectClaimSet reads the claim IDs of the papers (or --all), or one
// claim file FILE.claims.
func (a *app) selectClaimSet(args []string, all bool) (claimSet, error) {
	files := 0
	for _, a := range args {
		if isClaimFile(a) {
			files++
		}
	}
	if files == 0 {
		claims, err := selectClaims(args, all)
		return claimSet{claims: claims, reg: engine.Registry()}, err
	}
	if files != 1 || len(args) != 1 || all {
		return claimSet{}, errors.New("give one claim file FILE.claims, without claim IDs or --all")
	}
	f, err := engine.LoadClaimFile(args[0])
	if err != nil {
		return claimSet{}, err
	}
	// The rulesets the claims name were read with the file: their rule
	// files' warnings are the user's too.
	for _, c := range f.Claims {
		for _, in := range c.Checks {
			if r, err := games.Parse(in.Game); err == nil {
				if err := a.warnRules(r); err != nil {
					return claimSet{}, err
				}
			}
		}
	}
	return claimSet{claims: f.Claims, reg: f.Registry, ledger: f.Ledger}, nil
}

// writeClaimsList prints every paper claim that is a closed form of the
// claim language as claim text, generated from its Go formula: one line
// per check instance, under a comment with the citation.
func writeClaimsList(w io.Writer) error {
	var skipped []string
	fmt.Fprintln(w, "# grundy check --list --format claims: the papers' closed forms as claim text,")
	fmt.Fprintln(w, "# generated from their Go registrations (docs/claims.md).")
	for _, c := range engine.Registry().All() {
		lines, err := engine.ClaimText(c)
		if err != nil {
			return err
		}
		if len(lines) == 0 {
			skipped = append(skipped, c.ID)
			continue
		}
		head := fmt.Sprintf("# %s — %s (%s, %s)", c.ID, c.Citation(), c.Support, c.Role())
		if c.Refuted != "" {
			head += "; refuted at (" + c.Refuted + ")"
		}
		if _, err := fmt.Fprintln(w, "\n"+head); err != nil {
			return err
		}
		for _, l := range lines {
			if _, err := fmt.Fprintln(w, l); err != nil {
				return err
			}
		}
	}
	_, err := fmt.Fprintf(w, "\n# %s of this language (tables, properties, Go code): %s\n",
		plural.Count(len(skipped), "claim")+plural.Pick(len(skipped), " is not a closed form", " are not closed forms"), strings.Join(skipped, " "))
	return err
}
