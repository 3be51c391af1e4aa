package engine

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/store"
)

// OpenTable opens the stored table in dir and checks that it is a table
// of r and, when piles is positive or max not negative, of that box: the
// header says so, and the files agree (store.Open, Table.SpotCheck).
func OpenTable(dir string, r grundy.Ruleset, piles, max int) (*store.Table, error) {
	t, err := store.Open(dir)
	if err != nil {
		return nil, tableErr(dir, err)
	}
	h := t.Header
	if h.Game != r.Name() {
		return nil, &TableError{Dir: dir, Problem: TableOtherGame, Have: h.Game, Want: r.Name()}
	}
	if piles > 0 && piles != h.Piles || max >= 0 && max != h.Max {
		return nil, &TableError{Dir: dir, Problem: TableOtherBox,
			Have: fmt.Sprintf("%s ≤ %d", plural.Piles(h.Piles), h.Max), Want: fmt.Sprintf("%s ≤ %d", plural.Piles(piles), max)}
	}
	// The header names the game; its lowest tiers, recomputed, show the
	// files hold that game's values (a few milliseconds).
	if err := t.SpotCheck(context.Background()); err != nil {
		return nil, tableErr(dir, err)
	}
	return t, nil
}

// StoredValue reads the values of p from the stored table in dir. Kinds
// the table does not hold are nil; the outcomes then come from G (a
// position is a P-position iff its G, or G⁻ in misère play, is 0).
func StoredValue(dir string, r grundy.Ruleset, p grundy.BigPosition) (Value, error) {
	t, err := OpenTable(dir, r, 0, -1)
	if err != nil {
		return Value{}, err
	}
	small, ok := p.Small()
	var v grundy.Values
	if ok {
		// Lookup reads one record and checks only the file's size: a
		// flipped byte would be answered as a value. Check the digest of
		// the position's tier first (verify-table checks them all).
		if q := grundy.Canonical(r, small); len(q) == t.Header.Piles && t.Index.Contains(q) {
			if _, err := t.ReadTier(q.Sum()); err != nil {
				return Value{}, tableErr(dir, err)
			}
		}
		v, ok, err = t.Lookup(small)
		if err != nil {
			return Value{}, err
		}
	}
	if !ok || len(p) != t.Header.Piles {
		return Value{}, &TableError{Dir: dir, Problem: TableOutside, Want: p.String(),
			Have: fmt.Sprintf("%s ≤ %d", plural.Piles(t.Header.Piles), t.Header.Max)}
	}
	out := Value{Game: r.Name(), Pos: grundy.Canonical(r, small).String(), Method: grundy.MethodTable, Trust: computedTrust(grundy.MethodTable)}
	ints := [4]int{v.G, v.Gm, v.R, v.Rm}
	ptrs := [4]**big.Int{&out.G, &out.Gm, &out.R, &out.Rm}
	for i := range ints {
		if ints[i] >= 0 {
			*ptrs[i] = big.NewInt(int64(ints[i]))
		}
	}
	outcome := func(r, g *big.Int) string {
		switch {
		case r != nil:
			return map[bool]string{true: "P", false: "N"}[r.Bit(0) == 0]
		case g != nil:
			return map[bool]string{true: "P", false: "N"}[g.Sign() == 0]
		}
		return ""
	}
	out.Outcome, out.OutcomeMisere = outcome(out.R, out.G), outcome(out.Rm, out.Gm)
	return out, nil
}

// StoredCount counts a complete stored table, checking every tier's
// digest and the table's checksum on the way.
func StoredCount(ctx context.Context, dir string, r grundy.Ruleset, piles, max int, opt Options) (Count, error) {
	t, err := OpenTable(dir, r, piles, max)
	if err != nil {
		return Count{}, err
	}
	h := t.Header
	if !h.Finished() {
		return Count{}, &TableError{Dir: dir, Problem: TableIncomplete, Have: fmt.Sprintf("%d of %d tiers", len(h.Tiers), h.TierCount)}
	}
	if t.Kinds&(grundy.KindG|grundy.KindGm) != grundy.KindG|grundy.KindGm {
		return Count{}, &TableError{Dir: dir, Problem: TableMissingKinds, Have: h.Kinds, For: "count", Want: "G and Gm"}
	}
	// The count's checksum is that of the G and G⁻ table; a table with
	// more kinds has another, so it is recomputed from G and G⁻ alone.
	const kinds = grundy.KindG | grundy.KindGm
	sum := solve.NewChecksum(r, h.Piles, h.Max, kinds)
	// The stored kinds' checksum, compared with the header's.
	own := solve.NewChecksum(r, h.Piles, h.Max, t.Kinds)
	var st solve.Stats
	var done uint64
	err = t.EachTier(ctx, func(tier *solve.Tier) error {
		done += tier.Len()
		if opt.Progress != nil {
			opt.Progress(done, h.Positions)
		}
		if err := own.Add(tier); err != nil {
			return err
		}
		if tier.Kinds != kinds {
			if tier, err = tier.Project(kinds); err != nil {
				return err
			}
		}
		if err := st.Add(tier); err != nil {
			return err
		}
		return sum.Add(tier)
	})
	if err != nil {
		return Count{}, err
	}
	if own.Sum() != h.Checksum {
		return Count{}, tableErr(dir, fmt.Errorf("%w: checksum %s, header says %q", store.ErrCorrupt, own.Sum(), h.Checksum))
	}
	c := CountStats(r, h.Piles, h.Max, st, sum.Sum())
	c.Method = grundy.MethodTable
	if t.Kinds != kinds {
		c.TableChecksum, c.TableKinds = own.Sum(), h.Kinds
	}
	return c, nil
}

// StoredTable loads a complete stored table holding every kind.
func StoredTable(ctx context.Context, dir string, r grundy.Ruleset, piles, max int) (*solve.Table, error) {
	t, err := OpenTable(dir, r, piles, max)
	if err != nil {
		return nil, err
	}
	if t.Kinds != grundy.AllKinds {
		return nil, &TableError{Dir: dir, Problem: TableMissingKinds, Have: t.Header.Kinds, For: "table", Want: "G,Gm,R,Rm"}
	}
	need := new(big.Int).SetUint64(t.Header.Positions)
	need.Mul(need, big.NewInt(int64(4*t.Header.Width)))
	if need.Cmp(new(big.Int).SetUint64(BoxMemory())) > 0 {
		return nil, &TableError{Dir: dir, Problem: TableTooBig, Want: plural.Bytes(need), Err: solve.ErrTooBig}
	}
	tab, err := t.Load(ctx)
	if errors.Is(err, store.ErrCorrupt) {
		return nil, tableErr(dir, err)
	}
	return tab, err
}

// Solved describes a table written by `grundy solve`.
type Solved struct {
	Dir       string `json:"dir"`
	Game      string `json:"game"`
	Piles     int    `json:"piles"`
	Max       int    `json:"max"`
	Kinds     string `json:"kinds"`
	Positions uint64 `json:"positions"`
	Tiers     int    `json:"tiers"`
	Checksum  string `json:"checksum"`
}
