//go:build !unix

package atomicfile

import "errors"

var errNoNodes = errors.New("no FIFOs or devices on this system")

func mkfifo(string) error { return errNoNodes }
func mknull(string) error { return errNoNodes }
