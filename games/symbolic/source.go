package symbolic

import "embed"

// Sources are the files that derive a rule's Presburger moves
// (EncodeOrdered and the branches it shares with Encode). Package
// automatic compiles a rule's move relation from them (a Splythoff
// proof's, for one), so its construction digest includes theirs
// (numeration.CodeDigest, taken there: this package is linked by value
// queries, which must not link the automata): a change to the encoding
// voids the automata records proved with it.
//
//go:embed moves.go ordered.go subst.go whole.go
var Sources embed.FS
