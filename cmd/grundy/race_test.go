//go:build race

package main

// raceEnabled: the race detector reserves terabytes of address space, so
// no test may run this binary under ulimit -v.
const raceEnabled = true
