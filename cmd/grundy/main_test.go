package main

import (
	"os"
	"testing"
	"time"

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
	testscript.Run(t, testscript.Params{Dir: "testdata/script", Cmds: map[string]func(*testscript.TestScript, bool, []string){
		"sleep": func(ts *testscript.TestScript, _ bool, args []string) {
			d, err := time.ParseDuration(args[0])
			ts.Check(err)
			time.Sleep(d)
		},
	}})
}
