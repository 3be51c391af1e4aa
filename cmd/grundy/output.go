package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/grundy/grundy/internal/atomicfile"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
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
	return []format{textFormat{}, csvFormat{}, jsonFormat{}, mdFormat{}, latexFormat{}, claimsFormat{}, bibtexFormat{}, dotFormat{}, tikzFormat{}}
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
	force   bool // -o may replace a read-only or executable file, or an input
	hasFile bool // -o is file (addOutputFile)
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
// written through; see docs/files.md), and --force.
func addOutputFile(cmd *cobra.Command, o *output) {
	cmd.Flags().StringVarP(&o.file, "output", "o", "", "write to this file (atomically) instead of stdout (- or /dev/stdout: stdout)")
	o.hasFile = true
	addForce(cmd, &o.force)
}

func addForce(cmd *cobra.Command, force *bool) {
	cmd.Flags().BoolVar(force, "force", false, "let -o replace a read-only or executable file, or a file this command reads")
}

// toStdout reports whether -o path names standard output: "-", or
// "/dev/stdout" by that name (on Linux a symbolic link, which -o refuses
// elsewhere, and a name some systems lack).
func toStdout(path string) bool { return path == "-" || path == "/dev/stdout" }

// checkOutputFile refuses, before any work, a -o that no write may take
// (a symbolic link, a directory, a block device or a socket) or that
// would destroy what is likely wanted, unless force: a file this command
// reads (a rule file, a table directory's file), a read-only file or an
// executable. An empty -o is refused: it is a script's unset variable,
// not a request for standard output.
func checkOutputFile(cmd *cobra.Command, path string, force bool) error {
	return checkOutputPath(cmd, "-o", "output", path, force)
}

// checkOutputPath is checkOutputFile for the file of the flag named name,
// shown as flag ("-o", "--profile").
func checkOutputPath(cmd *cobra.Command, flag, name, path string, force bool) error {
	if path == "" {
		if given(cmd, name) {
			return fmt.Errorf("%s '': give a file name (- for standard output)", flag)
		}
		return nil
	}
	if name == "output" && toStdout(path) {
		return nil
	}
	target, err := atomicfile.Check(path)
	if err != nil {
		return fmt.Errorf("%s %s: %w", flag, path, errors.Unwrap(err))
	}
	if force {
		return nil
	}
	for _, in := range inputs(cmd, name) {
		fi, err := os.Stat(in)
		if err != nil {
			continue
		}
		if fi.IsDir() {
			if in != tableDir(cmd) {
				continue // a directory named otherwise is not read whole
			}
			if d, err := os.Stat(filepath.Dir(path)); err == nil && os.SameFile(d, fi) {
				return fmt.Errorf("%s %s: is inside %s, which this command reads; write elsewhere (or add --force)", flag, path, in)
			}
			continue
		}
		if o, err := os.Stat(path); err == nil && os.SameFile(o, fi) {
			return fmt.Errorf("%s %s: is %s, which this command reads; write elsewhere (or add --force to replace it)", flag, path, in)
		}
	}
	if target != atomicfile.Regular {
		return nil
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil // gone since the check: nothing to protect
	}
	switch m := fi.Mode().Perm(); {
	case m&0o200 == 0:
		return fmt.Errorf("%s %s: is read-only; add --force to replace it", flag, path)
	case m&0o111 != 0:
		return fmt.Errorf("%s %s: is an executable; add --force to replace it", flag, path)
	}
	return nil
}

// tableDir is the table directory the command reads (--table), if any.
func tableDir(cmd *cobra.Command) string {
	if f := cmd.Flags().Lookup("table"); f != nil && f.Changed {
		return f.Value.String()
	}
	return ""
}

// inputs are the paths a command's arguments and flags may name: each
// argument and string flag value, and of a ruleset such as
// my.rules@1a2b3c4d:k=3 or fdg:file=v.json the file it names.
func inputs(cmd *cobra.Command, output string) []string {
	var vals []string
	vals = append(vals, cmd.Flags().Args()...)
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if f.Name != output && f.Value.Type() == "string" {
			vals = append(vals, f.Value.String())
		}
	})
	var paths []string
	for _, v := range vals {
		paths = append(paths, v)
		name, params, _ := strings.Cut(v, ":")
		file, _, _ := strings.Cut(name, "@")
		paths = append(paths, name, file)
		for _, kv := range strings.Split(params, ",") {
			if f, ok := strings.CutPrefix(strings.TrimSpace(kv), "file="); ok {
				paths = append(paths, f)
			}
		}
	}
	return paths
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
	if !o.hasFile {
		return nil
	}
	return checkOutputFile(cmd, o.file, o.force)
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
	if o.file != "" && !toStdout(o.file) {
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
