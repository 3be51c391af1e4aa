package memlimit

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

type fakeFS map[string]string

func (f fakeFS) ReadFile(name string) ([]byte, error) {
	s, ok := f[name]
	if !ok {
		return nil, fs.ErrNotExist
	}
	return []byte(s), nil
}

const meminfo = "MemTotal:       24000000 kB\nMemFree:         1000 kB\nMemAvailable:   20000000 kB\n"

func TestRead(t *testing.T) {
	const gib = 1 << 30
	none := func(int) (uint64, bool) { return Unlimited, true }
	tests := []struct {
		name   string
		files  fakeFS
		rlimit func(int) (uint64, bool)
		want   Source
		avail  uint64
	}{
		{"nothing readable", fakeFS{}, func(int) (uint64, bool) { return 0, false }, Fallback, FallbackBytes},
		{"meminfo only", fakeFS{"/proc/meminfo": meminfo}, none, MemAvailable, 20000000 << 10},
		{
			// 2 GiB limit, 1.5 GiB charged of which 1 GiB is inactive page
			// cache: 1.5 GiB left.
			"cgroup v2 leaf",
			fakeFS{
				"/proc/meminfo":                        meminfo,
				"/proc/self/cgroup":                    "0::/job/a\n",
				"/sys/fs/cgroup/job/a/memory.max":      "2147483648\n",
				"/sys/fs/cgroup/job/a/memory.current":  "1610612736\n",
				"/sys/fs/cgroup/job/a/memory.stat":     "anon 1\ninactive_file 1073741824\n",
				"/sys/fs/cgroup/job/memory.max":        "max\n",
				"/sys/fs/cgroup/memory.max":            "max\n",
				"/sys/fs/cgroup/job/memory.current":    "1610612736\n",
				"/sys/fs/cgroup/job/a/memory.swap.max": "0\n",
			},
			none, Cgroup, gib + gib/2,
		},
		{
			// The parent's 1 GiB binds though the leaf has none.
			"cgroup v2 parent binds",
			fakeFS{
				"/proc/meminfo":                       meminfo,
				"/proc/self/cgroup":                   "0::/job/a\n",
				"/sys/fs/cgroup/job/a/memory.max":     "max\n",
				"/sys/fs/cgroup/job/a/memory.current": "0\n",
				"/sys/fs/cgroup/job/memory.max":       "1073741824\n",
				"/sys/fs/cgroup/job/memory.current":   "536870912\n",
			},
			none, Cgroup, gib / 2,
		},
		{
			"cgroup v1 unlimited",
			fakeFS{
				"/proc/meminfo":     meminfo,
				"/proc/self/cgroup": "4:memory:/p/x\n3:cpuset:/\n",
				"/sys/fs/cgroup/memory/p/x/memory.limit_in_bytes": "9223372036854771712\n",
				"/sys/fs/cgroup/memory/p/x/memory.usage_in_bytes": "1092448256\n",
			},
			none, MemAvailable, 20000000 << 10,
		},
		{
			"cgroup v1 limited",
			fakeFS{
				"/proc/meminfo":     meminfo,
				"/proc/self/cgroup": "4:memory:/p/x\n",
				"/sys/fs/cgroup/memory/p/x/memory.limit_in_bytes": "4294967296\n",
				"/sys/fs/cgroup/memory/p/x/memory.usage_in_bytes": "3221225472\n",
				"/sys/fs/cgroup/memory/p/x/memory.stat":           "cache 5\ntotal_inactive_file 1073741824\n",
			},
			none, Cgroup, 2 * gib,
		},
		{
			// ulimit -v 4000000: 4,096,000,000 bytes less a 1 GiB VmSize.
			"address space",
			fakeFS{"/proc/meminfo": meminfo, "/proc/self/status": "VmSize:\t 1048576 kB\nVmData:\t 10 kB\n"},
			func(r int) (uint64, bool) {
				if r == rlimitAS {
					return 4000000 << 10, true
				}
				return Unlimited, true
			},
			AddressSpace, 4000000<<10 - gib,
		},
		{
			"data segment",
			fakeFS{"/proc/meminfo": meminfo, "/proc/self/status": "VmSize:\t 1048576 kB\nVmData:\t 524288 kB\n"},
			func(r int) (uint64, bool) {
				if r == rlimitData {
					return gib, true
				}
				return Unlimited, true
			},
			Data, gib / 2,
		},
		{
			"used past the limit",
			fakeFS{"/proc/meminfo": meminfo, "/proc/self/status": "VmSize:\t 4194304 kB\n"},
			func(r int) (uint64, bool) {
				if r == rlimitAS {
					return gib, true
				}
				return Unlimited, true
			},
			AddressSpace, 0,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := read(tt.files, tt.rlimit)
			b := l.Binding()
			if b.Source != tt.want || b.Headroom != tt.avail || l.Available() != tt.avail {
				t.Errorf("binding %v with %d bytes left; want %v with %d", b.Source, b.Headroom, tt.want, tt.avail)
			}
		})
	}
}

// TestReadUnderUlimit runs a child under a real RLIMIT_AS, as `ulimit -v`
// sets it, and expects the address-space limit to bind with headroom below
// the limit.
func TestReadUnderUlimit(t *testing.T) {
	if os.Getenv("MEMLIMIT_CHILD") == "1" {
		l := Read()
		b := l.Binding()
		fmt.Printf("%d %d %d\n", b.Source, b.Limit, b.Headroom)
		return
	}
	const limit = 6 << 30
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to set ulimit -v")
	}
	cmd := exec.Command(sh, "-c", fmt.Sprintf("ulimit -v %d && exec \"$0\" -test.run='^TestReadUnderUlimit$'", limit>>10), os.Args[0])
	cmd.Env = append(os.Environ(), "MEMLIMIT_CHILD=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	f := strings.Fields(string(out))
	if len(f) < 3 {
		t.Fatalf("child printed %q", out)
	}
	src, _ := strconv.Atoi(f[0])
	lim, _ := strconv.ParseUint(f[1], 10, 64)
	head, _ := strconv.ParseUint(f[2], 10, 64)
	if Source(src) != AddressSpace || lim != limit || head == 0 || head >= limit {
		t.Errorf("under RLIMIT_AS %d: binding %v, limit %d, headroom %d; want the address-space limit with 0 < headroom < limit", limit, Source(src), lim, head)
	}
}
