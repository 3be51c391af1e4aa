//go:build unix

package atomicfile

import (
	"os"
	"syscall"
)

// release opens a FIFO for reading without waiting, which completes a
// writer's blocked open; a reader opened then closed at once gives that
// writer nothing to wait for.
func release(path string) {
	if f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
}
