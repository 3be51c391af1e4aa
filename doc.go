// Package grundy computes with impartial games of the Nim family: the
// Sprague–Grundy value in normal play (G) and misère play (G⁻), Smith's
// remoteness in both plays (R, R⁻), and the outcomes.
//
// The package holds the vocabulary every other package shares:
//
//   - a [Ruleset] says which positions are legal and what the options
//     (followers) of a position are; the rulesets of the papers live in
//     package games;
//   - a [Position] is a vector of pile sizes; [ParsePosition] reads the
//     comma-separated form used on the command line, of any size;
//   - [Values] holds the four values of one position, and [Mex] and
//     [Remoteness] are the recursions that define them.
//
// Conventions, stated once: in misère play a terminal position has G⁻ = 1
// and R⁻ = 1 (one virtual move to a sink). A position is a P-position in
// normal play iff G = 0 iff R is even, and in misère play iff G⁻ = 0 iff R⁻
// is even. Rulesets that treat piles as a multiset report so through
// [Symmetric]; their canonical form sorts those piles ascending.
package grundy
