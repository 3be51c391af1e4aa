package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/grundy/grundy/internal/atomicfile"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/store"
)

// Export copies the finished table of st to dir in the format of package
// store (header.json and one file per tier), which `grundy count --table`,
// `grundy verify-table` and the other --table readers read. Every tier is
// checked on the way, and the header's checksum is the store's result.
// It holds dir's writer lock (store.Lock) while it writes.
func Export(ctx context.Context, st *Store, dir string) (*store.Header, error) {
	res, err := st.Result(ctx)
	if err != nil {
		return nil, err
	}
	p, err := NewPlan(res.Job)
	if err != nil {
		return nil, err
	}
	if _, err := store.ReadHeader(dir); err == nil {
		return nil, fmt.Errorf("%w: %s", store.ErrExists, dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	// The lock local table writers take: two writers must not share a
	// table directory (one's tier files under the other's header).
	unlock, err := store.Lock(dir)
	if err != nil {
		return nil, err
	}
	defer unlock()
	// Under the lock this writer owns the directory (see store.Solve).
	atomicfile.RemoveStaleIn(dir)
	// Read under the lock: what another writer left is now final.
	if _, err := store.ReadHeader(dir); err == nil {
		return nil, fmt.Errorf("%w: %s", store.ErrExists, dir)
	}
	h := &store.Header{Format: store.Format, Version: store.Version, Game: p.Job.Game, Piles: p.Job.Piles, Max: p.Job.Max,
		Kinds: p.Kinds.String(), Width: solve.ValueWidth(p.Job.Piles, p.Job.Max), Positions: p.Solver.Index.Size(),
		TierCount: p.Tiers(), Tiers: []store.TierInfo{}, Checksum: res.Checksum}
	for s := range p.Tiers() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var m *Manifest
		err := atomicfile.WriteFresh(filepath.Join(dir, store.TierFile(s)), func(w io.Writer) error {
			var err error
			m, err = st.ReadTier(ctx, s, w)
			return err
		})
		if err != nil {
			return nil, err
		}
		h.Tiers = append(h.Tiers, store.TierInfo{Sum: s, Positions: m.Positions, SHA256: m.SHA256})
	}
	// The header last: a directory without it holds no table.
	err = atomicfile.Write(filepath.Join(dir, store.HeaderFile), func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", " ")
		return enc.Encode(h)
	})
	return h, err
}
