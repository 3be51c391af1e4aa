package instruments

import (
	"context"
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
)

// PPositions lists the P-positions of a two-pile ruleset in a box, in the
// layout of 002 Tables 1–6: for a game whose piles are interchangeable only
// the pairs with a ≤ b, for an ordered one (Γ_OA, Γ_OE, Γ_EO) every pair.
// Pairs with a pile above the box's max are not known, so the list is
// complete for the box only.
type PPositions struct {
	Game    string        `json:"game"`
	Box     Box           `json:"box"`
	Play    string        `json:"play"` // normal or misère
	Ordered bool          `json:"ordered"`
	AMax    *int          `json:"amax,omitempty"` // only pairs with a ≤ AMax
	Pairs   [][2]int      `json:"pairs"`          // sorted by a, then b
	Checked uint64        `json:"checked"`
	Method  grundy.Method `json:"method"`
}

// PPos collects the P-positions (G = 0, or G⁻ = 0 in misère play) of a
// solved two-pile box, those with a ≤ amax when amax ≥ 0.
func PPos(ctx context.Context, t *solve.Table, misere bool, amax int, opt Options) (PPositions, error) {
	if t.Piles() != 2 {
		return PPositions{}, fmt.Errorf("ppos is for two-pile rulesets; the box has %d piles", t.Piles())
	}
	kind := grundy.KindG
	if misere {
		kind = grundy.KindGm
	}
	if err := needKinds(t, kind, "ppos"); err != nil {
		return PPositions{}, err
	}
	box := boxOf(t)
	res := PPositions{Game: box.Game, Box: box, Play: "normal", Ordered: t.Index.From == 2, Pairs: [][2]int{}, Method: grundy.MethodBox}
	if misere {
		res.Play = "misère"
	}
	if amax >= 0 {
		res.AMax = &amax
	}
	err := scan(ctx, t, opt, func(p grundy.Position, v grundy.Values) {
		res.Checked++
		g := v.G
		if misere {
			g = v.Gm
		}
		if g == 0 && (amax < 0 || p[0] <= amax) {
			res.Pairs = append(res.Pairs, [2]int{p[0], p[1]})
		}
	})
	return res, err
}

// Columns groups the pairs by a, as 002's tables do: one column per a,
// with its b values ascending.
func (pp PPositions) Columns() (as []int, bs [][]int) {
	for _, pr := range pp.Pairs {
		if len(as) == 0 || as[len(as)-1] != pr[0] {
			as = append(as, pr[0])
			bs = append(bs, nil)
		}
		bs[len(bs)-1] = append(bs[len(bs)-1], pr[1])
	}
	return as, bs
}
