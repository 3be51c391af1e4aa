//go:build !unix

package memlimit

const (
	rlimitAS   = 0
	rlimitData = 1
)

// getrlimit reads no resource limit where the system has none.
func getrlimit(int) (uint64, bool) { return 0, false }
