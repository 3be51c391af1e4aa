// Package smt proves the papers' closed forms for every position with an
// SMT solver, where brute force only checks a box.
//
// A claim's Presburger formula (package formula) is translated to SMT-LIB 2
// (SMT); the ruleset's moves are described symbolically (Encode): finite
// difference vectors for the slow games, amounts as integer variables with
// linear and congruence constraints for Nim, Moore, Exact, Exco-Nim, the
// greedy games and the Wythoff family, always onto canonical (sorted)
// followers. "The formula gives the quantity at every position" becomes a
// few problems (Obligations) — stability and absorption for a set of
// P-positions, the mex recursion for Sprague–Grundy values, Smith's
// recursion for remoteness — each of which must be unsatisfiable. A
// satisfiable one yields a position from the model, which Prove confirms
// against exhaustive search (solve.Search) before calling the claim
// refuted. The solver runs as a subprocess (z3 or cvc5) with a time limit.
//
// The proofs that succeeded are recorded in proved.json (the ledger),
// embedded here so that `grundy check` and `grundy value` can say
// "proved for all positions by z3 4.8.12" rather than "checked in box ≤ B";
// a record no longer counts once its claim's formula or the encoding
// changes.
package smt
