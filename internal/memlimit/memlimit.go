// Package memlimit reads how much memory this process may still take: the
// least of what the kernel says is available (MemAvailable), what the
// process's memory cgroup leaves (memory.max less the usage it cannot
// reclaim, at every level up the hierarchy, cgroup v2 or v1), and what its
// address-space and data-segment limits leave (RLIMIT_AS less VmSize,
// RLIMIT_DATA less VmData). A job estimated against MemAvailable alone is
// admitted under `ulimit -v` or in a container and then dies in the Go
// runtime instead of being refused with its estimate.
package memlimit

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Unlimited stands for a limit that is not set.
const Unlimited = ^uint64(0)

// Source names one bound on the memory this process may take.
type Source int

const (
	// MemAvailable is /proc/meminfo's estimate of memory available to new
	// work without swapping.
	MemAvailable Source = iota
	// Cgroup is the memory cgroup's limit less its unreclaimable usage.
	Cgroup
	// AddressSpace is RLIMIT_AS less the process's virtual size (ulimit -v).
	AddressSpace
	// Data is RLIMIT_DATA less the process's data segment (ulimit -d).
	Data
	// Fallback is used when nothing could be read.
	Fallback
)

func (s Source) String() string {
	switch s {
	case MemAvailable:
		return "MemAvailable"
	case Cgroup:
		return "cgroup memory limit"
	case AddressSpace:
		return "address-space limit (ulimit -v)"
	case Data:
		return "data-segment limit (ulimit -d)"
	}
	return "fallback"
}

// FallbackBytes is the headroom assumed when no bound can be read at all
// (no /proc, as on other systems).
const FallbackBytes = 4 << 30

// Bound is one limit and the headroom it leaves.
type Bound struct {
	Source   Source
	Limit    uint64 // the limit itself, bytes (MemTotal for MemAvailable)
	Headroom uint64 // what it leaves this process now, bytes
}

// Limits are every bound that could be read, the binding one first.
type Limits struct {
	Bounds []Bound
}

// Available is the headroom of the binding bound: what the process may
// still allocate.
func (l Limits) Available() uint64 { return l.Binding().Headroom }

// Binding is the bound with the least headroom.
func (l Limits) Binding() Bound {
	if len(l.Bounds) == 0 {
		return Bound{Source: Fallback, Limit: FallbackBytes, Headroom: FallbackBytes}
	}
	best := l.Bounds[0]
	for _, b := range l.Bounds[1:] {
		if b.Headroom < best.Headroom {
			best = b
		}
	}
	return best
}

func (l Limits) String() string {
	b := l.Binding()
	return fmt.Sprintf("%d MiB left under the %s", b.Headroom>>20, b.Source)
}

// Read reads every bound from /proc and /sys (fs), the process's resource
// limits (rlimit) and its virtual and data sizes.
func Read() Limits {
	return read(osFS{}, getrlimit)
}

// fsys is the files Read consults, so tests can lay out a fake /proc and
// /sys.
type fsys interface {
	ReadFile(name string) ([]byte, error)
}

type osFS struct{}

func (osFS) ReadFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Every file read here is a few kilobytes; the cap keeps a strange
	// mount from costing more.
	var buf bytes.Buffer
	_, err = buf.ReadFrom(io.LimitReader(f, 1<<20))
	return buf.Bytes(), err
}

func read(fs fsys, rlimit func(resource int) (uint64, bool)) Limits {
	var l Limits
	meminfo := keyed(fs, "/proc/meminfo")
	if avail, ok := meminfo["MemAvailable:"]; ok {
		total := meminfo["MemTotal:"]
		l.Bounds = append(l.Bounds, Bound{Source: MemAvailable, Limit: total << 10, Headroom: avail << 10})
	}
	if b, ok := cgroupBound(fs); ok {
		l.Bounds = append(l.Bounds, b)
	}
	status := keyed(fs, "/proc/self/status")
	for _, r := range []struct {
		src      Source
		resource int
		used     string
	}{{AddressSpace, rlimitAS, "VmSize:"}, {Data, rlimitData, "VmData:"}} {
		lim, ok := rlimit(r.resource)
		if !ok || lim == Unlimited {
			continue
		}
		used := status[r.used] << 10
		l.Bounds = append(l.Bounds, Bound{Source: r.src, Limit: lim, Headroom: sub(lim, used)})
	}
	return l
}

// cgroupBound is the tightest memory limit on the process's cgroup and its
// ancestors, with the headroom each leaves: the limit less the usage, the
// inactive page cache counted as free since the kernel reclaims it before
// it kills.
func cgroupBound(fs fsys) (Bound, bool) {
	data, err := fs.ReadFile("/proc/self/cgroup")
	if err != nil {
		return Bound{}, false
	}
	best, found := Bound{Source: Cgroup, Headroom: Unlimited}, false
	consider := func(limit, usage, reclaimable uint64) {
		if limit == Unlimited || limit >= 1<<62 {
			return
		}
		used := sub(usage, reclaimable)
		if h := sub(limit, used); h < best.Headroom {
			best.Limit, best.Headroom, found = limit, h, true
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		// hierarchy-ID:controllers:path
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "":
			for _, dir := range ancestors("/sys/fs/cgroup", parts[2]) {
				limit, ok := number(fs, filepath.Join(dir, "memory.max"))
				if !ok {
					continue
				}
				usage, _ := number(fs, filepath.Join(dir, "memory.current"))
				consider(limit, usage, keyed(fs, filepath.Join(dir, "memory.stat"))["inactive_file"])
			}
		case hasController(parts[1], "memory"):
			for _, dir := range ancestors("/sys/fs/cgroup/memory", parts[2]) {
				limit, ok := number(fs, filepath.Join(dir, "memory.limit_in_bytes"))
				if !ok {
					continue
				}
				usage, _ := number(fs, filepath.Join(dir, "memory.usage_in_bytes"))
				consider(limit, usage, keyed(fs, filepath.Join(dir, "memory.stat"))["total_inactive_file"])
			}
		}
	}
	return best, found
}

// ancestors lists the cgroup directory of path under root and each parent
// up to root itself. Inside a cgroup namespace the path may be "/" while
// the limit sits on root.
func ancestors(root, path string) []string {
	var dirs []string
	p := filepath.Clean("/" + path)
	for {
		dirs = append(dirs, filepath.Join(root, p))
		if p == "/" {
			return dirs
		}
		p = filepath.Dir(p)
	}
}

func hasController(list, name string) bool {
	for _, c := range strings.Split(list, ",") {
		if c == name {
			return true
		}
	}
	return false
}

// number reads a file holding one integer or "max".
func number(fs fsys, name string) (uint64, bool) {
	data, err := fs.ReadFile(name)
	if err != nil {
		return 0, false
	}
	s := strings.TrimSpace(string(data))
	if s == "max" {
		return Unlimited, true
	}
	n, err := strconv.ParseUint(s, 10, 64)
	return n, err == nil
}

// keyed reads "key value [unit]" lines (meminfo, status, memory.stat);
// values are as printed (kB in meminfo and status, bytes in memory.stat).
func keyed(fs fsys, name string) map[string]uint64 {
	m := map[string]uint64{}
	data, err := fs.ReadFile(name)
	if err != nil {
		return m
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 {
			continue
		}
		if n, err := strconv.ParseUint(f[1], 10, 64); err == nil {
			m[f[0]] = n
		}
	}
	return m
}

func sub(a, b uint64) uint64 {
	if b >= a {
		return 0
	}
	return a - b
}
