package cluster

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/solve"
)

// records writes values as little-endian words of width bytes.
func records(width int, vals ...uint32) []byte {
	b := make([]byte, width*len(vals))
	for i, v := range vals {
		if width == 2 {
			binary.LittleEndian.PutUint16(b[2*i:], uint16(v))
		} else {
			binary.LittleEndian.PutUint32(b[4*i:], v)
		}
	}
	return b
}

func TestEncode(t *testing.T) {
	for _, tc := range []struct {
		name   string
		width  int
		vals   []uint32
		enc    Encoding
		object []byte // written out by hand
	}{
		{"empty", 2, nil, Pack4, []byte{}},
		{"nibbles, even", 2, []uint32{1, 2, 15, 0}, Pack4, []byte{0x21, 0x0f}},
		{"nibbles, odd", 2, []uint32{3, 4, 5}, Pack4, []byte{0x43, 0x05}},
		{"nibbles, wide values", 4, []uint32{7, 9}, Pack4, []byte{0x97}},
		{"bytes", 2, []uint32{16, 0, 255}, Pack8, []byte{16, 0, 255}},
		{"raw", 2, []uint32{256, 1}, Raw, records(2, 256, 1)},
		{"raw, wide", 4, []uint32{70000}, Raw, records(4, 70000)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := records(tc.width, tc.vals...)
			enc, obj := Encode(rec, tc.width)
			if enc != tc.enc || !bytes.Equal(obj, tc.object) {
				t.Fatalf("Encode = %q % x, want %q % x", enc, obj, tc.enc, tc.object)
			}
			if n, err := storedSize(enc, int64(len(rec)), tc.width); err != nil || n != int64(len(obj)) {
				t.Errorf("storedSize = %d, %v; the object has %d bytes", n, err, len(obj))
			}
			var out bytes.Buffer
			dec, err := newDecoder(&out, enc, tc.width, int64(len(rec)))
			if err != nil {
				t.Fatal(err)
			}
			// One byte at a time: a decoder must not depend on how the
			// object is split into writes.
			for i := range obj {
				if _, err := dec.Write(obj[i : i+1]); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(out.Bytes(), rec) {
				t.Errorf("decoded % x, want % x", out.Bytes(), rec)
			}
		})
	}
}

// TestCorruptPackedShard expects a packed object that was altered, or
// whose manifest entry lies about its size or encoding, to be reported
// as corrupt rather than decoded into wrong records.
func TestCorruptPackedShard(t *testing.T) {
	ctx := context.Background()
	st, err := Open(ctx, filepath.Join(t.TempDir(), "store"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rec := records(2, 1, 2, 3, 4, 5)
	ref, err := st.PutShard(ctx, solve.Shard{Sum: 3, Lo: 0, Hi: 5}, 0, "t", rec, 2)
	if err != nil {
		t.Fatal(err)
	}
	if ref.Encoding != Pack4 || ref.Stored != 3 || ref.Bytes != 10 {
		t.Fatalf("ref %+v, want pack4, 3 bytes stored, 10 of records", ref)
	}
	var out bytes.Buffer
	if err := st.copyShard(ctx, ref, &out); err != nil || !bytes.Equal(out.Bytes(), rec) {
		t.Fatalf("copyShard = % x, %v; want % x", out.Bytes(), err, rec)
	}
	for _, tc := range []struct {
		name  string
		alter func(r *ShardRef)
	}{
		{"unknown encoding", func(r *ShardRef) { r.Encoding = "zstd" }},
		{"stored size", func(r *ShardRef) { r.Stored = 4 }},
		{"width", func(r *ShardRef) { r.Width = 4 }},
		{"record bytes", func(r *ShardRef) { r.Bytes = 8 }},
		{"object rewritten", func(r *ShardRef) {
			if err := st.Bucket().WriteAll(ctx, r.Key, []byte{0x21, 0x43, 0x06}, nil); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ref
			tc.alter(&r)
			err := st.copyShard(ctx, r, &bytes.Buffer{})
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), r.Key) {
				t.Errorf("copyShard of a shard with its %s = %v, want a corruption naming %s", tc.name, err, r.Key)
			}
		})
	}
}

// FuzzEncode holds Encode to encodeValues on records of every length,
// values scaled down so that every encoding is reached.
func FuzzEncode(f *testing.F) {
	f.Add([]byte{1, 0, 2, 0, 15, 0, 0, 0, 3, 0}, uint8(0))
	f.Add(bytes.Repeat([]byte{9, 0}, 37), uint8(1))
	f.Add(bytes.Repeat([]byte{200, 0, 7, 0, 0, 1}, 11), uint8(2))
	f.Fuzz(func(t *testing.T, b []byte, shift uint8) {
		for width := 2; width <= 4; width += 2 {
			rec := slices.Clone(b[:len(b)/width*width])
			if shift%3 != 2 {
				// Mask the values to below 16 or 256.
				mask := byte(0x0f)
				if shift%3 == 1 {
					mask = 0xff
				}
				for i := range rec {
					if i%width == 0 {
						rec[i] &= mask
					} else {
						rec[i] = 0
					}
				}
			}
			enc, obj := Encode(rec, width)
			wantEnc, wantObj := encodeValues(rec, width)
			if enc != wantEnc || !bytes.Equal(obj, wantObj) {
				t.Fatalf("Encode(% x, %d) = %q % x, want %q % x", rec, width, enc, obj, wantEnc, wantObj)
			}
		}
	})
}
