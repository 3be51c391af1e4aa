package main

import "testing"

// TestByteSize reads --memory's sizes: bytes, binary units with or
// without "iB", and refuses what is not a size or overflows.
func TestByteSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want uint64
		ok   bool
	}{
		{"1048576", 1 << 20, true},
		{"256MiB", 256 << 20, true},
		{"256M", 256 << 20, true},
		{"256MB", 256 << 20, true},
		{" 2GiB ", 2 << 30, true},
		{"3KiB", 3 << 10, true},
		{"1TiB", 1 << 40, true},
		{"512B", 512, true},
		{"16777216TiB", 0, false}, // 2^64
		{"lots", 0, false},
		{"-1", 0, false},
		{"1.5GiB", 0, false},
		{"", 0, false},
		{"MiB", 0, false},
	} {
		var got uint64
		err := byteSize{&got}.Set(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("byteSize(%q) = %d, %v; want %d (ok %v)", c.in, got, err, c.want, c.ok)
		}
	}
}
