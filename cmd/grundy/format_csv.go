package main

import (
	"encoding/csv"
	"io"
)

// csv: a result that writes itself as CSV, or that is a table.
type csvFormat struct{}

type csvWriter interface{ WriteCSV(io.Writer) error }

func (csvFormat) name() string { return "csv" }

func (csvFormat) of(r any) func(io.Writer) error {
	switch r := r.(type) {
	case csvWriter:
		return r.WriteCSV
	case tabler:
		return func(w io.Writer) error { return csvRows(w, r.Table()) }
	}
	return nil
}

// csvRows writes a table's header and rows as CSV.
func csvRows(w io.Writer, t table) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(t.Header); err != nil {
		return err
	}
	if err := t.Rows(cw.Write); err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}
