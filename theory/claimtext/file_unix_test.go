//go:build unix

package claimtext

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy/grundy/internal/readfile"
)

// A claim file leading to an endless device is refused at MaxFile (it
// was read until the process died, at about 5 GB).
func TestReadFileEndless(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	link := filepath.Join(t.TempDir(), "z.claims")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	var tl *readfile.TooLargeError
	if _, err := ReadFile(link); !errors.As(err, &tl) || tl.Max != MaxFile {
		t.Errorf("ReadFile(→ /dev/zero) = %v, want a TooLargeError at %d bytes", err, MaxFile)
	}
}
