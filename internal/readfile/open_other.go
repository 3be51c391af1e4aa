//go:build !unix

package readfile

import "os"

func open(path string) (*os.File, error) { return os.Open(path) }
