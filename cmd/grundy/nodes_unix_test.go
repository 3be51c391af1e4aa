//go:build unix

package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"syscall"

	"github.com/rogpeppe/go-internal/testscript"
)

// mknode runs `mknode fifo|null PATH`: it makes a FIFO, or a character
// device with Linux's numbers of /dev/null (the real one is never
// touched). Scripts guard it with the condition [mknode:fifo] or
// [mknode:null].
func mknode(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: mknode fifo|null PATH")
	}
	ts.Check(makeNode(args[0], ts.MkAbs(args[1])))
}

func makeNode(kind, path string) error {
	switch kind {
	case "fifo":
		return syscall.Mkfifo(path, 0o600)
	case "null":
		if runtime.GOOS != "linux" {
			return errors.New("device numbers known on Linux only")
		}
		return syscall.Mknod(path, syscall.S_IFCHR|0o666, 1<<8|3)
	}
	return fmt.Errorf("mknode %s: want fifo or null", kind)
}

// canMakeNode reports whether makeNode(kind) works here.
func canMakeNode(kind string) bool {
	dir, err := os.MkdirTemp("", "mknode")
	if err != nil {
		return false
	}
	defer os.RemoveAll(dir)
	return makeNode(kind, filepath.Join(dir, "node")) == nil
}
