// Package discovered is the ledger of formulas `grundy discover` found
// (discoveries.json, committed and embedded): its entries, their
// S-expression form, and the answers the proved ones give at positions of
// any size. It imports no prover, so that a value query links none: an
// entry counts while its recorded move digest is today's (package
// symbolic), which needs no solver.
package discovered
