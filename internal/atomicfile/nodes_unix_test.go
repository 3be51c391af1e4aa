//go:build unix

package atomicfile

import (
	"errors"
	"runtime"
	"syscall"
)

func mkfifo(path string) error { return syscall.Mkfifo(path, 0o600) }

// mknull makes a character device with /dev/null's numbers (Linux's 1, 3).
func mknull(path string) error {
	if runtime.GOOS != "linux" {
		return errors.New("device numbers known on Linux only")
	}
	return syscall.Mknod(path, syscall.S_IFCHR|0o666, 1<<8|3)
}
