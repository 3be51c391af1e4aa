// Package certificate writes, for a proved result, what an outside
// referee needs to check it without trusting grundy: for an automata
// proof (theory/automatic.json) the claim's automaton and the move
// relation in Walnut's file format, with a Walnut command file that
// states the game conditions (and the moves again, from the rule, in
// Walnut's arithmetic); for an SMT proof (theory/proved.json) the SMT-LIB
// problems whose unsatisfiability is the proof. Package recheck, a
// separate code path, re-verifies an automata certificate.
//
// A certificate says "this automaton is the set of P-positions (or the
// Sprague–Grundy function) of this game": that the automaton is the set
// the paper's statement describes is the part the proof's construction
// from the statement and its comparison on a box carry, and a referee
// compares it with the statement (Walnut can evaluate it anywhere).
package certificate
