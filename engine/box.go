package engine

import (
	"context"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
)

// A Count summarizes a box: positions, P-positions in both plays and the
// histograms of G and G⁻ (indexed by value).
type Count struct {
	Game      string        `json:"game"`
	Piles     int           `json:"piles"`
	Max       int           `json:"max"`
	Positions uint64        `json:"positions"`
	P         uint64        `json:"P"`
	Pm        uint64        `json:"Pm"`
	GHist     []uint64      `json:"G_hist"`
	GmHist    []uint64      `json:"Gm_hist"`
	Method    grundy.Method `json:"method"`
	// Checksum is solve.Checksum of the box's G and G⁻ table.
	Checksum string `json:"checksum"`
	// TableChecksum, for a stored table of more kinds than G and G⁻, is
	// its own checksum (of TableKinds), recomputed and found equal to its
	// header's.
	TableChecksum string `json:"table_checksum,omitempty"`
	TableKinds    string `json:"table_kinds,omitempty"`
}

// SolveBox solves a box after checking that its tables fit in the memory
// available and its work in the limit, and refuses it with the estimate
// otherwise.
func SolveBox(ctx context.Context, r grundy.Ruleset, piles, max int, kinds grundy.Kinds, opt Options) (*solve.Table, error) {
	return solve.SolveBox(ctx, r, solve.BoxSpec{
		Piles: piles, Max: max, Kinds: kinds,
		MemoryLimit: opt.limits().Memory, WorkLimit: opt.limits().Work,
		Progress: opt.Progress,
	})
}

// CountBox solves a box for G and G⁻ tier by tier, holding only the
// tiers still needed, and summarizes it.
func CountBox(ctx context.Context, r grundy.Ruleset, piles, max int, opt Options) (Count, error) {
	if _, ok := r.(grundy.TwoPile); ok && piles == 2 && !grundy.PilesMayGrow(r) {
		return countTwoPile(ctx, r, max, opt)
	}
	const kinds = grundy.KindG | grundy.KindGm
	var st solve.Stats
	sum := solve.NewChecksum(r, piles, max, kinds)
	err := solve.SolveTiers(ctx, r, solve.TierSpec{BoxSpec: solve.BoxSpec{
		Piles: piles, Max: max, Kinds: kinds,
		MemoryLimit: opt.limits().Memory, WorkLimit: opt.limits().Work,
		Progress: opt.Progress,
	}}, func(t *solve.Tier) error {
		if err := st.Add(t); err != nil {
			return err
		}
		return sum.Add(t)
	})
	if err != nil {
		return Count{}, err
	}
	return CountStats(r, piles, max, st, sum.Sum()), nil
}

// CountStats is the Count of a box from its statistics and checksum.
func CountStats(r grundy.Ruleset, piles, max int, st solve.Stats, checksum string) Count {
	return Count{Game: r.Name(), Piles: piles, Max: max, Positions: st.Positions,
		P: st.P, Pm: st.Pm, GHist: st.GHist, GmHist: st.GmHist, Method: grundy.MethodBox, Checksum: checksum}
}
