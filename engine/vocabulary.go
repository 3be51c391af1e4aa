package engine

import (
	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

// The library's result vocabulary that the front ends and the presentation
// packages (render, plot) name, given here so that they import engine and
// no solver or claim package: the types are the library's own (aliases),
// data to print, not doors to computation.

// A Quantity is one of G, G⁻, R, R⁻ and P-membership (theory.Quantity).
type Quantity = theory.Quantity

const (
	QG  = theory.QG
	QGm = theory.QGm
	QR  = theory.QR
	QRm = theory.QRm
	QP  = theory.QP
	QPm = theory.QPm
)

// Trust says why an answer can be believed (theory.Trust).
type Trust = theory.Trust

// A Status is the verdict of checking a claim in its boxes (theory.Status).
type Status = theory.Status

const (
	Pass  = theory.Pass
	Fail  = theory.Fail
	Empty = theory.Empty
)

// A Finding is what the audit found of one printed claim, with its
// readings and corrections (theory.Finding); a ClaimOutcome is one of
// them checked (theory.Outcome).
type (
	Finding      = theory.Finding
	ClaimOutcome = theory.Outcome
)

// PaperTitles names the papers by their number in shared/papers.
func PaperTitles() map[string]string { return theory.PaperTitles }

// A Table holds the values of every position of a box (solve.Table).
type Table = solve.Table

// A Claim is one statement of a paper or a claim file (theory.Claim); a
// ClaimRegistry holds claims with the ledger of their proofs
// (theory.Registry); a ClaimResult is a claim checked in its boxes
// (theory.Result).
type (
	Claim         = theory.Claim
	ClaimRegistry = theory.Registry
	ClaimResult   = theory.Result
)

// Registry is the frozen registry of every claim of the papers, with the
// committed proof ledgers.
func Registry() *ClaimRegistry { return catalog.Registry() }
