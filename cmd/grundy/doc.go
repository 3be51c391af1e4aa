// Command grundy computes Sprague–Grundy values, remoteness and outcomes of
// the Nim-family games of the papers in shared/papers, tabulates boxes of
// positions and lists optimal moves. Run `grundy --help`.
//
// It is a thin front end over package engine: it parses flags, words the
// library's typed errors (errors.go) and prints results through one output
// layer (output.go, a file per format, results.go). Each command is one
// file holding a method of the commands type; newRoot (root.go) builds the
// whole tree for one run from an app, so nothing outlives a run and tests
// run in parallel. docs/commands.md says how to add a command.
package main
