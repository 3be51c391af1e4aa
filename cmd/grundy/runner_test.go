package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// TestProgressLines: off a terminal, long work prints a line now and then
// (issue 15, defect 4: a search ran 100 s with no sign of life when piped).
func TestProgressLines(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	a := newApp(nil, io.Discard, &buf)
	a.progressAfter, a.progressEvery = 0, 20*time.Millisecond
	report, finish := a.progress("solving")
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
	err := o.write(cmd, csvFunc(func(w io.Writer) error {
		for {
			if _, err := io.WriteString(w, "1,2,3\n"); err != nil {
				return err
			}
			if lines++; lines == 1000 {
				cancel() // the user presses Ctrl-C
			}
		}
	}))
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

// csvFunc is a result that writes itself as CSV.
type csvFunc func(io.Writer) error

func (f csvFunc) WriteCSV(w io.Writer) error { return f(w) }

// TestFormatsOf: a command offers the formats its result type has, the
// default first.
func TestFormatsOf(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		r    any
		want string
	}{
		{valueResult{}, "text csv json md"},
		{countResult{}, "text csv json md latex"},
		{tableResult{}, "csv json md latex"},
		{findingsResult{}, "text json md bibtex"},
		{drawingResult{}, "dot tikz"},
		{discoveryResult{}, "text json latex"},
		{auditedResult{}, "text json"},
		{pposResult{}, "text csv json md latex"},
		{csvFunc(nil), "csv"},
	} {
		if got := strings.Join(formatsOf(tc.r), " "); got != tc.want {
			t.Errorf("formatsOf(%T) = %s, want %s", tc.r, got, tc.want)
		}
	}
}

// TestRunsIndependent: each run builds its own command tree, so runs in
// one process share no flag values and may run at once (the fuzz target
// and the sweep run grundy thousands of times in one process).
func TestRunsIndependent(t *testing.T) {
	t.Parallel()
	for i := range 8 {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			t.Parallel()
			args, want := []string{"value", "nim", "1,2"}, "game      nim\n"
			if i%2 == 0 {
				args, want = append(args, "--json"), `{"game":"nim",`
			}
			var out, errOut bytes.Buffer
			if code := run(context.Background(), args, nil, &out, &errOut); code != 0 {
				t.Fatalf("grundy %q: status %d, %s", args, code, errOut.String())
			}
			if !strings.HasPrefix(out.String(), want) {
				t.Errorf("grundy %q printed %q, want it to begin %q", args, out.String(), want)
			}
		})
	}
}

// TestFlagsBeforeCommand: flags may precede the command.
func TestFlagsBeforeCommand(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want []string // as the command reads them
	}{
		{[]string{"--json", "value", "nim", "1,2"}, []string{"value", "--json", "nim", "1,2"}},
		{[]string{"--format", "json", "value", "nim", "1,2"}, []string{"value", "--format", "json", "nim", "1,2"}},
		{[]string{"-o", "table", "table", "nim"}, []string{"table", "-o", "table", "nim"}},
		{[]string{"value", "nim", "1,2", "--json"}, []string{"value", "nim", "1,2", "--json"}},
		{[]string{"--nosuch", "value", "nim", "1,2"}, []string{"--nosuch", "value", "nim", "1,2"}},
		{[]string{"--version"}, []string{"--version"}},
	} {
		root := newRoot(newApp(nil, io.Discard, io.Discard))
		if got := commandFirst(root, tc.args); !slices.Equal(got, tc.want) {
			t.Errorf("commandFirst(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"--json", "value", "nim", "1,2"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("grundy --json value nim 1,2: status %d, %s", code, errOut.String())
	}
	if !strings.HasPrefix(out.String(), `{"game":"nim",`) {
		t.Errorf("grundy --json value nim 1,2 printed %q, want JSON", out.String())
	}
}

// TestFindingsProgress: findings prints nothing until every claim is
// checked, so stderr shows the claims checked of all (it re-ran the whole
// audit, minutes, with no sign of life; issue 32). Claim a's box (nim's
// 118,755 positions of 5 piles ≤ 24) lasts several of the 20 ms between
// lines.
func TestFindingsProgress(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "two.claims")
	if err := os.WriteFile(file, []byte("claim a: P[nim, 5 piles <= 24] iff x1 == x2\nclaim b: P[nim, 2 piles <= 20] iff x1 == 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	a := newApp(nil, &out, &errOut)
	a.progressAfter, a.progressEvery = 0, 20*time.Millisecond
	if code := a.run(context.Background(), []string{"findings", file}); code != 0 {
		t.Fatalf("findings: status %d, %s", code, errOut.String())
	}
	if !strings.Contains(errOut.String(), "grundy: checking claims ") || !strings.Contains(errOut.String(), " of 2 (") {
		t.Errorf("findings' stderr:\n%s\nwant lines \"grundy: checking claims N of 2 (…%%), …\"", errOut.String())
	}
	if !strings.Contains(out.String(), "b") {
		t.Errorf("findings' stdout:\n%s\nwant claim b's failure", out.String())
	}
}
