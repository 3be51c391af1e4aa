package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/grundy/grundy/internal/atomicfile"
	"github.com/spf13/cobra"
)

// The output layer: every command that prints a result takes --format
// (each format its result type has) and --json as its alias, checks the
// format before any work, and writes through output.write. A format is a
// file of its own (format_*.go) that says which results it can show, by
// the methods they have; a result is a type of results.go. Adding a format
// is its file and a line in formats; a result type gets every format whose
// methods it has.

// A format writes the results it can show.
type format interface {
	name() string
	// of is the writer of r in this format, or nil when r's type has
	// nothing the format can show; it only looks at r's type.
	of(r any) func(io.Writer) error
}

// formats lists every format, the default of a result first among those
// it has.
func formats() []format {
	return []format{textFormat{}, csvFormat{}, jsonFormat{}, mdFormat{}, latexFormat{}, claimsFormat{}}
}

// formatsOf names the formats a result of r's type can be written in.
func formatsOf(r any) []string {
	var names []string
	for _, f := range formats() {
		if f.of(r) != nil {
			names = append(names, f.name())
		}
	}
	return names
}

// writerOf is the writer of r in the named format, or nil.
func writerOf(name string, r any) func(io.Writer) error {
	for _, f := range formats() {
		if f.name() == name {
			return f.of(r)
		}
	}
	return nil
}

// A table is a result as rows, for the tabular formats: CSV, Markdown and
// (as LaTeXTable) LaTeX.
type table struct {
	Header  []string
	Right   int    // columns from Right on hold numbers (right aligned)
	Caption string // LaTeX: a comment saying what the table is
	Rows    func(emit func([]string) error) error
}

type tabler interface{ Table() table }

// output holds a command's --format, --json and (when it has one) -o.
type output struct {
	format  string
	asJSON  bool
	file    string
	formats []string
	// progress, if set, hears of the bytes written.
	progress func(done, total uint64)
}

// addOutput adds --format and --json (when it has JSON) to cmd, for
// results of sample's type: the formats are those it has, the first the
// default.
func addOutput(cmd *cobra.Command, o *output, sample any) {
	o.formats = formatsOf(sample)
	cmd.Flags().StringVar(&o.format, "format", o.formats[0], "output format: "+strings.Join(o.formats, ", "))
	if slices.Contains(o.formats, "json") {
		cmd.Flags().BoolVar(&o.asJSON, "json", false, "print JSON (alias of --format json)")
	}
}

// addOutputFile adds -o FILE, written atomically (a device or FIFO is
// written through; see docs/files.md).
func addOutputFile(cmd *cobra.Command, o *output) {
	cmd.Flags().StringVarP(&o.file, "output", "o", "", "write to this file (atomically) instead of stdout")
}

// checkOutputFile refuses, before any work, a -o that no write may take:
// a symbolic link, a directory, a block device or a socket.
func checkOutputFile(path string) error {
	if path == "" || path == "-" {
		return nil
	}
	if _, err := atomicfile.Check(path); err != nil {
		return fmt.Errorf("-o %s: %w", path, errors.Unwrap(err))
	}
	return nil
}

// check validates the flags; commands call it before any work.
func (o *output) check(cmd *cobra.Command) error {
	if o.asJSON {
		if cmd.Flags().Changed("format") && o.format != "json" {
			return fmt.Errorf("--json and --format %s disagree", o.format)
		}
		o.format = "json"
	}
	if !slices.Contains(o.formats, o.format) {
		return fmt.Errorf("--format %q: want one of %s", o.format, strings.Join(o.formats, ", "))
	}
	return checkOutputFile(o.file)
}

// write prints r in the chosen format to -o or stdout. The writer stops
// with the command's context, so Ctrl-C interrupts a long table and the
// atomic write leaves no file behind.
func (o *output) write(cmd *cobra.Command, r any) error {
	fill := writerOf(o.format, r)
	if fill == nil {
		return fmt.Errorf("--format %s: not available here", o.format)
	}
	ctx := cmd.Context()
	write := func(w io.Writer) error {
		return fill(ctxWriter{ctx: ctx, w: w, progress: o.progress, done: new(uint64)})
	}
	var err error
	if o.file != "" && o.file != "-" {
		err = atomicfile.WriteOutput(ctx, o.file, write)
	} else {
		err = write(cmd.OutOrStdout())
	}
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	if errors.Is(err, atomicfile.ErrNotRegular) {
		return fmt.Errorf("-o %s: %w", o.file, errors.Unwrap(err)) // put there since the check
	}
	return wrapWrite(err)
}

// print writes one part of a result read as a stream (a claim of check,
// say) to w in the chosen format; a failed write is a failure.
func (o *output) print(w io.Writer, r any) error {
	fill := writerOf(o.format, r)
	if fill == nil {
		return fmt.Errorf("--format %s: not available here", o.format)
	}
	return wrapWrite(fill(w))
}

// pileHeader names the columns of an n-pile position: x1 … xn.
func pileHeader(n int) []string {
	h := make([]string, n)
	for i := range h {
		h[i] = fmt.Sprintf("x%d", i+1)
	}
	return h
}
