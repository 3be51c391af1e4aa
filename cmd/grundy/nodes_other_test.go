//go:build !unix

package main

import "github.com/rogpeppe/go-internal/testscript"

func mknode(ts *testscript.TestScript, _ bool, _ []string) {
	ts.Fatalf("no FIFOs or devices on this system")
}

func canMakeNode(string) bool { return false }
