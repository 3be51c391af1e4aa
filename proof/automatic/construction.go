package automatic

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"sync"

	"github.com/grundy/grundy/decide/numeration"
	"github.com/grundy/grundy/games/symbolic"
)

//go:embed formula.go moves.go prove.go recursion.go rulemoves.go targets.go
var sources embed.FS

// ConstructionDigest is the digest of everything an automata proof is
// built from: this package's targets, move relations (hand-built, and
// compiled from a rule's formulas), obligations and recursions, package
// automata's automata, adders and learning, and package symbolic's rule
// encoding the compiled move relations are built from (the Go code of
// all three, comments and layout aside: numeration.CodeDigest). A record
// (theory.AutoRecord) keeps the digest it was proved under and counts
// only while the code gives the same one, so a change to any construction
// voids the records until they are proved again, with no version to bump
// by hand. It is one digest for every record: a change to one target's
// construction voids the others' records too, which the ledger's test
// then names.
var ConstructionDigest = sync.OnceValue(func() string {
	own, err := numeration.CodeDigest(sources)
	if err != nil {
		// The files are embedded at build time.
		panic(err)
	}
	enc, err := numeration.CodeDigest(symbolic.Sources)
	if err != nil {
		panic(err)
	}
	sum := sha256.Sum256([]byte("grundy automata construction\n" + own + "\n" + numeration.SourceDigest() + "\n" + enc + "\n"))
	return hex.EncodeToString(sum[:])
})
