package smt

import "flag"

// NeedSolver lets the external tests (package prove_test, which may import
// catalog, itself importing prove) find a solver as the internal ones do.
var NeedSolver = needSolver

// long is -long, for the internal and the external tests alike (one test
// binary holds both): the heavy cases as well.
var long = flag.Bool("long", false, "the heavy cases too: every quick ledger record re-proved, not a sample, and larger encodings compared")

// Long lets the external tests read -long.
var Long = long
