package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/solve"
)

// FuzzCLI runs grundy in-process on argument vectors built from a small
// grammar — every command, rulesets, positions and flag values at the
// edges (int64 limits, NaN, Inf, empty, unicode, huge pile counts) — and
// asserts what issue 15 asks of every input: no panic, an exit status in
// {0, 1, 2, 130}, bounded memory and an answer within seconds. The box
// and search limits are lowered so that whatever the estimator accepts
// must finish quickly: a slow acceptance is an estimate that lies.
//
// Not fuzzed: prove (it runs an external SMT solver), and check beyond
// a single small claim (the claims' own boxes take seconds each). draw
// reads certificates of 000/bouton written once for the run; pipe reads
// a request line from the grammar on its stdin.
func FuzzCLI(f *testing.F) {
	certs := f.TempDir()
	if _, stderr, code := cliRun("certify", "000/bouton", "--dir", certs); code != 0 {
		f.Fatalf("certify: exit %d: %s", code, stderr)
	}
	fuzzCerts = []string{filepath.Join(certs, "000_bouton_nim_n2"), filepath.Join(certs, "000_bouton_nim_n3"),
		certs, filepath.Join(certs, "000_bouton_nim_n2", "nosuch"), "", "nosuch"}
	for _, seed := range [][]byte{
		{0, 0, 0, 0}, {1, 1, 2, 3}, {2, 3, 4, 5, 6}, {3, 2, 1, 0, 9, 9},
		{4, 5, 5, 5, 5}, {5, 0, 7, 7, 7, 7}, {6, 1, 1}, {7, 2, 3, 4},
		{8, 8, 8}, {9, 9, 1, 2}, {10, 10, 0}, {11, 3, 3, 3}, {12, 0, 1},
		{13, 4, 2, 2, 2}, {14, 6, 5, 4}, {15, 1}, {16, 2, 2},
		// play nim on 20,000 piles of 1, the computer first: its search
		// ignored the limits and took 17 s of CPU (found by CI's fuzzing).
		{14, 0, 18, 1, 23},
		// sequence kayles and Lasker's Nim at the edges of --max.
		{17, 1, 1, 5}, {17, 4, 1, 9, 2},
		// move exco-nim on 20,000 piles of 1, misère: counting its options
		// to refuse the search took 1.3 s (5 s in a fuzzing build).
		{1, 10, 18, 1},
		// plot moore:k=2 --max 8 -o out.svg --size 1: the colour bar had a
		// negative height and gonum panicked (found by fuzzing).
		{9, 5, 1, 31, 0, 5, 2, 4},
		// bfile ppos wythoff --max 30, bfile sequence 0.77 --max 30,
		// bfile line nim 3,5 --count 5 --step 3,5; draw Bouton's two-pile
		// automaton, as dot and as TikZ; pipe answering a value, a batch,
		// and a move cancelled.
		{19, 0, 5, 0, 8}, {19, 1, 0, 0, 8}, {20, 0, 0, 1, 1, 4, 4, 1},
		{21, 0}, {21, 0, 0, 40}, {22, 0}, {22, 2}, {22, 3},
	} {
		f.Add(seed)
	}
	// A soft limit makes the collector work hard near fuzzHeap, so that
	// the heap samples measure what grundy keeps, not garbage.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(fuzzHeap / 2))
	f.Fuzz(func(t *testing.T, choices []byte) {
		t.Chdir(t.TempDir()) // solve, table -o and plot write here
		args, stdin := cliArgs(choices)
		checkRun(t, args, stdin)
	})
}

// The limits an answer must keep to. The CPU limit is the sharp one: the
// work the lowered limits admit (fuzzLimits) takes well under a second.
// The wall limit catches a hang; it stays below the 10 s after which a Go
// fuzzing worker declares itself hung and dies without naming the input.
const (
	fuzzTime = 8 * time.Second // on a loaded two-core machine
	fuzzCPU  = 4 * time.Second // every thread of the process
	fuzzHeap = 1 << 30
)

// fuzzLimits are the limits grundy runs under here. A box's step costs up
// to ≈ 17 ns (nim's boxes on the generic solver; BENCHMARKS.md), several
// times that in a fuzzing build's coverage instrumentation: 2·10⁷ steps
// take a second or so. A search step is cheaper (a follower's copy and sort).
var fuzzLimits = solve.Limits{Memory: 512 << 20, Work: 2e7, Search: 2e8}

