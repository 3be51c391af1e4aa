package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/spf13/cobra"
)

// The line protocol of `grundy pipe` (docs/python.md): one JSON request a
// line on stdin, one JSON response a line on stdout. A request is a
// command line of grundy run in this process on a command tree of its own,
// so each answer is the CLI's — its JSON, its wording of errors, its
// limits — without a process start per question.

// pipeLineMax bounds one request line: a batch of 10⁵ value queries is
// about 4 MiB.
const pipeLineMax = 64 << 20

// A pipeRequest is one line of the protocol's input.
type pipeRequest struct {
	ID     json.RawMessage `json:"id"`
	Args   []string        `json:"args"`
	Format string          `json:"format"`
	Stdin  *string         `json:"stdin"`
	Batch  []pipeRequest   `json:"batch"`
	Cancel json.RawMessage `json:"cancel"`
}

// A pipeResponse is one line of the protocol's output: an answer (OK set),
// a progress report or a note a command wrote on stderr.
type pipeResponse struct {
	ID       json.RawMessage `json:"id"`
	OK       *bool           `json:"ok,omitempty"`
	Result   []any           `json:"result,omitempty"`
	Text     *string         `json:"text,omitempty"`
	Base64   string          `json:"base64,omitempty"`
	Results  []pipeResponse  `json:"results,omitempty"`
	Error    string          `json:"error,omitempty"`
	Kind     string          `json:"kind,omitempty"`
	Status   int             `json:"status,omitempty"`
	Notes    []string        `json:"notes,omitempty"`
	Progress *pipeProgress   `json:"progress,omitempty"`
	Elapsed  float64         `json:"elapsed,omitempty"`
}

type pipeProgress struct {
	What    string  `json:"what"`
	Done    uint64  `json:"done,omitempty"`
	Total   uint64  `json:"total,omitempty"`
	Elapsed float64 `json:"elapsed"`
}

// Pipe is `grundy pipe`.
func (commands) Pipe(a *app) *cobra.Command {
	var workers int
	var every time.Duration
	cmd := &cobra.Command{
		Use:   "pipe",
		Short: "Answer JSON requests a line on stdin, one JSON response a line on stdout (for Python)",
		Long: `pipe is grundy as a long-lived process for programs (the Python package
in python/, docs/python.md): each line of stdin is a JSON request, each
line of stdout a JSON response.

  {"id": 1, "args": ["value", "nim", "1,2"]}
  {"id": 1, "ok": true, "result": [{"game": "nim", "pos": "1,2", "G": 3, …}]}

A request runs grundy ARGS in this process, with --json when the command
has it (or "format": F), and answers with the JSON values it printed
("result"), or its output as "text" (or "base64" when not UTF-8). An
error is {"ok": false, "error": "grundy: …", "kind": K, "status": S} with
the CLI's message and exit status; K is bad-input, failure, budget,
unknown-game, cancelled or protocol. {"id": 2, "batch": [{"args": …}, …]}
answers with "results", one a request, in order (they run at once up to
--workers); {"cancel": 1} stops
request 1 (it answers with kind cancelled). Long work sends
{"id": 1, "progress": {"what", "done", "total", "elapsed"}} lines first.
Integers beyond 2^53 are JSON strings. Requests run at once up to
--workers; the process ends when stdin does, after the requests in flight.`,
		Example: `  echo '{"id":1,"args":["value","wythoff","4,7"]}' | grundy pipe`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if workers < 1 {
				return fmt.Errorf("--workers %d: give the requests run at once, at least 1", workers)
			}
			if every <= 0 {
				return fmt.Errorf("--progress %v: give how often long work reports, such as 1s", every)
			}
			p := &piper{app: a, every: every, slots: make(chan struct{}, workers), flight: map[string]context.CancelFunc{}}
			p.out = bufio.NewWriter(cmd.OutOrStdout())
			return p.serve(cmd.Context(), a.stdin)
		},
	}
	cmd.Flags().IntVar(&workers, "workers", runtime.GOMAXPROCS(0), "requests run at once")
	cmd.Flags().DurationVar(&every, "progress", time.Second, "how often long work sends a progress line")
	return cmd
}

