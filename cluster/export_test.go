package cluster

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy/grundy/store"
)

// TestExportLock: exporting into a table directory another writer holds
// is refused, naming the lock, and writes nothing there; once the lock is
// released the export writes a table whose checksum is the store's.
func TestExportLock(t *testing.T) {
	ctx := context.Background()
	st, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cache, _ := NewCache(t.TempDir())
	defer cache.Close()
	res, err := SolveLocal(ctx, st, NewJob("nim", 3, 3, 0, 4), &Worker{Cache: cache}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "table")
	if _, err := store.ReadHeader(dir); !errors.Is(err, store.ErrNoTable) {
		t.Fatalf("fresh dir: %v", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	unlock, err := store.Lock(dir) // another writer, e.g. grundy solve -o dir
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Export(ctx, st, dir); !errors.Is(err, store.ErrLocked) {
		t.Errorf("export into a locked table dir: %v, want ErrLocked", err)
	}
	if matches, _ := filepath.Glob(filepath.Join(dir, "tier-*")); len(matches) > 0 {
		t.Errorf("the refused export wrote %v", matches)
	}
	unlock()
	h, err := Export(ctx, st, dir)
	if err != nil || h.Checksum != res.Checksum {
		t.Fatalf("export after the lock is released: %v, %v", h, err)
	}
}
