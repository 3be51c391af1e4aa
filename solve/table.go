package solve

import (
	"fmt"

	"github.com/grundy/grundy"
)

// Kinds selects which values a box solver computes.
type Kinds uint8

const (
	KindG  Kinds = 1 << iota // Sprague–Grundy, normal play
	KindGm                   // Sprague–Grundy, misère play
	KindR                    // remoteness, normal play
	KindRm                   // remoteness, misère play

	AllKinds = KindG | KindGm | KindR | KindRm
)

// Count is the number of kinds selected.
func (k Kinds) Count() int {
	n := 0
	for b := k; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// A column holds one value per position of a box, two bytes wide when
// every value fits, else four.
type column struct {
	u16 []uint16
	u32 []uint32
}

func newColumn(n uint64, wide bool) column {
	if wide {
		return column{u32: make([]uint32, n)}
	}
	return column{u16: make([]uint16, n)}
}

func (c *column) get(i uint64) int {
	if c.u16 != nil {
		return int(c.u16[i])
	}
	return int(c.u32[i])
}

func (c *column) set(i uint64, v int) {
	if c.u16 != nil {
		c.u16[i] = uint16(v)
	} else {
		c.u32[i] = uint32(v)
	}
}

func (c *column) ok() bool { return c.u16 != nil || c.u32 != nil }

// A Table holds values of every canonical position of a box.
type Table struct {
	Ruleset grundy.Ruleset
	Index   *Index
	Kinds   Kinds
	g, gm   column
	r, rm   column
}

// Piles is the number of piles of the box's positions.
func (t *Table) Piles() int { return t.Index.N }

// Max is the largest pile size in the box.
func (t *Table) Max() int { return t.Index.Max }

// At returns the values at a rank; kinds not computed are −1.
func (t *Table) At(rank uint64) grundy.Values {
	v := grundy.Values{G: -1, Gm: -1, R: -1, Rm: -1}
	if t.g.ok() {
		v.G = t.g.get(rank)
	}
	if t.gm.ok() {
		v.Gm = t.gm.get(rank)
	}
	if t.r.ok() {
		v.R = t.r.get(rank)
	}
	if t.rm.ok() {
		v.Rm = t.rm.get(rank)
	}
	return v
}

// Lookup returns the values of p (in any order of interchangeable piles),
// and false when p lies outside the box.
func (t *Table) Lookup(p grundy.Position) (grundy.Values, bool) {
	q := grundy.Canonical(t.Ruleset, p)
	if !t.Index.Contains(q) {
		return grundy.Values{}, false
	}
	return t.At(t.Index.Rank(q)), true
}

// Each calls f with every canonical position of the box in lexicographic
// order and its values, until f returns false. p is reused between calls.
func (t *Table) Each(f func(p grundy.Position, v grundy.Values) bool) {
	ix := t.Index
	p := make(grundy.Position, ix.N)
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == ix.N {
			return f(p, t.At(ix.Rank(p)))
		}
		lo := 0
		if i > ix.From {
			lo = p[i-1]
		}
		for x := lo; x <= ix.Max; x++ {
			p[i] = x
			if !rec(i + 1) {
				return false
			}
		}
		return true
	}
	rec(0)
}

// Stats summarizes the G and G⁻ columns of a table.
type Stats struct {
	Positions uint64
	P, Pm     uint64   // P-positions in normal and misère play
	GHist     []uint64 // GHist[g] positions with G = g
	GmHist    []uint64
}

// Stats counts P-positions and histograms of G and G⁻.
func (t *Table) Stats() (Stats, error) {
	if !t.g.ok() || !t.gm.ok() {
		return Stats{}, fmt.Errorf("stats need G and G⁻ in the table")
	}
	s := Stats{Positions: t.Index.Size()}
	for i := range s.Positions {
		s.GHist = bump(s.GHist, t.g.get(i))
		s.GmHist = bump(s.GmHist, t.gm.get(i))
	}
	if len(s.GHist) > 0 {
		s.P = s.GHist[0]
	}
	if len(s.GmHist) > 0 {
		s.Pm = s.GmHist[0]
	}
	return s, nil
}

func bump(h []uint64, v int) []uint64 {
	for len(h) <= v {
		h = append(h, 0)
	}
	h[v]++
	return h
}
