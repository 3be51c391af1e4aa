// Package symbolic describes a ruleset's moves as Presburger formulas
// (package formula): the encoding the prover sends an SMT solver, and its
// digest, by which a recorded proof counts only while the encoding it was
// proved with is today's. It is apart from package smt so that answers
// by theorem, which check those digests, link no SMT machinery.
package symbolic
