package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/internal/atomicfile"
	"github.com/grundy/grundy/internal/readfile"
	"github.com/grundy/grundy/solve"
)

// Format and Version identify the header.
const (
	Format  = "grundy-table"
	Version = 1
)

// MaxHeader is the most bytes of a header or a journal read, which is
// what a table of MaxHeader/tierEntryBytes = 1.6 million tiers takes (an
// indented tier entry with a 20-digit count is under 150 bytes); a solve
// of more tiers is refused before it starts.
const (
	MaxHeader      = 256 << 20
	tierEntryBytes = 160
)

// HeaderFile and JournalFile are the header's and the journal's names in
// a table directory.
const (
	HeaderFile  = "header.json"
	JournalFile = "tiers.jsonl"
)

// A Header describes a stored table.
type Header struct {
	Format    string     `json:"format"`
	Version   int        `json:"version"`
	Game      string     `json:"game"`
	Piles     int        `json:"piles"`
	Max       int        `json:"max"`
	Kinds     string     `json:"kinds"` // e.g. "G,Gm"
	Width     int        `json:"width"` // bytes per value
	Positions uint64     `json:"positions"`
	TierCount int        `json:"tier_count"`
	Tiers     []TierInfo `json:"tiers"`              // the complete tiers, 0, 1, …
	Checksum  string     `json:"checksum,omitempty"` // once every tier is complete
}

// TierInfo describes one complete tier.
type TierInfo struct {
	Sum       int    `json:"sum"`
	Positions uint64 `json:"positions"`
	SHA256    string `json:"sha256"`
}

// Complete reports whether every tier is written.
func (h *Header) Complete() bool { return len(h.Tiers) == h.TierCount }

// Finished reports whether every tier is written and the header lists
// them with the checksum (a solve stopped just after its last tier leaves
// them in the journal only; solve --resume finishes it).
func (h *Header) Finished() bool { return h.Complete() && h.Checksum != "" }

// TierFile is the name of tier s's file.
func TierFile(s int) string { return fmt.Sprintf("tier-%06d.bin", s) }

// ErrNoTable is wrapped by errors about a directory without a table.
var ErrNoTable = errors.New("no stored table")

// ErrIncomplete is wrapped by the error for a table not every tier of
// which is written: a solve that was stopped, which resuming finishes.
var ErrIncomplete = errors.New("table incomplete")

// ErrCorrupt is wrapped by errors about a table whose files do not match
// its header.
var ErrCorrupt = errors.New("stored table corrupt")

// ReadHeader reads and checks the header of the table in dir.
func ReadHeader(dir string) (*Header, error) {
	b, err := readfile.Regular(filepath.Join(dir, HeaderFile), "table header", MaxHeader)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w in %s (no %s)", ErrNoTable, dir, HeaderFile)
	}
	if err != nil {
		return nil, err
	}
	var h Header
	if err := json.Unmarshal(b, &h); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, filepath.Join(dir, HeaderFile), err)
	}
	if h.Format != Format || h.Version != Version {
		return nil, fmt.Errorf("%s: format %q version %d, want %q version %d", filepath.Join(dir, HeaderFile), h.Format, h.Version, Format, Version)
	}
	if h.TierCount != h.Piles*h.Max+1 {
		return nil, fmt.Errorf("%w: %s: %d tiers for %d piles ≤ %d", ErrCorrupt, filepath.Join(dir, HeaderFile), h.TierCount, h.Piles, h.Max)
	}
	where := filepath.Join(dir, HeaderFile)
	switch {
	case len(h.Tiers) == 0:
		// Incomplete: the journal lists the complete tiers.
		tiers, _, err := readJournal(dir, h.TierCount)
		if err != nil {
			return nil, err
		}
		h.Tiers = tiers
		where = filepath.Join(dir, JournalFile)
	case len(h.Tiers) != h.TierCount:
		return nil, fmt.Errorf("%w: %s: %d tiers listed of %d", ErrCorrupt, where, len(h.Tiers), h.TierCount)
	}
	for i, t := range h.Tiers {
		if t.Sum != i {
			return nil, fmt.Errorf("%w: %s: tier %d listed at place %d", ErrCorrupt, where, t.Sum, i)
		}
	}
	return &h, nil
}

