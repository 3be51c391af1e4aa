package main

import (
	"io"

	"github.com/grundy/grundy/render"
)

// json: a result that names its JSON value, printed as one line, or that
// writes itself as JSON lines (one object a line, for a result read as a
// stream).
type jsonFormat struct{}

type (
	jsonValuer interface{ JSONValue() any }
	jsonLiner  interface{ WriteJSONLines(io.Writer) error }
)

func (jsonFormat) name() string { return "json" }

func (jsonFormat) of(r any) func(io.Writer) error {
	switch r := r.(type) {
	case jsonLiner:
		return r.WriteJSONLines
	case jsonValuer:
		return func(w io.Writer) error { return render.JSON(w, r.JSONValue()) }
	}
	return nil
}
