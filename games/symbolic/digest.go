package symbolic

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"

	"github.com/grundy/grundy"
)

// Digest is the lower-case hex SHA-256 of the symbolic move encoding
// of r on n piles that the solvers are sent (Encode: the canonical domain
// and every branch's guard and target, printed), and false when there is
// none. A proof recorded with it counts only while the encoding gives the
// same digest: any change to an encoding voids the proofs that used it,
// with no version to bump by hand. Digests are kept per ruleset and pile
// count (answers by theorem look them up often).
func Digest(r grundy.Ruleset, n int) (string, bool) {
	key := fmt.Sprintf("%s|%d", r.Name(), n)
	if d, ok := digests.Load(key); ok {
		return d.(string), d.(string) != ""
	}
	d := ""
	if m, err := Encode(r, n); err == nil {
		d = m.Digest()
	}
	digests.Store(key, d)
	return d, d != ""
}

var digests sync.Map

// Digest is the hex SHA-256 of the encoding printed whole (see Digest).
func (m *Moves) Digest() string {
	sum := sha256.Sum256([]byte(m.text()))
	return hex.EncodeToString(sum[:])
}

// text prints the encoding whole, in a form that changes whenever it does.
func (m *Moves) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "grundy moves v1\npiles %d\ndomain %s\n", m.N, m.Domain)
	for _, br := range m.Branches {
		fmt.Fprintf(&b, "branch %q aux %d guard %s to", br.Desc, br.Aux, br.Guard)
		for _, t := range br.To {
			fmt.Fprintf(&b, " %s", t)
		}
		if br.Raw != nil {
			b.WriteString(" raw")
			for _, t := range br.Raw {
				fmt.Fprintf(&b, " %s", t)
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}
