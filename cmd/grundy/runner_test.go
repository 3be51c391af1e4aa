package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// TestProgressLines: off a terminal, long work prints a line now and then
// (issue 15, defect 4: a search ran 100 s with no sign of life when piped).
func TestProgressLines(t *testing.T) {
	var buf bytes.Buffer
	defer func(after, every time.Duration, out io.Writer) {
		progressAfter, progressEvery, progressOut = after, every, out
	}(progressAfter, progressEvery, progressOut)
	progressAfter, progressEvery, progressOut = 0, 20*time.Millisecond, &buf
	report, finish := progress("solving")
	report(1, 4)
	time.Sleep(200 * time.Millisecond)
	report(2, 0)
	time.Sleep(200 * time.Millisecond)
	finish()
	// A line at once, then one every 20 ms with the state last reported.
	for _, want := range []string{"grundy: solving 1 of 4 (25%), 0s\n", "grundy: solving 2, 0s\n"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("progress lines:\n%s\nwant a line %q", buf.String(), want)
		}
	}
}

// TestWriteInterrupted: Ctrl-C while a result is being written stops the
// write and leaves neither the file nor a temporary (issue 15, defect 4:
// table wrote the whole 2.7 GB file after Ctrl-C and exited 0).
func TestWriteInterrupted(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	ctx, cancel := context.WithCancel(context.Background())
	cmd := &cobra.Command{}
	cmd.SetContext(ctx)
	o := output{format: "csv", file: path, formats: []string{"csv"}}
	lines := 0
	err := o.write(cmd, result{CSV: func(w io.Writer) error {
		for {
			if _, err := io.WriteString(w, "1,2,3\n"); err != nil {
				return err
			}
			if lines++; lines == 1000 {
				cancel() // the user presses Ctrl-C
			}
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("write = %v, want context.Canceled (exit status 130)", err)
	}
	if lines != 1000 {
		t.Errorf("wrote %d lines, want to stop at the 1000th", lines)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("directory holds %v after Ctrl-C, want nothing", entries)
	}
}

// TestRunResetsFlags: run resets flags between calls, so the fuzz target
// and tests can run grundy many times in one process.
func TestRunResetsFlags(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"value", "nim", "1,2", "--json"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("value --json: status %d, %s", code, errOut.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"value", "nim", "1,2"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("value: status %d, %s", code, errOut.String())
	}
	if !strings.HasPrefix(out.String(), "game      nim\n") {
		t.Errorf("second run printed %q, want text (--json of the first run must not stick)", out.String())
	}
}
