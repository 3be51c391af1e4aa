package cluster

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// TestCache: many shards asking for a tier at once fetch it once; an
// evicted tier stays readable until its last reader releases it, then its
// file goes.
func TestCache(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	dir := t.TempDir()
	boot, _ := NewCache(filepath.Join(dir, "boot"))
	j := NewJob("slow-exact:k=2", 5, 6, 0, 10)
	if _, err := SolveLocal(ctx, s, j, &Worker{Cache: boot}, nil, nil); err != nil {
		t.Fatal(err)
	}
	boot.Close()
	c, err := NewCache(filepath.Join(dir, "c"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.Manifest(ctx, 12)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if _, err := s.ReadTier(ctx, 12, &want); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	releases := make([]func(), 8)
	for i := range releases {
		wg.Go(func() {
			b, release, err := c.Acquire(ctx, s, m)
			if err != nil {
				t.Error(err)
				return
			}
			if !bytes.Equal(b, want.Bytes()) {
				t.Error("cached tier differs from the store's")
			}
			releases[i] = release
		})
	}
	wg.Wait()
	if c.FetchedBytes() != m.StoredBytes() {
		t.Errorf("8 readers fetched %d bytes, want one tier's objects, %d bytes", c.FetchedBytes(), m.StoredBytes())
	}
	files, _ := filepath.Glob(filepath.Join(c.Dir, "tier-000012-*.bin"))
	if len(files) != 1 {
		t.Fatalf("cache files %v", files)
	}
	c.Evict(13)
	for _, r := range releases[1:] {
		r()
	}
	if _, err := os.Stat(files[0]); err != nil {
		t.Errorf("tier file gone while a reader holds it: %v", err)
	}
	releases[0]()
	releases[0]() // a second release is harmless
	if _, err := os.Stat(files[0]); !os.IsNotExist(err) {
		t.Errorf("evicted tier's file still there after the last release: %v", err)
	}
	// A fresh cache over a damaged file fetches the tier again.
	c2, _ := NewCache(filepath.Join(dir, "c2"))
	path := c2.path(12, m.SHA256)
	if err := os.WriteFile(path, bytes.Repeat([]byte{7}, want.Len()), 0o644); err != nil {
		t.Fatal(err)
	}
	b, release, err := c2.Acquire(ctx, s, m)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	if !bytes.Equal(b, want.Bytes()) {
		t.Error("a damaged cache file was trusted")
	}
}
