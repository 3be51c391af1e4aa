package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// These tests re-run this test binary as grundy (GRUNDY_AS_CLI=1, which
// TestMain heeds), so exit statuses, stdin and signals are real.

func cli(stdin string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "GRUNDY_AS_CLI=1")
	cmd.Stdin = strings.NewReader(stdin)
	return cmd
}

func runCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := cli(stdin, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

func TestPlotPlayServeBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"plot", "wythoff", "--max", "5"}, "-o: give the output file"},
		{[]string{"plot", "wythoff", "--max", "5", "-o", filepath.Join(dir, "a.gif")}, "extension must be .png, .svg or .pdf"},
		{[]string{"plot", "wythoff", "-o", filepath.Join(dir, "a.png")}, "--max"},
		{[]string{"plot", "wythoff", "--max", "5", "--what", "color", "-o", filepath.Join(dir, "a.png")}, `--what "color"`},
		{[]string{"plot", "wythoff", "--max", "5", "--overlay", "bouton", "-o", filepath.Join(dir, "a.png")}, `overlay "bouton": unknown for wythoff`},
		{[]string{"plot", "wythoff", "--max", "5", "--slice", "1,x,y", "-o", filepath.Join(dir, "a.png")}, "slice 1,x,y (3 piles)"},
		{[]string{"plot", "chess", "--max", "5", "-o", filepath.Join(dir, "a.png")}, `unknown ruleset "chess"`},
		{[]string{"play", "nim", "1,x"}, `"x" is not a non-negative integer`},
		{[]string{"play", "nim", "1,2", "--first", "robot"}, `--first "robot"`},
		{[]string{"serve", "--addr", "127.0.0.1:notaport"}, "--addr 127.0.0.1:notaport"},
	} {
		stdout, stderr, code := runCLI(t, "", tc.args...)
		if code != exitBadInput || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("grundy %s: exit %d, stderr %q, stdout %q; want exit 2 and one line with %q", strings.Join(tc.args, " "), code, stderr, stdout, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "a.png")); err == nil {
		t.Error("a refused plot left a file behind")
	}
}

func TestPlotWrites(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"w.png", "w.svg", "w.pdf"} {
		out := filepath.Join(dir, name)
		_, stderr, code := runCLI(t, "", "plot", "wythoff", "--max", "8", "--overlay", "wythoff-pairs:s=1,t=1", "-o", out)
		if code != 0 {
			t.Fatalf("plot -o %s: exit %d: %s", name, code, stderr)
		}
		if st, err := os.Stat(out); err != nil || st.Size() < 1000 {
			t.Errorf("plot -o %s: %v", name, err)
		}
	}
}

// grundy play with a scripted stdin: nim 1,2, the player wins.
func TestPlayScripted(t *testing.T) {
	stdout, stderr, code := runCLI(t, "0,0\nhint\n1,1\n0,0\n", "play", "nim", "2,1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"Illegal: 1,2 → 0,0 is not a move of nim", "MOVE TO", "You move to 1,1.", "I move to 0,1.", "You win."} {
		if !strings.Contains(stdout, want) {
			t.Errorf("transcript lacks %q:\n%s", want, stdout)
		}
		stdout = stdout[strings.Index(stdout, want)+len(want):]
	}
}

// grundy serve on a free port answers the API and stops on Ctrl-C.
func TestServe(t *testing.T) {
	cmd := cli("", "serve", "--addr", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(stderr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	url := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`).FindString(line)
	if url == "" {
		t.Fatalf("no address in %q", line)
	}
	res, err := http.Get(url + "api/value?game=wythoff&pos=4,7")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		G       string // a decimal string (docs/json.md)
		Outcome string
	}
	json.NewDecoder(res.Body).Decode(&v)
	res.Body.Close()
	if v.G != "0" || v.Outcome != "P" {
		t.Errorf("wythoff 4,7 = G %q %s, want 0 P (002 eq. (2))", v.G, v.Outcome)
	}
	cmd.Process.Signal(syscall.SIGINT)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve after Ctrl-C: %v, want exit 0", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("serve did not stop on Ctrl-C")
	}
}