// A piper serves one pipe session.
type piper struct {
	app   *app
	every time.Duration
	slots chan struct{}

	mu     sync.Mutex // guards out, err and flight
	out    *bufio.Writer
	err    error // the first write that failed: the reader has gone
	flight map[string]context.CancelFunc
	// template is a whole command tree, for finding a request's command,
	// and names the method of commands that builds each.
	template *cobra.Command
	names    map[string]int
}

func (p *piper) serve(ctx context.Context, in io.Reader) error {
	r := bufio.NewReaderSize(in, 1<<16)
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		line, err := readLine(r)
		if len(bytes.TrimSpace(line)) > 0 {
			p.dispatch(ctx, line, &wg)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return failure{fmt.Errorf("standard input: %w", err)}
		}
		if ctx.Err() != nil {
			break
		}
	}
	wg.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err != nil {
		return failure{p.err}
	}
	return nil
}

// readLine reads one line without its newline; a line over pipeLineMax is
// read to its end and returned as a lone NUL byte, which dispatch answers
// as a protocol error (a JSON request holds no raw NUL).
func readLine(r *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) <= pipeLineMax {
			line = append(line, chunk...)
		} else {
			line = []byte("\x00")
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return bytes.TrimRight(line, "\r\n"), err
	}
}

// dispatch answers one request line: a cancel at once, anything else in
// a goroutine of its own once a worker slot is free.
func (p *piper) dispatch(ctx context.Context, line []byte, wg *sync.WaitGroup) {
	if line[0] == 0 {
		p.send(pipeResponse{ID: json.RawMessage("null"), OK: new(bool), Error: fmt.Sprintf("grundy: a request line longer than %d MiB", pipeLineMax>>20), Kind: "protocol", Status: exitBadInput})
		return
	}
	var req pipeRequest
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		p.send(protocolError(idOf(line), fmt.Sprintf("request %s: %v", clip(string(line)), err)))
		return
	}
	if len(req.Cancel) > 0 {
		p.mu.Lock()
		if cancel, ok := p.flight[string(req.Cancel)]; ok {
			cancel()
		}
		p.mu.Unlock()
		return
	}
	if len(req.ID) == 0 {
		p.send(protocolError(json.RawMessage("null"), "a request needs an id"))
		return
	}
	key := string(req.ID)
	rctx, cancel := context.WithCancel(ctx)
	p.mu.Lock()
	if _, dup := p.flight[key]; dup {
		p.mu.Unlock()
		cancel()
		p.send(protocolError(req.ID, fmt.Sprintf("id %s is in flight already", key)))
		return
	}
	p.flight[key] = cancel
	p.mu.Unlock()
	p.slots <- struct{}{}
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer func() { <-p.slots }()
		defer func() {
			p.mu.Lock()
			delete(p.flight, key)
			p.mu.Unlock()
			cancel()
		}()
		start := time.Now()
		var resp pipeResponse
		if req.Batch != nil {
			// The items run at once up to --workers, each answer in its
			// item's place.
			resp = pipeResponse{ID: req.ID, OK: ptr(true), Results: make([]pipeResponse, len(req.Batch))}
			var items sync.WaitGroup
			slots := make(chan struct{}, cap(p.slots))
			for i, item := range req.Batch {
				if item.Batch != nil || len(item.Cancel) > 0 {
					resp.Results[i] = protocolError(item.ID, "a batch holds command requests only")
					continue
				}
				slots <- struct{}{}
				items.Go(func() {
					defer func() { <-slots }()
					r := p.run(rctx, req.ID, item)
					r.ID = item.ID
					resp.Results[i] = r
				})
			}
			items.Wait()
		} else {
			resp = p.run(rctx, req.ID, req)
			resp.ID = req.ID
		}
		resp.Elapsed = time.Since(start).Seconds()
		p.send(resp)
	}()
}

