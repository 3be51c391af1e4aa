package engine

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/grundy/grundy/games/symbolic"
	"github.com/grundy/grundy/internal/readfile"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/claimtext"
)

// A ClaimFile is a claim file's claims (FILE.claims) in a registry of
// their own, with the ledger of their proofs beside the file.
type ClaimFile struct {
	Claims   []*theory.Claim
	Registry *theory.Registry
	// Ledger is where the file's proofs are recorded: FILE.proved.json
	// for FILE.claims (never the committed theory/proved.json, which
	// holds the papers').
	Ledger string
}

// ClaimFileLedger is the ledger of claim file path.
func ClaimFileLedger(path string) string { return strings.TrimSuffix(path, ".claims") + ".proved.json" }

// LoadClaimFile reads a claim file and the ledger beside it (none yet: an
// empty one). A claim whose ruleset has no symbolic move encoding says so
// in its note, since prove cannot take it.
func LoadClaimFile(path string) (ClaimFile, error) {
	f, err := claimtext.ReadFile(path)
	if err != nil {
		return ClaimFile{}, err
	}
	if len(f.Claims) == 0 {
		return ClaimFile{}, fmt.Errorf("%s: no claims", path)
	}
	ledger := ClaimFileLedger(path)
	var l theory.Ledger
	switch b, err := readfile.Read(ledger, "ledger", theory.MaxLedger); {
	case err == nil:
		if l, err = theory.ParseLedger(b); err != nil {
			return ClaimFile{}, fmt.Errorf("ledger %s: %w", ledger, err)
		}
	case !errors.Is(err, os.ErrNotExist):
		return ClaimFile{}, fmt.Errorf("ledger of %s: %w", path, err)
	}
	claims := f.Theory()
	for i, c := range claims {
		// Say up front when prove cannot take the claim: the formula is
		// always Presburger, but the ruleset may have no move encoding.
		tc := f.Claims[i]
		if _, err := symbolic.Encode(tc.Ruleset, tc.Piles); err != nil {
			note := "outside what prove can encode: " + err.Error()
			if c.Note != "" {
				note = c.Note + "; " + note
			}
			c.Note = note
		}
	}
	return ClaimFile{Claims: claims, Registry: theory.NewRegistry(l, claims), Ledger: ledger}, nil
}

// ClaimText is claim c as lines of claim text, one per check instance,
// generated from its Go formula; none when c is not a closed form of the
// claim language (a table, a property, Go code).
func ClaimText(c *theory.Claim) ([]string, error) {
	cs, err := claimtext.FromTheory(c)
	if err != nil {
		return nil, err
	}
	lines := make([]string, len(cs))
	for i, tc := range cs {
		lines[i] = tc.String()
	}
	return lines, nil
}

// ValidClaimLabel reports whether s may label a claim in claim text.
func ValidClaimLabel(s string) bool { return claimtext.ValidLabel(s) }
