package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/internal/atomicfile"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/internal/readfile"
	"github.com/grundy/grundy/solve"
)

// SolveOptions tune Solve.
type SolveOptions struct {
	Kinds   grundy.Kinds // zero means G and G⁻
	Workers int          // zero means GOMAXPROCS
	// Resume continues the table already in the directory from its last
	// complete tier; without it a directory holding a table is refused.
	Resume bool
	// Repair, when resuming, solves a damaged tier again, with every tier
	// after it, instead of failing.
	Repair bool
	// MemoryLimit refuses boxes whose tiers held at once need more (as
	// solve.EstimateBox's Held counts them, which overestimates the games
	// whose lower tiers are read memory-mapped; Estimate plans those
	// better); zero means no limit.
	MemoryLimit uint64
	// Progress receives (done, total) positions after each tier.
	Progress func(done, total uint64)
	// Tier, if set, is called with each tier once it is on disk (for
	// counts and checks while solving).
	Tier func(*solve.Tier) error
}

// ErrExists is wrapped by the error for a directory that already holds a
// table when Resume is off.
var ErrExists = errors.New("directory already holds a table")

// Solve computes the box of r with the given piles and max tier by tier
// and writes it to dir, which it creates if needed. It returns the final
// header, whose Checksum is the table's checksum.
//
// The directory is locked while Solve writes it (Lock): a second writer
// is refused with ErrLocked. Resuming re-verifies the tiers already
// written (sizes, digests, and SpotCheck) before trusting them, a
// finished table too; a damaged tier is an error wrapping ErrCorrupt, or,
// with Repair, is solved again with every tier after it.
func Solve(ctx context.Context, r grundy.Ruleset, piles, max int, dir string, opt SolveOptions) (*Header, error) {
	kinds := opt.Kinds
	if kinds == 0 {
		kinds = grundy.KindG | grundy.KindGm
	}
	// Validate before creating anything.
	if err := r.Validate(make(grundy.Position, piles)); err != nil {
		return nil, fmt.Errorf("%s with %s: %w", r.Name(), plural.Piles(piles), err)
	}
	ix, err := solve.NewTierIndex(piles, grundy.SymmetricFrom(r, piles), max)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", solve.ErrTooBig, err)
	}
	if ix.Tiers() > MaxHeader/tierEntryBytes {
		return nil, fmt.Errorf("%w: a table of %s ≤ %d has %d tiers, more than the %d whose header grundy reads back (%s)",
			solve.ErrTooBig, plural.Piles(piles), max, ix.Tiers(), MaxHeader/tierEntryBytes, readfile.Bytes(MaxHeader))
	}
	if _, err := ReadHeader(dir); err != nil && !errors.Is(err, ErrNoTable) {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	unlock, err := Lock(dir)
	if err != nil {
		return nil, err
	}
	defer unlock()
	// Under the lock this writer owns the directory: what a killed writer
	// left half-written goes once, not at every tier (WriteFresh).
	atomicfile.RemoveStaleIn(dir)
	// Read under the lock: what another writer left is now final.
	h, err := ReadHeader(dir)
	switch {
	case err == nil && !opt.Resume:
		return nil, fmt.Errorf("%w: %s (%s, %d piles ≤ %d, %d of %d tiers)",
			ErrExists, dir, h.Game, h.Piles, h.Max, len(h.Tiers), h.TierCount)
	case err == nil:
		if h.Game != r.Name() || h.Piles != piles || h.Max != max || h.Kinds != kinds.String() {
			return nil, fmt.Errorf("cannot resume %s: it holds %s, %d piles ≤ %d, kinds %s, not %s, %d piles ≤ %d, kinds %s",
				dir, h.Game, h.Piles, h.Max, h.Kinds, r.Name(), piles, max, kinds)
		}
		if h, err = reverify(ctx, dir, h, opt); err != nil {
			return nil, err
		}
	case errors.Is(err, ErrNoTable):
		h = &Header{Format: Format, Version: Version, Game: r.Name(), Piles: piles, Max: max,
			Kinds: kinds.String(), Width: solve.ValueWidth(piles, max), Positions: ix.Size(),
			TierCount: ix.Tiers(), Tiers: []TierInfo{}}
		if err := writeHeader(dir, h); err != nil {
			return nil, err
		}
	default:
		return nil, err
	}
	spec := solve.BoxSpec{Piles: piles, Max: max, Kinds: kinds, Workers: opt.Workers, MemoryLimit: opt.MemoryLimit, Progress: opt.Progress}
	if h.Finished() {
		return h, nil
	}
	t, err := Open(dir)
	if err != nil {
		return nil, err
	}
	sum := solve.NewChecksum(r, piles, max, kinds)
	for _, info := range h.Tiers {
		d, err := hex.DecodeString(info.SHA256)
		if err != nil || len(d) != 32 {
			return nil, fmt.Errorf("%w: %s: tier %d digest %q", ErrCorrupt, dir, info.Sum, info.SHA256)
		}
		sum.AddDigest(info.Sum, [32]byte(d))
	}
	if h.Complete() {
		// Stopped after the last tier but before the header listed it.
		return h, finish(dir, h, sum)
	}
	journal, err := openJournal(dir, len(h.Tiers))
	if err != nil {
		return nil, err
	}
	defer journal.Close()
	ts := solve.TierSpec{BoxSpec: spec, First: len(h.Tiers), Load: t.readInto}
	if canMap && solve.NeededTiers(r, piles) < 0 {
		// Moves reach every lower tier: read them from their files,
		// memory-mapped, rather than keeping them.
		var unmaps []func() error
		defer func() {
			for _, u := range unmaps {
				u()
			}
		}()
		first := len(h.Tiers)
		ts.Reopen = func(s int) ([]byte, error) {
			b, unmap, err := mapFile(filepath.Join(dir, TierFile(s)))
			if err != nil {
				return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
			}
			unmaps = append(unmaps, unmap)
			if s < first {
				// Written by an earlier run: check before trusting.
				if d := sha256.Sum256(b); hex.EncodeToString(d[:]) != h.Tiers[s].SHA256 {
					return nil, fmt.Errorf("%w: %s: SHA-256 %x, journal says %s", ErrCorrupt, filepath.Join(dir, TierFile(s)), d, h.Tiers[s].SHA256)
				}
			}
			return b, nil
		}
	}
	err = solve.SolveTiers(ctx, r, ts, func(tier *solve.Tier) error {
		b := tier.Bytes()
		if err := atomicfile.WriteFresh(filepath.Join(dir, TierFile(tier.Sum)), func(w io.Writer) error {
			_, err := w.Write(b)
			return err
		}); err != nil {
			return err
		}
		d := tier.Digest()
		if err := sum.AddDigest(tier.Sum, d); err != nil {
			return err
		}
		info := TierInfo{Sum: tier.Sum, Positions: tier.Len(), SHA256: hex.EncodeToString(d[:])}
		line, _ := json.Marshal(info)
		if _, err := journal.Write(append(line, '\n')); err != nil {
			return err
		}
		if err := journal.Sync(); err != nil {
			return err
		}
		h.Tiers = append(h.Tiers, info)
		if h.Complete() {
			if err := finish(dir, h, sum); err != nil {
				return err
			}
		}
		if opt.Tier != nil {
			return opt.Tier(tier)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return h, nil
}

// finish writes the header of a table whose every tier is written, with
// the checksum, and removes the journal it no longer needs.
func finish(dir string, h *Header, sum *solve.Checksum) error {
	h.Checksum = sum.Sum()
	if err := writeHeader(dir, h); err != nil {
		return err
	}
	err := os.Remove(filepath.Join(dir, JournalFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

// openJournal opens the journal for appending after its first n tiers,
// cutting off anything after them (a line a kill cut short).
func openJournal(dir string, n int) (*os.File, error) {
	_, good, err := readJournal(dir, n)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dir, JournalFile), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := f.Truncate(good); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(good, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// A Report is the result of Verify.
type Report struct {
	Dir      string `json:"dir"`
	Game     string `json:"game"`
	Piles    int    `json:"piles"`
	Max      int    `json:"max"`
	Kinds    string `json:"kinds"`
	Tiers    int    `json:"tiers"`      // tiers checked
	Of       int    `json:"tier_count"` // tiers of the box
	Complete bool   `json:"complete"`
	Checksum string `json:"checksum,omitempty"`
	OK       bool   `json:"ok"`
}

// Verify re-reads every complete tier of the table in dir, checks sizes
// and digests against the header and, for a complete table, recomputes the
// checksum from the digests; then it recomputes the lowest tiers
// (SpotCheck). Any mismatch is an error wrapping ErrCorrupt.
func Verify(ctx context.Context, dir string, progress func(done, total uint64)) (Report, error) {
	t, err := Open(dir)
	if err != nil {
		return Report{}, err
	}
	h := t.Header
	complete := h.Finished()
	rep := Report{Dir: dir, Game: h.Game, Piles: h.Piles, Max: h.Max, Kinds: h.Kinds, Of: h.TierCount, Complete: complete}
	sum := solve.NewChecksum(t.Ruleset, h.Piles, h.Max, t.Kinds)
	var done uint64
	err = t.EachTier(ctx, func(tier *solve.Tier) error {
		rep.Tiers++
		done += tier.Len()
		if progress != nil {
			progress(done, h.Positions)
		}
		return sum.Add(tier)
	})
	if err != nil {
		return rep, err
	}
	if complete {
		rep.Checksum = sum.Sum()
		if rep.Checksum != h.Checksum {
			return rep, fmt.Errorf("%w: %s: checksum %s, header says %q", ErrCorrupt, dir, rep.Checksum, h.Checksum)
		}
	}
	if err := t.SpotCheck(ctx); err != nil {
		return rep, err
	}
	rep.OK = true
	return rep, nil
}

// A DamagedTierError reports a tier of a table being resumed whose file
// does not match its header or journal: every tier before it is sound.
type DamagedTierError struct {
	Dir  string
	Tier int
	Err  error // wraps ErrCorrupt
}

func (e *DamagedTierError) Error() string {
	return fmt.Sprintf("cannot resume %s: tier %d is damaged (tiers 0 to %d are sound): %v", e.Dir, e.Tier, e.Tier-1, e.Err)
}

func (e *DamagedTierError) Unwrap() error { return e.Err }

// reverify checks the tiers a table being resumed lists, in order, and
// SpotCheck. A damaged tier is a *DamagedTierError, or with opt.Repair is
// dropped with every later tier: the journal then lists the sound ones and
// the header none (as for a table never finished), and the header
// returned lists the sound ones, ready to solve from the damaged tier on.
func reverify(ctx context.Context, dir string, h *Header, opt SolveOptions) (*Header, error) {
	t, err := Open(dir)
	if err != nil {
		return nil, err
	}
	var done uint64
	for s := range h.Tiers {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		_, err := t.ReadTier(s)
		if err == nil {
			done += h.Tiers[s].Positions
			if opt.Progress != nil {
				opt.Progress(done, h.Positions)
			}
			continue
		}
		if !errors.Is(err, ErrCorrupt) {
			return nil, err
		}
		if !opt.Repair {
			return nil, &DamagedTierError{Dir: dir, Tier: s, Err: err}
		}
		if h, err = dropTiers(dir, h, s); err != nil {
			return nil, err
		}
		if t, err = Open(dir); err != nil {
			return nil, err
		}
		break
	}
	// A header naming another game is not a damaged tier: not repaired.
	if err := t.SpotCheck(ctx); err != nil {
		return nil, err
	}
	return h, nil
}

// dropTiers keeps tiers 0 to n−1 of the table in dir: it writes the
// journal listing them, then the header listing none, each atomically (a
// crash between leaves the old header, and the damage is found again).
func dropTiers(dir string, h *Header, n int) (*Header, error) {
	kept := h.Tiers[:n:n]
	err := atomicfile.Write(filepath.Join(dir, JournalFile), func(w io.Writer) error {
		for _, info := range kept {
			line, _ := json.Marshal(info)
			if _, err := w.Write(append(line, '\n')); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	nh := *h
	nh.Tiers, nh.Checksum = []TierInfo{}, ""
	if err := writeHeader(dir, &nh); err != nil {
		return nil, err
	}
	nh.Tiers = kept
	return &nh, nil
}
