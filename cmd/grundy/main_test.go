package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the scripts run grundy in-process as a command.
func TestMain(m *testing.M) {
	if os.Getenv("GRUNDY_AS_CLI") == "1" {
		main()
	}
	testscript.Main(m, map[string]func(){
		"grundy": main,
	})
}

// TestScripts runs the CLI transcripts in testdata/script: each states a
// command, its exit status and what it prints.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script", Condition: condition, Cmds: map[string]func(*testscript.TestScript, bool, []string){
		"status":   status,
		"mknode":   mknode,
		"readfifo": readfifo,
		"kind":     kind,
		// edit FILE OLD NEW replaces the text OLD, which must be there.
		"edit": func(ts *testscript.TestScript, _ bool, args []string) {
			b, err := os.ReadFile(ts.MkAbs(args[0]))
			ts.Check(err)
			if !strings.Contains(string(b), args[1]) {
				ts.Fatalf("%s holds no %q", args[0], args[1])
			}
			ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(strings.ReplaceAll(string(b), args[1], args[2])), 0o644))
		},
		"signal": signalProg,
		// flipbyte FILE OFFSET inverts one byte, as a failing disk would.
		"flipbyte": func(ts *testscript.TestScript, _ bool, args []string) {
			off, err := strconv.Atoi(args[1])
			ts.Check(err)
			b, err := os.ReadFile(ts.MkAbs(args[0]))
			ts.Check(err)
			b[off] ^= 0xFF
			ts.Check(os.WriteFile(ts.MkAbs(args[0]), b, 0o644))
		},
	}})
}

// condition knows [mknode:fifo] and [mknode:null]: whether mknode can
// make that node here.
func condition(cond string) (bool, error) {
	if kind, ok := strings.CutPrefix(cond, "mknode:"); ok {
		return canMakeNode(kind), nil
	}
	return false, fmt.Errorf("unknown condition %q", cond)
}

// status runs `status N PROG ARGS...`: PROG must exit with status N (its
// output is then checked with stdout and stderr, as after exec).
func status(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: status N PROG ARGS...")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			ts.Fatalf("%s: %v", args[1], err)
		}
		got = exit.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// signalProg runs `signal SIG CPU STATUS PROG ARGS...`: it starts PROG, sends
// it SIG (INT or TERM) once PROG has used CPU of processor time — past its
// start and inside its work however loaded the machine is, where a fixed
// sleep would cost cores or race the start — and expects exit status
// STATUS; PROG's stderr is then in the file signal.stderr. (testscript's
// kill signals only background commands, and only with INT or KILL.)
func signalProg(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 4 {
		ts.Fatalf("usage: signal INT|TERM CPU STATUS PROG ARGS...")
	}
	sig, ok := map[string]syscall.Signal{"INT": syscall.SIGINT, "TERM": syscall.SIGTERM}[args[0]]
	if !ok {
		ts.Fatalf("signal %q: want INT or TERM", args[0])
	}
	cpu, err := time.ParseDuration(args[1])
	ts.Check(err)
	want, err := strconv.Atoi(args[2])
	ts.Check(err)
	path, err := exec.LookPath(args[3])
	ts.Check(err)
	cmd := exec.Command(path, args[4:]...)
	cmd.Dir = ts.MkAbs(".")
	for _, kv := range []string{"PATH", "HOME", "TMPDIR"} {
		cmd.Env = append(cmd.Env, kv+"="+ts.Getenv(kv))
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	ts.Check(cmd.Start())
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	if err := awaitCPU(cmd.Process.Pid, cpu, exited); err != nil {
		ts.Fatalf("%s: %v\n%s", args[3], err, stderr.String())
	}
	ts.Check(cmd.Process.Signal(sig))
	err = <-exited
	ts.Check(os.WriteFile(ts.MkAbs("signal.stderr"), []byte(stderr.String()), 0o644))
	got := 0
	if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
		got = exit.ExitCode()
	} else if err != nil {
		ts.Fatalf("%s: %v", args[3], err)
	}
	if got != want {
		ts.Fatalf("%s exited with status %d after SIG%s, want %d", args[3], got, args[0], want)
	}
}

// awaitCPU waits until process pid has used cpu of processor time, as
// /proc/PID/stat counts it; where there is no /proc it waits 2 × cpu of
// wall clock instead. It fails if the process exits first or has not
// used the time within a minute.
func awaitCPU(pid int, cpu time.Duration, exited chan error) error {
	stat := fmt.Sprintf("/proc/%d/stat", pid)
	if _, err := os.Stat(stat); err != nil {
		time.Sleep(2 * cpu)
		return nil
	}
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			exited <- err
			return fmt.Errorf("exited (%v) before using %v of CPU", err, cpu)
		case <-time.After(10 * time.Millisecond):
		}
		b, err := os.ReadFile(stat)
		if err != nil {
			continue
		}
		// Fields 14 and 15 (user and system time, in USER_HZ = 100
		// ticks a second) follow the parenthesised command name.
		_, rest, _ := strings.Cut(string(b), ") ")
		f := strings.Fields(rest)
		if len(f) < 13 {
			return fmt.Errorf("cannot read %s: %q", stat, b)
		}
		user, _ := strconv.Atoi(f[11])
		sys, _ := strconv.Atoi(f[12])
		if time.Duration(user+sys)*10*time.Millisecond >= cpu {
			return nil
		}
	}
	return fmt.Errorf("used less than %v of CPU in a minute", cpu)
}

// readfifo runs `readfifo FIFO FILE`: it reads the FIFO to its end (its
// writer runs in the background) into FILE.
func readfifo(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: readfifo FIFO FILE")
	}
	b, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), b, 0o644))
}

// kind runs `kind PATH symlink|fifo|device|file`: PATH must be that.
func kind(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: kind PATH symlink|fifo|device|file")
	}
	fi, err := os.Lstat(ts.MkAbs(args[0]))
	ts.Check(err)
	got := "other"
	switch m := fi.Mode(); {
	case m&os.ModeSymlink != 0:
		got = "symlink"
	case m&os.ModeNamedPipe != 0:
		got = "fifo"
	case m&os.ModeCharDevice != 0:
		got = "device"
	case m.IsRegular():
		got = "file"
	}
	if got != args[1] {
		ts.Fatalf("%s is a %s, want a %s", args[0], got, args[1])
	}
}
