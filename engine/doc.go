// Package engine is the one door from grundy's front ends (the CLI, the web
// server, play) to the library: it answers what they ask — the values of a
// position and its moves, a box's table and counts, a stored table, the
// audit of the papers' claims — choosing how to compute each answer and
// saying which way it took (the Method). It owns the memory policy
// (memory.go) and returns typed errors (errors.go) that each front end
// words; it prints nothing and names no flag.
package engine
