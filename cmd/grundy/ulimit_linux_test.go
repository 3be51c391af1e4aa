package main

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// ulimitKB is the address-space limit of issue 32: under `ulimit -v
// 4000000` every command must refuse or complete, none die in the Go
// runtime. grundy sized its work by the machine's free memory then (17
// GiB here), so a box of 5 GiB was admitted and the runtime died out of
// memory ("fatal error: runtime: out of memory", a goroutine dump).
const ulimitKB = "4000000"

// runtimeDeath is what the Go runtime prints when it kills the process.
var runtimeDeath = regexp.MustCompile(`(?m)^(fatal error:|runtime: |panic: |goroutine \d+ \[)`)

// TestUnderUlimit runs commands in a child shell that sets the limit
// (setrlimit RLIMIT_AS) and then runs grundy: each refusal must be a
// one-line refusal (exit status 2) naming the memory, each answer exit 0,
// and nothing may die in the runtime. The boxes are between what 4 GB
// leaves (about 1.7 GiB) and what the machine's free memory would have
// allowed; -long adds commands that run for seconds.
func TestUnderUlimit(t *testing.T) {
	t.Parallel()
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	const refused = `box too big: .* more than the [0-9.]+ GiB (available|allowed)`
	cases := []struct {
		args   string
		status int
		stderr string // a regexp stderr must match
		long   bool
	}{
		// Refused: each needs more than the limit leaves.
		{"count nim --piles 3 --max 2000", 2, refused, false},
		{"table wythoff --piles 2 --max 40000 -o " + dir + "/t.csv", 2, refused, false},
		{"ppos wythoff --max 60000", 2, refused, false},
		{"classify slow-exact:k=2 --piles 3 --max 2500", 2, refused, false},
		{"parity slow-exact:k=2 --piles 3 --max 2500", 2, refused, false},
		{"shift slow-exact:k=2 --piles 3 --max 2500 --search 1", 2, refused, false},
		{"exceptions --piles 5 --max 200", 2, refused, false},
		{"check 000/cor-18.3 --max 2500", 2, refused, false},
		{"discover slow-exact:k=2 --piles 3 --max 800", 2, refused, false},
		{"plot slow-exact:k=2 --max 2000 --slice x,y,2000 -o " + dir + "/p.png", 2, refused, false},
		// Completed.
		{"value nim 1000000000,3,5", 0, "", false},
		{"value slow-exact:k=2 1000000,1500000,2000000", 0, "", false},
		{"move wythoff 3,5", 0, "", false},
		{"games", 0, "", false},
		{"solve nim --piles 2 --max 30 -o " + dir + "/t", 0, "", false},
		{"verify-table " + dir + "/t", 0, "", false},
		{"check 000/bouton", 0, "", false},
		{"ppos wythoff --max 300", 0, "", false},
		{"prove --automata 000/bouton", 0, "", true},
		{"play nim 1,2", 0, "", true},
		{"findings 000", 0, "", true},
		{"count slow-exact:k=2 --piles 3 --max 300", 0, "", true},
	}
	for _, tc := range cases {
		if tc.long && !*long {
			continue
		}
		args := strings.Fields(tc.args)
		cmd := exec.Command(sh, append([]string{"-c", `ulimit -v ` + ulimitKB + ` && exec "$0" "$@" </dev/null`, self}, args...)...)
		cmd.Env = append(os.Environ(), "GRUNDY_AS_CLI=1")
		cmd.Dir = dir
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		got := 0
		if exit, ok := err.(*exec.ExitError); ok {
			got = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		switch {
		case runtimeDeath.MatchString(stderr.String()):
			t.Errorf("under ulimit -v %s, grundy %s died in the runtime (status %d):\n%s", ulimitKB, tc.args, got, firstLines(stderr.String(), 5))
		case got != tc.status:
			t.Errorf("under ulimit -v %s, grundy %s: status %d, want %d\n%s", ulimitKB, tc.args, got, tc.status, firstLines(stderr.String(), 5))
		case tc.stderr != "" && !regexp.MustCompile(tc.stderr).MatchString(stderr.String()):
			t.Errorf("under ulimit -v %s, grundy %s: stderr\n%s\nwant %q", ulimitKB, tc.args, stderr.String(), tc.stderr)
		}
	}
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