// checkRun runs grundy on args, with stdin as its standard input, and fails on a panic, an unexpected exit
// status, a heap beyond fuzzHeap or an answer slower than fuzzTime or
// costing more than fuzzCPU. Nothing else runs in the process meanwhile:
// fuzz targets run after the package's tests, and each fuzzing worker
// process runs one input at a time.
func checkRun(t *testing.T, args []string, stdin string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if len(args) > 0 && args[0] == "serve" {
		cancel() // serve checks its flags, then stops at once
	}
	peak := watchHeap(ctx)
	var out, errOut bytes.Buffer
	start := time.Now()
	cpu0, cpuOK := cpuTime()
	a := newApp(strings.NewReader(stdin), &out, &errOut)
	a.limits = fuzzLimits
	a.searchCap = 200_000
	a.plotMax = 300
	a.progressAfter = time.Hour // stderr holds only the error
	code := a.run(ctx, args)
	elapsed := time.Since(start)
	cpu1, _ := cpuTime()
	cancel()
	heap := <-peak
	q := quoteArgs(args)
	switch code {
	case 0, 1, 2, 130:
	default:
		t.Errorf("grundy %s: exit status %d, want 0, 1, 2 or 130", q, code)
	}
	if elapsed > fuzzTime {
		t.Errorf("grundy %s: took %v, more than %v", q, elapsed.Round(time.Millisecond), fuzzTime)
	}
	if cpu := cpu1 - cpu0; cpuOK && cpu > fuzzCPU {
		t.Errorf("grundy %s: used %v of CPU, more than %v", q, cpu.Round(time.Millisecond), fuzzCPU)
	}
	if heap > fuzzHeap {
		t.Errorf("grundy %s: heap reached %d MiB, more than %d MiB", q, heap>>20, fuzzHeap>>20)
	}
	if code == 2 && strings.Count(strings.TrimSpace(errOut.String()), "\n") > 0 && !strings.Contains(errOut.String(), "Usage:") {
		t.Errorf("grundy %s: error of several lines:\n%s", q, errOut.String())
	}
}

// quoteArgs quotes args for a failure message, eliding the middle of
// long ones (a position of 20,000 piles).
func quoteArgs(args []string) string {
	short := make([]string, len(args))
	for i, s := range args {
		if len(s) > 80 {
			s = fmt.Sprintf("%s…(%d bytes)…%s", s[:40], len(s), s[len(s)-20:])
		}
		short[i] = s
	}
	return fmt.Sprintf("%q", short)
}

// watchHeap samples the live heap every few milliseconds until ctx is
// done and sends the largest sample.
func watchHeap(ctx context.Context) <-chan uint64 {
	peak := make(chan uint64, 1)
	go func() {
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		var top uint64
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(s)
			top = max(top, s[0].Value.Uint64())
			select {
			case <-ctx.Done():
				peak <- top
				return
			case <-tick.C:
			}
		}
	}()
	runtime.Gosched()
	return peak
}

// The grammar. Each command lists its positional arguments (kinds of
// values) and its flags; values come from edge sets.
var (
	fuzzGames = []string{"nim", "wythoff", "slow-exact:k=2", "slow-moore:k=2", "exact:k=2", "moore:k=2",
		"wythoff-ee", "wythoff-mult:K=3,s=1,t=1", "fdg:d=110/011", "fdg:d=1-1/02", "exco-nim",
		"slow-exact:k=99999999999999999999", "nosuch", "", "nim:k=1", "slow-exact:k=0", "ニム"}
	fuzzPositions = []string{"1,2,3", "3,5", "0", "0,0,0", "", ",", "1,,2", "-1,2", "1.5", "NaN",
		"9223372036854775807,1", "9223372036854775808,5,7", "100000000000000000000,5,7",
		"1,2,3,4,5,6,7,8,9,10,11,12", "٣,٥", "1e3", "0x10", " 1, 2 ",
		strings.Repeat("1,", 19999) + "1", strings.Repeat("3,", 299) + "3"} // huge pile counts
	fuzzInts = []string{"0", "1", "2", "3", "5", "8", "-1", "-5", "30", "100", "1000", "100000",
		"1000000", "1048577", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
		"99999999999999999999", "NaN", "Inf", "", "é", "1e3", "0x10", " 7"}
	fuzzFloats   = []string{"16", "0", "-5", "0.001", "1", "100", "100000", "NaN", "Inf", "-Inf", "", "1e309"}
	fuzzDuration = []string{"1s", "0s", "-1s", "NaN", "", "9999999h", "1ns"}
	fuzzStrings  = []string{"", "x", "sg", "outcome", "rem", "P", "Pm", "g", "gm", "gpm", "text", "json",
		"csv", "md", "latex", "xml", "ü", "G,Gm", "G,Gm,R,Rm", "Q", "search", "theorem", "me", "computer",
		"3,x,y", "x,y", "x,y,9223372036854775807", "bouton", "0,2", "1,", "out.png", "out.svg", "out.pdf",
		"out.txt", "t", "/nonexistent/dir/out.png", "000/prop-11.1", "nosuch", "127.0.0.1:0", "dot", "tikz"}
)

