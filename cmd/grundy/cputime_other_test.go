//go:build !unix

package main

import "time"

// cpuTime is not measured here: FuzzCLI bounds wall time only.
func cpuTime() (time.Duration, bool) { return 0, false }
