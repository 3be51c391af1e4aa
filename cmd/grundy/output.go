package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/grundy/grundy/internal/atomicfile"
	"github.com/grundy/grundy/render"
	"github.com/spf13/cobra"
)

// The output layer: every command that prints a result takes --format
// (those of text, json, csv, md and latex that the result has) and --json
// as its alias, checks the format before any work, and writes through
// output.write, so formats are dispatched in one place.

// A result is what a command prints, in each format it has; nil formats
// are not offered. JSON is the value encoded (render.JSON).
type result struct {
	JSON                 any
	Text, CSV, MD, LaTeX func(io.Writer) error
	jsonLines            func(io.Writer) error // JSON as one object per line, when set
}

func (r result) writer(format string) func(io.Writer) error {
	switch format {
	case "json":
		if r.jsonLines != nil {
			return r.jsonLines
		}
		return func(w io.Writer) error { return render.JSON(w, r.JSON) }
	case "csv":
		return r.CSV
	case "md":
		return r.MD
	case "latex":
		return r.LaTeX
	}
	return r.Text
}

// output holds a command's --format, --json and (when it has one) -o.
type output struct {
	format  string
	asJSON  bool
	file    string
	formats []string
	// progress, if set, hears of the bytes written.
	progress func(done, total uint64)
}

// addOutput adds --format (formats[0] the default) and --json to cmd.
func addOutput(cmd *cobra.Command, o *output, formats ...string) {
	o.formats = formats
	cmd.Flags().StringVar(&o.format, "format", formats[0], "output format: "+strings.Join(formats, ", "))
	if slices.Contains(formats, "json") {
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
func (o *output) write(cmd *cobra.Command, r result) error {
	fill := r.writer(o.format)
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

// csvRows writes a header and rows as CSV.
func csvRows(w io.Writer, header []string, rows func(emit func([]string) error) error) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	if err := rows(cw.Write); err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}

// mdRows writes a header and rows as a Markdown table; right aligns the
// columns from index right on.
func mdRows(w io.Writer, header []string, right int, rows func(emit func([]string) error) error) error {
	fmt.Fprintf(w, "| %s |\n|", strings.Join(header, " | "))
	for i := range header {
		if i >= right {
			fmt.Fprint(w, "---:|")
		} else {
			fmt.Fprint(w, "---|")
		}
	}
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	return rows(func(cells []string) error {
		_, err := fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
		return err
	})
}

// latexRows writes a header and rows as a booktabs tabular.
func latexRows(w io.Writer, comment string, header []string, right int, rows func(emit func([]string) error) error) error {
	cols := strings.Repeat("l", right) + strings.Repeat("r", len(header)-right)
	fmt.Fprintf(w, "%% %s\n\\begin{tabular}{%s}\n\\toprule\n%s \\\\\n\\midrule\n", comment, cols, strings.Join(header, " & "))
	err := rows(func(cells []string) error {
		_, err := fmt.Fprintf(w, "%s \\\\\n", strings.Join(cells, " & "))
		return err
	})
	if err != nil {
		return err
	}
	_, err = fmt.Fprint(w, "\\bottomrule\n\\end{tabular}\n")
	return err
}

// pileHeader names the columns of an n-pile position: x1 … xn.
func pileHeader(n int) []string {
	h := make([]string, n)
	for i := range h {
		h[i] = fmt.Sprintf("x%d", i+1)
	}
	return h
}
