package readfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadCap(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		size, max int64
		ok        bool
	}{
		{0, 0, true}, {0, 10, true}, {10, 10, true}, {11, 10, false},
		{1000, 999, false}, {1000, 1000, true}, {5000, 1 << 20, true},
	} {
		path := filepath.Join(dir, "f")
		want := strings.Repeat("x", int(tc.size))
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, read := range []func(string, string, int64) ([]byte, error){Read, Regular} {
			b, err := read(path, "claim file", tc.max)
			var tl *TooLargeError
			switch {
			case tc.ok && (err != nil || string(b) != want):
				t.Errorf("read %d bytes, max %d = %d bytes, %v; want them all", tc.size, tc.max, len(b), err)
			case !tc.ok && !errors.As(err, &tl):
				t.Errorf("read %d bytes, max %d = %d bytes, %v; want a TooLargeError", tc.size, tc.max, len(b), err)
			}
		}
	}
}

// A name leading to an endless device is refused at the cap, not read
// until memory runs out.
func TestReadEndless(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	link := filepath.Join(t.TempDir(), "z.claims")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	_, err := Read(link, "claim file", 1<<20)
	want := "claim file " + link + ": larger than 1 MiB, the most grundy reads of a claim file"
	if err == nil || err.Error() != want {
		t.Errorf("Read(→ /dev/zero) = %v, want %q", err, want)
	}
	if _, err := Regular(link, "table header", 1<<20); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a character device") {
		t.Errorf("Regular(→ /dev/zero) = %v, want a character device refused", err)
	}
}

func TestBytes(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{{0, "0 bytes"}, {100, "100 bytes"}, {1024, "1 KiB"}, {1536, "1536 bytes"}, {64 << 10, "64 KiB"}, {4 << 20, "4 MiB"}, {2 << 30, "2 GiB"}} {
		if got := Bytes(tc.n); got != tc.want {
			t.Errorf("Bytes(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
