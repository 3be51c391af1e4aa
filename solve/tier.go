package solve

import (
	"encoding/binary"
	"fmt"
	"unsafe"

	"github.com/grundy/grundy"
)

// kindOrder is the order in which the selected kinds are interleaved in a
// position's record (and hashed by Checksum).
var kindOrder = [4]grundy.Kinds{grundy.KindG, grundy.KindGm, grundy.KindR, grundy.KindRm}

// layout says where each kind lives in a position's record.
type layout struct {
	stride int
	slot   [4]int // index within the record, −1 when not computed
}

func newLayout(k grundy.Kinds) layout {
	l := layout{}
	for i, kind := range kindOrder {
		l.slot[i] = -1
		if k&kind != 0 {
			l.slot[i] = l.stride
			l.stride++
		}
	}
	return l
}

// values reads the record at rec[0] into a Values; kinds not computed
// are −1. Generic over the width rather than taking a closure: the audit
// reads a record per position of every box, and a closure call per value
// was a fifth of its time.
func values[T word](l *layout, rec []T) grundy.Values {
	v := [4]int{-1, -1, -1, -1}
	for i, s := range l.slot {
		if s >= 0 {
			v[i] = int(rec[s])
		}
	}
	return grundy.Values{G: v[0], Gm: v[1], R: v[2], Rm: v[3]}
}

// A Tier holds the values of every position of a box with one token sum,
// in the order of TierIndex.RankInTier.
type Tier struct {
	Index *TierIndex
	Sum   int
	Kinds grundy.Kinds
	lay   layout
	v16   []uint16
	v32   []uint32
}

// Len is the number of positions of the tier.
func (t *Tier) Len() uint64 { return t.Index.TierSize(t.Sum) }

// At returns the values of the position of in-tier rank i; kinds not
// computed are −1.
func (t *Tier) At(i uint64) grundy.Values {
	base := i * uint64(t.lay.stride)
	if t.v16 != nil {
		return values(&t.lay, t.v16[base:])
	}
	return values(&t.lay, t.v32[base:])
}

// Each calls f with every position of the tier in rank order and its
// values, until f returns false. p is reused between calls.
func (t *Tier) Each(f func(p grundy.Position, v grundy.Values) bool) {
	n := t.Len()
	if n == 0 {
		return
	}
	p := make(grundy.Position, t.Index.N)
	t.Index.firstInTier(t.Sum, p)
	for i := range n {
		if !f(p, t.At(i)) {
			return
		}
		t.Index.nextInTier(p)
	}
}

var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// NewTier allocates a zeroed tier of a box's index, wide or not.
func NewTier(ix *TierIndex, s int, kinds grundy.Kinds, wide bool) *Tier {
	t := &Tier{Index: ix, Sum: s, Kinds: kinds, lay: newLayout(kinds)}
	n := ix.TierSize(s) * uint64(t.lay.stride)
	if wide {
		t.v32 = make([]uint32, n)
	} else {
		t.v16 = make([]uint16, n)
	}
	return t
}

// Bytes is the tier's records as stored and hashed: little-endian values.
// On little-endian machines it shares the tier's memory, so writing into
// it (e.g. reading a file into it) sets the values; elsewhere use
// SetBytes.
func (t *Tier) Bytes() []byte {
	if t.v16 != nil {
		if littleEndian {
			return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(t.v16))), 2*len(t.v16))
		}
		b := make([]byte, 0, 2*len(t.v16))
		for _, v := range t.v16 {
			b = binary.LittleEndian.AppendUint16(b, v)
		}
		return b
	}
	if littleEndian {
		return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(t.v32))), 4*len(t.v32))
	}
	b := make([]byte, 0, 4*len(t.v32))
	for _, v := range t.v32 {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	return b
}

// SetBytes sets the tier's records from little-endian bytes, as Bytes
// gives them.
func (t *Tier) SetBytes(b []byte) error {
	view := t.Bytes()
	if len(b) != len(view) {
		return fmt.Errorf("tier %d: %d bytes of values, want %d", t.Sum, len(b), len(view))
	}
	if littleEndian {
		copy(view, b)
		return nil
	}
	for i := range t.v16 {
		t.v16[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	for i := range t.v32 {
		t.v32[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return nil
}

// Wide reports whether the tier's values are four bytes wide.
func (t *Tier) Wide() bool { return t.v32 != nil }

// Project returns a new tier holding only the given kinds of t, which
// must all be in t.
func (t *Tier) Project(kinds grundy.Kinds) (*Tier, error) {
	if kinds&^t.Kinds != 0 || kinds == 0 {
		return nil, fmt.Errorf("tier holds %s, not %s", t.Kinds, kinds)
	}
	p := NewTier(t.Index, t.Sum, kinds, t.Wide())
	from, to := t.lay, p.lay
	for i := range t.Len() {
		for k := range kindOrder {
			if to.slot[k] < 0 {
				continue
			}
			src, dst := i*uint64(from.stride)+uint64(from.slot[k]), i*uint64(to.stride)+uint64(to.slot[k])
			if p.v16 != nil {
				p.v16[dst] = t.v16[src]
			} else {
				p.v32[dst] = t.v32[src]
			}
		}
	}
	return p, nil
}
