//go:build !unix

package store

import "os"

// tryLock cannot lock on this system: two writers are not kept apart.
func tryLock(*os.File) (bool, error) { return false, nil }
