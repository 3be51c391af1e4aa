package engine

import (
	"bufio"
	"os"
	"strconv"
	"strings"
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

// AvailableMemory is the memory the kernel says is available, or 4 GiB
// when it cannot tell.
func AvailableMemory() uint64 {
	const fallback = 4 << 30
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return fallback
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemAvailable:" {
			kb, err := strconv.ParseUint(fields[1], 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return fallback
}
