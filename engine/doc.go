// Package engine is the one door from grundy's front ends (the CLI, the web
// server, play) to the library: it answers what they ask — the values of a
// position and its moves, a box's table and counts, a stored table
// (tables.go), a heatmap with its overlays (heatmap.go), the instruments
// over a box, each estimated, solved and scanned in one call
// (instruments.go), the audit of the papers' claims and claim files and
// its shards (audit.go, shard.go) — choosing how to compute each answer and saying which way it
// took (the Method). It owns the memory policy (memory.go) and the
// estimates a front end refuses a job by (estimate.go), returns typed
// errors (errors.go) that each front end words, and plans each value
// query once (plan.go); it prints nothing and names no flag. It re-exports
// no other package's names: a front end holds the library's data (a
// solve.Table, a theory.Claim) as the types where they live, and calls
// the library's verbs only here (TestFrontEndsCallNoLibraryVerb,
// TestEngineExportsNoAlias). A value's JSON shape is json.go's.
//
// The provers (SMT proofs, automata, discovery) are behind package
// prover, beside this one, so that this package, and with it a value
// query, links none (TestValueLinksNoProver).
package engine
