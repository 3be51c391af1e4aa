package discovered

import (
	"fmt"
	"math/big"
	"sync"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
)

// ID names an entry: "discover/GAME/nN/WHAT", and for a part its domain,
// "discover/slow-exact:k=2/n5/P[x1 + … + x5 ≡ 1 (mod 2)]".
func (e Entry) ID() string {
	id := fmt.Sprintf("discover/%s/n%d/%s", e.Game, e.Piles, e.What)
	switch {
	case e.DomainText != "":
		id += "[" + e.DomainText + "]"
	case e.Domain != "":
		id += "[" + e.Domain + "]"
	}
	return id
}

// A Fact is what one proved discovery says of one position.
type Fact struct {
	Entry    Entry
	Quantity grundy.Quantity
	Value    *big.Int // 1/0 for P and Pm
}

type compiled struct {
	e        Entry
	f, dom   *formula.Expr
	parseErr error
	usable   bool // e.Usable(), decided once: it parses the game and digests its moves
}

var (
	compiledOnce sync.Once
	compiledAll  []compiled
)

// Answer lists what the proved discoveries of the committed ledger say of
// canonical position p of r: positions of any size, as `grundy value`
// needs for positions beyond exhaustive search. Entries only checked in a
// box, or proved under another move encoding, say nothing.
func Answer(r grundy.Ruleset, p grundy.BigPosition) []Fact {
	compiledOnce.Do(func() {
		l, err := Recorded()
		if err != nil {
			return
		}
		for _, e := range l.Entries {
			c := compiled{e: e, usable: e.Usable()}
			c.f, c.parseErr = e.Expr()
			if c.parseErr == nil {
				c.dom, c.parseErr = e.DomainExpr()
			}
			compiledAll = append(compiledAll, c)
		}
	})
	var out []Fact
	for _, c := range compiledAll {
		if c.parseErr != nil || !c.usable || c.e.Game != r.Name() || c.e.Piles != len(p) {
			continue
		}
		if c.f.Vars() > len(p) || c.dom != nil && (c.dom.Vars() > len(p) || !c.dom.Bool(p)) {
			continue
		}
		out = append(out, Fact{Entry: c.e, Quantity: grundy.Quantity(c.e.What), Value: EvalBig(c.f, p)})
	}
	return out
}
