package lang

import (
	"math/big"
	"slices"

	"github.com/grundy/grundy"
)

// usesWhole reports whether the compiled generator runs m with wgen:
// for its meaning (whole-position words) or for speed (a bound on
// total).
func (m *BoundMove) usesWhole() bool {
	return m.whole != nil && (m.whole.special || m.whole.bound != nil || m.whole.low != nil || slices.Contains(m.whole.skipZero, true))
}

// special reports whether m uses words only wgen runs.
func (m *BoundMove) special() bool { return m.whole != nil && m.whole.special }

// anySpecial reports whether a move of the rule uses words the shape
// detectors (unit decrements, option counts, two-pile lines) do not
// read: those abilities are then withheld.
func (c *Ruleset) anySpecial() bool {
	for _, cm := range c.moves {
		if cm.m.special() {
			return true
		}
	}
	return false
}

// wgen enumerates a take move as gen does, and also: consecutive piles,
// non-linear amount sets, the whole position's terms, quantifiers over
// the other piles; and it stops an amount as soon as total passes the
// bound the condition sets (the where cliff of issue 35).
type wgen struct {
	m      *BoundMove
	p, q   grundy.Position
	n      int
	counts [][2]int
	used   []bool
	chosen [][]int
	env    []int
	limit  int // total may not exceed it; −1: no bound
	low    int // total must reach it (0: no bound)
	need   int // least total of the piles chosen so far
	most   int // most total of the piles chosen so far
	leasts []int
	total  int
	yield  func(grundy.Position) bool
}

func wholeOptions(m *BoundMove, p grundy.Position, counts [][2]int, yield func(grundy.Position) bool) bool {
	n := len(p)
	k := len(m.Parts)
	g := &wgen{m: m, p: p, q: slices.Clone(p), n: n, counts: counts, used: make([]bool, n),
		chosen: make([][]int, k), env: make([]int, len(m.Slots)), limit: -1, leasts: m.whole.leasts, yield: yield}
	// One backing array for the parts' piles: parts never share a pile.
	back := make([]int, n*k)
	for j := range g.chosen {
		g.chosen[j] = back[j*n : j*n : (j+1)*n]
	}
	sum := PositionTerms(m.Slots, p, g.env)
	if b := m.whole.bound; b != nil {
		u := b.Int(g.env)
		if u.Sign() < 1 {
			return true // every move removes a token
		}
		if u.IsInt64() && u.Int64() < int64(sum) {
			g.limit = int(u.Int64())
		}
	}
	if b := m.whole.low; b != nil {
		u := b.Int(g.env)
		if u.Cmp(big.NewInt(int64(sum))) > 0 {
			return true // more than the position holds
		}
		g.low = int(max(u.Int64(), 0))
	}
	return g.parts(0)
}

// least is the least amount part j takes from a pile (0 when it may
// take none).
func (g *wgen) least(j int) int { return g.leasts[j] }

// most is the most part j may take from pile i.
func (g *wgen) mostOf(j, i int) int {
	if hi := g.m.Parts[j].Amounts.Hi; hi >= 0 && hi < g.p[i] {
		return hi
	}
	return g.p[i]
}

// enough reports whether the piles chosen so far may still reach the
// lower bound on total, when part j is the last part.
func (g *wgen) enough(j int) bool {
	return g.low == 0 || j+1 < len(g.m.Parts) || g.most >= g.low
}

// leasts is the least amount of each part of m.
func leasts(m *BoundMove) []int {
	out := make([]int, len(m.Parts))
	for j, p := range m.Parts {
		out[j] = 1
		if p.Amounts.Set == SetLinear {
			out[j] = p.Amounts.First(0)
		}
	}
	return out
}

func (g *wgen) parts(j int) bool {
	if j == len(g.m.Parts) {
		return g.amounts(0, 0)
	}
	pt := &g.m.Parts[j]
	switch {
	case pt.Select == SelectIndex || pt.Select == SelectRole:
		i := pt.Index
		if i >= g.n || g.used[i] {
			return true
		}
		return g.take(j, []int{i})
	case pt.Consecutive:
		lo, hi := g.counts[j][0], g.counts[j][1]
		for l := lo; l <= hi && l <= g.n; l++ {
			starts := g.n - l + 1
			switch {
			case l == 0 || pt.Circle && l == g.n:
				starts = 1
			case pt.Circle:
				starts = g.n
			}
			block := make([]int, l)
		next:
			for s := range starts {
				for k := range block {
					block[k] = (s + k) % g.n
					if g.used[block[k]] {
						continue next
					}
				}
				if !g.take(j, block) {
					return false
				}
			}
		}
		return true
	}
	g.chosen[j] = g.chosen[j][:0]
	return g.subset(j, 0)
}

