//go:build unix

package readfile

import (
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO nobody writes to is not waited on: Regular refuses it, Read
// reads it as empty.
func TestReadFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "header.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if _, err := Regular(fifo, "table header", 1<<20); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a FIFO") {
			t.Errorf("Regular(FIFO) = %v, want a FIFO refused", err)
		}
		if f, err := Open(fifo); err == nil {
			f.Close()
			t.Errorf("Open(FIFO) succeeded")
		}
		if b, err := Read(fifo, "claim file", 1<<20); err != nil || len(b) != 0 {
			t.Errorf("Read(FIFO without writer) = %q, %v; want empty", b, err)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("reading a FIFO without a writer waited")
	}
}
