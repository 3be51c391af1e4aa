package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// badInputs are the sweep of issue 15: nonsense for every command, each
// of which must be refused with exit status 2 and a one-line error naming
// the bad part — not accepted, not a panic, not a hang.
func badInputs() [][]string {
	var in [][]string
	add := func(args ...string) { in = append(in, args) }
	badPiles := []string{"0", "-1", "x", "", "1e3", "NaN", "99999999999999999999", "9223372036854775807", "1048577"}
	badMax := []string{"-1", "x", "", "NaN", "99999999999999999999", "9223372036854775807"}
	boxCmds := [][]string{
		{"count", "nim"}, {"table", "nim"}, {"classify", "nim"}, {"parity", "nim"},
		{"solve", "nim", "-o", "sweep-table"}, {"exceptions"},
	}
	for _, c := range boxCmds {
		for _, p := range badPiles {
			add(append(append([]string{}, c...), "--piles", p, "--max", "3")...)
		}
		for _, m := range badMax {
			add(append(append([]string{}, c...), "--piles", "3", "--max", m)...)
		}
	}
	badPos := []string{"", ",", "1,,2", "-1,2", "1.5", "NaN", "٣,٥", "0x10", "1e3", "a"}
	for _, c := range []string{"value", "move", "play"} {
		for _, p := range badPos {
			add(c, "nim", p)
		}
	}
	badGames := []string{"nosuch", "", "slow-exact:k=0", "slow-exact:k=99999999999999999999", "nim:k=1",
		"wythoff:s=x", "fdg:d=", "ニム", "slow-exact:k=2:k=3"}
	for _, g := range badGames {
		add("value", g, "1,2")
		add("count", g, "--piles", "2", "--max", "3")
	}
	for _, c := range []string{"value", "move", "play"} {
		add(c, "nim", "1,2", "--budget", "0")
		add(c, "nim", "1,2", "--budget", "-5")
	}
	add("check", "000", "--max", "0")
	add("check", "000", "--max", "-1")
	add("check", "nosuch")
	add("check")
	add("check", "000/prop-11.1", "--all")
	add("classify", "nim", "--piles", "2", "--max", "3", "--limit", "-1")
	add("classify", "nim", "--piles", "2", "--max", "3", "--list", "x")
	for _, f := range [][]string{{"--workers", "0"}, {"--timeout", "-1s"}, {"--max-side", "-1"}, {"--budget", "0"}, {"--max-box", "0"}, {"--timeout", "0s"}} {
		add(append([]string{"serve", "--addr", "127.0.0.1:0"}, f...)...)
	}
	add("shift", "slow-exact:k=2", "0,0,0", "--max", "5")
	add("shift", "slow-exact:k=2", "0,0,9", "--max", "5")
	add("shift", "slow-exact:k=2", "--piles", "4", "--max", "8", "--search", "100")
	add("shift", "slow-exact:k=2", "--piles", "4", "--max", "8", "--search", "0")
	add("shift", "slow-exact:k=2", "0,0,2", "--max", "5", "--class", "-1")
	add("shift", "slow-exact:k=2", "0,0,2", "--max", "5", "--class", "0", "--modulus", "0")
	add("shift", "slow-exact:k=2", "0,0,2", "--max", "5", "--kind", "Q")
	add("shift", "slow-exact:k=2", "0,0,2")
	for _, size := range []string{"0", "-5", "NaN", "Inf", "0.001", "100000"} {
		add("plot", "wythoff", "--max", "5", "-o", "sweep.png", "--size", size)
	}
	add("plot", "wythoff", "--max", "-1", "-o", "sweep.png")
	add("plot", "wythoff", "--max", "5")
	add("plot", "wythoff", "--max", "5", "-o", "sweep.xyz")
	add("plot", "wythoff", "--max", "5", "-o", "sweep.png", "--what", "bogus")
	add("plot", "nim", "--max", "5", "-o", "sweep.png", "--slice", "9223372036854775807,x,y")
	add("plot", "nim", "--max", "5", "-o", "sweep.png", "--slice", "x,x")
	add("ppos", "wythoff", "--max", "-1")
	add("ppos", "wythoff", "--max", "10", "--amax", "-2")
	add("ppos", "wythoff", "--max", "10", "--format", "xml")
	add("ppos", "nim", "--max", "9223372036854775807")
	for _, c := range [][]string{{"value", "nim", "1,2"}, {"count", "nim", "--piles", "2", "--max", "3"}, {"table", "nim", "--piles", "2", "--max", "3"}, {"classify", "nim", "--piles", "2", "--max", "3"}} {
		add(append(append([]string{}, c...), "--format", "xml")...)
		add(append(append([]string{}, c...), "--json", "--format", "csv")...)
	}
	add("verify-table", "sweep-nonexistent")
	add("table", "nim", "--table", "sweep-nonexistent")
	add("solve", "nim", "--piles", "2", "--max", "3", "-o", "sweep-file")
	add("solve", "nim", "--piles", "2", "--max", "3")
	add("solve", "nim", "--piles", "2", "--max", "3", "-o", "sweep-table", "--kinds", "Q")
	add("nosuch")
	add("value", "nim", "1,2", "--nosuch")
	add("value", "nim", "1", "2", "3")
	add("exceptions", "--piles", "1", "--max", "3")
	add("exceptions", "--piles", "30", "--max", "60")
	add("parity", "nim", "--piles", "2", "--max", "3", "--what", "bogus")
	add("move", "nim", "1,2", "--method", "bogus")
	add("value", "nim", "1,2", "--method", "bogus")
	add("play", "nim", "1,2", "--first", "bogus")
	add("prove", "nosuch")
	add("prove", "000/prop-11.1", "--timeout", "0s")
	add("certify", "000/moore")                            // no --dir
	add("certify", "nosuch", "--dir", "certs")             // unknown claim
	add("certify", "--all", "000/moore", "--dir", "certs") // both
	add("certify", "--recheck", "certs", "--dir", "certs") // --recheck alone
	add("certify", "000/moore", "--dir", "certs", "--timeout", "0s")
	add("count", "nim", "--piles", "100000", "--max", "1")
	add("count", "nim", "--piles", "1000000", "--max", "1000000")
	add("count", "nim", "--piles", "3000", "--max", "2")
	add("count", "wythoff", "--piles", "3", "--max", "3")
	add("count", "fdg:d=1-1/02", "--piles", "2", "--max", "3")
	add("games", "extra")
	add("move", "nim", "-1,2")
	add("hypergraph", "--vertices", "4")
	add("hypergraph", "--vertices", "0", "--max", "3")
	add("hypergraph", "--vertices", "5", "--max", "3")
	add("hypergraph", "--vertices", "4", "--max", "16")
	add("hypergraph", "{1,2", "--vertices", "3", "--max", "3")
	add("hypergraph", "{1,2}", "--vertices", "3", "--max", "3")
	add("hypergraph", "--vertices", "3", "--max", "3", "--only", "trees")
	add("hypergraph", "--claims", "--max", "3", "--vertices", "3")
	return in
}

