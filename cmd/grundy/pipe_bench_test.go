package main

import (
	"context"
	"io"
	"testing"
)

// BenchmarkPipeValue is one small value query through the pipe, the cost
// 10⁴ queries from Python pay each (docs/python.md).
func BenchmarkPipeValue(b *testing.B) {
	p := &piper{app: newApp(nil, io.Discard, io.Discard), every: 1e9}
	for b.Loop() {
		if r := p.run(context.Background(), nil, pipeRequest{Args: []string{"value", "wythoff", "4,7"}}); !*r.OK {
			b.Fatal(r.Error)
		}
	}
}