// run answers one command request; id is the request's (or its batch's)
// for progress lines.
func (p *piper) run(ctx context.Context, id json.RawMessage, req pipeRequest) pipeResponse {
	if len(req.Args) == 0 {
		return protocolError(nil, `a request needs "args": a grundy command line such as ["value", "nim", "1,2"]`)
	}
	if err := ctx.Err(); err != nil {
		return cancelled()
	}
	var stdin io.Reader = strings.NewReader("")
	if req.Stdin != nil {
		stdin = strings.NewReader(*req.Stdin)
	}
	var stdout bytes.Buffer
	notes := &pipeNotes{p: p, id: id}
	sub := newApp(stdin, &stdout, notes)
	sub.limits, sub.searchCap, sub.plotMax = p.app.limits, p.app.searchCap, p.app.plotMax
	sub.progressAfter, sub.progressEvery = p.every, p.every
	root, args := p.tree(sub, req.Args)
	if args[0] == "pipe" || args[0] == "serve" || args[0] == "play" {
		return protocolError(nil, fmt.Sprintf("%s: not a command of the pipe (it would read the pipe's own streams or serve forever)", args[0]))
	}
	asJSON := false
	switch c, _, err := root.Find(args); {
	case req.Format != "":
		args = append(slices.Clip(args), "--format", req.Format)
		asJSON = req.Format == "json"
	case err == nil && c.Flags().Lookup("json") != nil && !slices.ContainsFunc(args, isFormatFlag):
		args = append(slices.Clip(args), "--json")
		asJSON = true
	}
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(&stdout)
	root.SetErr(notes)
	err := root.ExecuteContext(ctx)
	resp := pipeResponse{Notes: notes.flush()}
	if err != nil {
		resp.OK = new(bool)
		resp.Kind, resp.Status = errKind(err)
		if resp.Kind == "cancelled" {
			resp.Error = "grundy: cancelled"
		} else {
			resp.Error = "grundy: " + word(negativeArg(args, err))
		}
		return resp
	}
	resp.OK = ptr(true)
	out := stdout.Bytes()
	switch {
	case asJSON:
		vals, err := jsonValues(out)
		if err != nil {
			return pipeResponse{OK: new(bool), Error: "grundy: the command's JSON: " + err.Error(), Kind: "failure", Status: exitFailure}
		}
		resp.Result = vals
	case utf8.Valid(out):
		s := string(out)
		resp.Text = &s
	default:
		resp.Base64 = base64.StdEncoding.EncodeToString(out)
	}
	return resp
}

// tree is the command tree that runs args for sub, and args with the
// command first. A request's tree holds its one command: building all of
// them (newRoot) is most of the cost of a small query. An argument list
// naming no command of commands (cobra's help, a typo) gets the whole
// tree, and with it cobra's answer.
func (p *piper) tree(sub *app, args []string) (*cobra.Command, []string) {
	p.mu.Lock()
	if p.names == nil {
		p.template = newRoot(newApp(nil, io.Discard, io.Discard))
		p.names = map[string]int{}
		cs := reflect.ValueOf(commands{})
		for i := range cs.NumMethod() {
			c := cs.Method(i).Interface().(func(*app) *cobra.Command)(p.app)
			p.names[c.Name()] = i
		}
	}
	args = commandFirst(p.template, args)
	c, _, err := p.template.Find(args)
	p.mu.Unlock()
	i, ok := 0, false
	if err == nil && c.Parent() == p.template {
		i, ok = p.names[c.Name()]
	}
	if !ok {
		return newRoot(sub), args
	}
	root := &cobra.Command{Use: "grundy", SilenceUsage: true, SilenceErrors: true}
	root.AddCommand(reflect.ValueOf(commands{}).Method(i).Interface().(func(*app) *cobra.Command)(sub))
	return root, args
}

func isFormatFlag(a string) bool {
	return a == "--json" || a == "--format" || strings.HasPrefix(a, "--format=") || strings.HasPrefix(a, "--json=")
}

// errKind is the stable kind of a command's error and its exit status.
func errKind(err error) (string, int) {
	var be *engine.BudgetError
	switch {
	case errors.Is(err, context.Canceled):
		return "cancelled", exitInterrupt
	case errors.As(err, new(failure)):
		return "failure", exitFailure
	case errors.As(err, &be):
		return "budget", exitBadInput
	case errors.Is(err, games.ErrUnknown):
		return "unknown-game", exitBadInput
	}
	return "bad-input", exitBadInput
}

func protocolError(id json.RawMessage, msg string) pipeResponse {
	return pipeResponse{ID: id, OK: new(bool), Error: "grundy: " + msg, Kind: "protocol", Status: exitBadInput}
}

func cancelled() pipeResponse {
	return pipeResponse{OK: new(bool), Error: "grundy: cancelled", Kind: "cancelled", Status: exitInterrupt}
}

func ptr[T any](v T) *T { return &v }

