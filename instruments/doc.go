// Package instruments holds the research instruments behind the papers'
// "our computations show" remarks: classification of the positions of a
// box by (G, G⁻) with the tame, pet, domestic and miserable verdicts
// (000 §1.5, Lemma 13), invariant shifts (004 §2), parity determination
// (000 Props 10–11), the misère exceptions to the M-rule of Slow Exact
// k-Nim with k+1 piles (003 §2) and P-position sequences of two-pile games
// (002 Tables 1–6).
//
// Every instrument reads values from tables of the exhaustive box solver
// (solve.SolveBox) and moves from the rulesets' own Options: none
// re-implements a game. Every answer states its box and how many positions
// (or pairs) it examined. A property is reported as a [Verdict]: it holds
// in the box, or fails with its smallest witness in the box, where
// positions are ordered by token sum first and lexicographically (of the
// canonical form) among equal sums. A bigger box can only bring a witness
// with fewer tokens and a larger pile.
package instruments