type fuzzFlag struct {
	name   string
	values []string // nil: a boolean flag
}

type fuzzCmd struct {
	name  string
	args  [][]string // the value sets of the positional arguments
	flags []fuzzFlag
}

// fuzzCerts are the certificate directories draw reads (and paths that
// are none), set by FuzzCLI once it has written them.
var fuzzCerts []string

// fuzzStdin are the standard inputs of the commands that read one: the
// request lines pipe reads (answers, a batch, a cancel, a format, a
// request with stdin, and what the protocol refuses). Other commands
// read an empty stdin.
var fuzzStdin = map[string][]string{"pipe": {
	`{"id":1,"args":["value","nim","1,2"]}` + "\n",
	`{"id":1,"args":["value","slow-exact:k=2","3,5,7"],"format":"csv"}` + "\n",
	`{"id":"a","batch":[{"args":["value","nim","1,2"]},{"args":["count","wythoff","--piles","2","--max","9"]}]}` + "\n",
	`{"id":1,"args":["move","wythoff","3,5"]}` + "\n" + `{"cancel":1}` + "\n",
	`{"id":1,"args":["play","nim","1,2"],"stdin":"1,1\n"}` + "\n",
	`{"id":1,"args":["pipe"]}` + "\n",
	`{"id":1,"args":[]}` + "\n",
	`{"id":1,"args":["value","nim","` + strings.Repeat("1,", 19999) + `1"]}` + "\n",
	`{"id":1,"batch":[]}` + "\n",
	"not json\n",
	"{}\n",
	strings.Repeat("x", 1<<20) + "\n",
	"",
}}

