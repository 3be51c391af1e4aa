package solve

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"

	"github.com/grundy/grundy"
)

// Checksum computes a reproducible checksum of a value table, so that two
// machines, versions or programs can compare results without comparing
// tables. Version 1 of the algorithm:
//
//   - a tier's digest is the SHA-256 of its records: the positions with
//     token sum s in tier order (see TierIndex), each contributing the
//     computed values in the order G, G⁻, R, R⁻ as unsigned little-endian
//     integers, 2 bytes wide when piles·max + 1 ≤ 65535, else 4;
//   - the checksum is the lower-case hex SHA-256 of the header line
//     HeaderLine (e.g. "grundy-table v1 game=slow-exact:k=2 piles=6 max=40
//     kinds=G,Gm width=2" and a newline) followed by the 32-byte digests of
//     tiers 0, 1, …, piles·max.
//
// Hashing digests rather than values lets tiers be hashed independently,
// and lets a stored table's checksum be recomputed from its per-tier
// digests.
type Checksum struct {
	h    hash.Hash
	next int
}

// NewChecksum starts the checksum of the box of r with the given kinds.
func NewChecksum(r grundy.Ruleset, piles, max int, kinds grundy.Kinds) *Checksum {
	c := &Checksum{h: sha256.New()}
	c.h.Write([]byte(HeaderLine(r.Name(), piles, max, kinds) + "\n"))
	return c
}

// HeaderLine is the first line hashed by Checksum.
func HeaderLine(game string, piles, max int, kinds grundy.Kinds) string {
	return fmt.Sprintf("grundy-table v1 game=%s piles=%d max=%d kinds=%s width=%d",
		game, piles, max, kinds, ValueWidth(piles, max))
}

// ValueWidth is the bytes per value of a box's tables: 2 when every value
// fits (no value exceeds the longest play, piles·max moves, plus one for
// misère's terminal value), else 4.
func ValueWidth(piles, max int) int {
	if piles*max+1 > 0xFFFF {
		return 4
	}
	return 2
}

// AddDigest adds the digest of tier s; tiers must come in order.
func (c *Checksum) AddDigest(s int, d [sha256.Size]byte) error {
	if s != c.next {
		return fmt.Errorf("checksum: tier %d after tier %d", s, c.next-1)
	}
	c.next++
	c.h.Write(d[:])
	return nil
}

// Add adds a tier; tiers must come in order.
func (c *Checksum) Add(t *Tier) error { return c.AddDigest(t.Sum, t.Digest()) }

// Sum is the checksum in hex, once every tier was added.
func (c *Checksum) Sum() string { return hex.EncodeToString(c.h.Sum(nil)) }

// Digest is the SHA-256 of the tier's records.
func (t *Tier) Digest() [sha256.Size]byte { return sha256.Sum256(t.Bytes()) }

// Checksum is the table's checksum (see Checksum).
func (t *Table) Checksum() string {
	c := NewChecksum(t.Ruleset, t.Index.N, t.Index.Max, t.Kinds)
	for s := range t.Index.Tiers() {
		c.Add(t.Tier(s))
	}
	return c.Sum()
}
