package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/prove"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/claimtext"
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
func selectClaimSet(args []string, all bool) (claimSet, error) {
	files := 0
	for _, a := range args {
		if isClaimFile(a) {
			files++
		}
	}
	if files == 0 {
		claims, err := selectClaims(args, all)
		return claimSet{claims: claims, reg: catalog.Registry()}, err
	}
	if files != 1 || len(args) != 1 || all {
		return claimSet{}, errors.New("give one claim file FILE.claims, without claim IDs or --all")
	}
	return loadClaimFile(args[0])
}

// claimLedger is where the proofs of a claim file's claims are recorded:
// beside it, FILE.proved.json for FILE.claims (never the committed
// theory/proved.json, which holds the papers').
func claimLedger(path string) string { return strings.TrimSuffix(path, ".claims") + ".proved.json" }

func loadClaimFile(path string) (claimSet, error) {
	f, err := claimtext.ReadFile(path)
	if err != nil {
		return claimSet{}, err
	}
	if len(f.Claims) == 0 {
		return claimSet{}, fmt.Errorf("%s: no claims", path)
	}
	ledger := claimLedger(path)
	var l theory.Ledger
	switch b, err := os.ReadFile(ledger); {
	case err == nil:
		if l, err = theory.ParseLedger(b); err != nil {
			return claimSet{}, fmt.Errorf("ledger %s: %w", ledger, err)
		}
	case !errors.Is(err, os.ErrNotExist):
		return claimSet{}, fmt.Errorf("ledger of %s: %w", path, err)
	}
	claims := f.Theory()
	for i, c := range claims {
		// Say up front when prove cannot take the claim: the formula is
		// always Presburger, but the ruleset may have no move encoding.
		tc := f.Claims[i]
		if _, err := prove.Encode(tc.Ruleset, tc.Piles); err != nil {
			note := "outside what prove can encode: " + err.Error()
			if c.Note != "" {
				note = c.Note + "; " + note
			}
			c.Note = note
		}
	}
	return claimSet{claims: claims, reg: theory.NewRegistry(l, claims), ledger: ledger}, nil
}

// writeClaimsList prints every paper claim that is a closed form of the
// claim language as claim text, generated from its Go formula: one line
// per check instance, under a comment with the citation.
func writeClaimsList(w io.Writer) error {
	var skipped []string
	fmt.Fprintln(w, "# grundy check --list --format claims: the papers' closed forms as claim text,")
	fmt.Fprintln(w, "# generated from their Go registrations (docs/claims.md).")
	for _, c := range catalog.Registry().All() {
		lines, err := claimtext.FromTheory(c)
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
	_, err := fmt.Fprintf(w, "\n# %d claims are not closed forms of this language (tables, properties, Go code): %s\n",
		len(skipped), strings.Join(skipped, " "))
	return err
}
