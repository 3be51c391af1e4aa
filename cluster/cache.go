package cluster

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/grundy/grundy/internal/atomicfile"
	"github.com/grundy/grundy/store"
)

// A Cache keeps the tiers a worker reads on its local disk, memory-mapped,
// so that each tier crosses the network once per worker however many of
// its shards the worker computes. Files are named by the tier's digest, so
// a file left by another job is never mistaken for this one's.
type Cache struct {
	Dir string
	mu  sync.Mutex
	// tiers maps a tier's digest to its mapping.
	tiers map[string]*cached
	// Fetched counts the bytes of the objects read from the store.
	Fetched int64
}

type cached struct {
	ready chan struct{} // closed once data or err is set
	data  []byte
	unmap func() error
	err   error
	refs  int
	sum   int
	drop  bool
}

// NewCache keeps tiers in dir, which it creates.
func NewCache(dir string) (*Cache, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return &Cache{Dir: dir, tiers: map[string]*cached{}}, nil
}

// Acquire returns the records of the sealed tier m.Sum of st, fetching it
// once; release must be called when they are no longer read.
func (c *Cache) Acquire(ctx context.Context, st *Store, m *Manifest) (data []byte, release func(), err error) {
	c.mu.Lock()
	e := c.tiers[m.SHA256]
	if e == nil {
		e = &cached{ready: make(chan struct{}), sum: m.Sum}
		c.tiers[m.SHA256] = e
		c.mu.Unlock()
		e.data, e.unmap, e.err = c.load(ctx, st, m)
		close(e.ready)
		c.mu.Lock()
		if e.err != nil {
			delete(c.tiers, m.SHA256)
		}
	}
	e.refs++
	c.mu.Unlock()
	select {
	case <-e.ready:
	case <-ctx.Done():
		c.release(m.SHA256, e)
		return nil, nil, ctx.Err()
	}
	if e.err != nil {
		c.release(m.SHA256, e)
		return nil, nil, e.err
	}
	var once sync.Once
	return e.data, func() { once.Do(func() { c.release(m.SHA256, e) }) }, nil
}

func (c *Cache) release(key string, e *cached) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e.refs--
	if e.refs == 0 && e.drop {
		c.close(key, e)
	}
}

// FetchedBytes is the bytes read from stores so far.
func (c *Cache) FetchedBytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.Fetched
}

// close unmaps a tier and removes its file; c.mu is held.
func (c *Cache) close(key string, e *cached) {
	delete(c.tiers, key)
	if e.unmap != nil {
		e.unmap()
	}
	os.Remove(c.path(e.sum, key))
}

// Evict drops the tiers below s once no shard reads them.
func (c *Cache) Evict(s int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for key, e := range c.tiers {
		select {
		case <-e.ready:
		default:
			continue
		}
		if e.sum < s && e.err == nil {
			e.drop = true
			if e.refs == 0 {
				c.close(key, e)
			}
		}
	}
}

// Close unmaps every tier and removes the cached files.
func (c *Cache) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for key, e := range c.tiers {
		select {
		case <-e.ready:
			c.close(key, e)
		default:
		}
	}
}

func (c *Cache) path(s int, digest string) string {
	return filepath.Join(c.Dir, fmt.Sprintf("tier-%06d-%s.bin", s, digest[:16]))
}

// load fetches a tier to its file unless a complete one is there, and
// maps it.
func (c *Cache) load(ctx context.Context, st *Store, m *Manifest) ([]byte, func() error, error) {
	path := c.path(m.Sum, m.SHA256)
	if ok, err := fileDigest(path, m.SHA256); err != nil || !ok {
		err := atomicfile.Write(path, func(w io.Writer) error {
			read, err := st.ReadTier(ctx, m.Sum, w)
			if err == nil {
				c.mu.Lock()
				c.Fetched += read.StoredBytes()
				c.mu.Unlock()
			}
			return err
		})
		if err != nil {
			return nil, nil, err
		}
	}
	if !store.CanMap {
		b, err := os.ReadFile(path)
		return b, func() error { return nil }, err
	}
	b, unmap, err := store.MapFile(path)
	if err != nil {
		return nil, nil, err
	}
	return b, unmap, nil
}

// fileDigest reports whether the file at path exists with the digest.
func fileDigest(path, digest string) (bool, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return false, err
	}
	return hex.EncodeToString(h.Sum(nil)) == digest, nil
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
