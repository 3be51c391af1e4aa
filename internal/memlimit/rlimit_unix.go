//go:build unix

package memlimit

import "syscall"

const (
	rlimitAS   = syscall.RLIMIT_AS
	rlimitData = syscall.RLIMIT_DATA
)

func getrlimit(resource int) (uint64, bool) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(resource, &r); err != nil {
		return 0, false
	}
	if r.Cur == ^uint64(0) { // RLIM_INFINITY
		return Unlimited, true
	}
	return uint64(r.Cur), true
}
