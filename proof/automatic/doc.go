// Package automatic proves the papers' characterizations of P-positions
// (and Sprague–Grundy values) for every position with finite automata,
// where Presburger arithmetic — package smt — cannot express them:
// Bouton's Nim-sum and Moore's digit rule in base 2, and paper 002's
// (s,t)-Wythoff characterizations over the numeration systems U
// (Zeckendorf's for classical Wythoff).
//
// A claim's set is built as an automaton from its statement (the claim's
// own mathematics, in package numeration's first-order language: "x is vile
// and y is its left shift over U", "every bit column sums to 0 mod k+1"),
// the ruleset's move relation is built from its rule with the adders, as
// Walnut does ("y0 + k = x0 ∧ y1 + l = x1 ∧ k ≤ l < s·k + t"), and the two
// conditions that characterize the P-positions of a game whose plays all
// end are decided as first-order statements:
//
//   - stability: no move leads from a member to a member;
//   - absorption: every non-member has a move to a member (in misère
//     play: every non-member with a move; and no member is terminal).
//
// The P-set of such a game is the only set with both properties, so the
// claim is proved for every position. For a value claim (G = x1 ⊕ … ⊕ xn)
// the relation "G(x) = g" is automatic too, and the mex conditions are
// decided instead: no move keeps the value, and every smaller value is
// reached by a move. A claim given by a mex recursion (002's eq. (2),
// Theorems 3 and 6) is proved by deciding, on the proved automaton, the
// properties that determine the recursion's sequences (see recursion.go).
//
// A failed condition yields a counterexample position, decoded from a
// shortest word of the automaton of violations. Proofs are recorded in
// theory/automatic.json (theory.AutoRecord) with the automaton's
// canonical form; the trust is automata-proved.
package automatic
