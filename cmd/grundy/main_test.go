package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the scripts run grundy in-process as a command.
func TestMain(m *testing.M) {
	os.Exit(testscript.RunMain(m, map[string]func() int{
		"grundy": func() int { main(); return 0 },
	}))
}

// TestScripts runs the CLI transcripts in testdata/script: each states a
// command, its exit status and what it prints.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script"})
}