// readJournal reads the tiers the journal lists in order, at most max of
// them, and the length of the prefix of the file that holds them.
func readJournal(dir string, max int) ([]TierInfo, int64, error) {
	b, err := readfile.Regular(filepath.Join(dir, JournalFile), "table journal", MaxHeader)
	if errors.Is(err, os.ErrNotExist) {
		return []TierInfo{}, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	tiers := []TierInfo{}
	var good int64
	for len(tiers) < max {
		i := bytes.IndexByte(b[good:], '\n')
		if i < 0 {
			break // no line, or one cut short
		}
		var t TierInfo
		dec := json.NewDecoder(bytes.NewReader(b[good : good+int64(i)]))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&t); err != nil || t.Sum != len(tiers) || !isDigest(t.SHA256) {
			return nil, 0, fmt.Errorf("%w: %s: line %d", ErrCorrupt, filepath.Join(dir, JournalFile), len(tiers)+1)
		}
		tiers = append(tiers, t)
		good += int64(i) + 1
	}
	return tiers, good, nil
}

func writeHeader(dir string, h *Header) error {
	return atomicfile.Write(filepath.Join(dir, HeaderFile), func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", " ")
		return enc.Encode(h)
	})
}

// A Table is a stored table opened for reading.
type Table struct {
	Dir     string
	Header  *Header
	Ruleset grundy.Ruleset
	Index   *solve.TierIndex
	Kinds   grundy.Kinds
}

// Open opens the table in dir; it need not be complete.
func Open(dir string) (*Table, error) {
	h, err := ReadHeader(dir)
	if err != nil {
		return nil, err
	}
	r, err := games.Parse(h.Game)
	if stale := (*games.StaleRulesError)(nil); errors.As(err, &stale) {
		// Not damage: the table is of a rule file's earlier moves.
		return nil, fmt.Errorf("%s: %w", dir, err)
	} else if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, dir, err)
	}
	kinds, err := grundy.ParseKinds(h.Kinds)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, dir, err)
	}
	if w := solve.ValueWidth(h.Piles, h.Max); h.Width != w {
		return nil, fmt.Errorf("%w: %s: width %d, want %d", ErrCorrupt, dir, h.Width, w)
	}
	ix, err := solve.NewTierIndex(h.Piles, grundy.SymmetricFrom(r, h.Piles), h.Max)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, dir, err)
	}
	if ix.Size() != h.Positions {
		return nil, fmt.Errorf("%w: %s: %d positions, the box has %d", ErrCorrupt, dir, h.Positions, ix.Size())
	}
	if h.Finished() {
		// The checksum hashes the game, box and kinds with the digests:
		// a header whose game or box was edited no longer gives it.
		sum, err := headerChecksum(h, r, kinds)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, filepath.Join(dir, HeaderFile), err)
		}
		if sum != h.Checksum {
			return nil, fmt.Errorf("%w: %s: its game, box, kinds and tier digests give checksum %s, it says %s",
				ErrCorrupt, filepath.Join(dir, HeaderFile), sum, h.Checksum)
		}
	}
	return &Table{Dir: dir, Header: h, Ruleset: r, Index: ix, Kinds: kinds}, nil
}

func (t *Table) wide() bool { return t.Header.Width == 4 }

// ReadTier reads tier s into a new solve.Tier, checking its size and
// digest against the header.
func (t *Table) ReadTier(s int) (*solve.Tier, error) {
	tier := solve.NewTier(t.Index, s, t.Kinds, t.wide())
	if err := t.readInto(tier); err != nil {
		return nil, err
	}
	return tier, nil
}

