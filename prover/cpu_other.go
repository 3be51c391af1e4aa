//go:build !linux

package prover

import "time"

var wallStart = time.Now()

// threadCPU falls back to the wall clock where no thread CPU clock is to
// be had: the budget is then wall-clock time.
func threadCPU() time.Duration { return time.Since(wallStart) }