// TestBadInputs runs the sweep and reports the counts the issue asks for:
// panics, hangs, silently accepted, errors that are not one line.
func TestBadInputs(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := writeFile("sweep-file", "not a directory"); err != nil {
		t.Fatal(err)
	}
	const hang = 20 * time.Second
	var panics, hangs, accepted, wrongStatus, multiline int
	inputs := badInputs()
	for _, args := range inputs {
		var out, errOut bytes.Buffer
		start := time.Now()
		code, panicked := runCatching(args, &out, &errOut)
		elapsed := time.Since(start)
		msg := strings.TrimSpace(errOut.String())
		if testing.Verbose() {
			t.Logf("%q → %d %s", args, code, msg)
		}
		switch {
		case panicked != nil:
			panics++
			t.Errorf("grundy %q panicked: %v", args, panicked)
		case elapsed > hang:
			hangs++
			t.Errorf("grundy %q took %v", args, elapsed.Round(time.Millisecond))
		case code == 0:
			accepted++
			t.Errorf("grundy %q was accepted (status 0):\n%s", args, out.String())
		case code != 2:
			wrongStatus++
			t.Errorf("grundy %q: status %d, want 2: %s", args, code, msg)
		case strings.Contains(msg, "\n") && !strings.HasPrefix(msg, "grundy: unknown"):
			multiline++
			t.Errorf("grundy %q: error of several lines:\n%s", args, msg)
		}
	}
	t.Logf("%d bad inputs: %d panics, %d hangs, %d silently accepted, %d other statuses, %d multi-line errors",
		len(inputs), panics, hangs, accepted, wrongStatus, multiline)
}

// runCatching runs grundy in-process and reports a panic instead of
// dying of it.
func runCatching(args []string, out, errOut *bytes.Buffer) (code int, panicked any) {
	defer func() {
		if p := recover(); p != nil {
			panicked = fmt.Sprint(p)
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if args[0] == "serve" {
		cancel() // serve checks its flags, then stops at once
	}
	a := newApp(strings.NewReader(""), out, errOut)
	a.progressAfter = time.Hour // stderr holds only the error
	return a.run(ctx, args), nil
}

func writeFile(name, text string) error { return os.WriteFile(name, []byte(text), 0o644) }
