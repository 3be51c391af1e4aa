package solve

import (
	"fmt"

	"github.com/grundy/grundy"
)

// A Table holds values of every canonical position of a box. The values
// of one position form a record (the selected kinds in the order G, G⁻,
// R, R⁻), records lie in rank order, two bytes a value when every value of
// the box fits, else four.
type Table struct {
	Ruleset grundy.Ruleset
	Index   *TierIndex
	Kinds   grundy.Kinds
	lay     layout
	v16     []uint16
	v32     []uint32
}

// Piles is the number of piles of the box's positions.
func (t *Table) Piles() int { return t.Index.N }

// Max is the largest pile size in the box.
func (t *Table) Max() int { return t.Index.Max }

// At returns the values at a rank; kinds not computed are −1.
func (t *Table) At(rank uint64) grundy.Values {
	base := rank * uint64(t.lay.stride)
	if t.v16 != nil {
		return values(&t.lay, t.v16[base:])
	}
	return values(&t.lay, t.v32[base:])
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

// EachRank calls f with the canonical positions of ranks lo ≤ r < hi in
// rank order (tier by tier), their ranks and values, until f returns
// false. p is reused between calls. Ranges of ranks split a box into
// chunks for several goroutines, and a caller keeping facts per position
// indexes them by rank.
func (t *Table) EachRank(lo, hi uint64, f func(r uint64, p grundy.Position, v grundy.Values) bool) {
	ix := t.Index
	hi = min(hi, ix.Size())
	if lo >= hi {
		return
	}
	p := make(grundy.Position, ix.N)
	ix.Unrank(lo, p)
	s := 0
	for _, x := range p {
		s += x
	}
	for r := lo; ; {
		if !f(r, p, t.At(r)) {
			return
		}
		if r++; r == hi {
			return
		}
		if ix.nextInTier(p) < 0 {
			for s++; ix.TierSize(s) == 0; s++ {
			}
			ix.firstInTier(s, p)
		}
	}
}

// Tier returns the values of the positions with token sum s, which share
// the table's memory.
func (t *Table) Tier(s int) *Tier {
	st := uint64(t.lay.stride)
	lo, hi := t.Index.TierStart(s)*st, t.Index.TierStart(s+1)*st
	tr := &Tier{Index: t.Index, Sum: s, Kinds: t.Kinds, lay: t.lay}
	if t.v16 != nil {
		tr.v16 = t.v16[lo:hi]
	} else {
		tr.v32 = t.v32[lo:hi]
	}
	return tr
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
	var s Stats
	for tier := range t.Index.Tiers() {
		if err := s.Add(t.Tier(tier)); err != nil {
			return Stats{}, err
		}
	}
	return s, nil
}

// Add counts the positions of one tier into s.
func (s *Stats) Add(t *Tier) error {
	if t.lay.slot[0] < 0 || t.lay.slot[1] < 0 {
		return fmt.Errorf("stats need G and G⁻ in the table")
	}
	if t.v16 != nil {
		addStats(s, t.v16, &t.lay)
	} else {
		addStats(s, t.v32, &t.lay)
	}
	return nil
}

func addStats[T word](s *Stats, vals []T, l *layout) {
	st, g, gm := l.stride, l.slot[0], l.slot[1]
	// Values below 64 (all of them in every box solved so far) are
	// counted in fixed arrays, the rest through bump: growing the
	// histograms per value cost as much as a third of the solver's own
	// work per position on small boxes.
	var lowG, lowGm [64]uint64
	for i := 0; i+st <= len(vals); i += st {
		if v := vals[i+g]; v < 64 {
			lowG[v&63]++
		} else {
			s.GHist = bump(s.GHist, int(v))
		}
		if v := vals[i+gm]; v < 64 {
			lowGm[v&63]++
		} else {
			s.GmHist = bump(s.GmHist, int(v))
		}
	}
	s.GHist = addLow(s.GHist, &lowG)
	s.GmHist = addLow(s.GmHist, &lowGm)
	s.Positions += uint64(len(vals) / st)
	if len(s.GHist) > 0 {
		s.P = s.GHist[0]
	}
	if len(s.GmHist) > 0 {
		s.Pm = s.GmHist[0]
	}
}

// addLow adds counts of the values below 64 to a histogram, growing it
// only as far as a non-zero count.
func addLow(h []uint64, low *[64]uint64) []uint64 {
	for v := 63; v >= 0; v-- {
		if low[v] != 0 {
			for len(h) <= v {
				h = append(h, 0)
			}
			break
		}
	}
	for v := range min(len(h), 64) {
		h[v] += low[v]
	}
	return h
}

func bump(h []uint64, v int) []uint64 {
	for len(h) <= v {
		h = append(h, 0)
	}
	h[v]++
	return h
}

// NewTable allocates a zeroed table of a box, to be filled tier by tier
// through Tier(s).SetBytes (e.g. from a stored table).
func NewTable(r grundy.Ruleset, piles, max int, kinds grundy.Kinds) (*Table, error) {
	spec := BoxSpec{Piles: piles, Max: max, Kinds: kinds}
	est, err := checkBox(r, &spec)
	if err != nil {
		return nil, err
	}
	ix, err := newBoxIndex(r, spec)
	if err != nil {
		return nil, err
	}
	t := &Table{Ruleset: r, Index: ix, Kinds: spec.Kinds, lay: newLayout(spec.Kinds)}
	n := ix.Size() * uint64(t.lay.stride)
	if est.Wide {
		t.v32 = make([]uint32, n)
	} else {
		t.v16 = make([]uint16, n)
	}
	return t, nil
}
