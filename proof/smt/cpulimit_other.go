//go:build !linux

package smt

import (
	"os"
	"time"
)

// limitCPU is not available here: the wall-clock limit stands in for it.
func limitCPU(pid int, limit time.Duration) bool { return false }

func killedByLimit(ps *os.ProcessState) bool { return false }
