package main

import (
	"bufio"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite README.md's example outputs (and its findings section) from real runs")

// TestUpdateREADME, with -update, runs every `$ grundy ...` example of
// README.md that TestREADME runs and pastes its real output under it.
// Review the diff before committing: the README must say what grundy does.
func TestUpdateREADME(t *testing.T) {
	if !*update {
		t.Skip("rewrites README.md only with -update")
	}
	bin := filepath.Join(t.TempDir(), "grundy")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	const readme = "../../README.md"
	f, err := os.Open(readme)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	f.Close()
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	var out []string
	inBlock, shownOnly := false, false
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		out = append(out, line)
		switch {
		case strings.HasPrefix(line, "```"):
			inBlock = !inBlock
			shownOnly = inBlock && strings.TrimPrefix(line, "```") == "text"
		case inBlock && !shownOnly && strings.HasPrefix(line, "$ grundy "):
			cmd := exec.Command(bin, strings.Fields(strings.TrimPrefix(line, "$ grundy "))...)
			cmd.Dir = work
			got, _ := cmd.Output() // exit status is README's to show, not ours
			out = append(out, strings.Split(strings.TrimRight(string(got), "\n"), "\n")...)
			// Skip the old output: up to the next "$ " line or the fence.
			blank := false
			for i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "$ ") && !strings.HasPrefix(lines[i+1], "```") {
				i++
				blank = lines[i] == ""
			}
			if blank && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "$ ") {
				out = append(out, "")
			}
		}
	}
	if err := os.WriteFile(readme, []byte(strings.Join(out, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}
