package engine

import (
	"sync"
	"time"

	"github.com/grundy/grundy/internal/memlimit"
)

// The memory policy, in one place: what share of the memory the kernel
// says is available each kind of work may take. A box is refused with its
// estimate before anything is allocated when it needs more than its share.

// BoxMemory is what one box may take — its tables, index and buffers, or a
// stored table loaded whole: three quarters, leaving the rest to the
// process, the page cache and the system.
func BoxMemory() uint64 { return AvailableMemory() * 3 / 4 }

// TwoPileMemory is what the two-pile line solver may take for the
// rectangle below one position: half, since it runs inside a search
// whose own tables need the rest.
func TwoPileMemory() uint64 { return AvailableMemory() / 2 }

// AuditMemory is what the boxes of one claim may take during the audit,
// and AuditCacheMemory what the boxes kept for the next claims of the same
// paper may hold: five eighths and one eighth, together BoxMemory.
func AuditMemory() uint64      { return AvailableMemory() * 5 / 8 }
func AuditCacheMemory() uint64 { return AvailableMemory() / 8 }

// AutomataMemory is what an automata proof may take at its peak (package
// automatic's EstimateBytes for its state bound): three quarters, as a
// box.
func AutomataMemory() uint64 { return AvailableMemory() * 3 / 4 }

// AvailableMemory is what this process may still allocate: the least of
// MemAvailable, its memory cgroup's headroom and what its RLIMIT_AS and
// RLIMIT_DATA leave (package memlimit), or 4 GiB when none can be read. A
// job admitted against MemAvailable alone under `ulimit -v` died in the Go
// runtime instead of being refused with its estimate.
func AvailableMemory() uint64 { return MemoryLimits().Available() }

// MemoryLimits are the bounds AvailableMemory takes the least of, for a
// refusal to name the one that binds. They are read at most every 100 ms:
// one request asks for its shares several times, and the headroom moves
// only as fast as memory is allocated.
func MemoryLimits() memlimit.Limits {
	limits.Lock()
	defer limits.Unlock()
	if now := time.Now(); limits.at.IsZero() || now.Sub(limits.at) > limitsFresh {
		limits.read, limits.at = readLimits(), now
	}
	return limits.read
}

// readLimits and limitsFresh are memlimit.Read and how long its answer
// stands; a test counts the reads a query makes by reading afresh each
// time.
var (
	readLimits  = memlimit.Read
	limitsFresh = 100 * time.Millisecond
)

var limits struct {
	sync.Mutex
	at   time.Time
	read memlimit.Limits
}
