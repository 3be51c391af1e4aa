package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestREADME runs every `$ grundy ...` example of README.md and compares
// its output with the text pasted there, so the README cannot rot.
func TestREADME(t *testing.T) {
	script, n, err := readmeScript("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("README.md has no `$ grundy` examples")
	}
	path := filepath.Join(t.TempDir(), "readme.txtar")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{Files: []string{path}})
}

// readmeScript turns README's examples into a testscript: each example is
// a line "$ grundy ARGS" in a fenced block, followed by its output up to
// the next "$ " line or the end of the block. Blocks fenced as "```text"
// are shown, not run: their output holds timings or solver races.
func readmeScript(readme string) (string, int, error) {
	f, err := os.Open(readme)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	type example struct {
		args string
		out  []string
	}
	var examples []example
	inBlock, shownOnly := false, false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "```"):
			inBlock = !inBlock
			shownOnly = inBlock && strings.TrimPrefix(line, "```") == "text"
		case shownOnly:
		case inBlock && strings.HasPrefix(line, "$ grundy "):
			examples = append(examples, example{args: strings.TrimPrefix(line, "$ grundy ")})
		case inBlock && strings.HasPrefix(line, "$ "):
			examples = append(examples, example{}) // another command: not ours
		case inBlock && len(examples) > 0:
			e := &examples[len(examples)-1]
			e.out = append(e.out, line)
		}
	}
	if err := sc.Err(); err != nil {
		return "", 0, err
	}
	var cmds, files strings.Builder
	n := 0
	for _, e := range examples {
		if e.args == "" {
			continue
		}
		for len(e.out) > 0 && e.out[len(e.out)-1] == "" {
			e.out = e.out[:len(e.out)-1]
		}
		n++
		fmt.Fprintf(&cmds, "exec grundy %s\ncmp stdout want%d\n", e.args, n)
		fmt.Fprintf(&files, "-- want%d --\n%s\n", n, strings.Join(e.out, "\n"))
	}
	return cmds.String() + files.String(), n, nil
}
