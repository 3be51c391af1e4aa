// Package theory is grundy's claim model: the literature as code, checked
// against brute force.
//
// A [Claim] is one statement of a paper with a stable ID
// ("000/prop-11.4", "002/table-5", "004/thm-1.moves"), its citation and
// quote, the ruleset and pile counts it speaks of, and either a value it
// gives at each position (G, G⁻, R, R⁻ or P-membership: an Eval that works
// on positions of any size, or a Presburger Formula that is both
// evaluated and proved by `grundy prove`) or, for a structural statement
// ("if and only if", uniqueness of optimal moves, a prescribed winning
// move), a Property tested at every position of a solved box.
//
// A claim is registered as the paper prints it. A candidate reading of an
// ambiguous text, grundy's correction of a false one and a statement
// strictly weaker than the printed one (a weakening: a conjunct dropped,
// the domain narrowed) are claims of their own (ReadingOf, Corrects,
// WeakeningOf), so that the printed claim keeps failing and every
// reading, correction and weakening shows in the output. [Check]
// re-checks a claim on its boxes and reports every kind of failure with
// its smallest counterexample; [Registry.Findings] turns failed printed
// claims into the errors of the papers.
//
// The claims live in one package per paper, named for its content
// (theory/slowknim for 000, theory/greedynim for 001, theory/stwythoff
// for 002, theory/remoteness for 003, theory/exactslow for 004), each
// exporting Claims(); package catalog lists them explicitly and freezes
// them into a [Registry] with the proof ledger (proved.json), which says
// which claims grundy's prover established. [Trust] is the one vocabulary
// every answer uses: computed, paper-proof, classical, smt-proved,
// automata-proved (package automatic's finite-automata proofs), decided (a finite claim checked at every position it speaks of),
// checked (within a box only), refuted, unchecked; its Scope words how far
// a proof or a check reaches, the same in every output.
//
// Claims may also be read from a claim file (package theory/claimtext):
// a user's conjectures as text, with Support Conjecture (or Correction),
// File naming the file and line in place of a paper, and Key, their
// normalized text, as their identity in the file's own proof ledger.
package theory
