package discovered

import (
	"context"
	"fmt"
	"math/big"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
)

// TestLedger re-checks every committed discovery against exhaustive
// search on a box: its formula must parse and agree with the computed
// values on every position of its domain.
func TestLedger(t *testing.T) {
	l, err := Recorded()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range l.Entries {
		r, err := e.Ruleset()
		if err != nil {
			t.Fatalf("%s: %v", e.ID(), err)
		}
		f, err := e.Expr()
		if err != nil {
			t.Fatalf("%s: %v", e.ID(), err)
		}
		dom, err := e.DomainExpr()
		if err != nil {
			t.Fatalf("%s: %v", e.ID(), err)
		}
		target, err := targetOf(grundy.Quantity(e.What))
		if err != nil {
			t.Fatalf("%s: %v", e.ID(), err)
		}
		// A box of some 20,000 positions at most.
		lim := 4
		for next := lim + 1; solve.BoxSize(e.Piles, grundy.SymmetricFrom(r, e.Piles), next).Int64() <= 20_000 && next <= 60; next++ {
			lim = next
		}
		tab, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: e.Piles, Max: lim, Kinds: grundy.KindG | grundy.KindGm})
		if err != nil {
			t.Fatalf("%s: %v", e.ID(), err)
		}
		bad := 0
		tab.Each(func(p grundy.Position, v grundy.Values) bool {
			bp := p.Big()
			if dom != nil && !dom.Bool(bp) {
				return true
			}
			if got, want := EvalBig(f, bp).Int64(), int64(target(v)); got != want {
				t.Errorf("%s at %v: formula %d, computed %d", e.ID(), p, got, want)
				bad++
			}
			return bad < 5
		})
	}
}

// TestAnswer: a proved discovery answers for a position far beyond any
// box, and only where its domain holds.
func TestAnswer(t *testing.T) {
	l, _ := Recorded()
	for _, e := range l.Entries {
		if !e.Usable() {
			continue
		}
		r, _ := e.Ruleset()
		huge := make(grundy.BigPosition, e.Piles)
		for i := range huge {
			huge[i] = new(big.Int).Lsh(big.NewInt(int64(i+1)), 200)
		}
		dom, _ := e.DomainExpr()
		found := false
		for _, f := range Answer(r, huge) {
			found = found || f.Entry.ID() == e.ID()
		}
		if want := dom == nil || dom.Bool(huge); found != want {
			t.Errorf("Answer(%s, huge) has %s: %v, want %v", e.Game, e.ID(), found, want)
		}
	}
}

// targetOf is what an entry's formula must give at a position with values
// v: 1 for a P-position (G or G⁻ zero), else the value itself.
func targetOf(q grundy.Quantity) (func(grundy.Values) int, error) {
	in := map[bool]int{false: 0, true: 1}
	switch q {
	case grundy.QP:
		return func(v grundy.Values) int { return in[v.G == 0] }, nil
	case grundy.QPm:
		return func(v grundy.Values) int { return in[v.Gm == 0] }, nil
	case grundy.QG:
		return func(v grundy.Values) int { return v.G }, nil
	case grundy.QGm:
		return func(v grundy.Values) int { return v.Gm }, nil
	}
	return nil, fmt.Errorf("unknown quantity %q", q)
}
