package main

import "io"

// dotFormat writes Graphviz's language; tikzFormat a TikZ picture
// (grundy draw).
type (
	dotFormat  struct{}
	tikzFormat struct{}
)

func (dotFormat) name() string  { return "dot" }
func (tikzFormat) name() string { return "tikz" }

func (dotFormat) of(r any) func(io.Writer) error {
	if d, ok := r.(interface{ WriteDot(io.Writer) error }); ok {
		return d.WriteDot
	}
	return nil
}

func (tikzFormat) of(r any) func(io.Writer) error {
	if d, ok := r.(interface{ WriteTikZ(io.Writer) error }); ok {
		return d.WriteTikZ
	}
	return nil
}
