//go:build !linux

package presburger

import "time"

var wallStart = time.Now()

// threadCPU falls back to the wall clock where no thread CPU clock is to
// be had: the limit is then wall-clock time.
func threadCPU() time.Duration { return time.Since(wallStart) }
