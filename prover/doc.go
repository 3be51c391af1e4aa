// Package prover is the door to grundy's provers, beside package engine: the prove job
// runner (SMT proofs of claims, package smt), with a context and a
// progress callback. It is a package of its own so that package engine,
// and with it the lightest query (a value by search), links no prover;
// the front ends reach the provers only through it.
package prover
