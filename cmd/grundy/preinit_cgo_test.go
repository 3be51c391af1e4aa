//go:build cgo && unix

package main

import (
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// runtimeByteCount is the runtime's parseByteCount (runtime/string.go),
// the grammar of GOMEMLIMIT, written again in Go for the C check to be
// compared with.
func runtimeByteCount(s string) bool {
	if s == "" {
		return false
	}
	if last := s[len(s)-1]; last >= '0' && last <= '9' {
		n, err := strconv.ParseInt(s, 10, 64)
		return err == nil && n >= 0
	} else if last != 'B' || len(s) < 2 {
		return false
	}
	if c := s[len(s)-2]; c >= '0' && c <= '9' {
		n, err := strconv.ParseInt(s[:len(s)-1], 10, 64)
		return err == nil && n >= 0
	} else if c != 'i' || len(s) < 4 {
		return false
	}
	power := strings.IndexByte("KMGT", s[len(s)-3]) + 1
	if power == 0 {
		return false
	}
	n, err := strconv.ParseInt(s[:len(s)-3], 10, 64)
	if err != nil || n < 0 {
		return false
	}
	m := uint64(1) << (10 * power)
	return uint64(n) <= math.MaxUint64/m && uint64(n)*m <= math.MaxInt64
}

func TestByteCount(t *testing.T) {
	for _, s := range []string{
		"0", "1", "4GiB", "512MiB", "1KiB", "1TiB", "100B", "+5", "-0", "-1", "abc", "", "B", "iB", "1iB", "KiB",
		"1kiB", "1PiB", " 1GiB", "1GiB ", "1 GiB", "9223372036854775807", "9223372036854775808",
		"8388607TiB", "8388608TiB", "99999999999999999999", "1e9", "0x10", "1_000", "--1", "+-1", "1GB",
	} {
		if got, want := byteCountOK(s), runtimeByteCount(s); got != want {
			t.Errorf("byteCountOK(%q) = %v, the runtime says %v", s, got, want)
		}
	}
}

func FuzzByteCount(f *testing.F) {
	for _, s := range []string{"4GiB", "-1", "+7KiB", "1B", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.IndexByte(s, 0) >= 0 {
			return // an environment variable holds no NUL
		}
		if got, want := byteCountOK(s), runtimeByteCount(s); got != want {
			t.Errorf("byteCountOK(%q) = %v, the runtime says %v", s, got, want)
		}
	})
}

// TestStartupMistakes runs grundy as a process: a bad GOMEMLIMIT is one
// line and exit status 2 (it was the runtime's fatal error and goroutine
// dump), a good one runs; a closed stdout fails the write, exit status 1
// (it exited 0 having written nothing), and a command that writes only a
// file still succeeds.
func TestStartupMistakes(t *testing.T) {
	t.Parallel()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		env    string
		args   []string
		closed bool
		status int
		stderr string
	}{
		{"GOMEMLIMIT=abc", []string{"value", "nim", "1,2"}, false, 2,
			"grundy: GOMEMLIMIT=abc: give bytes such as 4GiB, 512MiB or 1000000, or off (see go doc runtime/debug.SetMemoryLimit)\n"},
		{"GOMEMLIMIT=-1", []string{"value", "nim", "1,2"}, false, 2, "grundy: GOMEMLIMIT=-1: give bytes"},
		{"GOMEMLIMIT=4GiB", []string{"value", "nim", "1,2"}, false, 0, ""},
		{"GOMEMLIMIT=off", []string{"value", "nim", "1,2"}, false, 0, ""},
		{"", []string{"value", "nim", "1,2"}, true, 1, "grundy: write /dev/stdout: standard output is closed\n"},
		{"", []string{"table", "nim", "--piles", "2", "--max", "2", "-o", dir + "/t.csv"}, true, 0, ""},
		{"", []string{"--version"}, true, 1, "grundy: write /dev/stdout: standard output is closed\n"},
		{"", []string{"value", "--help"}, true, 1, "grundy: write /dev/stdout: standard output is closed\n"},
	} {
		cmd := exec.Command(self, tc.args...)
		cmd.Env = append(os.Environ(), "GRUNDY_AS_CLI=1")
		if tc.env != "" {
			cmd.Env = append(cmd.Env, tc.env)
		}
		if tc.closed {
			// The child inherits no descriptor 1: exec's nil Stdout
			// would give it /dev/null, so close it in the child by
			// running through the shell.
			sh, err := exec.LookPath("sh")
			if err != nil {
				t.Skip("no sh")
			}
			cmd = exec.Command(sh, append([]string{"-c", `exec "$0" "$@" >&-`, self}, tc.args...)...)
			cmd.Env = append(os.Environ(), "GRUNDY_AS_CLI=1")
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		got := 0
		if exit, ok := err.(*exec.ExitError); ok {
			got = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if got != tc.status || !strings.HasPrefix(stderr.String(), tc.stderr) || tc.stderr == "" && strings.Contains(stderr.String(), "fatal") {
			t.Errorf("%s grundy %s (stdout closed: %v): status %d, stderr %q; want %d, %q", tc.env, strings.Join(tc.args, " "), tc.closed, got, stderr.String(), tc.status, tc.stderr)
		}
	}
}
