package instruments

import (
	"context"
	"fmt"
	"runtime"
	"slices"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
)

// A ClassCount is the number of (i,j)-positions of a box — positions with
// G = i and G⁻ = j (000 §1.5) — and the smallest of them.
type ClassCount struct {
	G        int    `json:"G"`
	Gm       int    `json:"Gm"`
	Count    uint64 `json:"count"`
	Smallest string `json:"smallest"`
}

// A ClassList lists the positions of one (i,j) class, smallest first, up
// to a limit.
type ClassList struct {
	G         int      `json:"G"`
	Gm        int      `json:"Gm"`
	Positions []string `json:"positions"`
	Truncated bool     `json:"truncated"`
}

// A Classification summarizes a box by (G, G⁻) with the verdicts of
// 000 §1.5.
type Classification struct {
	Game      string        `json:"game"`
	Box       Box           `json:"box"`
	Positions uint64        `json:"positions"`
	Terminal  uint64        `json:"terminal"`
	Swap      uint64        `json:"swap"` // (0,1)- and (1,0)-positions
	Classes   []ClassCount  `json:"classes"`
	Verdicts  []Verdict     `json:"verdicts"`
	Lists     []ClassList   `json:"lists,omitempty"`
	Method    grundy.Method `json:"method"`
}

// ClassifyOptions tune Classify.
type ClassifyOptions struct {
	Options
	// List asks for the positions of these (i,j) classes, each at most
	// ListLimit (0: 50) of them, smallest first.
	List      [][2]int
	ListLimit int
}

// Classify counts the (i,j)-positions of a solved box (G and G⁻ needed)
// and decides, in the box, whether the game is
//
//   - tame: only (0,1)-, (1,0)- and (t,t)-positions (Conway; 000 §1.5);
//   - pet: tame with t ≥ 2 only, i.e. no (0,0)- and no (1,1)-positions
//     (000 §1.5, after [11] there);
//   - domestic: no (0,k)- or (k,0)-position with k ≥ 2 (000 §4.3, after
//     [12] there);
//   - miserable: every (1,0)-position moves to a (0,1)-position, every
//     non-terminal (0,1)-position to a (1,0)-position, and every non-swap
//     position moves to both a (0,1)- and a (1,0)-position or to no swap
//     position at all (000 §1.5). This is Lemma 13 of 000 with V′ the swap
//     positions themselves; its conditions (i) and (ii) hold for them by
//     definition (0-positions are independent, terminals are (0,1)).
//
// A box is closed under moves (moves never add tokens), so each verdict
// "fails" is a fact about the whole game, and each "holds" a fact about
// the box only.
func Classify(ctx context.Context, t *solve.Table, opt ClassifyOptions) (Classification, error) {
	if err := needKinds(t, grundy.KindG|grundy.KindGm, "classify"); err != nil {
		return Classification{}, err
	}
	box := boxOf(t)
	limit := opt.ListLimit
	if limit <= 0 {
		limit = 50
	}
	want := map[[2]int]bool{}
	for _, l := range opt.List {
		want[l] = true
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	states := make([]*classifyState, workers)
	for w := range states {
		states[w] = &classifyState{classes: map[[2]int]*classInfo{}, scratch: make(grundy.Position, t.Piles())}
	}
	opt.Workers = workers
	err := scanRanks(ctx, t, opt.Options, func(w int, p grundy.Position, v grundy.Values) error {
		return states[w].add(t, p, v, want, limit)
	})
	if err != nil {
		return Classification{}, err
	}
	// Merge the workers' states into the first.
	st := states[0]
	for _, o := range states[1:] {
		st.positions += o.positions
		st.swap += o.swap
		st.terminal += o.terminal
		st.tame.merge(o.tame)
		st.pet.merge(o.pet)
		st.domestic.merge(o.domestic)
		st.miserable.merge(o.miserable)
		for k, oc := range o.classes {
			c := st.classes[k]
			if c == nil {
				st.classes[k] = oc
				continue
			}
			c.count += oc.count
			c.smallest.merge(oc.smallest)
			c.list = append(c.list, oc.list...)
			c.truncated = c.truncated || oc.truncated
		}
	}
	c := Classification{Game: box.Game, Box: box, Positions: st.positions, Terminal: st.terminal, Swap: st.swap, Method: grundy.MethodBox}
	keys := make([][2]int, 0, len(st.classes))
	for k := range st.classes {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [2]int) int { return slices.Compare(a[:], b[:]) })
	for _, k := range keys {
		ci := st.classes[k]
		c.Classes = append(c.Classes, ClassCount{G: k[0], Gm: k[1], Count: ci.count, Smallest: ci.smallest.pos.String()})
	}
	for _, l := range opt.List {
		cl := ClassList{G: l[0], Gm: l[1], Positions: []string{}}
		if ci := st.classes[l]; ci != nil {
			sortPositions(ci.list)
			cl.Truncated = ci.truncated || len(ci.list) > limit
			for _, p := range ci.list[:min(limit, len(ci.list))] {
				cl.Positions = append(cl.Positions, p.String())
			}
		}
		c.Lists = append(c.Lists, cl)
	}
	n := c.Positions
	c.Verdicts = []Verdict{
		st.tame.verdict("tame", "000 §1.5 (Conway)", box, n),
		st.pet.verdict("pet", "000 §1.5", box, n),
		st.domestic.verdict("domestic", "000 §4.3", box, n),
		st.miserable.verdict("miserable", "000 §1.5, Lemma 13", box, n),
	}
	return c, nil
}

