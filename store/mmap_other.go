//go:build !unix

package store

import "errors"

func mapFile(path string) ([]byte, func() error, error) {
	return nil, nil, errors.New("memory-mapped files need a unix system")
}

const canMap = false
