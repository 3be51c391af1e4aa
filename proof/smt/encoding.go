package smt

import (
	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/symbolic"
)

// The symbolic move encoding lives in package symbolic, outside the
// prover, so that answers by theorem can check a recorded proof's digest
// without linking the SMT machinery; the prover sends it.
type (
	Branch = symbolic.Branch
	Moves  = symbolic.Moves
)

// ErrNoEncoding: see symbolic.ErrNoEncoding.
var ErrNoEncoding = symbolic.ErrNoEncoding

// Encode describes the moves of r on n piles symbolically (symbolic.Encode).
func Encode(r grundy.Ruleset, n int) (*Moves, error) { return symbolic.Encode(r, n) }

// MovesDigest is the digest of the encoding a proof was sent
// (symbolic.Digest).
func MovesDigest(r grundy.Ruleset, n int) (string, bool) { return symbolic.Digest(r, n) }
