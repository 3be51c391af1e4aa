package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"slices"
	"strings"
	"testing"
	"time"
)

// pipeLines runs grundy pipe on the request lines and returns its
// response lines, decoded, keyed by id (progress lines dropped).
func pipeLines(t *testing.T, lines ...string) map[string]map[string]any {
	t.Helper()
	var out, errs bytes.Buffer
	if code := run(context.Background(), []string{"pipe"}, strings.NewReader(strings.Join(lines, "\n")+"\n"), &out, &errs); code != 0 {
		t.Fatalf("grundy pipe: exit %d, stderr %s", code, errs.String())
	}
	got := map[string]map[string]any{}
	for l := range strings.Lines(out.String()) {
		var r map[string]any
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("response %q: %v", l, err)
		}
		if _, ok := r["progress"]; ok {
			continue
		}
		id, _ := json.Marshal(r["id"])
		got[string(id)] = r
	}
	return got
}

// cliRun is what `grundy ARGS` prints and exits with.
func cliRun(args ...string) (stdout, stderr string, code int) {
	var out, errs bytes.Buffer
	code = run(context.Background(), args, nil, &out, &errs)
	return out.String(), errs.String(), code
}

// TestPipeAnswersAsTheCLI: each request's answer is what the same command
// line prints — its JSON values, its error message and exit status.
func TestPipeAnswersAsTheCLI(t *testing.T) {
	tests := []struct {
		args   []string
		format string
	}{
		{args: []string{"value", "wythoff", "4,7"}},
		{args: []string{"value", "nim", "1,2,3"}},
		{args: []string{"move", "nim", "1,2"}},
		{args: []string{"table", "nim", "--max", "2", "--piles", "2"}, format: "csv"},
		{args: []string{"ppos", "wythoff", "--max", "20"}},
		{args: []string{"value", "nim", "1,x"}},
		{args: []string{"value", "nope", "1"}},
		{args: []string{"table", "nim", "--max", "2"}},
		{args: []string{"value", "nim", "-1,2"}},
		{args: []string{"frobnicate"}},
	}
	var lines []string
	for i, tc := range tests {
		b, _ := json.Marshal(map[string]any{"id": i, "args": tc.args, "format": tc.format})
		lines = append(lines, strings.Replace(string(b), `,"format":""`, "", 1))
	}
	got := pipeLines(t, lines...)
	for i, tc := range tests {
		r := got[strings.TrimSpace(string(must(json.Marshal(i))))]
		if r == nil {
			t.Errorf("%v: no answer", tc.args)
			continue
		}
		args := tc.args
		switch {
		case tc.format != "":
			args = append(args, "--format", tc.format)
		default:
			args = append(args, "--json")
		}
		stdout, stderr, code := cliRun(args...)
		if code != 0 {
			if r["ok"] != false || r["error"] != strings.TrimSpace(stderr) || r["status"] != float64(code) {
				t.Errorf("%v: pipe %v, CLI %q exit %d", tc.args, r, stderr, code)
			}
			continue
		}
		if tc.format != "" {
			if r["text"] != stdout {
				t.Errorf("%v: pipe text %q, CLI %q", tc.args, r["text"], stdout)
			}
			continue
		}
		var want []any
		dec := json.NewDecoder(strings.NewReader(stdout))
		for {
			var v any
			if dec.Decode(&v) != nil {
				break
			}
			want = append(want, v)
		}
		if g, w := must(json.Marshal(r["result"])), must(json.Marshal(want)); !bytes.Equal(g, w) {
			t.Errorf("%v: pipe %s\nCLI %s", tc.args, g, w)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestPipeProtocol: the requests the protocol itself refuses, batches and
// integers beyond 2^53.
func TestPipeProtocol(t *testing.T) {
	got := pipeLines(t,
		`not json`,
		`{"id":"a","args":["value","nim","1,2"],"extra":1}`,
		`{"id":"b"}`,
		`{"id":"c","args":["pipe"]}`,
		`{"id":"d","batch":[{"id":1,"args":["value","nim","1,2"]},{"id":2,"args":["value","nim","1,"]},{"id":3,"batch":[]}]}`,
		`{"id":"e","args":["value","nim","9007199254740993,0"]}`,
		`{"id":"f","args":["value","nim","9007199254740992,0"]}`,
	)
	for id, want := range map[string]string{
		`null`: `grundy: request "not json": invalid character 'o' in literal null (expecting 'u')`,
		`"a"`:  `unknown field "extra"`,
		`"b"`:  `a request needs "args"`,
		`"c"`:  `pipe: not a command of the pipe`,
	} {
		r := got[id]
		if r == nil || r["ok"] != false || r["kind"] != "protocol" || !strings.Contains(r["error"].(string), want) {
			t.Errorf("id %s: %v, want a protocol error with %q", id, r, want)
		}
	}
	if r := pipeLines(t, `{"args":["value","nim","1,2"]}`)["null"]; r == nil || r["error"] != "grundy: a request needs an id" {
		t.Errorf("a request without id: %v", r)
	}
	d := got[`"d"`]
	if d == nil || d["ok"] != true {
		t.Fatalf("batch: %v", d)
	}
	res := d["results"].([]any)
	if len(res) != 3 {
		t.Fatalf("batch: %d results, want 3", len(res))
	}
	for i, want := range []string{"ok", "bad-input", "protocol"} {
		r := res[i].(map[string]any)
		if r["id"] != float64(i+1) || (want == "ok") != (r["ok"] == true) || (want != "ok" && r["kind"] != want) {
			t.Errorf("batch item %d: %v, want %s", i+1, r, want)
		}
	}
	// 2^53+1 is no double: it travels as a string.
	if g := got[`"e"`]["result"].([]any)[0].(map[string]any)["G"]; g != "9007199254740993" {
		t.Errorf("G(nim 2^53+1,0) = %v (%T), want the string 9007199254740993", g, g)
	}
	// A value's JSON writes every value as a decimal string
	// (docs/json.md), small ones too.
	if g := got[`"f"`]["result"].([]any)[0].(map[string]any)["G"]; g != "9007199254740992" {
		t.Errorf("G(nim 2^53,0) = %v (%T), want the string 9007199254740992", g, g)
	}
}

// TestPipeCancel: a cancelled request answers at once with kind
// cancelled, sends progress before, and the session goes on.
func TestPipeCancel(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	a := newApp(inR, outW, io.Discard)
	done := make(chan int)
	go func() {
		done <- a.run(context.Background(), []string{"pipe", "--progress", "100ms"})
		outW.Close()
	}()
	lines := bufio.NewScanner(outR)
	lines.Buffer(nil, 1<<20)
	next := func() map[string]any {
		t.Helper()
		if !lines.Scan() {
			t.Fatalf("no response: %v", lines.Err())
		}
		var r map[string]any
		if err := json.Unmarshal(lines.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	// 400³ positions of nim: minutes on a loaded machine, far longer
	// than the progress period.
	io.WriteString(inW, `{"id":"long","args":["count","nim","--max","400","--piles","3"]}`+"\n")
	start := time.Now()
	r := next()
	if r["id"] != "long" || r["progress"] == nil {
		t.Fatalf("first line %v, want progress of long", r)
	}
	io.WriteString(inW, `{"cancel":"long"}`+"\n")
	for r["progress"] != nil {
		r = next()
	}
	if r["id"] != "long" || r["ok"] != false || r["kind"] != "cancelled" || r["error"] != "grundy: cancelled" {
		t.Errorf("after cancel: %v", r)
	}
	if el := time.Since(start); el > 30*time.Second {
		t.Errorf("cancel took %v", el)
	}
	io.WriteString(inW, `{"id":"next","args":["value","nim","1,2"]}`+"\n")
	if r := next(); r["id"] != "next" || r["ok"] != true {
		t.Errorf("after a cancel: %v", r)
	}
	inW.Close()
	if code := <-done; code != 0 {
		t.Errorf("pipe exit %d", code)
	}
}

// FuzzPipe feeds request lines to the pipe: whatever they hold, every
// response is one JSON object a line with an id, and the session ends
// with exit status 0.
func FuzzPipe(f *testing.F) {
	for _, seed := range []string{
		`{"id":1,"args":["value","nim","1,2"]}`,
		`{"id":"x","batch":[{"args":["table","nim","--max","2","--piles","2"]},{"args":["value"]}]}`,
		`{"cancel":1}`,
		`{"id":[1],"args":[]}`,
		`{"id":2,"args":["ppos","wythoff","--max","9"],"format":"csv"}`,
		`{"id":3,"args":["value","nim","1,2"],"stdin":"x"}`,
		"{\"id\":4,\"args\":[\"games\"]}\n{\"id\":4,\"args\":[\"games\"]}",
		`{"id":null,"args":["value","nim","9007199254740993"]}`,
		"\x00\xff{", `[]`, `{"id":{}}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		// The protocol is under test, not the commands (FuzzCLI's): a
		// request of a command outside quick ones, whose heavy work
		// (check --all, findings) no limit bounds, is skipped.
		for l := range strings.Lines(in) {
			var req pipeRequest
			if json.Unmarshal([]byte(l), &req) != nil {
				continue
			}
			for _, r := range append([]pipeRequest{req}, req.Batch...) {
				if len(r.Args) > 0 && !slices.Contains([]string{"value", "move", "games", "table", "ppos", "sequence", "count"}, r.Args[0]) {
					t.Skip()
				}
			}
		}
		var out bytes.Buffer
		a := newApp(strings.NewReader(in), &out, io.Discard)
		a.limits = fuzzLimits
		a.searchCap = 200_000
		a.plotMax = 50
		if code := a.run(context.Background(), []string{"pipe"}); code != 0 {
			t.Fatalf("pipe on %q: exit %d", in, code)
		}
		for l := range strings.Lines(out.String()) {
			var r map[string]any
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatalf("pipe on %q: response %q: %v", in, l, err)
			}
			if _, ok := r["id"]; !ok {
				t.Fatalf("pipe on %q: response %q has no id", in, l)
			}
		}
	})
}
