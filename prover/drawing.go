package prover

import "github.com/grundy/grundy/proof/certificate/recheck"

// A CertifiedSet is the claim's automaton of a certificate written by
// Certify, with what the certificate says it is.
type CertifiedSet struct {
	ID, Game, Quantity, Statement, System string
	Piles                                 int
	// Radix is each track's digit count; Accept and Next are the states
	// (0 initial) and Next[q][letter] the transitions, −1 for none, a
	// letter packing one digit a track, track 0 least significant.
	Radix  []int
	Accept []bool
	Next   [][]int32
}

// ReadCertifiedSet reads the set (or value relation) automaton of the
// certificate in dir, as the re-checker reads it, for drawing.
func ReadCertifiedSet(dir string) (CertifiedSet, error) {
	m, a, err := recheck.ReadSet(dir)
	if err != nil {
		return CertifiedSet{}, err
	}
	return CertifiedSet{ID: m.ID, Game: m.Game, Quantity: m.Quantity, Statement: m.Statement, System: m.System,
		Piles: m.Piles, Radix: a.Radix, Accept: a.Accept, Next: a.Next}, nil
}
