//go:build unix

package readfile

import (
	"os"
	"syscall"
)

// open opens path for reading without waiting for a FIFO's writer.
func open(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
