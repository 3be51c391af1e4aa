package main

import (
	"fmt"
	"io"

	"github.com/grundy/grundy/engine"
	"github.com/spf13/cobra"
)

// Helpers shared by the instrument commands (classify, shift, parity,
// exceptions, ppos).

// instrumentRun is how engine runs an instrument for a command: within
// the app's limits, each phase (solving, the scan) with a progress bar.
func (a *app) instrumentRun() engine.InstrumentRun {
	return engine.InstrumentRun{Limits: a.limits, Progress: a.progress}
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// printResult writes an instrument's result as one JSON object or as text.
func printResult(cmd *cobra.Command, out *output, v interface{ WriteText(io.Writer) error }) error {
	return out.write(cmd, instrumentResult{v})
}
