package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestREADMEInstruments runs every "$ grundy …" command between the
// instruments markers of README.md and compares its output with the
// transcript printed there, so the documentation cannot rot. After a
// deliberate change, rerun the commands and paste their output.
func TestREADMEInstruments(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	f, err := os.Open(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Skipf("no README: %v", err)
	}
	defer f.Close()
	type transcript struct {
		cmd  string
		want []string
	}
	var runs []transcript
	in, block := false, false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.Contains(line, "<!-- instruments:begin -->"):
			in = true
		case strings.Contains(line, "<!-- instruments:end -->"):
			in = false
		case in && strings.HasPrefix(line, "```console"):
			block = true
		case in && block && strings.HasPrefix(line, "```"):
			block = false
		case in && block && strings.HasPrefix(line, "$ grundy "):
			runs = append(runs, transcript{cmd: strings.TrimPrefix(line, "$ grundy ")})
		case in && block && len(runs) > 0:
			runs[len(runs)-1].want = append(runs[len(runs)-1].want, line)
		}
	}
	if len(runs) == 0 {
		t.Skip("README has no instruments transcript")
	}
	bin := filepath.Join(t.TempDir(), "grundy")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, r := range runs {
		out, err := exec.Command(bin, strings.Fields(r.cmd)...).Output()
		if err != nil {
			t.Errorf("grundy %s: %v", r.cmd, err)
			continue
		}
		got := strings.TrimRight(string(out), "\n")
		if want := strings.Join(r.want, "\n"); got != want {
			t.Errorf("grundy %s:\n got:\n%s\nREADME:\n%s", r.cmd, got, want)
		}
	}
}

// TestInstrumentsBadInput checks that bad input exits with status 2 and a
// one-line error naming the bad part.
func TestInstrumentsBadInput(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "grundy")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, c := range []struct{ args, want string }{
		{"classify foo --piles 3 --max 2", "unknown ruleset"},
		{"classify nim --piles 3 --max 3 --list 1", "--list"},
		{"shift slow-exact:k=2 0,2,1 --max 5", "nondecreasing"},
		{"shift slow-exact:k=2 --max 5", "--search"},
		{"shift nim 1,1 --max 3 --kind Q", "--kind"},
		{"shift slow-moore:k=2 0,1,1 --max 4 --class 1", "modulus"},
		{"parity nim --piles 2 --max 3 --what foo", "--what"},
		{"exceptions --piles 1 --max 3", "--piles"},
		{"ppos slow-exact:k=3 --max 5", "needs at least k piles"},
		{"ppos wythoff --max 5 --format xml", "--format"},
		{"classify fdg:d=1.-1 --piles 2 --max 3", "negative coordinate"},
		{"parity fdg:d=11 --piles 3 --max 3", "need 2 piles"},
	} {
		cmd := exec.Command(bin, strings.Fields(c.args)...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != 2 {
			t.Errorf("grundy %s: %v, want exit status 2", c.args, err)
		}
		msg := stderr.String()
		if !strings.Contains(msg, c.want) || strings.Count(msg, "\n") != 1 {
			t.Errorf("grundy %s: stderr %q, want one line containing %q", c.args, msg, c.want)
		}
	}
}