// idOf is the id of a request line that did not decode as a request, when
// it is a JSON object with one, so that the client can match the error.
func idOf(line []byte) json.RawMessage {
	var v struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(line, &v) == nil && len(v.ID) > 0 {
		return v.ID
	}
	return json.RawMessage("null")
}

func clip(s string) string {
	if len(s) > 80 {
		return strconv.Quote(s[:80]) + "…"
	}
	return strconv.Quote(s)
}

// bigInt is the magnitude past which a JSON client's numbers (IEEE
// doubles, as in JavaScript and json.loads' floats) lose integers.
const bigInt = 1 << 53

// jsonValues reads the JSON values a command printed (one, or one a line)
// and turns integers beyond 2^53 into strings.
func jsonValues(out []byte) ([]any, error) {
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.UseNumber()
	vals := []any{}
	for {
		var v any
		err := dec.Decode(&v)
		if err == io.EOF {
			return vals, nil
		}
		if err != nil {
			return nil, err
		}
		vals = append(vals, bigToString(v))
	}
}

func bigToString(v any) any {
	switch v := v.(type) {
	case json.Number:
		s := string(v)
		if strings.ContainsAny(s, ".eE") {
			return v
		}
		if n, err := strconv.ParseInt(s, 10, 64); err == nil && -bigInt <= n && n <= bigInt {
			return v
		}
		return s
	case []any:
		for i := range v {
			v[i] = bigToString(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = bigToString(v[k])
		}
	}
	return v
}

// send writes one response line; after a failed write (the reader has
// gone) it writes nothing more.
func (p *piper) send(r pipeResponse) {
	line, err := json.Marshal(r)
	if err != nil {
		line, _ = json.Marshal(pipeResponse{ID: r.ID, OK: new(bool), Error: "grundy: encode the response: " + err.Error(), Kind: "failure", Status: exitFailure})
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err != nil {
		return
	}
	p.out.Write(line)
	p.out.WriteByte('\n')
	p.err = p.out.Flush()
}

// pipeNotes is a command's stderr: progress lines go out as progress
// responses at once, other lines are kept for the answer's notes.
type pipeNotes struct {
	p   *piper
	id  json.RawMessage
	mu  sync.Mutex
	buf []byte
	out []string
}

// The progress lines of progressLines: "grundy: WHAT D of T (P%), E",
// "grundy: WHAT D, E" and "grundy: WHAT, E".
var (
	progressOf    = regexp.MustCompile(`^grundy: (.*) (\d+) of (\d+) \(\d+%\), (\S+)$`)
	progressCount = regexp.MustCompile(`^grundy: (.*) (\d+), (\S+)$`)
	progressBare  = regexp.MustCompile(`^grundy: (.*), (\S+)$`)
)

func (n *pipeNotes) Write(b []byte) (int, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.buf = append(n.buf, b...)
	for {
		i := bytes.IndexByte(n.buf, '\n')
		if i < 0 {
			return len(b), nil
		}
		line := string(n.buf[:i])
		n.buf = n.buf[i+1:]
		if pr := parseProgress(line); pr != nil {
			n.p.send(pipeResponse{ID: n.id, Progress: pr})
		} else {
			n.out = append(n.out, strings.TrimPrefix(line, "grundy: "))
		}
	}
}

func (n *pipeNotes) flush() []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	if len(n.buf) > 0 {
		n.out = append(n.out, strings.TrimPrefix(string(n.buf), "grundy: "))
		n.buf = nil
	}
	return n.out
}

func parseProgress(line string) *pipeProgress {
	if m := progressOf.FindStringSubmatch(line); m != nil {
		if e, err := time.ParseDuration(m[4]); err == nil {
			d, _ := strconv.ParseUint(m[2], 10, 64)
			t, _ := strconv.ParseUint(m[3], 10, 64)
			return &pipeProgress{What: m[1], Done: d, Total: t, Elapsed: e.Seconds()}
		}
	}
	if m := progressCount.FindStringSubmatch(line); m != nil {
		if e, err := time.ParseDuration(m[3]); err == nil {
			d, _ := strconv.ParseUint(m[2], 10, 64)
			return &pipeProgress{What: m[1], Done: d, Elapsed: e.Seconds()}
		}
	}
	if m := progressBare.FindStringSubmatch(line); m != nil {
		if e, err := time.ParseDuration(m[2]); err == nil {
			return &pipeProgress{What: m[1], Elapsed: e.Seconds()}
		}
	}
	return nil
}
