//go:build unix

package store

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grundy/grundy/games"
)

// A FIFO or a device in place of a table's file is refused, not opened
// and waited on (verify-table waited for a writer forever, deaf to
// Ctrl-C, since an open in the kernel does not return on a signal), and a
// header leading to an endless device is not read without end.
func TestTableFileNotRegular(t *testing.T) {
	t.Parallel()
	r, _ := games.Parse("nim")
	for _, tc := range []struct {
		file string
		node func(path string) error
		want string
	}{
		{TierFile(3), func(p string) error { return syscall.Mkfifo(p, 0o644) }, "a FIFO"},
		{HeaderFile, func(p string) error { return syscall.Mkfifo(p, 0o644) }, "a FIFO"},
		{HeaderFile, func(p string) error { return os.Symlink("/dev/zero", p) }, "a character device"},
	} {
		dir := t.TempDir()
		if _, err := Solve(context.Background(), r, 2, 3, dir, SolveOptions{}); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, tc.file)
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
		if err := tc.node(path); err != nil {
			t.Skipf("cannot make %s: %v", tc.want, err)
		}
		done := make(chan error, 1)
		go func() {
			_, err := Verify(context.Background(), dir, nil)
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "not a regular file: "+tc.want) || !strings.Contains(err.Error(), tc.file) {
				t.Errorf("Verify with %s as %s: %v, want it refused as not a regular file", tc.want, tc.file, err)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("Verify with %s as %s: still waiting after 20 s", tc.want, tc.file)
		}
	}
}

// A FIFO in place of the lock file is refused, not written to.
func TestLockNotRegular(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, LockFile), 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	unlock, err := Lock(dir)
	if err == nil {
		unlock()
		t.Fatal("Lock with a FIFO as the lock file succeeded")
	}
	if !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("Lock with a FIFO: %v, want not a regular file", err)
	}
}