// readInto fills tier (allocated for tier.Sum) from its file and checks it.
func (t *Table) readInto(tier *solve.Tier) error {
	s := tier.Sum
	if s >= len(t.Header.Tiers) {
		return fmt.Errorf("%s: tier %d is not complete (%d of %d tiers written)", t.Dir, s, len(t.Header.Tiers), t.Header.TierCount)
	}
	info := t.Header.Tiers[s]
	if info.Positions != t.Index.TierSize(s) {
		return fmt.Errorf("%w: %s: tier %d lists %d positions, the box has %d", ErrCorrupt, t.Dir, s, info.Positions, t.Index.TierSize(s))
	}
	path := filepath.Join(t.Dir, TierFile(s))
	f, err := readfile.Open(path)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	defer f.Close()
	b := tier.Bytes()
	if fi, err := f.Stat(); err != nil {
		return err
	} else if fi.Size() != int64(len(b)) {
		return fmt.Errorf("%w: %s has %d bytes, want %d", ErrCorrupt, path, fi.Size(), len(b))
	}
	if _, err := io.ReadFull(f, b); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrCorrupt, path, err)
	}
	if err := tier.SetBytes(b); err != nil {
		return err
	}
	if d := tier.Digest(); hex.EncodeToString(d[:]) != info.SHA256 {
		return fmt.Errorf("%w: %s: SHA-256 %x, header says %s", ErrCorrupt, path, d, info.SHA256)
	}
	return nil
}

// Lookup reads the values of p (in any order of interchangeable piles)
// from its tier file without reading the rest of the file, and reports
// false when p lies outside the box. It checks only the file's size, not
// its digest (verify-table does).
func (t *Table) Lookup(p grundy.Position) (grundy.Values, bool, error) {
	q := grundy.Canonical(t.Ruleset, p)
	if !t.Index.Contains(q) {
		return grundy.Values{}, false, nil
	}
	s := q.Sum()
	if s >= len(t.Header.Tiers) {
		return grundy.Values{}, false, fmt.Errorf("%s: tier %d is not complete (%d of %d tiers written)", t.Dir, s, len(t.Header.Tiers), t.Header.TierCount)
	}
	stride := int64(t.Kinds.Count())
	width := int64(t.Header.Width)
	path := filepath.Join(t.Dir, TierFile(s))
	f, err := readfile.Open(path)
	if err != nil {
		return grundy.Values{}, false, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil {
		return grundy.Values{}, false, err
	} else if want := int64(t.Index.TierSize(s)) * stride * width; fi.Size() != want {
		return grundy.Values{}, false, fmt.Errorf("%w: %s has %d bytes, want %d", ErrCorrupt, path, fi.Size(), want)
	}
	rec := make([]byte, stride*width)
	if _, err := f.ReadAt(rec, int64(t.Index.RankInTier(q, s))*stride*width); err != nil {
		return grundy.Values{}, false, fmt.Errorf("%w: %s: %v", ErrCorrupt, path, err)
	}
	v := [4]int{-1, -1, -1, -1}
	i := 0
	for k, kind := range []grundy.Kinds{grundy.KindG, grundy.KindGm, grundy.KindR, grundy.KindRm} {
		if t.Kinds&kind == 0 {
			continue
		}
		if width == 2 {
			v[k] = int(binary.LittleEndian.Uint16(rec[i:]))
		} else {
			v[k] = int(binary.LittleEndian.Uint32(rec[i:]))
		}
		i += int(width)
	}
	return grundy.Values{G: v[0], Gm: v[1], R: v[2], Rm: v[3]}, true, nil
}

// EachTier reads the complete tiers in order, checking each, and calls f
// with each until f returns an error.
func (t *Table) EachTier(ctx context.Context, f func(*solve.Tier) error) error {
	for s := range t.Header.Tiers {
		if err := ctx.Err(); err != nil {
			return err
		}
		tier, err := t.ReadTier(s)
		if err != nil {
			return err
		}
		if err := f(tier); err != nil {
			return err
		}
	}
	return nil
}

// Load reads a complete table into memory, checking every tier.
func (t *Table) Load(ctx context.Context) (*solve.Table, error) {
	if !t.Header.Finished() {
		return nil, fmt.Errorf("%s: %w (%d of %d tiers written)", t.Dir, ErrIncomplete, len(t.Header.Tiers), t.Header.TierCount)
	}
	tab, err := solve.NewTable(t.Ruleset, t.Header.Piles, t.Header.Max, t.Kinds)
	if err != nil {
		return nil, err
	}
	for s := range t.Header.Tiers {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := t.readInto(tab.Tier(s)); err != nil {
			return nil, err
		}
	}
	return tab, nil
}

func parentDir(dir string) string { return filepath.Dir(filepath.Clean(dir)) }

func isDigest(s string) bool {
	d, err := hex.DecodeString(s)
	return err == nil && len(d) == 32
}
