package main

import "io"

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

func (d discoveryClaims) WriteClaims(w io.Writer) error {
	return d.Discovery.WriteClaims(w, d.corrects)
}
