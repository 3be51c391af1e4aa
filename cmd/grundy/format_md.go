package main

import (
	"fmt"
	"io"
	"strings"
)

// md: a result that writes itself as Markdown, or that is a table.
type mdFormat struct{}

type markdowner interface{ WriteMarkdown(io.Writer) error }

func (mdFormat) name() string { return "md" }

func (mdFormat) of(r any) func(io.Writer) error {
	switch r := r.(type) {
	case markdowner:
		return r.WriteMarkdown
	case tabler:
		return func(w io.Writer) error { return mdRows(w, r.Table()) }
	}
	return nil
}

// mdRows writes a table as Markdown, its number columns right aligned.
func mdRows(w io.Writer, t table) error {
	fmt.Fprintf(w, "| %s |\n|", strings.Join(t.Header, " | "))
	for i := range t.Header {
		if i >= t.Right {
			fmt.Fprint(w, "---:|")
		} else {
			fmt.Fprint(w, "---|")
		}
	}
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	return t.Rows(func(cells []string) error {
		_, err := fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
		return err
	})
}