// take gives part j the piles ch and goes on to the next part.
func (g *wgen) take(j int, ch []int) bool {
	add := len(ch) * g.least(j)
	if g.limit >= 0 && g.need+add > g.limit {
		return true
	}
	most := 0
	for _, i := range ch {
		g.used[i] = true
		most += g.mostOf(j, i)
	}
	g.chosen[j] = append(g.chosen[j][:0], ch...)
	g.need += add
	g.most += most
	ok := true
	if (!g.m.Parts[j].Largest || g.isLargest(j)) && g.enough(j) {
		ok = g.parts(j + 1)
	}
	g.need -= add
	g.most -= most
	for _, i := range ch {
		g.used[i] = false
	}
	g.chosen[j] = g.chosen[j][:0]
	return ok
}

func (g *wgen) subset(j, start int) bool {
	lo, hi := g.counts[j][0], g.counts[j][1]
	c := len(g.chosen[j])
	if c >= lo && (!g.m.Parts[j].Largest || g.isLargest(j)) && g.enough(j) {
		if !g.parts(j + 1) {
			return false
		}
	}
	if c >= hi {
		return true
	}
	least := g.least(j)
	if g.limit >= 0 && g.need+least > g.limit {
		return true
	}
	for i := start; i < g.n; i++ {
		if g.used[i] {
			continue
		}
		g.used[i] = true
		g.need += least
		most := g.mostOf(j, i)
		g.most += most
		g.chosen[j] = append(g.chosen[j], i)
		ok := g.subset(j, i+1)
		g.chosen[j] = g.chosen[j][:c]
		g.need -= least
		g.most -= most
		g.used[i] = false
		if !ok {
			return false
		}
	}
	return true
}

func (g *wgen) isLargest(j int) bool { return largestChosen(g.p, g.chosen[j]) }

// of is the size of the pile part j's multiple-of set names, or 0.
func (g *wgen) of(j int) int {
	s := g.m.Parts[j].Amounts
	if s.Set != SetMultipleOfPile || len(g.chosen[s.Of]) == 0 {
		return 0
	}
	return g.p[g.chosen[s.Of][0]]
}

// room is how many tokens the bound still lets a pile lose, given that
// the piles after it each lose their least: rest.
func (g *wgen) room(rest int) int {
	if g.limit < 0 {
		return -1
	}
	return g.limit - g.total - rest
}

func (g *wgen) amounts(j, k int) bool {
	if j == len(g.m.Parts) {
		return g.finish()
	}
	ch := g.chosen[j]
	if k == len(ch) {
		return g.amounts(j+1, 0)
	}
	pt := &g.m.Parts[j]
	s := pt.Amounts
	v := g.of(j)
	a, ok := s.firstFor(v)
	if a == 0 && g.m.whole.skipZero[j] {
		a = s.First(1)
	}
	if pt.AmountSlot >= 0 {
		top := 0
		for idx, i := range ch {
			if idx == 0 || g.p[i] < top {
				top = g.p[i]
			}
		}
		if s.Hi >= 0 && s.Hi < top {
			top = s.Hi
		}
		if len(ch) == 0 {
			// No pile: the amount is 0 if 0 is allowed.
			top, ok = 0, ok && a == 0
		}
		drop := len(ch) * g.least(j)
		g.need -= drop
		for ; ok && a <= top; a = s.nextFor(a, v) {
			if r := g.room(g.need); r >= 0 && a*len(ch) > r {
				break
			}
			for _, i := range ch {
				g.q[i] = g.p[i] - a
			}
			g.total += a * len(ch)
			g.env[pt.AmountSlot] = a
			more := g.amounts(j+1, 0)
			g.total -= a * len(ch)
			if !more {
				g.need += drop
				return false
			}
		}
		g.need += drop
		for _, i := range ch {
			g.q[i] = g.p[i]
		}
		return true
	}
	i := ch[k]
	x := g.p[i]
	top := x
	if s.Hi >= 0 && s.Hi < top {
		top = s.Hi
	}
	least := g.least(j)
	g.need -= least
	for ; ok && a <= top; a = s.nextFor(a, v) {
		if r := g.room(g.need); r >= 0 && a > r {
			break
		}
		g.q[i] = x - a
		g.total += a
		more := g.amounts(j, k+1)
		g.total -= a
		if !more {
			g.q[i] = x
			g.need += least
			return false
		}
	}
	g.need += least
	g.q[i] = x
	return true
}

