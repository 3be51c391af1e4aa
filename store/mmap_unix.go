//go:build unix

package store

import (
	"fmt"
	"syscall"

	"github.com/grundy/grundy/internal/readfile"
)

// mapFile maps a file read-only; unmap releases it.
func mapFile(path string) (b []byte, unmap func() error, err error) {
	f, err := readfile.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if fi.Size() == 0 {
		return []byte{}, func() error { return nil }, nil
	}
	b, err = syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, fmt.Errorf("map %s: %w", path, err)
	}
	return b, func() error { return syscall.Munmap(b) }, nil
}

const canMap = true
