package main

import (
	"fmt"
	"io"
	"strings"
)

// latex: a result that writes itself as LaTeX, or that is a table fit for
// a paper (with a caption and mathematical column heads).
type latexFormat struct{}

type (
	latexWriter interface{ WriteLaTeX(io.Writer) error }
	latexTabler interface{ LaTeXTable() table }
)

func (latexFormat) name() string { return "latex" }

func (latexFormat) of(r any) func(io.Writer) error {
	switch r := r.(type) {
	case latexWriter:
		return r.WriteLaTeX
	case latexTabler:
		return func(w io.Writer) error { return latexRows(w, r.LaTeXTable()) }
	}
	return nil
}

// latexRows writes a table as a booktabs tabular headed by its caption as
// a comment.
func latexRows(w io.Writer, t table) error {
	cols := strings.Repeat("l", t.Right) + strings.Repeat("r", len(t.Header)-t.Right)
	fmt.Fprintf(w, "%% %s\n\\begin{tabular}{%s}\n\\toprule\n%s \\\\\n\\midrule\n", t.Caption, cols, strings.Join(t.Header, " & "))
	err := t.Rows(func(cells []string) error {
		_, err := fmt.Fprintf(w, "%s \\\\\n", strings.Join(cells, " & "))
		return err
	})
	if err != nil {
		return err
	}
	_, err = fmt.Fprint(w, "\\bottomrule\n\\end{tabular}\n")
	return err
}
