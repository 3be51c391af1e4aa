package grundy

import "strings"

// A TrustKind is grundy's one vocabulary for why a number can be believed.
// check, value, move, the web UI and every JSON answer use it.
type TrustKind string

const (
	// TrustComputed: exhaustive computation of this very position (a
	// search of every reachable position, or a box solver's table).
	TrustComputed TrustKind = "computed"
	// TrustPaperProof: a theorem the paper proves.
	TrustPaperProof TrustKind = "paper-proof"
	// TrustClassical: a classical theorem the paper cites (Bouton, Moore).
	TrustClassical TrustKind = "classical"
	// TrustSMTProved: grundy's ledger proved the claim for every position
	// of this ruleset with this many piles (solver and date in Detail).
	TrustSMTProved TrustKind = "smt-proved"
	// TrustAutomataProved: grundy proved the claim for every position of
	// this ruleset with this many piles with finite automata over a
	// numeration system (system, states and date in Detail): the claim's
	// set is the language of an automaton whose P-position conditions
	// were decided as first-order statements (package automatic).
	TrustAutomataProved TrustKind = "automata-proved"
	// TrustDecided: a finite claim (a table's rows, a worked example)
	// checked exhaustively at every position it speaks of, all of them
	// inside the box: settled, not merely sampled.
	TrustDecided TrustKind = "decided"
	// TrustChecked: the claim was checked exhaustively in a box only:
	// true there, unproved beyond.
	TrustChecked TrustKind = "checked"
	// TrustRefuted: grundy found a counterexample.
	TrustRefuted TrustKind = "refuted"
	// TrustUnchecked: a statement of a paper that grundy has neither
	// proved nor checked for these parameters.
	TrustUnchecked TrustKind = "unchecked"
)

// TrustKinds lists every kind, strongest evidence first: the order Trust
// ranks a claim's evidence in, the order in which an answer takes the
// strongest of the claims that give a quantity (Rank), and the
// vocabulary the web UI's help and README's table document.
//
// A computation of the very position comes first; a counterexample
// settles a claim. Then grundy's own proofs for every position, which a
// machine decided and a brute-force box confirmed: the SMT solvers
// (external, widely used deciders) before grundy's own automata library.
// A finite claim decided position by position next. Then the papers'
// proofs and the classical theorems they cite, which grundy has not
// proved itself (the audit found printed proofs wrong); last what is
// checked in a box only, or not at all.
var TrustKinds = []TrustKind{TrustComputed, TrustRefuted, TrustSMTProved, TrustAutomataProved, TrustDecided,
	TrustPaperProof, TrustClassical, TrustChecked, TrustUnchecked}

// Rank is k's place in TrustKinds: lower is stronger; a kind not listed
// ranks after every listed one.
func (k TrustKind) Rank() int {
	for i, l := range TrustKinds {
		if l == k {
			return i
		}
	}
	return len(TrustKinds)
}

// A Trust says why an answer, or a claim for one ruleset and pile count,
// can be believed.
type Trust struct {
	Kind   TrustKind `json:"kind"`
	Claims []string  `json:"claims,omitempty"` // the claim IDs it rests on
	// Scope says how far the kind reaches, in the one wording every
	// output uses: a proof "for every position of n piles of GAME", a
	// check "within the box GAME, n piles ≤ m" (see theory.ProofScope,
	// theory.BoxScope, theory.DecidedScope). Detail starts with it.
	Scope  string `json:"scope,omitempty"`
	Detail string `json:"detail,omitempty"` // scope, solver and date, reading
}

func (t Trust) String() string {
	var b strings.Builder
	b.WriteString(string(t.Kind))
	if len(t.Claims) > 0 {
		b.WriteString(" " + strings.Join(t.Claims, ", "))
	}
	if t.Detail != "" {
		b.WriteString(" (" + t.Detail + ")")
	}
	return b.String()
}

func (k TrustKind) String() string { return string(k) }

// A ClaimStatus is the verdict of checking a claim in its boxes.
type ClaimStatus string

const (
	ClaimPass ClaimStatus = "pass"
	ClaimFail ClaimStatus = "fail"
	// ClaimEmpty: no box position is one the claim speaks of, so nothing
	// was checked (a box too small for the claim, say).
	ClaimEmpty ClaimStatus = "empty"
)
