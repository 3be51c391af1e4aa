package cluster

import (
	"encoding/binary"
	"fmt"
	"io"
)

// An Encoding is how a shard's object stores its records. The records
// themselves (little-endian words, Width bytes each, as the solver writes
// them) are what digests, checksums and caches see; an encoding only
// shrinks the object. Values of G and G⁻ are small (slow exact 2-Nim with
// 7 piles ≤ 100 never exceeds 11), so most shards of a counting job pack
// into a quarter of their records: 26 GB instead of 104 GB for that box.
type Encoding string

const (
	// Raw stores the records as they are.
	Raw Encoding = ""
	// Pack4 stores every value in four bits, two a byte, low nibble
	// first; usable when every value is below 16.
	Pack4 Encoding = "pack4"
	// Pack8 stores every value in a byte; usable when every value is
	// below 256.
	Pack8 Encoding = "pack8"
)

// bits is the bits a value takes in the object, or 0 for Raw.
func (e Encoding) bits() (int, error) {
	switch e {
	case Raw:
		return 0, nil
	case Pack4:
		return 4, nil
	case Pack8:
		return 8, nil
	}
	return 0, fmt.Errorf("unknown shard encoding %q", string(e))
}

// word reads the i-th little-endian value of records of the given width.
func word(b []byte, width, i int) uint32 {
	if width == 2 {
		return uint32(binary.LittleEndian.Uint16(b[2*i:]))
	}
	return binary.LittleEndian.Uint32(b[4*i:])
}

// Encode packs records of width-byte values as tightly as their largest
// value allows.
func Encode(records []byte, width int) (Encoding, []byte) {
	if width == 2 {
		// Every tier's records pass through here once: four values a
		// 64-bit word rather than one a call to word.
		return encode2(records)
	}
	return encodeValues(records, width)
}

// encodeValues is Encode one value at a time, for any width: the
// reference FuzzEncode holds encode2 to.
func encodeValues(records []byte, width int) (Encoding, []byte) {
	n := len(records) / width
	var high uint32
	for i := range n {
		high |= word(records, width, i)
	}
	switch {
	case high < 16:
		out := make([]byte, (n+1)/2)
		for i := range n {
			out[i/2] |= byte(word(records, width, i)) << (4 * (i % 2))
		}
		return Pack4, out
	case high < 256:
		out := make([]byte, n)
		for i := range n {
			out[i] = byte(word(records, width, i))
		}
		return Pack8, out
	}
	return Raw, records
}

// encode2 is Encode of 2-byte values.
func encode2(records []byte) (Encoding, []byte) {
	n := len(records) / 2
	whole := n / 4 * 8 // bytes of the records read a word (4 values) at a time
	var high uint64
	for i := 0; i < whole; i += 8 {
		high |= binary.LittleEndian.Uint64(records[i:])
	}
	high = high | high>>16 | high>>32 | high>>48
	for i := whole; i < 2*n; i += 2 {
		high |= uint64(binary.LittleEndian.Uint16(records[i:]))
	}
	switch high &= 0xffff; {
	case high < 16:
		out := make([]byte, (n+1)/2)
		for i := 0; i < whole; i += 8 {
			x := binary.LittleEndian.Uint64(records[i:])
			// Values 0 and 1 into a byte, 2 and 3 into the next.
			binary.LittleEndian.PutUint16(out[i/4:], uint16(x&0xf|x>>12&0xf0|x>>24&0xf00|x>>36&0xf000))
		}
		for i := whole / 2; i < n; i++ {
			out[i/2] |= byte(records[2*i]) << (4 * (i % 2))
		}
		return Pack4, out
	case high < 256:
		out := make([]byte, n)
		for i := 0; i < whole; i += 8 {
			x := binary.LittleEndian.Uint64(records[i:])
			binary.LittleEndian.PutUint32(out[i/2:], uint32(x&0xff|x>>8&0xff00|x>>16&0xff0000|x>>24&0xff000000))
		}
		for i := whole / 2; i < n; i++ {
			out[i] = records[2*i]
		}
		return Pack8, out
	}
	return Raw, records
}

// A decoder expands an encoded object written to it into the records,
// of which it forwards exactly want bytes to w.
type decoder struct {
	w     io.Writer
	bits  int
	width int
	want  int64 // record bytes still to forward
	buf   []byte
}

// newDecoder returns a writer that decodes an object of encoding e into
// records of width-byte values, of which there are want bytes.
func newDecoder(w io.Writer, e Encoding, width int, want int64) (io.Writer, error) {
	b, err := e.bits()
	if err != nil || b == 0 {
		return w, err
	}
	if width != 2 && width != 4 {
		return nil, fmt.Errorf("records of %d-byte values cannot be packed", width)
	}
	return &decoder{w: w, bits: b, width: width, want: want}, nil
}

func (d *decoder) Write(p []byte) (int, error) {
	perByte := 8 / d.bits
	need := len(p) * perByte * d.width
	if cap(d.buf) < need {
		d.buf = make([]byte, need)
	}
	out := d.buf[:need]
	o := 0
	put := func(v byte) {
		if d.width == 2 {
			binary.LittleEndian.PutUint16(out[o:], uint16(v))
		} else {
			binary.LittleEndian.PutUint32(out[o:], uint32(v))
		}
		o += d.width
	}
	for _, c := range p {
		if d.bits == 4 {
			put(c & 15)
			put(c >> 4)
		} else {
			put(c)
		}
	}
	if int64(len(out)) > d.want {
		// The padding nibble of an odd count; anything beyond it is an
		// object longer than its records, which the caller's length
		// check reports.
		out = out[:d.want]
	}
	d.want -= int64(len(out))
	if _, err := d.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// storedSize is the size of an object holding records bytes of
// width-byte values in encoding e.
func storedSize(e Encoding, records int64, width int) (int64, error) {
	b, err := e.bits()
	if err != nil || b == 0 {
		return records, err
	}
	n := records / int64(width)
	return (n*int64(b) + 7) / 8, nil
}