var (
	boxFlagsF = []fuzzFlag{{"piles", fuzzInts}, {"max", fuzzInts}}
	outFlags  = []fuzzFlag{{"format", fuzzStrings}, {"json", nil}}
	fuzzCmds  = []fuzzCmd{
		{"value", [][]string{fuzzGames, fuzzPositions}, append([]fuzzFlag{{"budget", fuzzInts}, {"method", fuzzStrings}, {"table", fuzzStrings}}, outFlags...)},
		{"move", [][]string{fuzzGames, fuzzPositions}, append([]fuzzFlag{{"budget", fuzzInts}, {"misere", nil}, {"method", fuzzStrings}}, outFlags...)},
		{"count", [][]string{fuzzGames}, append(append([]fuzzFlag{{"table", fuzzStrings}}, boxFlagsF...), outFlags...)},
		{"table", [][]string{fuzzGames}, append(append([]fuzzFlag{{"output", fuzzStrings}}, boxFlagsF...), outFlags...)},
		{"classify", [][]string{fuzzGames}, append(append([]fuzzFlag{{"list", fuzzStrings}, {"limit", fuzzInts}}, boxFlagsF...), outFlags...)},
		{"parity", [][]string{fuzzGames}, append(append([]fuzzFlag{{"misere", nil}, {"what", fuzzStrings}}, boxFlagsF...), outFlags...)},
		{"shift", [][]string{fuzzGames, fuzzPositions}, append([]fuzzFlag{{"max", fuzzInts}, {"piles", fuzzInts}, {"kind", fuzzStrings}, {"class", fuzzInts}, {"modulus", fuzzInts}, {"search", fuzzInts}}, outFlags...)},
		{"exceptions", nil, append(append([]fuzzFlag{{"all", nil}}, boxFlagsF...), outFlags...)},
		{"ppos", [][]string{fuzzGames}, append([]fuzzFlag{{"max", fuzzInts}, {"amax", fuzzInts}, {"misere", nil}, {"output", fuzzStrings}}, outFlags...)},
		{"plot", [][]string{fuzzGames}, []fuzzFlag{{"max", fuzzInts}, {"output", fuzzStrings}, {"size", fuzzFloats}, {"slice", fuzzStrings}, {"what", fuzzStrings}, {"overlay", fuzzStrings}, {"misere", nil}}},
		{"solve", [][]string{fuzzGames}, append(append([]fuzzFlag{{"output", fuzzStrings}, {"kinds", fuzzStrings}, {"resume", nil}}, boxFlagsF...), outFlags...)},
		{"verify-table", [][]string{fuzzStrings}, outFlags},
		{"games", nil, outFlags},
		{"check", [][]string{{"000/prop-11.1", "nosuch", ""}}, append([]fuzzFlag{{"max", fuzzInts}, {"list", nil}}, outFlags...)},
		{"play", [][]string{fuzzGames, fuzzPositions}, []fuzzFlag{{"misere", nil}, {"first", fuzzStrings}, {"budget", fuzzInts}}},
		{"serve", nil, []fuzzFlag{{"budget", fuzzInts}, {"max-side", fuzzInts}, {"max-box", fuzzInts}, {"timeout", fuzzDuration}, {"workers", fuzzInts}}},
		{"nosuch", nil, nil},
		{"sequence", [][]string{{"0.77", "kayles", "0.F6", "8.1", "laskers-nim", "grundys-game", "0.7x", ""}}, append([]fuzzFlag{{"max", fuzzInts}, {"period", nil}, {"use-period", nil}}, outFlags...)},
		{"hypergraph", [][]string{{"{1,2} {2,3}", "{1} {2} {3}", "{1,2,3}", "{1,9}", "{}", ""}}, append([]fuzzFlag{{"vertices", fuzzInts}, {"max", fuzzInts}, {"only", fuzzStrings}, {"claims", nil}}, outFlags...)},
		// New commands go last, so that the corpus's bytes keep naming
		// the commands they named.
		{"bfile", [][]string{{"ppos", "sequence", "nosuch", ""}, append([]string{"0.77", "kayles", "0.F6", "0.7x"}, fuzzGames...)}, bfileFlags},
		{"bfile", [][]string{{"line"}, fuzzGames, fuzzPositions}, bfileFlags},
		{"draw", nil, []fuzzFlag{{"format", fuzzStrings}, {"output", fuzzStrings}}},
		{"pipe", nil, []fuzzFlag{{"workers", fuzzInts}, {"progress", fuzzDuration}}},
	}
	bfileFlags = []fuzzFlag{{"max", fuzzInts}, {"count", fuzzInts}, {"misere", nil}, {"column", fuzzStrings},
		{"step", fuzzPositions}, {"what", fuzzStrings}, {"budget", fuzzInts}, {"output", fuzzStrings}}
)

// cliArgs turns fuzz bytes into an argument vector and a standard input:
// the first byte picks the command, one byte per positional argument picks
// its value (draw's, a certificate of fuzzCerts), one its standard input,
// then pairs of bytes pick flags and their values.
func cliArgs(choices []byte) (args []string, stdin string) {
	next := func(n int) int {
		if len(choices) == 0 || n == 0 {
			return 0
		}
		c := int(choices[0])
		choices = choices[1:]
		return c % n
	}
	c := fuzzCmds[next(len(fuzzCmds))]
	args = []string{c.name}
	sets := c.args
	if c.name == "draw" {
		sets = [][]string{fuzzCerts}
	}
	for _, set := range sets {
		if len(set) > 0 {
			args = append(args, set[next(len(set))])
		}
	}
	if set := fuzzStdin[c.name]; len(set) > 0 {
		stdin = set[next(len(set))]
	}
	for len(choices) > 0 && len(c.flags) > 0 {
		fl := c.flags[next(len(c.flags))]
		if fl.values == nil {
			args = append(args, "--"+fl.name)
			continue
		}
		args = append(args, "--"+fl.name+"="+fl.values[next(len(fl.values))])
	}
	if c.name == "serve" {
		args = append(args, "--addr", "127.0.0.1:0")
	}
	return args, stdin
}