func (g *wgen) finish() bool {
	if g.total == 0 {
		return true
	}
	m := g.m
	if m.where == nil {
		return g.yield(g.q)
	}
	for s, sl := range m.Slots {
		switch sl.Kind {
		case SlotTotal:
			g.env[s] = g.total
		case SlotPile:
			g.env[s] = 0
			if ch := g.chosen[sl.Index]; len(ch) > 0 {
				g.env[s] = g.p[ch[0]]
			}
		case SlotAmount:
			if len(g.chosen[sl.Index]) == 0 {
				g.env[s] = 0
			}
		case SlotSumOther:
			g.env[s] = 0
			for i, x := range g.p {
				if !g.used[i] {
					g.env[s] += x
				}
			}
		}
	}
	for _, qu := range m.Quants {
		holds := qu.Every
		for i, x := range g.p {
			if g.used[i] {
				continue
			}
			g.env[qu.Var] = x
			if qu.cond.Bool(g.env) != qu.Every {
				holds = !qu.Every
				break
			}
		}
		g.env[qu.Slot] = 0
		if holds {
			g.env[qu.Slot] = 1
		}
	}
	if !m.where.Bool(g.env) {
		return true
	}
	return g.yield(g.q)
}

// naiveWhole says whether the naive interpreter's assignment keeps the
// whole-position words of m: consecutive parts are blocks, and every
// amount is in its part's set.
func naiveWhole(m *BoundMove, p grundy.Position, owner, take []int) bool {
	n := len(p)
	pile := func(j int) int { // part j's first pile, or −1
		for i, o := range owner {
			if o == j {
				return i
			}
		}
		return -1
	}
	for j, pt := range m.Parts {
		if pt.Consecutive {
			var mine []int
			for i, o := range owner {
				if o == j {
					mine = append(mine, i)
				}
			}
			if !Block(mine, n, pt.Circle) {
				return false
			}
		}
		if pt.Amounts.Linear() {
			continue
		}
		v := 0
		if pt.Amounts.Set == SetMultipleOfPile {
			if i := pile(pt.Amounts.Of); i >= 0 {
				v = p[i]
			}
		}
		for i, o := range owner {
			if o == j && !pt.Amounts.allowsFor(take[i], v) {
				return false
			}
		}
	}
	return true
}

// Block reports whether the piles is (ascending) are adjacent among n
// piles in a line, or in a circle.
func Block(is []int, n int, circle bool) bool {
	if len(is) == 0 || len(is) == n {
		return true
	}
	if !circle {
		return is[len(is)-1]-is[0] == len(is)-1
	}
	in := make([]bool, n)
	for _, i := range is {
		in[i] = true
	}
	starts := 0
	for i := range n {
		if in[i] && !in[(i+n-1)%n] {
			starts++
		}
	}
	return starts == 1
}

// naiveWholeSlots fills the whole-position slots of env, for the naive
// interpreter: the terms, then the quantifiers.
func naiveWholeSlots(m *BoundMove, p grundy.Position, owner []int, env []*big.Int) {
	sum, other, small, large := 0, 0, 0, 0
	for i, x := range p {
		sum += x
		if owner[i] < 0 {
			other += x
		}
		if i == 0 || x < small {
			small = x
		}
		large = max(large, x)
	}
	for s, sl := range m.Slots {
		switch sl.Kind {
		case SlotSum:
			env[s] = bigInt(sum)
		case SlotSumOther:
			env[s] = bigInt(other)
		case SlotSmallest:
			env[s] = bigInt(small)
		case SlotLargest:
			env[s] = bigInt(large)
		}
	}
	for _, qu := range m.Quants {
		holds := qu.Every
		for i, x := range p {
			if owner[i] >= 0 {
				continue
			}
			env[qu.Var] = bigInt(x)
			if qu.Cond.Bool(env) != qu.Every {
				holds = !qu.Every
			}
		}
		env[qu.Slot] = bigInt(0)
		if holds {
			env[qu.Slot] = bigInt(1)
		}
	}
}

// PositionTerms sets the slots of env fixed by the position alone (piles,
// roles, sum of piles, smallest pile, largest pile) and returns the sum
// of the piles. A condition on positions, not moves, reads these terms
// through it.
func PositionTerms(slots []Slot, p grundy.Position, env []int) (sum int) {
	small, large := 0, 0
	for i, x := range p {
		sum += x
		if i == 0 || x < small {
			small = x
		}
		large = max(large, x)
	}
	for s, sl := range slots {
		switch sl.Kind {
		case SlotPiles:
			env[s] = len(p)
		case SlotRole:
			env[s] = p[sl.Index]
		case SlotSum:
			env[s] = sum
		case SlotSmallest:
			env[s] = small
		case SlotLargest:
			env[s] = large
		}
	}
	return sum
}