// classInfo is what Classify gathers about one (i,j) class.
type classInfo struct {
	count     uint64
	smallest  smallest
	list      []grundy.Position
	truncated bool
}

// classifyState is one worker's share of a classification.
type classifyState struct {
	classes                        map[[2]int]*classInfo
	tame, pet, domestic, miserable smallest
	positions, swap, terminal      uint64
	scratch                        grundy.Position
}

func (st *classifyState) add(t *solve.Table, p grundy.Position, v grundy.Values, want map[[2]int]bool, limit int) error {
	key := [2]int{v.G, v.Gm}
	ci := st.classes[key]
	if ci == nil {
		ci = &classInfo{}
		st.classes[key] = ci
	}
	st.positions++
	ci.count++
	if ci.smallest.pos == nil || Less(p, ci.smallest.pos) {
		ci.smallest.pos = slices.Clone(p)
	}
	if want[key] {
		ci.list = append(ci.list, slices.Clone(p))
		if len(ci.list) > 4*limit {
			sortPositions(ci.list)
			ci.list, ci.truncated = ci.list[:limit], true
		}
	}
	swap := key == [2]int{0, 1} || key == [2]int{1, 0}
	if swap {
		st.swap++
	}
	desc := func() string { return fmt.Sprintf("a (%d,%d)-position", v.G, v.Gm) }
	if !swap && v.G != v.Gm {
		st.tame.offer(p, desc)
	}
	if !swap && (v.G != v.Gm || v.G < 2) {
		st.pet.offer(p, desc)
	}
	if (v.G == 0 && v.Gm >= 2) || (v.Gm == 0 && v.G >= 2) {
		st.domestic.offer(p, desc)
	}
	// Miserability needs the classes of the followers.
	terminal := true
	to01, to10 := false, false
	var ferr error
	t.Ruleset.Options(p, func(q grundy.Position) bool {
		terminal = false
		w, err := follower(t, st.scratch, q)
		if err != nil {
			ferr = err
			return false
		}
		to01 = to01 || (w.G == 0 && w.Gm == 1)
		to10 = to10 || (w.G == 1 && w.Gm == 0)
		return !(to01 && to10) // both found: nothing more to learn
	})
	if ferr != nil {
		return ferr
	}
	if terminal {
		st.terminal++
	}
	switch {
	case key == [2]int{1, 0} && !to01:
		st.miserable.offer(p, func() string { return "a (1,0)-position with no move to a (0,1)-position" })
	case key == [2]int{0, 1} && !terminal && !to10:
		st.miserable.offer(p, func() string { return "a non-terminal (0,1)-position with no move to a (1,0)-position" })
	case !swap && to01 != to10:
		st.miserable.offer(p, func() string {
			if to01 {
				return fmt.Sprintf("a (%d,%d)-position moving to a (0,1)- but to no (1,0)-position", v.G, v.Gm)
			}
			return fmt.Sprintf("a (%d,%d)-position moving to a (1,0)- but to no (0,1)-position", v.G, v.Gm)
		})
	}
	return nil
}

func sortPositions(ps []grundy.Position) {
	slices.SortFunc(ps, func(a, b grundy.Position) int {
		switch {
		case Less(a, b):
			return -1
		case Less(b, a):
			return 1
		}
		return 0
	})
}
