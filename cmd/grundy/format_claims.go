package main

import (
	"fmt"
	"io"
)

// claims: a result that writes itself as a claim file (docs/claims.md),
// which check and prove take back.
type claimsFormat struct{}

type claimsWriter interface{ WriteClaims(io.Writer) error }

func (claimsFormat) name() string { return "claims" }

func (claimsFormat) of(r any) func(io.Writer) error {
	if r, ok := r.(claimsWriter); ok {
		return r.WriteClaims
	}
	return nil
}

// discoveryClaims is `grundy discover`'s result with the claim file's
// label it corrects (--corrects), for --format claims.
type discoveryClaims struct {
	discoveryResult
	corrects string
}

// WriteClaims heads the file with the command that made it and how to
// use it, then writes the discovery's parts.
func (d discoveryClaims) WriteClaims(w io.Writer) error {
	r := d.Result
	fmt.Fprintf(w, "# grundy discover %s --piles %d --max %d --what %s: fitted on piles ≤ %d, validated on piles ≤ %d.\n",
		r.Game, r.Piles, r.Max, r.What, r.Max, r.ValidateMax)
	fmt.Fprintf(w, "# Check with 'grundy check FILE.claims', prove with 'grundy prove FILE.claims' (docs/claims.md).\n")
	return r.WriteClaims(w, d.corrects)
}
