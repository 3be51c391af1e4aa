package main

import "io"

// text: a result that writes itself as text.
type textFormat struct{}

type texter interface{ WriteText(io.Writer) error }

func (textFormat) name() string { return "text" }

func (textFormat) of(r any) func(io.Writer) error {
	if t, ok := r.(texter); ok {
		return t.WriteText
	}
	return nil
}
