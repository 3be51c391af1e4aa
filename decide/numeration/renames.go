package numeration

import "strings"

// Module is the import path of this module, the prefix of every path in
// Renames.
const Module = "github.com/grundy/grundy"

// A Rename is one folder's move (issue 34, item 4): the package at Old,
// and every package under it, now lies at New (paths relative to Module).
// The leaf package's name is its folder's, so a move of "rules" to
// "games/lang" renames package rules to lang; packages under the folder
// keep their names.
type Rename struct {
	Old, New string
}

// This file names the packages as they were: the move script leaves its
// strings and comments as written.
//
//relayout:keep

// Renames is every package move made since proofs were first recorded
// with a digest of their code (CodeDigest), in the order applied. The
// digest reads a moved file under the names it had when recorded, so a
// move, which changes no logic, voids no proof. scripts/relayout makes
// these moves; an entry whose New does not exist yet maps nothing.
var Renames = []Rename{
	{"automata", "decide/numeration"},
	{"presburger", "decide/presburger"},
	{"rules", "games/lang"},
	{"rulesets", "games/families"},
	{"octal", "games/octal"},
	{"catalog", "theory/catalog"},
	{"discoveries", "theory/discovered"},
	{"symbolic", "games/symbolic"},
	{"prove", "proof/smt"},
	{"automatic", "proof/automatic"},
	{"discover", "proof/search"},
	{"certificate", "proof/certificate"},
	// The worker's workflows call engine's audit: a front end's own
	// code, which only cmd/grundy-worker imports.
	{"cluster/flow", "cmd/grundy-worker/internal/flow"},
}

// recordedPath is the import path that path had when proofs were
// recorded (path itself if no move touched it), and whether the leaf
// package was renamed by a move, with the package's name then.
func recordedPath(path string) (old string, moved bool) {
	rel, ok := strings.CutPrefix(path, Module+"/")
	if !ok {
		return path, false
	}
	// Undo the moves latest first, so a folder moved twice comes back
	// through each of its names.
	for i := len(Renames) - 1; i >= 0; i-- {
		r := Renames[i]
		if rest, ok := strings.CutPrefix(rel, r.New); ok && (rest == "" || rest[0] == '/') {
			rel, moved = r.Old+rest, true
		}
	}
	return Module + "/" + rel, moved
}

// lastElem is a module package's name: its folder's.
func lastElem(path string) string {
	return path[strings.LastIndexByte(path, '/')+1:]
}
