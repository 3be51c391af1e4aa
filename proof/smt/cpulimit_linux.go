package smt

import (
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// limitCPU caps the CPU time of the running process pid at limit
// (rounded up to whole seconds, the kernel's unit): past it the kernel
// sends SIGXCPU (z3 dies of it, cvc5 prints "interrupted by timeout" and
// aborts), and a second later SIGKILL. CPU time, not wall-clock time, so
// that a loaded machine gives the same verdicts as an idle one.
func limitCPU(pid int, limit time.Duration) bool {
	secs := uint64((limit + time.Second - 1) / time.Second)
	secs = max(secs, 1)
	return unix.Prlimit(pid, unix.RLIMIT_CPU, &unix.Rlimit{Cur: secs, Max: secs + 1}, nil) == nil
}

// killedByLimit says whether the process died of the CPU limit's
// signals: SIGXCPU (z3), SIGKILL (the hard limit), or SIGABRT (cvc5's
// handler of SIGXCPU aborts).
func killedByLimit(ps *os.ProcessState) bool {
	ws, ok := ps.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return false
	}
	switch ws.Signal() {
	case syscall.SIGXCPU, syscall.SIGKILL, syscall.SIGABRT:
		return true
	}
	return false
}
