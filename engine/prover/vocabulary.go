package prover

import (
	"github.com/grundy/grundy/automatic"
	"github.com/grundy/grundy/discover"
	"github.com/grundy/grundy/prove"
)

// The provers' result vocabulary that front ends name (the provers' own
// types, as aliases: data to print, not doors to computation).

// A Result is one SMT proof attempt of a claim on one game and pile count
// (prove.Result); Status its verdict.
type (
	Result   = prove.Result
	Status   = prove.Status
	Options  = prove.Options
	Instance = prove.Instance
	// Range holds parameter ranges such as s=1..6 (prove.Range).
	Range = prove.Range
	// A Portfolio is the SMT solvers run at once (prove.Portfolio).
	Portfolio = prove.Portfolio
	// A Problem is one SMT problem sent, with its answer and CPU time
	// (prove.Problem), as Options.Profile hears of it.
	Problem = prove.Problem
)

const (
	Proved  = prove.Proved
	Refuted = prove.Refuted
	Unknown = prove.Unknown
)

// ErrNoSolver is wrapped by the error when no SMT solver is installed.
var ErrNoSolver = prove.ErrNoSolver

// ParseRange reads parameter ranges such as "s=1..6,t=1..6".
func ParseRange(s string) (Range, error) { return prove.ParseRange(s) }

// An AutoResult is one automata proof attempt (automatic.Result); its
// Status is AutoProved, AutoRefuted or AutoUnknown.
type AutoResult = automatic.Result

const (
	AutoProved  = automatic.Proved
	AutoRefuted = automatic.Refuted
	AutoUnknown = automatic.Unknown
)

// A DiscoveryPart is one part of a Discovery (discover.Part), with its
// DiscoveryStatus.
type (
	DiscoveryPart   = discover.Part
	DiscoveryStatus = discover.Status
)

const (
	DiscoveryProved  = discover.StatusProved
	DiscoveryChecked = discover.StatusChecked
	DiscoveryRefuted = discover.StatusRefuted
	DiscoveryNone    = discover.StatusNone
)

// DefaultTimeout is the CPU time a solver may spend on one problem
// (prove.DefaultTimeout).
const DefaultTimeout = prove.DefaultTimeout
