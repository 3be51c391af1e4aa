package store

import (
	"context"
	"encoding/hex"
	"fmt"
	"math/big"
	"path/filepath"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
)

// A header is checked against the files it describes at three depths.
// Open checks what costs nothing: the box's sizes, and, for a finished
// table, that the checksum is the one the header's own game, box, kinds
// and tier digests give (an edited game or box changes it). ReadTier
// checks a tier's size and digest. SpotCheck checks that the values are
// the header's game's: the digests bind the files to the header, but only
// recomputing binds them to the game (a header copied whole from another
// table, checksum and all, passes the rest).

// spotPositions bounds the box SpotCheck solves: a few milliseconds.
const spotPositions = 4096

// headerChecksum recomputes a finished header's checksum from its game,
// box, kinds and tier digests.
func headerChecksum(h *Header, r grundy.Ruleset, kinds grundy.Kinds) (string, error) {
	sum := solve.NewChecksum(r, h.Piles, h.Max, kinds)
	for _, info := range h.Tiers {
		d, err := hex.DecodeString(info.SHA256)
		if err != nil || len(d) != 32 {
			return "", fmt.Errorf("tier %d digest %q", info.Sum, info.SHA256)
		}
		if err := sum.AddDigest(info.Sum, [32]byte(d)); err != nil {
			return "", err
		}
	}
	return sum.Sum(), nil
}

// SpotCheck recomputes the lowest tiers of the table — tiers 0 to m of
// the box with the same piles and the largest max m whose box has at most
// a few thousand positions — and compares them value by value with the
// stored ones (their digests checked on the way). A disagreement is an
// error wrapping ErrCorrupt: the values are not the header's game's.
func (t *Table) SpotCheck(ctx context.Context) error {
	h := t.Header
	from := grundy.SymmetricFrom(t.Ruleset, h.Piles)
	m := 0
	for m < h.Max && solve.BoxSize(h.Piles, from, m+1).Cmp(big.NewInt(spotPositions)) <= 0 {
		m++
	}
	m = min(m, len(h.Tiers)-1)
	if m < 0 {
		return nil // no tier written yet
	}
	small, err := solve.SolveBox(ctx, t.Ruleset, solve.BoxSpec{Piles: h.Piles, Max: m, Kinds: t.Kinds, Workers: 1})
	if err != nil {
		return fmt.Errorf("spot check of %s: %w", t.Dir, err)
	}
	for s := 0; s <= m; s++ {
		stored, err := t.ReadTier(s)
		if err != nil {
			return err
		}
		var bad error
		small.Tier(s).Each(func(p grundy.Position, want grundy.Values) bool {
			got := stored.At(t.Index.RankInTier(p, s))
			if got != want {
				bad = fmt.Errorf("%w: %s holds %s at %s, but %s gives %s: not a table of the game %s names",
					ErrCorrupt, filepath.Join(t.Dir, TierFile(s)), valuesText(got, t.Kinds), p, h.Game, valuesText(want, t.Kinds), HeaderFile)
			}
			return bad == nil
		})
		if bad != nil {
			return bad
		}
	}
	return nil
}

// valuesText writes the kinds of v a table holds, as G=1 Gm=0.
func valuesText(v grundy.Values, k grundy.Kinds) string {
	s := ""
	for _, kv := range []struct {
		kind  grundy.Kinds
		name  string
		value int
	}{{grundy.KindG, "G", v.G}, {grundy.KindGm, "Gm", v.Gm}, {grundy.KindR, "R", v.R}, {grundy.KindRm, "Rm", v.Rm}} {
		if k&kv.kind != 0 {
			if s != "" {
				s += " "
			}
			s += fmt.Sprintf("%s=%d", kv.name, kv.value)
		}
	}
	return s
}
